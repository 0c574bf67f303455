import type { Db } from '../../db';
import type { PublicCtx, ServiceCtx } from '../../lib/context';
import { jsonAnswer } from '../../lib/jsonBody';
import { notFound, throwIfFieldErrors, type FieldErrors } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { changeIntent } from '../../lib/changeIntent';
import { requirePerms } from '../../lib/permissions';
import { withUniqueFields } from '../../lib/unique';
import { P } from '../../../shared/permissions';
import { Decimal, toFixedString } from '../../../shared/money';
import { quoteRates } from '../../../shared/pricing';
import {
  RATE_DECIMALS, TASA_MSG, tasaFigureErrors, type TasaCreateInput, type TasaFigures, type TasaPatchInput, type TasaRecord,
} from '../../../shared/schemas/cotizaciones';
import { lockDivisa } from '../divisas/divisas.repository';
import {
  divisaHasTasa, findTasaRow, historialRows, insertHistorial, insertTasa, tasasMatching, lockTasa, publicTasaRows, tasaExists, updateTasaRow,
  type TasaRow,
} from './cotizaciones.repository';
import { arrayOrPage } from '../../lib/pagination';

const fixed = (v: string) => toFixedString(v, RATE_DECIMALS);
const iso = (d: Date | string) => new Date(d).toISOString();

/** tasaCompra = P − Cc and tasaVenta = P + Cv (DESIGN §6), 4 decimals. */
function quote(f: TasaFigures) {
  const q = quoteRates(f);
  return { tasaCompra: fixed(q.tasaCompra), tasaVenta: fixed(q.tasaVenta) };
}

function toRecord(r: TasaRow): TasaRecord {
  const figures = { precioBase: fixed(r.precio_base), comisionBaseCompra: fixed(r.comision_base_compra), comisionBaseVenta: fixed(r.comision_base_venta) };
  return {
    id: r.id,
    divisa: r.divisa_id,
    divisa_detalle: { id: r.divisa_id, codigo: r.codigo, nombre: r.nombre, simbolo: r.simbolo, flag: r.flag, is_active: r.divisa_activa },
    ...figures,
    activo: r.activo,
    ...quote(figures),
    updated_at: iso(r.updated_at),
  };
}

const UNIQUE = { tasas_divisa_uq: ['divisa', TASA_MSG.duplicada] } as const;
/** New figures and reactivation need the change permission, deactivation the delete permission. */
const INTENTS = { edit: P.changeTasa, deactivate: P.deleteTasa };

/** Every rate matching the filters, or one page of them when `page` is asked. */
export function listTasas(ctx: ServiceCtx, f: { search?: string; activo?: boolean; page?: number; all?: boolean }) {
  const matching = tasasMatching(ctx.db, f);
  return arrayOrPage(matching.orderBy('d.codigo').orderBy('t.id'), f, matching, toRecord);
}

export async function getTasa(ctx: ServiceCtx, id: number) {
  const row = await findTasaRow(ctx.db, id);
  if (!row) throw notFound();
  return toRecord(row);
}

const loadPublicTasas = async (db: Db) =>
  jsonAnswer(
    (await publicTasaRows(db)).map((r) => {
      const q = quote({ precioBase: r.precio_base, comisionBaseCompra: r.comision_base_compra, comisionBaseVenta: r.comision_base_venta });
      return { codigo: r.codigo, simbolo: r.simbolo, flag: r.flag, compra: q.tasaCompra, venta: q.tasaVenta };
    }),
  );

/**
 * 'Cotizaciones del día' serialized once per price change while the notices' lease holds (lib/keptPrices.ts):
 * the busiest read of the product, asked by every visitor of the home page.
 */
export const publicTasasAnswer = (ctx: PublicCtx) => (ctx.prices ? ctx.prices.get('tasas-publicas', ctx.db, loadPublicTasas) : loadPublicTasas(ctx.db));

/** 'Cotizaciones del día': what the house pays (compra) and charges (venta) per unit, anonymous. */
export async function publicTasas(ctx: PublicCtx) {
  return (await publicTasasAnswer(ctx)).data;
}

