import { createHash } from 'node:crypto';
import type { Db } from '../index';
import { DEMO_TAUSERS } from './tausers';

/** The demo terminal's device secret (demo data only; printed at start-up like the demo users). */
export const DEMO_TERMINAL = { codigo: DEMO_TAUSERS[0].codigo, secreto: 'demo-terminal-secreto' } as const;

/** Notes per active denomination loaded into a demo Tauser that has no stock yet. */
const NOTAS_DEMO = 50;

/**
 * Idempotent: the first demo Tauser gets the demo secret if it has none; every demo Tauser with no
 * stock rows at all gets NOTAS_DEMO of every active denomination (recorded as movements).
 */
export async function seedDemoTerminal(db: Db) {
  const hash = createHash('sha256').update(DEMO_TERMINAL.secreto, 'utf8').digest('hex');
  await db.updateTable('tausers').set({ secret_hash: hash }).where('codigo', '=', DEMO_TERMINAL.codigo).where('secret_hash', 'is', null).execute();
  const tausers = await db.selectFrom('tausers').select('id_tauser').where('codigo', 'in', DEMO_TAUSERS.map((t) => t.codigo)).execute();
  const dens = await db
    .selectFrom('denominaciones as d')
    .innerJoin('divisas as v', 'v.id', 'd.divisa_id')
    .select('d.id')
    .where('d.is_active', '=', true)
    .where('v.is_active', '=', true)
    .execute();
  if (dens.length === 0) return;
  for (const t of tausers) {
    const has = await db.selectFrom('tauser_stock').select('denominacion_id').where('tauser_id', '=', t.id_tauser).limit(1).executeTakeFirst();
    if (has) continue;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('tauser_stock').values(dens.map((d) => ({ tauser_id: t.id_tauser, denominacion_id: d.id, cantidad: NOTAS_DEMO }))).execute();
      await trx
        .insertInto('tauser_stock_movimientos')
        .values(dens.map((d) => ({ tauser_id: t.id_tauser, denominacion_id: d.id, usuario_id: null, transaccion_id: null, antes: 0, despues: NOTAS_DEMO, motivo: 'Carga inicial de demostración' })))
        .execute();
    });
  }
}
