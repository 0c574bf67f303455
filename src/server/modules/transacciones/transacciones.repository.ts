import { sql, type Compilable, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db';
import type { Insertable, QueryCreator, Updateable } from 'kysely';
import { sqlText } from '../../db/sqlText';
import type { Database, TransaccionesTable } from '../../db/types';
import { auditOfInserted } from '../../lib/audit';
import { PAGE_SIZE, firstPageWithTotal, pagedQuery, type Count, type WithTotal } from '../../lib/pagination';
import { containsPattern } from '../../lib/search';
import { TRANSITIONS, VALIDEZ_HORAS, type EstadoTransaccion, type Transicion } from '../../../shared/transacciones';
import { CODIGO_ALFABETO, CODIGO_LARGO } from './codigo';

/**
 * The state as every read presents it: a pendiente or en_proceso row past `expira_en` is expirada,
 * whether or not the sweeper has marked it yet.
 */
const ESTADO_VISTO = sql<EstadoTransaccion>`case when t.estado in ('pendiente', 'en_proceso') and t.expira_en <= now() then 'expirada' else t.estado end`;

/** Rows in `estado` as presented (see ESTADO_VISTO), usable on the indexes of the table. */
export function enEstado(estado: EstadoTransaccion): Expression<SqlBool> {
  // The state is written into the statement (one of six validated values): each state's query
  // matches its own partial index (migration 2026112420_listas_por_estado).
  const e = sql.lit(estado);
  if (estado === 'pendiente' || estado === 'en_proceso') return sql<SqlBool>`(t.estado = ${e} and t.expira_en > now())`;
  if (estado === 'expirada') return sql<SqlBool>`(t.estado = 'expirada' or (t.estado in ('pendiente', 'en_proceso') and t.expira_en <= now()))`;
  return sql<SqlBool>`t.estado = ${e}`;
}

/** The CTEs that return the row insertarTransaccion writes, the row transicionar changes, and a deep page's rows. */
const INSERTADA = 'insertada';
const ACTUALIZADA = 'actualizada';
const PAGINA = 'pagina';

/**
 * A transaction as every read presents it: with its client, currencies, Tauser, operator and method.
 * `from` is the table, or a CTE of the same statement that returns whole transaction rows (the row
 * just inserted or changed, see insertarTransaccion and transicionar).
 */
export function selectTransacciones(db: QueryCreator<Database>, from: 'transacciones' | typeof INSERTADA | typeof ACTUALIZADA | typeof PAGINA = 'transacciones') {
  return db
    .selectFrom(`${from} as t` as 'transacciones as t')
    .innerJoin('clientes as c', 'c.id_cliente', 't.cliente_id')
    .innerJoin('divisas as dor', 'dor.id', 't.divisa_origen_id')
    .innerJoin('divisas as dde', 'dde.id', 't.divisa_destino_id')
    .innerJoin('tausers as tu', 'tu.id_tauser', 't.tauser_id')
    .innerJoin('users as u', 'u.id', 't.operador_id')
    .innerJoin('metodos_financieros as m', 'm.id', 't.metodo_financiero_id')
    .leftJoin('metodo_financiero_detalle as md', 'md.id', 't.detalle_metodo_id')
    .select([
      't.id', 't.codigo', 't.cliente_id', 'c.nombre as cliente_nombre', 't.operador_id', 't.operacion_cliente',
      't.divisa_origen_id', 't.divisa_destino_id', 't.monto_origen', 't.monto_destino', 't.monto_pyg', 't.tasa_aplicada',
      't.tasa_inicial', 't.monto_destino_inicial', 't.precio_base', 't.comision_base', 't.nombre_categoria',
      't.descuento_categoria', 't.metodo_financiero_id', 't.detalle_metodo_id', 't.comision_metodo', 't.tauser_id',
      ESTADO_VISTO.as('estado'), 't.terminos_aceptados', 't.motivo', 't.fecha_inicio', 't.expira_en', 't.fecha_pago', 't.fecha_fin',
      'dor.codigo as origen_codigo', 'dor.simbolo as origen_simbolo', 'dde.codigo as destino_codigo', 'dde.simbolo as destino_simbolo',
      'tu.codigo as tauser_codigo', 'tu.nombre as tauser_nombre', 'tu.direccion as tauser_direccion', 'tu.ciudad as tauser_ciudad',
      'tu.departamento as tauser_departamento', 'u.first_name as operador_first_name', 'u.last_name as operador_last_name',
      'm.nombre as metodo_nombre', 'm.nombre_display as metodo_nombre_display', 'md.alias as detalle_alias', 't.entrega', 't.reserva', 't.plan_pago',
    ]);
}
export type TransaccionRow = Awaited<ReturnType<ReturnType<typeof selectTransacciones>['executeTakeFirstOrThrow']>>;

/**
 * selectTransacciones as SQL text (db/sqlText.ts): over the table for the first page of every list,
 * over the row an insert or a transition of the same statement returns for its read-back.
 */
const SELECT_TRANSACCIONES = sqlText((d) => selectTransacciones(d));
const SELECT_INSERTADA = sqlText((d) => selectTransacciones(d, INSERTADA));
const SELECT_ACTUALIZADA = sqlText((d) => selectTransacciones(d, ACTUALIZADA));

export const findTransaccion = (db: Db, id: number) => selectTransacciones(db).where('t.id', '=', id).executeTakeFirst();

/** The filters of a list (dates are business days of `tz`). */
export type TransaccionFilters = {
  /** Only these clients (a customer's assigned ones). */
  usuarioAsignado?: number;
  cliente_id?: string;
  divisa?: number;
  fecha_desde?: string;
  fecha_hasta?: string;
  /** A transaction code or part of one, as typed (any letter case). */
  codigo?: string;
  tz: string;
  estado?: EstadoTransaccion;
};

const CODIGO_ENTERO = new RegExp(`^[${CODIGO_ALFABETO}]{${CODIGO_LARGO}}$`, 'i');

/** The filters as one condition on `t` (dates are business days of `tz`), for the count and the page alike. */
function condicion(f: TransaccionFilters): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (f.usuarioAsignado !== undefined) {
    parts.push(sql<SqlBool>`t.cliente_id in (select uc.cliente_id from user_clientes uc where uc.user_id = ${f.usuarioAsignado})`);
  }
  if (f.cliente_id !== undefined) parts.push(sql<SqlBool>`t.cliente_id = ${f.cliente_id}`);
  if (f.codigo !== undefined) {
    // A whole code (as on the receipt) through the unique index; part of one by ILIKE.
    parts.push(CODIGO_ENTERO.test(f.codigo) ? sql<SqlBool>`t.codigo = ${f.codigo.toUpperCase()}` : sql<SqlBool>`t.codigo ilike ${containsPattern(f.codigo)}`);
  }
  if (f.estado) parts.push(enEstado(f.estado));
  if (f.divisa !== undefined) parts.push(sql<SqlBool>`(t.divisa_origen_id = ${f.divisa} or t.divisa_destino_id = ${f.divisa})`);
  if (f.fecha_desde !== undefined) parts.push(sql<SqlBool>`t.fecha_inicio >= (${f.fecha_desde}::date)::timestamp at time zone ${f.tz}`);
  if (f.fecha_hasta !== undefined) parts.push(sql<SqlBool>`t.fecha_inicio < (${f.fecha_hasta}::date + 1)::timestamp at time zone ${f.tz}`);
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
}

