import type { ZodError } from 'zod';
import type { FieldErrors } from './errors';

/**
 * The field a message belongs to: the issue's path up to its first array index, so the error of an
 * item of a list is the list's (`permissions.0` → `permissions`), as DRF answers a related field with
 * many values; keys of a nested object stay dotted.
 */
function fieldOf(path: readonly PropertyKey[]): string {
  const upToItem = path.findIndex((segment) => typeof segment === 'number');
  const named = upToItem === -1 ? path : path.slice(0, upToItem);
  return named.length ? named.map(String).join('.') : 'non_field_errors';
}

/**
 * Zod issues as DRF-style field messages: `{"campo": ["mensaje"]}`; root issues under non_field_errors.
 * A message is given once per field (three bad items of one list say it once). A value of the wrong
 * type gets only its type message: zod still runs length checks on anything with a length, so `[]`
 * for a text would also say "Este campo es requerido".
 */
export function zodFieldErrors(err: ZodError): FieldErrors {
  // No prototype: a body key such as "constructor" or "__proto__" is just another field name.
  const out: FieldErrors = Object.create(null) as FieldErrors;
  const add = (key: string, message: string) => {
    const messages = (out[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('\u0000');
  const wrongType = new Set(err.issues.filter((i) => i.code === 'invalid_type').map((i) => pathKey(i.path)));
  for (const issue of err.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(key, 'Campo no permitido.');
      continue;
    }
    if (issue.code !== 'invalid_type' && wrongType.has(pathKey(issue.path))) continue;
    add(fieldOf(issue.path), issue.message);
  }
  return out;
}
