import { type Kysely, sql } from 'kysely';

const ESTADOS = ['pendiente', 'en_proceso', 'completada', 'cancelada', 'expirada', 'fallida'] as const;

/**
 * The staff list filtered by state walks one index per state, newest first. With the composite
 * (estado, fecha_inicio, id) PostgreSQL could prefer the date index with a filter (the state column's
 * heap correlation makes the composite look dearer), and after a burst of operations in one state
 * the first page of another read thousands of rows (2.8 ms instead of 0.1). A partial index holds
 * only its state's rows, so the choice is exact; every row is still in exactly one of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists transacciones_estado_fecha_idx`.execute(db);
  for (const e of ESTADOS) {
    await sql`create index ${sql.id(`transacciones_${e}_idx`)} on transacciones (fecha_inicio desc, id desc) where estado = ${sql.lit(e)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const e of ESTADOS) await sql`drop index if exists ${sql.id(`transacciones_${e}_idx`)}`.execute(db);
  await sql`create index transacciones_estado_fecha_idx on transacciones (estado, fecha_inicio desc, id desc)`.execute(db);
}
