import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db';
import { enEstado } from '../transacciones/transacciones.repository';
import { DIMENSIONES, type Agrupacion, type Dimension, type ReporteFiltros } from '../../../shared/schemas/reportes';

/** The foreign side of an operation: what the client bought (compra) or sold (venta). */
const MONTO_DIVISA = sql<string>`(case when t.operacion_cliente = 'compra' then t.monto_destino else t.monto_origen end)`;
const DIVISA_ID = sql<number>`(case when t.operacion_cliente = 'compra' then t.divisa_destino_id else t.divisa_origen_id end)`;

/**
 * The house's margin on one operation, in guaraníes: the SQL function `margen_pyg` of migration
 * 2026112620_reportes (docs/decisions.md, "Reports: the margin"), the one definition the hourly totals use too.
 */
export const MARGEN = sql<string>`margen_pyg(t.operacion_cliente, t.monto_origen, t.monto_destino, t.monto_pyg, t.precio_base)`;

/**
 * Where the figures are added up: the hourly totals of completed operations (ganancias_horarias) when
 * the filters can be answered from them (state COMPLETADA, period bounds on whole UTC hours), else the
 * operations themselves. Both expose the same columns under the alias `t`.
 */
interface Fuente {
  from: RawBuilder<unknown>;
  where: Expression<SqlBool>;
  cifras: RawBuilder<unknown>;
  dim: Record<Dimension, RawBuilder<unknown>>;
  operacion: RawBuilder<unknown>;
  volumenDivisa: RawBuilder<unknown>;
  volumenTasa: RawBuilder<unknown>;
  instante: RawBuilder<unknown>;
}

const DESDE = (f: ReporteFiltros, tz: string) => sql`(${f.fecha_desde}::date)::timestamp at time zone ${tz}`;
const HASTA = (f: ReporteFiltros, tz: string) => sql`(${f.fecha_hasta}::date + 1)::timestamp at time zone ${tz}`;

const OPERACIONES: Fuente = {
  from: sql`transacciones t`,
  where: sql<SqlBool>`true`,
  cifras: sql`count(*)::int as operaciones, coalesce(sum(t.monto_pyg), 0)::text as volumen_pyg, coalesce(sum(${MARGEN}), 0)::text as margen_pyg`,
  dim: { divisa: DIVISA_ID, metodo: sql`t.metodo_financiero_id`, operador: sql`t.operador_id`, tauser: sql`t.tauser_id`, categoria: sql`t.nombre_categoria` },
  operacion: sql`t.operacion_cliente`,
  volumenDivisa: sql`sum(${MONTO_DIVISA})`,
  volumenTasa: sql`sum(${MONTO_DIVISA} * t.tasa_aplicada)`,
  instante: sql`t.fecha_inicio`,
};

const HORAS: Fuente = {
  from: sql`ganancias_horarias t`,
  where: sql<SqlBool>`true`,
  cifras: sql`coalesce(sum(t.operaciones), 0)::int as operaciones, coalesce(sum(t.volumen_pyg), 0)::text as volumen_pyg, coalesce(sum(t.margen_pyg), 0)::text as margen_pyg`,
  dim: { divisa: sql`t.divisa_id`, metodo: sql`t.metodo_id`, operador: sql`t.operador_id`, tauser: sql`t.tauser_id`, categoria: sql`t.categoria` },
  operacion: sql`t.operacion`,
  volumenDivisa: sql`sum(t.volumen_divisa)`,
  volumenTasa: sql`sum(t.volumen_tasa)`,
  instante: sql`t.hora`,
};

/** True when midnight of `dia` in `tz` falls on a whole UTC hour (every zone in use but a few, Paraguay included). */
function medianocheEnHoraEntera(dia: string, tz: string): boolean {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${dia}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName')?.value;
  return !offset || /^GMT([+-]\d{2}:00)?$/.test(offset);
}

const porHoras = (q: Fuente) => q.from === HORAS.from;

