import type { Db } from '../../db';
import type { PublicCtx, ServiceCtx } from '../../lib/context';
import { badRequest, notFound, throwIfFieldErrors, type FieldErrors } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { cambiosSobre, changeIntent, togglePatch } from '../../lib/changeIntent';
import { paginate, type ListQuery } from '../../lib/pagination';
import { requirePerms } from '../../lib/permissions';
import { withUniqueFields } from '../../lib/unique';
import { P } from '../../../shared/permissions';
import { DIVISA_MSG, type DivisaCreateInput, type DivisaPatchInput, type DivisaRecord } from '../../../shared/schemas/divisas';
import {
  DIVISA_COLUMNS, codigoTakenByOther, divisaEnUso, denominacionesDe, divisaClashes, divisasConTasa, divisasSinTasa, filteredDivisas, findDivisa,
  insertDivisa, lockDivisa, updateDivisaRow, type DivisaFilters,
} from './divisas.repository';
import { pagadasSinCompletar } from '../transacciones/transacciones.repository';

const ENTITY = 'divisa';

/** Unique violations of concurrent writes answer the same field messages the pre-checks give. */
const UNIQUE = {
  divisas_codigo_key: ['codigo', DIVISA_MSG.codigoDuplicado],
  divisas_una_base_uq: ['es_base', DIVISA_MSG.baseExiste],
} as const;

/** Edits and reactivation need the change permission, deactivation the delete permission (spec 001 §6). */
const INTENTS = { edit: P.changeDivisa, deactivate: P.deleteDivisa };

/** Base first, then by code: the order of every currency list. */
async function listed(base: ReturnType<typeof filteredDivisas>, input: ListQuery) {
  const rows = base.select(DIVISA_COLUMNS).orderBy('d.es_base', 'desc').orderBy('d.codigo').orderBy('d.id');
  return input.all ? rows.execute() : paginate(rows, input.page, base);
}

export const listDivisas = (ctx: ServiceCtx, input: ListQuery & DivisaFilters) => listed(filteredDivisas(ctx.db, input), input);

export async function getDivisa(ctx: ServiceCtx, id: number) {
  const row = await findDivisa(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

/** Paged like every list (`?search`, `?page`), an array with `?all=true`. */
export const sinTasa = (ctx: ServiceCtx, input: ListQuery) => listed(divisasSinTasa(ctx.db, input.search), input);
export const conTasa = (ctx: PublicCtx, input: ListQuery) => listed(divisasConTasa(ctx.db, input.search), input);

export async function createDivisa(ctx: ServiceCtx, input: DivisaCreateInput) {
  const errors: FieldErrors = {};
  if (input.es_base && !input.is_active) errors.is_active = [DIVISA_MSG.baseNoDesactivar];
  const clash = await divisaClashes(ctx.db, input.codigo, input.es_base);
  if (clash.some((r) => r.codigo === input.codigo)) errors.codigo = [DIVISA_MSG.codigoDuplicado];
  if (input.es_base && clash.some((r) => r.es_base)) errors.es_base = [DIVISA_MSG.baseExiste];
  throwIfFieldErrors(errors);
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const row = await insertDivisa(trx, input);
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: ENTITY, entityId: row.id, after: row });
        return row;
      }),
    UNIQUE,
  );
}

/**
 * A currency goes out of use only when no paid operation in it waits for a terminal: the payout
 * planned on its notes, or the notes the customer brings, must still be taken. Call it holding the
 * currency's row lock, which a payment holds too (shareLockDivisas).
 */
async function exigirSinPagadasEnCurso(trx: Db, divisa: { id: number; codigo: string }) {
  const n = await pagadasSinCompletar(trx, { divisaId: divisa.id });
  if (n > 0) throw badRequest(DIVISA_MSG.pagadasEnCurso(divisa.codigo, n));
}

type DivisaChange = Omit<DivisaPatchInput, 'id'>;

/**
 * Applies a full or partial update under a row lock, with the permission its intent needs
 * (edit, activate or deactivate); the base currency stays base and active.
 */
export function changeDivisa(ctx: ServiceCtx, id: number, change: DivisaChange | ((before: DivisaRecord) => DivisaChange)) {
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await lockDivisa(trx, id);
        if (!before) throw notFound();
        const { es_base, ...patch } = typeof change === 'function' ? change(before) : change;
        const intent = changeIntent(before, patch, { active: 'is_active', perms: INTENTS });
        requirePerms(ctx, { all: intent.perms });

        const errors: FieldErrors = {};
        if (es_base !== undefined && es_base !== before.es_base) errors.es_base = [DIVISA_MSG.baseNoCambia];
        if (intent.deactivating && before.es_base) throw badRequest(DIVISA_MSG.baseNoDesactivar);
        if (intent.deactivating) await exigirSinPagadasEnCurso(trx, before);
        if (patch.precision !== undefined && patch.precision <= 2 && !before.es_base) errors.precision = [DIVISA_MSG.precision];
        if (patch.codigo !== undefined && patch.codigo !== before.codigo) {
          // The code fixes the currency's minor units: renaming one in use would re-read its rates and history.
          if (before.es_base || (await divisaEnUso(trx, id))) errors.codigo = [DIVISA_MSG.codigoEnUso];
          else if (await codigoTakenByOther(trx, patch.codigo, id)) errors.codigo = [DIVISA_MSG.codigoDuplicado];
        }
        throwIfFieldErrors(errors);

        const set = cambiosSobre(before, patch);
        if (Object.keys(set).length === 0) return before;
        const after = await updateDivisaRow(trx, id, set);
        await audit(trx, { actorId: ctx.actor.id, action: intent.action ?? 'update', entity: ENTITY, entityId: id, before, after });
        return after;
      }),
    UNIQUE,
  );
}

export const updateDivisa = (ctx: ServiceCtx, { id, ...change }: DivisaPatchInput) => changeDivisa(ctx, id, change);
/** DELETE: deactivation, never a real delete. */
export const deactivateDivisa = (ctx: ServiceCtx, id: number) => changeDivisa(ctx, id, { is_active: false });
export const toggleDivisa = (ctx: ServiceCtx, id: number) => changeDivisa(ctx, id, (before) => togglePatch(before, 'is_active'));

export async function getDenominacionesDeDivisa(ctx: ServiceCtx, divisaId: number) {
  if (!(await findDivisa(ctx.db, divisaId))) throw notFound();
  return denominacionesDe(ctx.db, divisaId);
}
