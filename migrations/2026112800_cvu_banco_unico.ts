import { type Kysely, sql } from 'kysely';

/**
 * A bank's fixed CVU belongs to that bank alone: every account of the bank takes it, so two banks
 * sharing one would make an account's CVU name either. Banks without a fixed CVU (null) are many.
 * Existing duplicates are not guessed away: the migration stops and names them, to be corrected first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ cvu: string; bancos: string }>`
    select cvu, string_agg(nombre, ', ' order by id) as bancos from bancos where cvu is not null group by cvu having count(*) > 1
  `.execute(db);
  if (rows.length) {
    const list = rows.map((r) => `${r.cvu} (${r.bancos})`).join('; ');
    throw new Error(`Hay bancos que comparten un CVU fijo: ${list}. Corregí esos CVU antes de actualizar.`);
  }
  await sql`create unique index bancos_cvu_uq on bancos (cvu) where cvu is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bancos_cvu_uq`.execute(db);
}
