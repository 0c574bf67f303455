import { type Kysely, sql } from 'kysely';

/**
 * Every change to the client directory (any column of a client, or a category, whose name and
 * discount each client shows) sends the NOTIFY on `cambio_clientes` at commit, whoever made it: the
 * server processes keep pages of the client list (clientes.service.ts) besides the anchors of its
 * order. Staff write these tables a few times a day; operations only read and lock them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists clientes_aviso_orden on clientes`.execute(db);
  await sql`create trigger clientes_aviso after insert or update or delete or truncate
    on clientes for each statement execute function cambio_clientes_aviso()`.execute(db);
  await sql`create trigger categorias_cliente_aviso after insert or update or delete or truncate
    on categorias_cliente for each statement execute function cambio_clientes_aviso()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists categorias_cliente_aviso on categorias_cliente`.execute(db);
  await sql`drop trigger if exists clientes_aviso on clientes`.execute(db);
  await sql`create trigger clientes_aviso_orden after insert or delete or truncate or update of nombre, id_cliente
    on clientes for each statement execute function cambio_clientes_aviso()`.execute(db);
}