/**
 * With no filter or only a state, the exact count comes from the totals kept by a per-statement trigger
 * (transacciones_conteo, migration 2026112600) instead of counting up to a million rows. A pending or
 * in-process row past its expiry already reads as expired (enEstado): those few are moved across
 * through the partial index transacciones_vigentes_idx.
 */
export function keptCount(db: Db, f: TransaccionFilters): Count | undefined {
  const others = f.usuarioAsignado !== undefined || f.cliente_id !== undefined || f.codigo !== undefined || f.divisa !== undefined || f.fecha_desde !== undefined || f.fecha_hasta !== undefined;
  if (others) return undefined;
  const kept = (estados: string[]) => sql`(select coalesce(sum(n), 0) from transacciones_conteo where estado in (${sql.join(estados)}))`;
  const vencidas = (estados: string[]) =>
    sql`(select count(*) from transacciones t where t.estado in ('pendiente', 'en_proceso') and t.expira_en <= now() and t.estado in (${sql.join(estados)}))`;
  const e = f.estado;
  if (!e) return { kept: kept(['pendiente', 'en_proceso', 'completada', 'cancelada', 'expirada', 'fallida']), db };
  if (e === 'pendiente' || e === 'en_proceso') return { kept: sql`(${kept([e])} - ${vencidas([e])})`, db };
  if (e === 'expirada') return { kept: sql`(${kept(['expirada'])} + ${vencidas(['pendiente', 'en_proceso'])})`, db };
  return { kept: kept([e]), db };
}

