import { type Kysely, sql } from 'kysely';

/**
 * Every change to what prices are made of (currencies, their rates, the financial methods) sends
 * a NOTIFY on `cambio_precios` when its transaction commits, whoever made it: the server
 * processes drop their cached public rates and pricing catalogue on it (lib/keptPrices.ts).
 * Statement-level: one notice per statement, and PostgreSQL folds equal notices of one transaction.
 */
const TABLES = ['divisas', 'tasas', 'metodos_financieros'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function cambio_precios_aviso() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cambio_precios', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const t of TABLES) {
    await sql`create trigger ${sql.raw(`${t}_aviso_precios`)} after insert or update or delete or truncate on ${sql.table(t)}
      for each statement execute function cambio_precios_aviso()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) await sql`drop trigger if exists ${sql.raw(`${t}_aviso_precios`)} on ${sql.table(t)}`.execute(db);
  await sql`drop function if exists cambio_precios_aviso()`.execute(db);
}
