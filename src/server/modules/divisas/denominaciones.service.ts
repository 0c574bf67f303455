import type { ServiceCtx } from '../../lib/context';
import { badRequest, notFound, throwIfFieldErrors, type FieldErrors } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { changeIntent, togglePatch } from '../../lib/changeIntent';
import { requirePerms } from '../../lib/permissions';
import { withUniqueFields } from '../../lib/unique';
import type { Db } from '../../db';
import { P } from '../../../shared/permissions';
import { DIVISA_MSG, type DenominacionCreateInput, type DenominacionPatchInput } from '../../../shared/schemas/divisas';
import { denominacionEnUso, denominacionTaken, divisaExists, findDenominacion, insertDenominacion, lockDenominacion, lockDivisa, updateDenominacionRow } from './divisas.repository';
import { notasReservadas } from '../terminal/terminal.repository';

const ENTITY = 'denominacion';
const UNIQUE = { denominaciones_divisa_valor_uq: ['denominacion', DIVISA_MSG.denominacionDuplicada] } as const;
/** Same permission rules as currencies: edits and reactivation need change, deactivation delete. */
const INTENTS = { edit: P.changeDenominacion, deactivate: P.deleteDenominacion };

async function checkDenominacion(db: Db, divisaId: number, denominacion: number, exceptId?: number): Promise<FieldErrors> {
  if (!(await divisaExists(db, divisaId))) return { divisa: [DIVISA_MSG.divisaNoExiste] };
  return (await denominacionTaken(db, divisaId, denominacion, exceptId)) ? { denominacion: [DIVISA_MSG.denominacionDuplicada] } : {};
}

/** One denomination (GET /denominaciones/:id/: what a client reads before sending it back). */
export async function getDenominacion(ctx: ServiceCtx, id: number) {
  const row = await findDenominacion(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

export async function createDenominacion(ctx: ServiceCtx, input: DenominacionCreateInput) {
  throwIfFieldErrors(await checkDenominacion(ctx.db, input.divisa, input.denominacion));
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const row = await insertDenominacion(trx, input);
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: ENTITY, entityId: row.id, after: row });
        return row;
      }),
    UNIQUE,
  );
}

type DenominacionChange = Omit<DenominacionPatchInput, 'id'>;

export function changeDenominacion(ctx: ServiceCtx, id: number, change: DenominacionChange | ((before: { is_active: boolean }) => DenominacionChange)) {
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        // The currency before the note, the order of every writer: a payment holds its currencies
        // (shareLockDivisas) and then the Tauser, under which the kiosk and withdrawals reach the note.
        // So a deactivation waits for payments reserving notes in flight, then counts them. (Only a note
        // no terminal holds changes currency, and such a note has no reservation to count.)
        const actual = await findDenominacion(trx, id);
        if (!actual) throw notFound();
        await lockDivisa(trx, actual.divisa, 'noKeyUpdate');
        const before = await lockDenominacion(trx, id);
        if (!before) throw notFound();
        const c = typeof change === 'function' ? change(before) : change;
        const intent = changeIntent(before, c, { active: 'is_active', perms: INTENTS });
        requirePerms(ctx, { all: intent.perms });
        if (intent.deactivating) {
          const reservadas = await notasReservadas(trx, id);
          if (reservadas > 0) throw badRequest(DIVISA_MSG.denominacionReservada(reservadas));
        }
        const divisa = c.divisa ?? before.divisa;
        const denominacion = c.denominacion ?? before.denominacion;
        if (divisa !== before.divisa || denominacion !== before.denominacion) {
          // Terminal stock counts notes of this row: another value or currency would rewrite the money held.
          if (await denominacionEnUso(trx, id)) {
            throwIfFieldErrors({ [divisa !== before.divisa ? 'divisa' : 'denominacion']: [DIVISA_MSG.denominacionEnUso] });
          }
          throwIfFieldErrors(await checkDenominacion(trx, divisa, denominacion, id));
        }
        const after = await updateDenominacionRow(trx, id, { denominacion, divisa, is_active: c.is_active ?? before.is_active });
        if (intent.action) await audit(trx, { actorId: ctx.actor.id, action: intent.action, entity: ENTITY, entityId: id, before, after });
        return after;
      }),
    UNIQUE,
  );
}

export const updateDenominacion = (ctx: ServiceCtx, { id, ...change }: DenominacionPatchInput) => changeDenominacion(ctx, id, change);
export const deactivateDenominacion = (ctx: ServiceCtx, id: number) => changeDenominacion(ctx, id, { is_active: false });
export const toggleDenominacion = (ctx: ServiceCtx, id: number) => changeDenominacion(ctx, id, (b) => togglePatch(b, 'is_active'));
