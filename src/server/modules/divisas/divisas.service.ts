import type { Ctx, AuthUser } from '../../trpc/context';
import { AppError, fieldError, isUniqueViolation, type FieldErrors } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { paginate, type ListQuery } from '../../lib/pagination';
import { assertPerms } from '../../trpc/init';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { DIVISA_MSG, type DivisaCreateInput, type DivisaPatchInput, type DivisaRecord } from '../../../shared/schemas/divisas';
import {
  DIVISA_COLUMNS, denominacionesDe, divisasConTasa, divisasSinTasa, filteredDivisas, findDivisa, lockDivisa, type DivisaFilters,
} from './divisas.repository';

export type StaffCtx = Ctx & { user: AuthUser };

const RETURNING = ['id', 'nombre', 'codigo', 'simbolo', 'max_digitos', 'precision', 'es_base', 'is_active', 'flag'] as const;

/** Unique violations of concurrent writes, as the same field messages the pre-checks give. */
function divisaConflict(e: unknown): never {
  if (isUniqueViolation(e, 'divisas_codigo_key')) throw fieldError('codigo', DIVISA_MSG.codigoDuplicado);
  if (isUniqueViolation(e, 'divisas_una_base_uq')) throw fieldError('es_base', DIVISA_MSG.baseExiste);
  throw e;
}

export async function listDivisas(ctx: StaffCtx, input: ListQuery & DivisaFilters) {
  const base = filteredDivisas(ctx.db, input);
  const rows = base.select(DIVISA_COLUMNS).orderBy('d.es_base', 'desc').orderBy('d.codigo').orderBy('d.id');
  if (input.all) return rows.execute();
  return paginate(rows, input.page, base);
}

export async function getDivisa(ctx: StaffCtx, id: number) {
  const row = await findDivisa(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

export const sinTasa = (ctx: Ctx) => divisasSinTasa(ctx.db);
export const conTasa = (ctx: Ctx) => divisasConTasa(ctx.db);

export async function createDivisa(ctx: StaffCtx, input: DivisaCreateInput) {
  const errors: FieldErrors = {};
  if (input.es_base && !input.is_active) errors.is_active = [DIVISA_MSG.baseNoDesactivar];
  const clash = await ctx.db
    .selectFrom('divisas')
    .select(['codigo', 'es_base'])
    .where((eb) => (input.es_base ? eb.or([eb('codigo', '=', input.codigo), eb('es_base', '=', true)]) : eb('codigo', '=', input.codigo)))
    .execute();
  if (clash.some((r) => r.codigo === input.codigo)) errors.codigo = [DIVISA_MSG.codigoDuplicado];
  if (input.es_base && clash.some((r) => r.es_base)) errors.es_base = [DIVISA_MSG.baseExiste];
  if (Object.keys(errors).length) throw new AppError('BAD_REQUEST', Object.values(errors)[0][0], errors);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('divisas')
        .values({
          nombre: input.nombre,
          codigo: input.codigo,
          simbolo: input.simbolo,
          max_digitos: input.max_digitos,
          precision: input.precision,
          es_base: input.es_base,
          is_active: input.is_active,
          flag: input.flag ?? null,
        })
        .returning(RETURNING)
        .executeTakeFirstOrThrow();
      await audit(trx, { actorId: ctx.user.id, action: 'create', entity: 'divisa', entityId: row.id, after: row });
      return row;
    });
  } catch (e) {
    divisaConflict(e);
  }
}

type DivisaChange = Omit<DivisaPatchInput, 'id'>;

/**
 * Applies a full or partial update under a row lock. Field edits and reactivation need the change
 * permission, deactivation the delete permission (spec 001 §6); the base currency stays base and active.
 */
export async function changeDivisa(ctx: StaffCtx, id: number, change: DivisaChange | ((before: DivisaRecord) => DivisaChange)) {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const before = await lockDivisa(trx, id);
      if (!before) throw new AppError('NOT_FOUND', M.notFound);
      const c = typeof change === 'function' ? change(before) : change;
      const { is_active, es_base, ...fields } = c;
      const editsFields = Object.values(fields).some((v) => v !== undefined);
      const activating = is_active === true && !before.is_active;
      const deactivating = is_active === false && before.is_active;
      if (editsFields || activating) assertPerms(ctx, { all: [P.changeDivisa] });
      if (deactivating) assertPerms(ctx, { all: [P.deleteDivisa] });

      const errors: FieldErrors = {};
      if (es_base !== undefined && es_base !== before.es_base) errors.es_base = [DIVISA_MSG.baseNoCambia];
      if (deactivating && before.es_base) throw new AppError('BAD_REQUEST', DIVISA_MSG.baseNoDesactivar);
      if (fields.precision !== undefined && fields.precision <= 2 && !before.es_base) errors.precision = [DIVISA_MSG.precision];
      if (fields.codigo !== undefined && fields.codigo !== before.codigo) {
        const taken = await trx.selectFrom('divisas').select('id').where('codigo', '=', fields.codigo).where('id', '<>', id).executeTakeFirst();
        if (taken) errors.codigo = [DIVISA_MSG.codigoDuplicado];
      }
      if (Object.keys(errors).length) throw new AppError('BAD_REQUEST', Object.values(errors)[0][0], errors);

      const set = Object.fromEntries(Object.entries({ ...fields, is_active }).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length === 0) return before;
      const after = await trx
        .updateTable('divisas')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', id)
        .returning(RETURNING)
        .executeTakeFirstOrThrow();
      const action = editsFields ? 'update' : activating ? 'activate' : deactivating ? 'deactivate' : 'update';
      await audit(trx, { actorId: ctx.user.id, action, entity: 'divisa', entityId: id, before, after });
      return after;
    });
  } catch (e) {
    divisaConflict(e);
  }
}

export const updateDivisa = (ctx: StaffCtx, input: DivisaPatchInput) => {
  const { id, ...change } = input;
  return changeDivisa(ctx, id, change);
};

/** DELETE: deactivation, never a real delete. */
export const deactivateDivisa = (ctx: StaffCtx, id: number) => changeDivisa(ctx, id, { is_active: false });

/** The spec's toggle: flips is_active (delete permission to deactivate, change to reactivate). */
export const toggleDivisa = (ctx: StaffCtx, id: number) => changeDivisa(ctx, id, (before) => ({ is_active: !before.is_active }));

export async function getDenominacionesDeDivisa(ctx: StaffCtx, divisaId: number) {
  const divisa = await findDivisa(ctx.db, divisaId);
  if (!divisa) throw new AppError('NOT_FOUND', M.notFound);
  return denominacionesDe(ctx.db, divisaId);
}