export async function createTasa(ctx: ServiceCtx, input: TasaCreateInput) {
  const id = await withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const errors: FieldErrors = tasaFigureErrors(input);
        // Shared lock: the currency cannot be deactivated while its first rate is being written.
        const divisa = await lockDivisa(trx, input.divisa, 'share');
        if (!divisa) errors.divisa = [TASA_MSG.divisaNoExiste];
        else if (divisa.es_base) errors.divisa = [TASA_MSG.divisaBase];
        else if (!divisa.is_active) errors.divisa = [TASA_MSG.divisaInactiva];
        else if (await divisaHasTasa(trx, input.divisa)) errors.divisa = [TASA_MSG.duplicada];
        throwIfFieldErrors(errors);
        const figures = { precio_base: input.precioBase, comision_base_compra: input.comisionBaseCompra, comision_base_venta: input.comisionBaseVenta };
        const id = await insertTasa(trx, { divisa_id: input.divisa, ...figures, activo: input.activo });
        await insertHistorial(trx, id, figures, ctx.actor.id);
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: 'tasa', entityId: id, after: { divisa_id: input.divisa, ...figures, activo: input.activo } });
        return id;
      }),
    UNIQUE,
  );
  return getTasa(ctx, id);
}

type TasaChange = Omit<TasaPatchInput, 'id'>;

/**
 * A full (PUT) or partial (PATCH) change under a row lock. New figures need the change permission,
 * reactivation too, deactivation the delete permission. A history row is written, in the same
 * transaction, whenever the base price or a commission actually changes.
 */
export async function changeTasa(ctx: ServiceCtx, id: number, change: TasaChange) {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockTasa(trx, id);
    if (!before) throw notFound();
    const sendsFigures = change.precioBase !== undefined || change.comisionBaseCompra !== undefined || change.comisionBaseVenta !== undefined;
    const intent = changeIntent(before, change, { active: 'activo', perms: INTENTS, edits: sendsFigures });
    requirePerms(ctx, { all: intent.perms });

    const next: TasaFigures = {
      precioBase: change.precioBase ?? fixed(before.precio_base),
      comisionBaseCompra: change.comisionBaseCompra ?? fixed(before.comision_base_compra),
      comisionBaseVenta: change.comisionBaseVenta ?? fixed(before.comision_base_venta),
    };
    const errors = tasaFigureErrors(next);
    if (change.divisa !== undefined && change.divisa !== before.divisa_id) errors.divisa = [TASA_MSG.divisaFija];
    throwIfFieldErrors(errors);

    const figuresChanged =
      !new Decimal(next.precioBase).eq(before.precio_base) ||
      !new Decimal(next.comisionBaseCompra).eq(before.comision_base_compra) ||
      !new Decimal(next.comisionBaseVenta).eq(before.comision_base_venta);
    const activo = change.activo ?? before.activo;
    if (!figuresChanged && activo === before.activo) return;

    const figures = { precio_base: next.precioBase, comision_base_compra: next.comisionBaseCompra, comision_base_venta: next.comisionBaseVenta };
    await updateTasaRow(trx, id, { ...figures, activo });
    if (figuresChanged) await insertHistorial(trx, id, figures, ctx.actor.id);
    const action = figuresChanged ? 'update' : intent.activating ? 'activate' : 'deactivate';
    await audit(trx, { actorId: ctx.actor.id, action, entity: 'tasa', entityId: id, before, after: { ...figures, activo } });
  });
  return getTasa(ctx, id);
}

export const updateTasa = (ctx: ServiceCtx, { id, ...change }: TasaPatchInput) => changeTasa(ctx, id, change);
/** DELETE: deactivation; PATCH {"activo": true} reactivates. */
export const deactivateTasa = (ctx: ServiceCtx, id: number) => changeTasa(ctx, id, { activo: false });

export async function historialTasa(ctx: ServiceCtx, id: number) {
  if (!(await tasaExists(ctx.db, id))) throw notFound();
  return (await historialRows(ctx.db, id)).map((h) => {
    const figures = { precioBase: fixed(h.precio_base), comisionBaseCompra: fixed(h.comision_base_compra), comisionBaseVenta: fixed(h.comision_base_venta) };
    return {
      id: Number(h.id),
      tasa: h.tasa_id,
      ...figures,
      ...quote(figures),
      changed_by: h.changed_by,
      changed_by_username: h.username,
      changed_at: iso(h.changed_at),
    };
  });
}