/** The filtered set without joins: what the count reads. */
export const filteredTransacciones = (db: Db, f: TransaccionFilters) => db.selectFrom('transacciones as t').where(condicion(f));

/** The page: the same filters over the full select, newest first (index transacciones_fecha_idx and friends). */
export const pageQuery = (db: Db, f: TransaccionFilters) =>
  selectTransacciones(db).where(condicion(f)).orderBy('t.fecha_inicio', 'desc').orderBy('t.id', 'desc');

/** The ids of one page in the list's order, from the filter's index; `offset` undefined on the first page. */
function idsDePagina(db: Db, f: TransaccionFilters, offset: number | undefined) {
  if (f.estado !== 'expirada') {
    const page = db.selectFrom('transacciones as t').select('t.id').where(condicion(f)).orderBy('t.fecha_inicio', 'desc').orderBy('t.id', 'desc').limit(sql.lit(PAGE_SIZE));
    return offset === undefined ? page : page.offset(offset);
  }
  // Expired rows, and overdue ones the sweeper has not marked yet: an OR over both would walk the date
  // index past every row of the last 24 h (none can have expired). Each part walks its own index for
  // at most offset + page rows; the two are merged in the list's order.
  const hasta = offset === undefined ? sql.lit(PAGE_SIZE) : sql<number>`${offset}::bigint + ${sql.lit(PAGE_SIZE)}`;
  const parte = (estado: Expression<SqlBool>) =>
    db
      .selectFrom((d) =>
        d
          .selectFrom('transacciones as t')
          .select(['t.id', 't.fecha_inicio'])
          .where(condicion({ ...f, estado: undefined }))
          .where(estado)
          .orderBy('t.fecha_inicio', 'desc')
          .orderBy('t.id', 'desc')
          .limit(hasta)
          .as('p'),
      )
      .selectAll();
  const ambas = parte(sql<SqlBool>`t.estado = 'expirada'`).unionAll(parte(sql<SqlBool>`(t.estado in ('pendiente', 'en_proceso') and t.expira_en <= now())`));
  const page = db.selectFrom(ambas.as('u')).select('u.id').orderBy('u.fecha_inicio', 'desc').orderBy('u.id', 'desc').limit(sql.lit(PAGE_SIZE));
  return offset === undefined ? page : page.offset(offset);
}

/**
 * A page as a deferred join: the offset walks the filter's index for ids alone, and only the page's
 * rows are read and joined (the plain query joined every skipped row: 330 ms at offset 50 000 of one
 * state). Every page past the first, and every page of expirada (see idsDePagina).
 */
export function deepPageQuery(db: Db, f: TransaccionFilters, offset: number | undefined) {
  const conCte = db
    .with((cte) => cte('ids').materialized(), () => idsDePagina(db, f, offset))
    .with(PAGINA, (d) => d.selectFrom('ids').innerJoin('transacciones as t', 't.id', 'ids.id').selectAll('t'));
  return selectTransacciones(conCte as unknown as QueryCreator<Database>, PAGINA).orderBy('t.fecha_inicio', 'desc').orderBy('t.id', 'desc');
}

/**
 * What a page of a list runs, its rows carrying the total (lib/pagination.ts paginateStatement): the
 * first page straight from the filter's index, later pages (and every page of expirada) as a deferred
 * join; the total from the kept totals per state when only the state filters (keptCount), else a
 * count over the same filters.
 */
export function paginaDeTransacciones(db: Db, page: number, f: TransaccionFilters): { statement: Compilable<WithTotal<TransaccionRow>>; count: Count; alreadyPaged: boolean } {
  const count = keptCount(db, f) ?? filteredTransacciones(db, f);
  const offset = page === 1 ? undefined : (page - 1) * PAGE_SIZE;
  if (offset === undefined && f.estado !== 'expirada') {
    const first = sql<TransaccionRow>`${SELECT_TRANSACCIONES} where ${condicion(f)} order by t.fecha_inicio desc, t.id desc limit ${sql.lit(PAGE_SIZE)}`;
    return { statement: firstPageWithTotal(db, first, sql`p.fecha_inicio desc, p.id desc`, count), count, alreadyPaged: false };
  }
  return { statement: pagedQuery(deepPageQuery(db, f, offset), page, count, { alreadyPaged: true }) as Compilable<WithTotal<TransaccionRow>>, count, alreadyPaged: true };
}

