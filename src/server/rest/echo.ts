import { Decimal } from '../../shared/money';

/**
 * Echoed bodies (docs/decisions.md, REST conventions): a client that reads a record, changes a field
 * and sends the whole object back succeeds. A field the record's GET answers but the write does not
 * take (ids, read-only flags, nested objects, derived figures) is dropped when it equals what GET
 * answers now, and refused as read-only when it differs; a field GET does not answer stays unknown.
 */

export const READ_ONLY = 'Campo de solo lectura.';

interface Parser {
  safeParseAsync(input: unknown): Promise<{ success: boolean; error?: { issues: { code: string; path: PropertyKey[]; keys?: string[] }[] } }>;
}

const isParser = (schema: unknown): schema is Parser =>
  typeof schema === 'object' && schema !== null && typeof (schema as Parser).safeParseAsync === 'function';

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Top-level keys of `input` the write's strict schema does not take. */
export async function keysNotTaken(schema: unknown, input: unknown): Promise<string[]> {
  if (!isParser(schema) || !isPlainObject(input)) return [];
  const r = await schema.safeParseAsync(input);
  if (r.success || !r.error) return [];
  return r.error.issues.filter((i) => i.code === 'unrecognized_keys' && i.path.length === 0).flatMap((i) => i.keys ?? []);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Two spellings of one value as GET could give it: a UUID in another letter case, a decimal at
 * another scale ("7250.00" for "7250.0000"). Strings only: "5" and 5 stay different.
 */
function sameText(a: string, b: string): boolean {
  if (UUID.test(a) && UUID.test(b)) return a.toLowerCase() === b.toLowerCase();
  return DECIMAL.test(a) && DECIMAL.test(b) && (a.includes('.') || b.includes('.')) && new Decimal(a).eq(b);
}

/** Equality of JSON values: objects by their keys whatever the order, arrays in order, no coercion ("5" ≠ 5). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') return sameText(a, b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}

export interface EchoSplit {
  /** Echoed unchanged: removed from the input. */
  drop: string[];
  /** Answered by GET with another value: refused. */
  readOnly: string[];
}

/**
 * Sorts the keys the write does not take by what GET answers for the record now (as JSON, the way a
 * client read it). Keys GET does not answer are in neither list: the write refuses them as unknown.
 */
export function splitEcho(keys: string[], body: Record<string, unknown>, current: unknown): EchoSplit {
  const read: unknown = current === undefined ? undefined : JSON.parse(JSON.stringify(current));
  const out: EchoSplit = { drop: [], readOnly: [] };
  if (!isPlainObject(read)) return out;
  for (const key of keys) {
    if (!Object.hasOwn(read, key) || !Object.hasOwn(body, key)) continue;
    (jsonEqual(body[key], read[key]) ? out.drop : out.readOnly).push(key);
  }
  return out;
}

export const without = (input: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(input).filter(([k]) => !keys.includes(k)));