/** The filters as one condition on the source's `t` (business days of `tz`, inclusive). */
function filtro(base: Fuente, f: ReporteFiltros, tz: string, estado: boolean): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [sql<SqlBool>`${base.instante} >= ${DESDE(f, tz)}`, sql<SqlBool>`${base.instante} < ${HASTA(f, tz)}`];
  // On the operations, the state's own partial index (enEstado writes the state into the statement).
  if (estado) parts.push(enEstado(f.estado));
  if (f.divisa !== undefined) parts.push(sql<SqlBool>`${base.dim.divisa} = ${f.divisa}`);
  if (f.operacion !== undefined) parts.push(sql<SqlBool>`${base.operacion} = ${f.operacion}`);
  if (f.metodo !== undefined) parts.push(sql<SqlBool>`${base.dim.metodo} = ${f.metodo}`);
  if (f.operador !== undefined) parts.push(sql<SqlBool>`${base.dim.operador} = ${f.operador}`);
  if (f.tauser !== undefined) parts.push(sql<SqlBool>`${base.dim.tauser} = ${f.tauser}`);
  // An operation keeps its category's name (names never change); the filter names the category by id.
  if (f.categoria) parts.push(sql<SqlBool>`${base.dim.categoria} = ${NOMBRE_DE_CATEGORIA(f.categoria)}`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

const NOMBRE_DE_CATEGORIA = (id: string) => sql`(select k.nombre from categorias_cliente k where k.id_categoria = ${id}::uuid)`;

/**
 * The id of the client category a filter names: its id in any letter case, or its name in any letter
 * case (names are unique regardless of case); undefined when it names none.
 */
export async function idDeCategoria(db: Db, valor: string): Promise<string | undefined> {
  const q = db.selectFrom('categorias_cliente').select(sql<string>`id_categoria::text`.as('id'));
  const row = UUID.test(valor)
    ? await q.where('id_categoria', '=', valor.toLowerCase()).executeTakeFirst()
    : await q.where(sql`lower(nombre)`, '=', valor.toLowerCase()).executeTakeFirst();
  return row?.id;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters over the operations themselves (the listing and the exports' rows). */
export const condicion = (f: ReporteFiltros, tz: string) => filtro(OPERACIONES, f, tz, true);

function fuente(f: ReporteFiltros, tz: string): Fuente {
  const hasta = new Date(Date.parse(`${f.fecha_hasta}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const porHoras = f.estado === 'completada' && medianocheEnHoraEntera(f.fecha_desde, tz) && medianocheEnHoraEntera(hasta, tz);
  const base = porHoras ? HORAS : OPERACIONES;
  return { ...base, where: filtro(base, f, tz, !porHoras) };
}

export interface Cifras {
  operaciones: number;
  volumen_pyg: string;
  margen_pyg: string;
}

export async function resumen(db: Db, f: ReporteFiltros, tz: string): Promise<Cifras> {
  const q = fuente(f, tz);
  const r = await sql<Cifras>`select ${q.cifras} from ${q.from} where ${q.where}`.execute(db);
  return r.rows[0];
}

export interface GrupoRow extends Cifras {
  clave: string;
  etiqueta: string;
  divisa: string | null;
  operacion: 'compra' | 'venta' | null;
  volumen_divisa: string | null;
  tasa_promedio: string | null;
}

/**
 * Per dimension: how the outer query names the grouped key `g.k`, and the key a filter takes (`clave`,
 * the record's id: `g.k` itself but for categories, grouped by the name each operation kept and keyed by
 * the category's id, or by that name should no category bear it).
 */
const DIMENSION: Record<Dimension, { label: RawBuilder<unknown>; join: RawBuilder<unknown>; clave?: RawBuilder<unknown> }> = {
  divisa: { label: sql`d.codigo`, join: sql`join divisas d on d.id = g.k` },
  metodo: { label: sql`m.nombre_display`, join: sql`join metodos_financieros m on m.id = g.k` },
  operador: { label: sql`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username)`, join: sql`join users u on u.id = g.k` },
  tauser: { label: sql`tu.codigo || ' — ' || tu.nombre`, join: sql`join tausers tu on tu.id_tauser = g.k` },
  categoria: { label: sql`g.k`, join: sql`left join categorias_cliente k on k.nombre = g.k`, clave: sql`coalesce(k.id_categoria::text, g.k)` },
};

/**
 * The figures per value of a dimension, largest margin first. Per currency the rows are split by the
 * client's operation (buying and selling rates are not averaged together), with the foreign volume
 * and the applied rate weighted by the foreign amount.
 */
export async function porDimension(db: Db, dim: Dimension, f: ReporteFiltros, tz: string): Promise<GrupoRow[]> {
  const d = DIMENSION[dim];
  const q = fuente(f, tz);
  const porDivisa = dim === 'divisa';
  const r = await sql<GrupoRow>`
    with g as (
      select ${q.dim[dim]} as k, ${porDivisa ? q.operacion : sql`null::varchar`} as op, ${q.cifras},
        ${porDivisa ? q.volumenDivisa : sql`null::numeric`} as vd,
        ${porDivisa ? q.volumenTasa : sql`null::numeric`} as vt
      from ${q.from} where ${q.where}
      group by 1, 2
      having ${porHoras(q) ? sql`sum(t.operaciones) > 0` : sql`true`}
    )
    select ${d.clave ?? sql`g.k::text`} || coalesce(':' || g.op, '') as clave, ${d.label} as etiqueta, g.operaciones, g.volumen_pyg, g.margen_pyg,
      ${porDivisa ? sql`d.codigo` : sql`null`} as divisa, g.op as operacion, g.vd::text as volumen_divisa,
      round(g.vt / nullif(g.vd, 0), 4)::text as tasa_promedio
    from g ${d.join}
    order by g.margen_pyg::numeric desc, etiqueta, g.op`.execute(db);
  return r.rows;
}

/** The filters that name a record by its id, and the SQL type of that id. */
const FILTROS_POR_ID = { divisa: 'int', metodo: 'int', operador: 'int', tauser: 'uuid', categoria: 'uuid' } as const;
export type NombresDeFiltros = Partial<Record<keyof typeof FILTROS_POR_ID, string | null>>;

/**
 * What the screen calls each id filter that is set (the currency's code, the method's, operator's,
 * Tauser's and category's names, as the groupings label them), for the files' head; null for an id
 * that names nothing.
 */
export async function nombresDeFiltros(db: Db, f: ReporteFiltros): Promise<NombresDeFiltros> {
  const dims = (Object.keys(FILTROS_POR_ID) as (keyof typeof FILTROS_POR_ID)[]).filter((d) => f[d] !== undefined);
  if (dims.length === 0) return {};
  const cols = dims.map((d) => {
    if (d === 'categoria') return sql`${NOMBRE_DE_CATEGORIA(f.categoria!)} as ${sql.ref(d)}`;
    const { label, join } = DIMENSION[d];
    return sql`(select ${label} from (select ${f[d]}::${sql.raw(FILTROS_POR_ID[d])} as k) g ${join}) as ${sql.ref(d)}`;
  });
  const r = await sql<NombresDeFiltros>`select ${sql.join(cols)}`.execute(db);
  return r.rows[0];
}

const UNIDAD: Record<Agrupacion, string> = { dia: 'day', semana: 'week', mes: 'month' };

export interface PeriodoRow extends Cifras {
  periodo: string;
}

/** The figures per day, week (from Monday) or month of business time, every period of the range present (zeros when empty). */
export async function evolucion(db: Db, agrupacion: Agrupacion, f: ReporteFiltros, tz: string): Promise<PeriodoRow[]> {
  const unit = sql.lit(UNIDAD[agrupacion]);
  const q = fuente(f, tz);
  const r = await sql<PeriodoRow>`
    with p as (
      select gs::date as periodo
      from generate_series(date_trunc(${unit}, ${f.fecha_desde}::date::timestamp), ${f.fecha_hasta}::date::timestamp, ('1 ' || ${unit})::interval) gs
    ),
    g as (
      select date_trunc(${unit}, ${q.instante} at time zone ${tz})::date as periodo, ${q.cifras}
      from ${q.from} where ${q.where}
      group by 1
    )
    select to_char(p.periodo, 'YYYY-MM-DD') as periodo, coalesce(g.operaciones, 0) as operaciones,
      coalesce(g.volumen_pyg, '0') as volumen_pyg, coalesce(g.margen_pyg, '0') as margen_pyg
    from p left join g on g.periodo = p.periodo
    order by p.periodo`.execute(db);
  return r.rows;
}

export interface LineaRow {
  id: number;
  codigo: string;
  fecha_inicio: Date;
  /** Business time of `tz`, AAAA-MM-DD HH:MM:SS (exports). */
  fecha_local: string;
  /** The keyset cursor of the exports (timestamptz as text keeps the microseconds a Date would drop). */
  cursor: string;
  operacion_cliente: 'compra' | 'venta';
  divisa: string;
  monto_divisa: string;
  monto_pyg: string;
  tasa_aplicada: string;
  precio_base: string;
  margen_pyg: string;
  metodo: string;
  operador: string;
  tauser: string;
  categoria: string;
}

/**
 * The operations in the listing's order. The inner query walks the state's partial index for the page's
 * ids alone (with the keyset or offset); only those rows are joined for their names.
 */
function lineas(db: Db, f: ReporteFiltros, tz: string, extra: RawBuilder<unknown>, limit: number, offset: number) {
  return sql<LineaRow>`
    select t.id, t.codigo, t.fecha_inicio, to_char(t.fecha_inicio at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as fecha_local,
      t.fecha_inicio::text as cursor, t.operacion_cliente, d.codigo as divisa, ${MONTO_DIVISA}::text as monto_divisa,
      t.monto_pyg::text as monto_pyg, t.tasa_aplicada::text as tasa_aplicada, t.precio_base::text as precio_base, ${MARGEN}::text as margen_pyg,
      m.nombre_display as metodo, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as operador,
      tu.codigo as tauser, t.nombre_categoria as categoria
    from (
      select * from transacciones t where ${condicion(f, tz)} ${extra}
      order by t.fecha_inicio desc, t.id desc
      limit ${sql.lit(limit)} offset ${offset}
    ) t
    join divisas d on d.id = ${DIVISA_ID}
    join metodos_financieros m on m.id = t.metodo_financiero_id
    join users u on u.id = t.operador_id
    join tausers tu on tu.id_tauser = t.tauser_id
    order by t.fecha_inicio desc, t.id desc`.execute(db);
}

/** One page of the operations behind the figures, newest first. */
export const paginaDeLineas = (db: Db, f: ReporteFiltros, tz: string, pageSize: number, offset: number) => lineas(db, f, tz, sql``, pageSize, offset);

/** The next `n` operations after the cursor (keyset over the same order): the exports read them in chunks. */
export const lineasDespues = (db: Db, f: ReporteFiltros, tz: string, after: { cursor: string; id: number } | undefined, n: number) =>
  lineas(db, f, tz, after ? sql`and (t.fecha_inicio, t.id) < (${after.cursor}::timestamptz, ${after.id})` : sql``, n, 0);

/**
 * What the XLSX and PDF files hold: the summary, the evolution by the finest grouping that fits
 * (per day up to MAX_PERIODOS days; the export plan refuses a range too long even by month) and
 * every grouping (DIMENSIONES order).
 */
export const reporteCompleto = (db: Db, f: ReporteFiltros, tz: string, agrupacion: Agrupacion) =>
  Promise.all([resumen(db, f, tz), evolucion(db, agrupacion, f, tz), ...DIMENSIONES.map((d) => porDimension(db, d, f, tz))] as const);

export interface StockRow {
  tauser_id: string;
  tauser_codigo: string;
  tauser_nombre: string;
  divisa_id: number;
  divisa: string;
  billetes: number;
  valor: string;
  minimo: string | null;
  bajo: boolean;
}

/**
 * Each active Tauser's notes and their value per currency now. A currency with a threshold appears
 * for every Tauser, held or not: an empty drawer is the lowest stock of all.
 */
export async function stockDeTerminales(db: Db, tauser: string | undefined): Promise<StockRow[]> {
  const r = await sql<StockRow>`
    with s as (
      select st.tauser_id, de.divisa_id, sum(st.cantidad)::int as billetes, sum(st.cantidad::numeric * de.denominacion) as valor
      from tauser_stock st join denominaciones de on de.id = st.denominacion_id
      group by 1, 2
    ),
    pares as (
      select tauser_id, divisa_id from s
      union
      select tu.id_tauser, u.divisa_id from tausers tu cross join umbrales_stock u where tu.is_active
    )
    select tu.id_tauser::text as tauser_id, tu.codigo as tauser_codigo, tu.nombre as tauser_nombre, d.id as divisa_id, d.codigo as divisa,
      coalesce(s.billetes, 0) as billetes, coalesce(s.valor, 0)::text as valor, u.minimo::text as minimo,
      coalesce(coalesce(s.valor, 0) < u.minimo, false) as bajo
    from pares p
    join tausers tu on tu.id_tauser = p.tauser_id
    join divisas d on d.id = p.divisa_id
    left join s on s.tauser_id = p.tauser_id and s.divisa_id = p.divisa_id
    left join umbrales_stock u on u.divisa_id = p.divisa_id
    where tu.is_active ${tauser ? sql`and tu.id_tauser = ${tauser}` : sql``}
    order by tu.codigo, d.codigo`.execute(db);
  return r.rows;
}

export const umbrales = (db: Db) =>
  db
    .selectFrom('umbrales_stock as u')
    .innerJoin('divisas as d', 'd.id', 'u.divisa_id')
    .select(['u.divisa_id', 'd.codigo as divisa', sql<string>`u.minimo::text`.as('minimo')])
    .orderBy('d.codigo')
    .execute();

export const findDivisa = (db: Db, id: number) => db.selectFrom('divisas').select(['id', 'codigo']).where('id', '=', id).executeTakeFirst();

/** The threshold a currency has now (locked until the transaction ends), or undefined when it has none. */
export const umbralParaCambiar = (trx: Db, divisaId: number) =>
  trx.selectFrom('umbrales_stock').select(sql<string>`minimo::text`.as('minimo')).where('divisa_id', '=', divisaId).forUpdate().executeTakeFirst();

export const guardarUmbral = (db: Db, divisaId: number, minimo: string) =>
  db
    .insertInto('umbrales_stock')
    .values({ divisa_id: divisaId, minimo })
    .onConflict((oc) => oc.column('divisa_id').doUpdateSet({ minimo, updated_at: sql`now()` }))
    .execute();
