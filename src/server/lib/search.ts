import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** An ILIKE pattern matching `text` anywhere, with LIKE's wildcards in the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The same lists as the SQL function `sin_acentos` (migration 2026112900_busqueda_sin_acentos).
const CON_ACENTO = 'áàâäãåéèêëẽíìîïĩóòôöõúùûüũýÿỹñçÁÀÂÄÃÅÉÈÊËẼÍÌÎÏĨÓÒÔÖÕÚÙÛÜŨÝŸỸÑÇ';
const SIN_ACENTO = 'aaaaaaeeeeeiiiiiooooouuuuuyyyncAAAAAAEEEEEIIIIIOOOOOUUUUUYYYNC';
const FOLD = new Map(Array.from(CON_ACENTO, (c, i) => [c, SIN_ACENTO[i]]));

/**
 * `text` as the SQL function `sin_acentos` gives it: the accented letters of Spanish and Guaraní
 * without their mark (á→a, ñ→n, ỹ→y) and every combining mark (U+0300–U+036F) dropped. A search
 * compares `sin_acentos(column)` with the typed text folded by this (one fold on each side, the same).
 */
export function sinAcentos(text: string): string {
  return Array.from(text, (c) => FOLD.get(c) ?? c)
    .join('')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * Some of `columns` contains `text` ignoring case and accents, compared in PostgreSQL:
 * `sin_acentos(column) ILIKE '%folded text%'`, OR-ed (the SQL function is plain `translate()`, no
 * extension needed). 'guarani' finds 'Guaraní' and 'credito' finds 'Crédito'; `%` and `_` typed by
 * users are literal. Columns are references as the query names them (`'d.nombre'`); NULL never matches.
 */
export function contieneSinAcentos(columns: readonly string[], text: string): RawBuilder<SqlBool> {
  const p = containsPattern(sinAcentos(text));
  return sql<SqlBool>`(${sql.join(columns.map((c) => sql`sin_acentos(${sql.ref(c)}) ilike ${p}`), sql` or `)})`;
}
