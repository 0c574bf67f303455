import { type Kysely, sql } from 'kysely';

/**
 * A change to the order of the client list (a client added, removed or renamed) sends a NOTIFY on
 * `cambio_clientes` at commit: the server processes drop the page anchors they keep for deep pages
 * of the list (clientes.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function cambio_clientes_aviso() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cambio_clientes', tg_table_name);
      return null;
    end $$`.execute(db);
  await sql`create trigger clientes_aviso_orden after insert or delete or truncate or update of nombre, id_cliente
    on clientes for each statement execute function cambio_clientes_aviso()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists clientes_aviso_orden on clientes`.execute(db);
  await sql`drop function if exists cambio_clientes_aviso()`.execute(db);
}
