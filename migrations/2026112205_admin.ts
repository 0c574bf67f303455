import { type Kysely, sql } from 'kysely';

/** Administration: case-insensitive unique names for roles and client categories, lookups by current client and by actor. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index auth_group_name_ci_uq on auth_group (lower(name))`.execute(db);
  await sql`create unique index categorias_cliente_nombre_ci_uq on categorias_cliente (lower(nombre))`.execute(db);
  await sql`create index users_cliente_actual_idx on users (cliente_actual_id) where cliente_actual_id is not null`.execute(db);
  await sql`create index clientes_categoria_idx on clientes (id_categoria)`.execute(db);
  await sql`create index clientes_nombre_idx on clientes (nombre, id_cliente)`.execute(db);
  await sql`create index audit_log_created_idx on audit_log (created_at desc, id desc)`.execute(db);
  await trigramIndexes(db);
}

/**
 * Client search is `ILIKE '%text%'` on name, cédula, RUC and e-mail: trigram GIN indexes make it an
 * index scan on large tables. Only where pg_trgm can be created (a PostgreSQL server with contrib;
 * not the embedded PGlite, where the search stays a scan and still works). No pending list
 * (`fastupdate = off`): the planner prices a full pending list as a scan, and clients are written rarely.
 */
async function trigramIndexes(db: Kysely<unknown>) {
  const { rows } = await sql<{ ok: number }>`select 1 as ok from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!rows.length) return;
  await sql`savepoint trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const col of ['nombre', 'cedula', 'ruc', 'correo']) {
      await sql`create index ${sql.id(`clientes_${col}_trgm_idx`)} on clientes using gin (${sql.id(col)} gin_trgm_ops) with (fastupdate = off)`.execute(db);
    }
    await sql`release savepoint trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint trgm`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'clientes_nombre_trgm_idx', 'clientes_cedula_trgm_idx', 'clientes_ruc_trgm_idx', 'clientes_correo_trgm_idx',
    'audit_log_created_idx', 'clientes_nombre_idx', 'clientes_categoria_idx', 'users_cliente_actual_idx',
    'categorias_cliente_nombre_ci_uq', 'auth_group_name_ci_uq',
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
}
