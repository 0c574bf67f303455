import type { ServiceCtx } from '../../lib/context';
import { badRequest, fieldError, notFound, throwIfFieldErrors, type FieldErrors } from '../../lib/errors';
import { audit, type AuditAction } from '../../lib/audit';
import { changeIntent } from '../../lib/changeIntent';
import { paginate, type ListQuery } from '../../lib/pagination';
import { can, requirePerms } from '../../lib/permissions';
import { withUniqueFields } from '../../lib/unique';
import { P } from '../../../shared/permissions';
import { TAUSER_MSG, type TauserCreateInput, type TauserPatchBody, type TauserRecord } from '../../../shared/schemas/tausers';
import { TAUSER_COLUMNS, codigoTaken, filteredTausers, findTauser, insertTauser, lockTauser, updateTauserRow, type TauserSet } from './tauser.repository';
import { pagadasSinCompletar } from '../transacciones/transacciones.repository';

const ENTITY = 'tauser';

/** A race between two creations with the same code answers the pre-check's 400, never a 500. */
const UNIQUE = { tausers_codigo_ci_uq: ['codigo', TAUSER_MSG.codigoDuplicado] } as const;

/** Spec 001 §6 "Terminal: CHANGE edit, DELETE toggle": both directions of the toggle need delete. */
const INTENTS = { edit: P.changeTauser, activate: P.deleteTauser, deactivate: P.deleteTauser };

export type TauserListInput = ListQuery & { is_active?: boolean; incluir_inactivos?: boolean };

/** Staff with the view permission read every terminal; anyone else (the operation wizard) only the active ones. */
const soloActivos = (ctx: ServiceCtx) => !can(ctx, P.viewTauser);

/**
 * The paged list (view permission), or with `all` every terminal as an array: inactive ones included
 * for staff with the view permission (so an inactive terminal can be found and reactivated); the
 * active ones for customers with the operation permission. `is_active` filters by state (the wizard
 * asks for active ones).
 */
export async function listTausers(ctx: ServiceCtx, input: TauserListInput) {
  if (!input.all || input.incluir_inactivos) requirePerms(ctx, P.viewTauser);
  const base = filteredTausers(ctx.db, { search: input.search, is_active: input.is_active, soloActivos: soloActivos(ctx) });
  if (input.all) return base.select(TAUSER_COLUMNS).orderBy('t.nombre').orderBy('t.codigo').execute();
  return paginate(base.select(TAUSER_COLUMNS).orderBy('t.codigo').orderBy('t.id_tauser'), input.page, base);
}

/** One terminal, with the fields the list gives: any signed-in user reads an active one, staff with view any. */
export async function getTauser(ctx: ServiceCtx, id: string) {
  const row = await findTauser(ctx.db, id);
  if (!row || (!row.isActive && soloActivos(ctx))) throw notFound();
  return row;
}

export async function createTauser(ctx: ServiceCtx, input: TauserCreateInput): Promise<TauserRecord> {
  if (await codigoTaken(ctx.db, input.codigo)) throw fieldError('codigo', TAUSER_MSG.codigoDuplicado);
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const row = await insertTauser(trx, input);
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: ENTITY, entityId: row.idTauser, after: row });
        return row;
      }),
    UNIQUE,
  );
}

const EDITABLE = ['nombre', 'direccion', 'ciudad', 'departamento', 'latitud', 'longitud'] as const;

/**
 * PATCH: edits need change, (de)activation needs delete (checked by intent, under a row lock); no
 * deactivation while paid operations wait at the terminal.
 * `codigo` and `idTauser` may only repeat the stored values. A change that changes nothing writes no audit row.
 */
export function patchTauser(ctx: ServiceCtx, id: string, body: TauserPatchBody): Promise<TauserRecord> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockTauser(trx, id);
    if (!before) throw notFound();
    const { idTauser, codigo, ...patch } = body;
    const errors: FieldErrors = {};
    if (idTauser !== undefined && idTauser !== id) errors.idTauser = [TAUSER_MSG.idInvalido];
    if (codigo !== undefined && codigo !== before.codigo) errors.codigo = [TAUSER_MSG.codigoSoloLectura];
    throwIfFieldErrors(errors);

    const intent = changeIntent(before, patch, { active: 'isActive', perms: INTENTS });
    requirePerms(ctx, { all: intent.perms });

    const set: TauserSet = {};
    for (const k of EDITABLE) if (patch[k] !== undefined && patch[k] !== before[k]) set[k] = patch[k];
    if (patch.isActive !== undefined && patch.isActive !== before.isActive) set.is_active = patch.isActive;
    if (Object.keys(set).length === 0) return before;
    // A customer who paid collects at this terminal: it stays in service until they do or staff cancel.
    // The row lock above makes a payment in flight (reservarPago) wait for this, or this for it.
    if (set.is_active === false) {
      const n = await pagadasSinCompletar(trx, { tauserId: id });
      if (n > 0) throw badRequest(TAUSER_MSG.pagadasEnCurso(before.codigo, n));
    }

    const after = await updateTauserRow(trx, id, set);
    const onlyState = Object.keys(set).length === 1 && set.is_active !== undefined;
    const action: AuditAction = onlyState ? (after.isActive ? 'activate' : 'deactivate') : 'update';
    await audit(trx, { actorId: ctx.actor.id, action, entity: ENTITY, entityId: id, before, after });
    return after;
  });
}
