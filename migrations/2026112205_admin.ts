import { type Kysely, sql } from 'kysely';

/** Administration: case-insensitive unique names for roles and client categories, lookups by current client and by actor. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index auth_group_name_ci_uq on auth_group (lower(name))`.execute(db);
  await sql`create unique index categorias_cliente_nombre_ci_uq on categorias_cliente (lower(nombre))`.execute(db);
  await sql`create index users_cliente_actual_idx on users (cliente_actual_id) where cliente_actual_id is not null`.execute(db);
  await sql`create index clientes_categoria_idx on clientes (id_categoria)`.execute(db);
  await sql`create index clientes_nombre_idx on clientes (nombre, id_cliente)`.execute(db);
  await sql`create index audit_log_created_idx on audit_log (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'audit_log_created_idx', 'clientes_nombre_idx', 'clientes_categoria_idx', 'users_cliente_actual_idx',
    'categorias_cliente_nombre_ci_uq', 'auth_group_name_ci_uq',
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
}
