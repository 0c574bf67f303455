import { type Kysely, sql } from 'kysely';

/**
 * Notes reserved for a paid operation (docs/decisions.md, "Notes are reserved at payment"): the
 * payment stores the payout's notes as `[{ "denominacion_id": n, "cantidad": k }]`, and while the
 * operation is en_proceso and not overdue no other plan of its terminal counts on them. The index
 * holds only those live reservations, so reading a terminal's reserved notes walks a handful of rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transacciones add column reserva jsonb`.execute(db);
  await sql`create index transacciones_reservas_idx on transacciones (tauser_id) where estado = 'en_proceso' and reserva is not null`.execute(db);
}