/**
 * The client row, locked until the end of the transaction so that one client's limits are checked one
 * operation at a time, and the configured limits, in one statement. The limits are those of the
 * statement's start, which may precede a wait for the lock: the same as a change of limits committed
 * between the check and the operation's commit, which the limits row does not prevent either. What
 * must be read after the lock, the amounts the client has already committed, has its own statement
 * (usadoPyg). FOR UPDATE, not a weaker mode: it also waits for the key-share lock that the
 * foreign-key check of any operation in flight holds on the client (one inserted without limits,
 * which takes no lock of its own), so the amounts read after it include that operation.
 */
export const lockClienteConLimites = (db: Db, clienteId: string) =>
  db
    .selectFrom('clientes as c')
    .leftJoin('limite_config as l', (j) => j.on('l.id', '=', sql.lit(1)))
    .select(['c.id_cliente', 'l.limite_diario', 'l.limite_mensual'])
    .where('c.id_cliente', '=', clienteId)
    .forUpdate('c')
    .executeTakeFirst();

/**
 * The guaraní side a client has committed in one business day and month of `tz` (those of `en`, else
 * of now): completed transactions and those still pendiente or en_proceso (not overdue). An operation
 * counts in the day and month it was created; a payment checks that day and month (`en` its
 * fecha_inicio) and leaves itself out (`exceptId`).
 */
export async function usadoPyg(db: Db, clienteId: string, tz: string, dondeCuenta: { exceptId?: number; en?: string } = {}) {
  const local = sql`(${dondeCuenta.en ? sql`${dondeCuenta.en}::timestamptz` : sql`now()`} at time zone ${tz})`;
  const entre = (unidad: 'day' | 'month') =>
    sql<SqlBool>`(t.fecha_inicio >= date_trunc(${unidad}, ${local}) at time zone ${tz}
      and t.fecha_inicio < (date_trunc(${unidad}, ${local}) + ${unidad === 'day' ? sql`interval '1 day'` : sql`interval '1 month'`}) at time zone ${tz})`;
  let q = db
    .selectFrom('transacciones as t')
    .select([sql<string>`coalesce(sum(t.monto_pyg) filter (where ${entre('day')}), 0)`.as('dia'), sql<string>`coalesce(sum(t.monto_pyg), 0)`.as('mes')])
    .where('t.cliente_id', '=', clienteId)
    .where(entre('month'))
    .where(sql<SqlBool>`(t.estado = 'completada' or (t.estado in ('pendiente', 'en_proceso') and t.expira_en > now()))`);
  if (dondeCuenta.exceptId !== undefined) q = q.where('t.id', '<>', dondeCuenta.exceptId);
  return q.executeTakeFirstOrThrow();
}

/**
 * Paid operations (not overdue) no terminal has completed yet, in a currency (either side) or at a
 * terminal: the notes they pay out or take in, and the kiosk they are collected at, must stay in use.
 */
