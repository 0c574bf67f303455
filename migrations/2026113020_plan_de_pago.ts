import { type Kysely, sql } from 'kysely';

/**
 * The payout planned at payment: `{ "entrega": …, "recibidas": [{ "denominacion_id", "cantidad" }] }`
 * beside the notes it reserves (`reserva`). The kiosk pays that plan, so a note brought into use
 * after the payment (a smaller one changes which part is paid in notes) never changes nor blocks
 * what a paid customer collects. Operations paid before it have none and are planned at the kiosk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transacciones add column plan_pago jsonb`.execute(db);
}
