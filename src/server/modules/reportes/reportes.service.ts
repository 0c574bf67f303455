import type { ServiceCtx } from '../../lib/context';
import { audit } from '../../lib/audit';
import { fieldError, throwIfFieldErrors, type FieldErrors } from '../../lib/errors';
import { PAGE_SIZE, pageWith } from '../../lib/pagination';
import { Decimal } from '../../../shared/money';
import { MAX_PERIODOS, periodoPorDefecto, periodos, periodosMsg } from '../../../shared/reportes';
import type { Agrupacion, Dimension, ReporteFiltros, UmbralInput } from '../../../shared/schemas/reportes';
import * as repo from './reportes.repository';
import { findTauser } from '../tauser/tauser.repository';

/** 'Margen por operación': the margin over the count, to whole guaraníes (half away from zero); 0 without operations. */
export const margenPorOperacion = (c: { operaciones: number; margen_pyg: string }): string =>
  c.operaciones === 0 ? '0' : new Decimal(c.margen_pyg).div(c.operaciones).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);

type Filtros = Omit<ReporteFiltros, 'fecha_desde' | 'fecha_hasta'> & { fecha_desde?: string; fecha_hasta?: string };

/** The filters with the period resolved (this month up to today when not given) and empty texts dropped. */
export function resolverFiltros(input: Filtros, tz: string, now = new Date()): ReporteFiltros {
  const porDefecto = periodoPorDefecto(tz, now);
  const desde = input.fecha_desde ?? (input.fecha_hasta && input.fecha_hasta < porDefecto.fecha_desde ? `${input.fecha_hasta.slice(0, 8)}01` : porDefecto.fecha_desde);
  const hasta = input.fecha_hasta ?? (desde > porDefecto.fecha_hasta ? desde : porDefecto.fecha_hasta);
  const out: ReporteFiltros = { ...input, fecha_desde: desde, fecha_hasta: hasta, categoria: input.categoria || undefined };
  for (const k of Object.keys(out) as (keyof ReporteFiltros)[]) if (out[k] === undefined) delete out[k];
  return out;
}

export const CATEGORIA_DESCONOCIDA = 'Elegí una categoría de cliente existente.';

/** The other filters by id: one that names nothing is a 400 on its field, as the category (it used to answer zeros). */
export const FILTRO_DESCONOCIDO = {
  divisa: 'Elegí una divisa existente.',
  metodo: 'Elegí un método financiero existente.',
  operador: 'Elegí un operador existente.',
  tauser: 'Elegí un Tauser existente.',
} as const;

/**
 * resolverFiltros, and the category named by its id: a filter that names it by id (any letter case)
 * or by name (as links written before did) is given on as its id; one naming no category answers 400
 * on `categoria`, and a currency, method, operator or Tauser id naming nothing on its own field.
 */
async function filtrosDe(ctx: ServiceCtx, input: Filtros, tz: string): Promise<ReporteFiltros> {
  const filtros = resolverFiltros(input, tz);
  if (filtros.categoria !== undefined) {
    const id = await repo.idDeCategoria(ctx.db, filtros.categoria);
    if (!id) throw fieldError('categoria', CATEGORIA_DESCONOCIDA);
    filtros.categoria = id;
  }
  const porId = (Object.keys(FILTRO_DESCONOCIDO) as (keyof typeof FILTRO_DESCONOCIDO)[]).filter((k) => filtros[k] !== undefined);
  if (porId.length === 0) return filtros;
  const nombres = await repo.nombresDeFiltros(ctx.db, filtros);
  const errors: FieldErrors = {};
  for (const k of porId) if (nombres[k] == null) errors[k] = [FILTRO_DESCONOCIDO[k]];
  throwIfFieldErrors(errors);
  return filtros;
}

export async function resumen(ctx: ServiceCtx, input: Filtros, tz: string) {
  const filtros = await filtrosDe(ctx, input, tz);
  const c = await repo.resumen(ctx.db, filtros, tz);
  return { filtros, ...c, margen_promedio_pyg: margenPorOperacion(c) };
}

