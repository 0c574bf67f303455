import { AppError, fieldError, isUniqueViolation, type FieldErrors } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { assertPerms } from '../../trpc/init';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { DIVISA_MSG, type DenominacionCreateInput, type DenominacionPatchInput } from '../../../shared/schemas/divisas';
import type { Db } from '../../db';
import type { StaffCtx } from './divisas.service';

const RETURNING = ['id', 'denominacion', 'divisa_id as divisa', 'is_active'] as const;

function denominacionConflict(e: unknown): never {
  if (isUniqueViolation(e, 'denominaciones_divisa_valor_uq')) throw fieldError('denominacion', DIVISA_MSG.denominacionDuplicada);
  throw e;
}

async function checkDenominacion(db: Db, divisaId: number, denominacion: number, exceptId?: number): Promise<FieldErrors> {
  const divisa = await db.selectFrom('divisas').select('id').where('id', '=', divisaId).executeTakeFirst();
  if (!divisa) return { divisa: [DIVISA_MSG.divisaNoExiste] };
  let q = db.selectFrom('denominaciones').select('id').where('divisa_id', '=', divisaId).where('denominacion', '=', denominacion);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) ? { denominacion: [DIVISA_MSG.denominacionDuplicada] } : {};
}

const fail = (errors: FieldErrors) => new AppError('BAD_REQUEST', Object.values(errors)[0][0], errors);

export async function createDenominacion(ctx: StaffCtx, input: DenominacionCreateInput) {
  const errors = await checkDenominacion(ctx.db, input.divisa, input.denominacion);
  if (Object.keys(errors).length) throw fail(errors);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('denominaciones')
        .values({ denominacion: input.denominacion, divisa_id: input.divisa, is_active: input.is_active })
        .returning(RETURNING)
        .executeTakeFirstOrThrow();
      await audit(trx, { actorId: ctx.user.id, action: 'create', entity: 'denominacion', entityId: row.id, after: row });
      return row;
    });
  } catch (e) {
    denominacionConflict(e);
  }
}

type DenominacionChange = Omit<DenominacionPatchInput, 'id'>;

/** Same permission rules as currencies: edits and reactivation need change, deactivation delete. */
export async function changeDenominacion(
  ctx: StaffCtx,
  id: number,
  change: DenominacionChange | ((before: { is_active: boolean }) => DenominacionChange),
) {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('denominaciones').select(RETURNING).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw new AppError('NOT_FOUND', M.notFound);
      const c = typeof change === 'function' ? change(before) : change;
      const editsFields = c.denominacion !== undefined || c.divisa !== undefined;
      const activating = c.is_active === true && !before.is_active;
      const deactivating = c.is_active === false && before.is_active;
      if (editsFields || activating) assertPerms(ctx, { all: [P.changeDenominacion] });
      if (deactivating) assertPerms(ctx, { all: [P.deleteDenominacion] });
      const divisa = c.divisa ?? before.divisa;
      const denominacion = c.denominacion ?? before.denominacion;
      if (divisa !== before.divisa || denominacion !== before.denominacion) {
        const errors = await checkDenominacion(trx, divisa, denominacion, id);
        if (Object.keys(errors).length) throw fail(errors);
      }
      const after = await trx
        .updateTable('denominaciones')
        .set({ denominacion, divisa_id: divisa, is_active: c.is_active ?? before.is_active })
        .where('id', '=', id)
        .returning(RETURNING)
        .executeTakeFirstOrThrow();
      if (editsFields || activating || deactivating) {
        const action = editsFields ? 'update' : activating ? 'activate' : 'deactivate';
        await audit(trx, { actorId: ctx.user.id, action, entity: 'denominacion', entityId: id, before, after });
      }
      return after;
    });
  } catch (e) {
    denominacionConflict(e);
  }
}

export const updateDenominacion = (ctx: StaffCtx, input: DenominacionPatchInput) => {
  const { id, ...change } = input;
  return changeDenominacion(ctx, id, change);
};
export const deactivateDenominacion = (ctx: StaffCtx, id: number) => changeDenominacion(ctx, id, { is_active: false });
export const toggleDenominacion = (ctx: StaffCtx, id: number) => changeDenominacion(ctx, id, (b) => ({ is_active: !b.is_active }));
