import { type Kysely, sql } from 'kysely';

/**
 * Every change to what a transaction list or a user record shows, besides clients
 * (`cambio_clientes`) and currencies and methods (`cambio_precios`), sends a NOTIFY on
 * `cambio_operaciones` at commit, whoever made it: the transactions themselves, the Tausers' names
 * and places, the users' names and state, the saved method details' alias and which clients each
 * user may see. The server processes drop the pages of transaction lists and the user records they
 * keep. Updates notify only for the columns shown (a sign-in's `last_login`, a secret rotation or the
 * current client do not), and an update of transactions per row changed, so the expiry sweeper's
 * runs that find nothing overdue send nothing.
 */
const SHOWN: Array<[table: string, columns: string]> = [
  ['tausers', 'codigo, nombre, direccion, ciudad, departamento'],
  ['users', 'username, first_name, last_name, email, is_active, is_superuser'],
  ['metodo_financiero_detalle', 'alias'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function cambio_operaciones_aviso() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cambio_operaciones', tg_table_name);
      return null;
    end $$`.execute(db);
  await sql`create trigger transacciones_aviso_operaciones after insert or delete or truncate on transacciones
    for each statement execute function cambio_operaciones_aviso()`.execute(db);
  await sql`create trigger transacciones_aviso_operaciones_cambio after update on transacciones
    for each row execute function cambio_operaciones_aviso()`.execute(db);
  await sql`create trigger user_clientes_aviso_operaciones after insert or update or delete or truncate on user_clientes
    for each statement execute function cambio_operaciones_aviso()`.execute(db);
  for (const [t, columns] of SHOWN) {
    await sql`create trigger ${sql.raw(`${t}_aviso_operaciones`)} after insert or delete or truncate or update of ${sql.raw(columns)}
      on ${sql.table(t)} for each statement execute function cambio_operaciones_aviso()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists transacciones_aviso_operaciones on transacciones`.execute(db);
  await sql`drop trigger if exists transacciones_aviso_operaciones_cambio on transacciones`.execute(db);
  await sql`drop trigger if exists user_clientes_aviso_operaciones on user_clientes`.execute(db);
  for (const [t] of SHOWN) await sql`drop trigger if exists ${sql.raw(`${t}_aviso_operaciones`)} on ${sql.table(t)}`.execute(db);
  await sql`drop function if exists cambio_operaciones_aviso()`.execute(db);
}
