import type { ZodError } from 'zod';
import type { FieldErrors } from './errors';

/** Zod issues as DRF-style field messages: `{"campo": ["mensaje"]}`; root issues under non_field_errors. */
export function zodFieldErrors(err: ZodError): FieldErrors {
  // No prototype: a body key such as "constructor" or "__proto__" is just another field name.
  const out: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of err.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (out[key] ??= []).push('Campo no permitido.');
      continue;
    }
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
