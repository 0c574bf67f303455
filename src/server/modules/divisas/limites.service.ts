import type { ServiceCtx } from '../../lib/context';
import { audit } from '../../lib/audit';
import type { LimitesInput } from '../../../shared/schemas/divisas';
import { getLimites, lockLimites, upsertLimites } from './divisas.repository';

/** The single limits row (seeded); absent values mean no limit. */
export async function readLimites(ctx: ServiceCtx) {
  return (await getLimites(ctx.db)) ?? { limite_diario: null, limite_mensual: null };
}

export async function updateLimites(ctx: ServiceCtx, input: LimitesInput) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockLimites(trx);
    const after = await upsertLimites(trx, { limite_diario: input.limite_diario, limite_mensual: input.limite_mensual });
    await audit(trx, { actorId: ctx.actor.id, action: 'update', entity: 'limite_config', entityId: 1, before: before ?? null, after });
    return after;
  });
}
