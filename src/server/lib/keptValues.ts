/**
 * Values kept in memory and handed to many requests (kept pages of lists, lib/readCache.ts). They
 * are never mutated, so what is computed from one (its checked output, its JSON bytes) is the same
 * every time and is computed once per value: `derivedOnce`. A WeakMap per derivation frees it with
 * the value.
 */
const kept = new WeakSet<object>();

export function markKept<T>(value: T): T {
  if (typeof value === 'object' && value !== null) kept.add(value);
  return value;
}

export const isKept = (value: unknown): value is object => typeof value === 'object' && value !== null && kept.has(value);

/** `derive(value)`, once per kept value (its result is kept too); for any other value on every call. */
export function derivedOnce<R>(memo: WeakMap<object, R>, value: unknown, derive: () => R): R {
  if (!isKept(value)) return derive();
  let out = memo.get(value);
  if (out === undefined) {
    out = markKept(derive());
    memo.set(value, out);
  }
  return out;
}
