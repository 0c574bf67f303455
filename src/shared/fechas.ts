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

const diaFmt = new Intl.DateTimeFormat('es-PY', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

/** A calendar date `AAAA-MM-DD` as people here write it: `01/11/2026` (a file read by people: the PDF). */
export const diaEsPy = (iso: string): string => diaFmt.format(new Date(`${iso}T00:00:00Z`));

const mesFmt = new Intl.DateTimeFormat('es-PY', { timeZone: 'UTC', month: '2-digit', year: 'numeric' });

/** The month a `AAAA-MM-DD` falls in, as people here write it: `11/2026`. */
export const mesEsPy = (iso: string): string => mesFmt.format(new Date(`${iso}T00:00:00Z`));
