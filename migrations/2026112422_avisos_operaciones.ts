import { type Kysely, sql } from 'kysely';

/**
 * Every change to what a transaction list shows, besides clients (`cambio_clientes`) and currencies
 * and methods (`cambio_precios`), sends a NOTIFY on `cambio_operaciones` at commit, whoever made it:
 * the transactions themselves, the Tausers, the operators' names, the saved method details (their
 * alias) and which clients each user may see. The server processes drop the pages of transaction
 * lists they keep (transacciones.service.ts). Statement-level, as the other notices.
 */
const TABLES = ['transacciones', 'tausers', 'users', 'metodo_financiero_detalle', 'user_clientes'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function cambio_operaciones_aviso() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cambio_operaciones', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const t of TABLES) {
    await sql`create trigger ${sql.raw(`${t}_aviso_operaciones`)} after insert or update or delete or truncate on ${sql.table(t)}
      for each statement execute function cambio_operaciones_aviso()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) await sql`drop trigger if exists ${sql.raw(`${t}_aviso_operaciones`)} on ${sql.table(t)}`.execute(db);
  await sql`drop function if exists cambio_operaciones_aviso()`.execute(db);
}
