/**
 * A calendar date as the filters take it, `AAAA-MM-DD`, that exists (`2026-02-31` does not). Year 0000
 * is a valid JavaScript date but not a PostgreSQL one. No zod here: route search validation runs on
 * the first page load.
 */
export function esFecha(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1 && d.toISOString().slice(0, 10) === s;
}
