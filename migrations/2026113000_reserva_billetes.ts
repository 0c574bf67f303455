import { type Kysely, sql } from 'kysely';

/**
 * Notes reserved for a paid operation (docs/decisions.md, "Notes are reserved at payment"): the
 * payment stores the payout's notes as `[{ "denominacion_id": n, "cantidad": k }]`, and while the
 * operation is en_proceso and not overdue no other plan of its terminal counts on them. The index
 * holds only those live reservations, so reading a terminal's reserved notes walks a handful of rows;
 * the column's statistics tell the planner so from the start (without them it expects every row to
 * hold one and scans the live operations instead).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transacciones add column reserva jsonb`.execute(db);
  await sql`create index transacciones_reservas_idx on transacciones (tauser_id) where estado = 'en_proceso' and reserva is not null`.execute(db);
  await sql`analyze transacciones (reserva)`.execute(db);
}
