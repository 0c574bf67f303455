import { type Kysely, sql } from 'kysely';

/**
 * Client search without accents (docs/decisions.md, "Client search ignores accents"): `sin_acentos(text)`
 * drops the marks of the Spanish and Guaraní letters (á→a, ñ→n, ỹ→y, ü→u…) and every combining mark
 * (U+0300–U+036F, text written decomposed). The search compares `sin_acentos(column)` with the text
 * folded the same way in code (`sinAcentos`, src/server/lib/search.ts: the same two lists; a test
 * compares them). Where the trigram indexes exist (pg_trgm), the one on the name is rebuilt on the
 * folded name, so the search still reads it; cédula, RUC and e-mail take no accents and keep theirs.
 */
const CON_ACENTO = 'áàâäãåéèêëẽíìîïĩóòôöõúùûüũýÿỹñçÁÀÂÄÃÅÉÈÊËẼÍÌÎÏĨÓÒÔÖÕÚÙÛÜŨÝŸỸÑÇ';
const SIN_ACENTO = 'aaaaaaeeeeeiiiiiooooouuuuuyyyncAAAAAAEEEEEIIIIIOOOOOUUUUUYYYNC';
/** Combining marks, deleted (translate drops what has no counterpart). */
const MARCAS = Array.from({ length: 0x70 }, (_, i) => String.fromCharCode(0x300 + i)).join('');

const FOLDED = ['nombre'] as const;

async function hasTrigramIndexes(db: Kysely<unknown>) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'clientes_nombre_trgm_idx'`.execute(db);
  return rows[0].n > 0;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function sin_acentos(t text) returns text language sql immutable strict parallel safe as $$
      select translate(t, ${sql.lit(CON_ACENTO + MARCAS)}, ${sql.lit(SIN_ACENTO)})
    $$`.execute(db);
  if (!(await hasTrigramIndexes(db))) return;
  for (const col of FOLDED) {
    const name = sql.id(`clientes_${col}_trgm_idx`);
    await sql`drop index ${name}`.execute(db);
    await sql`create index ${name} on clientes using gin (sin_acentos(${sql.id(col)}) gin_trgm_ops) with (fastupdate = off)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (await hasTrigramIndexes(db)) {
    for (const col of FOLDED) {
      const name = sql.id(`clientes_${col}_trgm_idx`);
      await sql`drop index ${name}`.execute(db);
      await sql`create index ${name} on clientes using gin (${sql.id(col)} gin_trgm_ops) with (fastupdate = off)`.execute(db);
    }
  }
  await sql`drop function if exists sin_acentos(text)`.execute(db);
}
