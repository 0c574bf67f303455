import { audit } from '../../lib/audit';
import type { LimitesInput } from '../../../shared/schemas/divisas';
import { getLimites } from './divisas.repository';
import type { StaffCtx } from './divisas.service';

/** The single limits row (seeded); absent values mean no limit. */
export async function readLimites(ctx: StaffCtx) {
  return (await getLimites(ctx.db)) ?? { limite_diario: null, limite_mensual: null };
}

export async function updateLimites(ctx: StaffCtx, input: LimitesInput) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('limite_config').select(['limite_diario', 'limite_mensual']).where('id', '=', 1).forUpdate().executeTakeFirst();
    const after = await trx
      .insertInto('limite_config')
      .values({ id: 1, limite_diario: input.limite_diario, limite_mensual: input.limite_mensual })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ limite_diario: input.limite_diario, limite_mensual: input.limite_mensual, updated_at: new Date() }),
      )
      .returning(['limite_diario', 'limite_mensual'])
      .executeTakeFirstOrThrow();
    await audit(trx, { actorId: ctx.user.id, action: 'update', entity: 'limite_config', entityId: 1, before: before ?? null, after });
    return after;
  });
}