export async function pagadasSinCompletar(db: Db, donde: { divisaId: number } | { tauserId: string }): Promise<number> {
  const { n } = await db
    .selectFrom('transacciones')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('estado', '=', 'en_proceso')
    .where(sql<SqlBool>`expira_en > now()`)
    .where((eb) =>
      'tauserId' in donde ? eb('tauser_id', '=', donde.tauserId) : eb.or([eb('divisa_origen_id', '=', donde.divisaId), eb('divisa_destino_id', '=', donde.divisaId)]),
    )
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** What an operation writes; the database fills in the rest (code aside: the caller draws it). */
export type NuevaTransaccion = Required<Pick<Insertable<TransaccionesTable>,
  | 'cliente_id' | 'operador_id' | 'operacion_cliente' | 'divisa_origen_id' | 'divisa_destino_id' | 'monto_origen' | 'monto_destino'
  | 'monto_pyg' | 'tasa_aplicada' | 'tasa_inicial' | 'monto_destino_inicial' | 'precio_base' | 'comision_base' | 'nombre_categoria'
  | 'descuento_categoria' | 'metodo_financiero_id' | 'detalle_metodo_id' | 'comision_metodo' | 'tauser_id' | 'terminos_aceptados'
>>;

/**
 * Inserts a transaction with `codigo`, valid `VALIDEZ_HORAS` hours, writes its audit entry and reads
 * it back as every read presents it, in one statement. A code already taken yields no row (the
 * caller draws another) and no audit entry.
 */
export async function insertarTransaccion(db: Db, codigo: string, values: NuevaTransaccion): Promise<TransaccionRow | undefined> {
  const insertada = db
    .insertInto('transacciones')
    .values({ ...values, codigo, expira_en: sql<Date>`now() + make_interval(hours => ${VALIDEZ_HORAS})` })
    .onConflict((oc) => oc.column('codigo').doNothing())
    .returningAll();
  const auditada = auditOfInserted(INSERTADA, { actorId: values.operador_id, action: 'create', entity: 'transaccion', after: JSON.stringify(values) }, ['codigo'])(db);
  const { rows } = await sql<TransaccionRow>`with ${sql.id(INSERTADA)} as (${insertada}), auditada as (${auditada}) ${SELECT_INSERTADA}`.execute(db);
  return rows[0];
}

/**
 * One conditional UPDATE per transition (docs/architecture.md "State machines"): it applies only
 * when the row is still in `desde`, the state the caller read and checked (one of the transition's
 * `from` states), and not overdue; it gives the changed row back as every read presents it, in the
 * same statement. No row back → the caller reads why. So the audit's `before` is the state replaced:
 * a cancellation that crosses a payment is refused, not recorded as the cancellation of an unpaid one.
 */
export async function transicionar(
  db: Db,
  id: number,
  accion: Exclude<Transicion, 'expirar'>,
  desde: string,
  set: Omit<Updateable<TransaccionesTable>, 'estado' | 'fecha_pago' | 'fecha_fin' | 'updated_at'> & { fecha_pago?: boolean; fecha_fin?: boolean } = {},
): Promise<TransaccionRow | undefined> {
  const { from, to } = TRANSITIONS[accion];
  if (!(from as readonly string[]).includes(desde)) return undefined;
  const { fecha_pago, fecha_fin, ...cols } = set;
  const actualizada = db
    .updateTable('transacciones as t')
    .set({
      ...cols,
      estado: to,
      updated_at: sql`now()`,
      ...(fecha_pago ? { fecha_pago: sql`now()` } : {}),
      ...(fecha_fin ? { fecha_fin: sql`now()` } : {}),
    })
    .where('t.id', '=', id)
    .where('t.estado', '=', desde as EstadoTransaccion)
    .where(sql<SqlBool>`t.expira_en > now()`)
    .returningAll('t');
  const { rows } = await sql<TransaccionRow>`with ${sql.id(ACTUALIZADA)} as (${actualizada}) ${SELECT_ACTUALIZADA}`.execute(db);
  return rows[0];
}

/**
 * The sweeper's step: overdue pendiente/en_proceso rows become expirada, at most `batch` at a time.
 * Rows another process holds are skipped (it is handling them), so several processes never do the
 * same work or wait on each other; the WHERE is re-checked on update, so nothing is lost. The batch
 * is locked once (a materialized CTE): as an `IN (subquery)` a fresh table without statistics was
 * planned as a nested loop that locked the batch again for every candidate row (seconds per batch).
 */
export async function expirarVencidas(db: Db, batch = 1000): Promise<number> {
  const res = await sql<{ id: number }>`
    with lote as materialized (
      select id from transacciones
      where estado in ('pendiente', 'en_proceso') and expira_en <= now()
      order by expira_en
      limit ${batch}
      for update skip locked
    )
    update transacciones t set estado = 'expirada', fecha_fin = t.expira_en, updated_at = now()
    from lote where t.id = lote.id and t.estado in ('pendiente', 'en_proceso') and t.expira_en <= now()
    returning t.id`.execute(db);
  return res.rows.length;
}

/** Marks one overdue row expirada (a transition that found it overdue records it at once). */
export const expirarSiVencida = (db: Db, id: number) =>
  db
    .updateTable('transacciones')
    .set({ estado: 'expirada', fecha_fin: sql`expira_en`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('estado', 'in', ['pendiente', 'en_proceso'])
    .where(sql<SqlBool>`expira_en <= now()`)
    .execute();

// ---- Idempotency-Key ----

/** Claims the key; waits for a concurrent holder to finish. No row back → the key was already used. */
export const reservarClave = (db: Db, userId: number, key: string, hash: string) =>
  db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: hash })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();

export const findClave = (db: Db, userId: number, key: string) =>
  db.selectFrom('idempotency_keys').select(['request_hash', 'transaccion_id']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();

export const asociarClave = (db: Db, userId: number, key: string, transaccionId: number) =>
  db.updateTable('idempotency_keys').set({ transaccion_id: transaccionId }).where('user_id', '=', userId).where('key', '=', key).execute();

/** Where a user's mail goes (the receipt of an operation they made). */
export async function emailDeUsuario(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email || undefined;
}