export async function porDimension(ctx: ServiceCtx, dim: Dimension, input: Filtros, tz: string) {
  const filtros = await filtrosDe(ctx, input, tz);
  return { filtros, resultados: await repo.porDimension(ctx.db, dim, filtros, tz) };
}

/** An evolution has one row per period, empty ones included: an unbounded range would answer millions of rows. */
function exigirPeriodos(agrupacion: Agrupacion, f: ReporteFiltros) {
  const n = periodos(agrupacion, f.fecha_desde, f.fecha_hasta);
  if (n > MAX_PERIODOS) throw fieldError('fecha_desde', periodosMsg(n, agrupacion));
}

export async function evolucion(ctx: ServiceCtx, input: Filtros & { agrupacion: Agrupacion }, tz: string) {
  const { agrupacion, ...rest } = input;
  const filtros = await filtrosDe(ctx, rest, tz);
  exigirPeriodos(agrupacion, filtros);
  return { filtros, agrupacion, resultados: await repo.evolucion(ctx.db, agrupacion, filtros, tz) };
}

/** The paged operations behind the figures; the total is the summary's count (the same filters). */
export async function listado(ctx: ServiceCtx, input: Filtros & { page: number }, tz: string) {
  const { page, ...rest } = input;
  const filtros = await filtrosDe(ctx, rest, tz);
  const [c, rows] = await Promise.all([repo.resumen(ctx.db, filtros, tz), repo.paginaDeLineas(ctx.db, filtros, tz, PAGE_SIZE, (page - 1) * PAGE_SIZE)]);
  const results = rows.rows.map(({ fecha_local: _l, cursor: _c, ...r }) => ({ ...r, fecha_inicio: r.fecha_inicio.toISOString() }));
  return pageWith(c.operaciones, page, results);
}

/** The stock now, of every active Tauser or the one asked for (an id naming none: 400, as on the other reports). */
export async function stock(ctx: ServiceCtx, input: { tauser?: string }) {
  if (input.tauser && !(await findTauser(ctx.db, input.tauser))) throw fieldError('tauser', FILTRO_DESCONOCIDO.tauser);
  return repo.stockDeTerminales(ctx.db, input.tauser);
}

export const listarUmbrales = (ctx: ServiceCtx) => repo.umbrales(ctx.db);

/**
 * Sets the low-stock threshold of a currency (in its units, guaraníes too: terminals pay them out); 0 turns the
 * warning off. The audit keeps the threshold before; sending the one in force changes nothing and writes no row.
 */
export async function guardarUmbral(ctx: ServiceCtx, input: UmbralInput) {
  const divisa = await repo.findDivisa(ctx.db, input.divisa_id);
  if (!divisa) throw fieldError('divisa_id', 'Elegí una divisa existente.');
  const minimo = new Decimal(input.minimo).toFixed();
  await ctx.db.transaction().execute(async (trx) => {
    const actual = await repo.umbralParaCambiar(trx, divisa.id);
    if (actual && new Decimal(actual.minimo).eq(minimo)) return;
    await repo.guardarUmbral(trx, divisa.id, minimo);
    await audit(trx, {
      actorId: ctx.actor.id, action: 'update', entity: 'umbral_stock', entityId: divisa.id,
      before: actual ? { divisa_id: divisa.id, minimo: new Decimal(actual.minimo).toFixed() } : null,
      after: { divisa_id: divisa.id, minimo },
    });
  });
  return { divisa_id: divisa.id, divisa: divisa.codigo, minimo };
}

/** The export's plan (validated, permitted, period resolved); the REST route writes the file (reportes.export.ts). */
export const planDeExport = async (ctx: ServiceCtx, input: Filtros & { formato: 'csv' | 'xlsx' | 'pdf' }, tz: string) => {
  const { formato, ...rest } = input;
  const filtros = await filtrosDe(ctx, rest, tz);
  // The XLSX and PDF files hold the evolution too, by the finest grouping that fits: months at the coarsest.
  if (formato !== 'csv') exigirPeriodos('mes', filtros);
  return { formato, filtros };
};
