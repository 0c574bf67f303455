/** Case- and accent-insensitive "contains", for the live search boxes. */
export function normalize(s: string | null | undefined): string {
  return (s ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function matches(query: string, ...fields: (string | null | undefined)[]): boolean {
  const q = normalize(query.trim());
  return !q || fields.some((f) => normalize(f).includes(q));
}

export function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}
