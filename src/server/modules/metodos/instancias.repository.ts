import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { contieneSinAcentos } from '../../lib/search';

/** Columns of the detail, its method and the client, shared by every instance query (prefixed). */
const DETALLE_COLS = [
  'd.id as d_id', 'd.cliente_id as d_cliente', 'cl.nombre as d_cliente_nombre', 'd.es_cuenta_casa as d_casa', 'd.metodo_financiero_id as d_metodo',
  'm.nombre as m_nombre', 'm.nombre_display as d_metodo_nombre', 'd.alias as d_alias', 'd.is_active as d_activo', 'd.desactivado_por_catalogo as d_por_catalogo',
  'm.permite_cobro as m_permite_cobro', 'm.permite_pago as m_permite_pago', 'm.comision_cobro_porcentaje as m_cobro', 'm.comision_pago_porcentaje as m_pago',
] as const;

/** Who may see rows: staff of the kind see all; anyone else only the clients assigned to them. */
export interface Visibility {
  userId: number;
  staff: boolean;
}

export interface InstanciaFilters {
  search?: string;
  cliente?: string;
  es_cuenta_casa?: boolean;
  is_active?: boolean;
}

type WithDetalle = Database & { d: Database['metodo_financiero_detalle'] };

function scoped<QB extends SelectQueryBuilder<any, any, any>>(q: QB, v: Visibility, f: InstanciaFilters): QB { // eslint-disable-line @typescript-eslint/no-explicit-any -- any instance table joined with `d`
  let out = q as unknown as SelectQueryBuilder<WithDetalle, 'd', object>;
  if (!v.staff) {
    out = out.where('d.cliente_id', 'in', (eb: ExpressionBuilder<WithDetalle, 'd'>) => eb.selectFrom('user_clientes').select('cliente_id').where('user_id', '=', v.userId));
  }
  if (f.cliente) out = out.where('d.cliente_id', '=', f.cliente);
  if (f.es_cuenta_casa !== undefined) out = out.where('d.es_cuenta_casa', '=', f.es_cuenta_casa);
  if (f.is_active !== undefined) out = out.where('d.is_active', '=', f.is_active);
  return out as unknown as QB;
}

// ---- Bank accounts ----

const cuentasFrom = (db: Db) =>
  db
    .selectFrom('cuentas_bancarias as x')
    .innerJoin('metodo_financiero_detalle as d', 'd.id', 'x.metodo_financiero_detalle_id')
    .innerJoin('metodos_financieros as m', 'm.id', 'd.metodo_financiero_id')
    .innerJoin('bancos as c', 'c.id', 'x.banco_id')
    .leftJoin('clientes as cl', 'cl.id_cliente', 'd.cliente_id');

const CUENTA_COLS = [
  'x.id', 'x.banco_id as banco', 'c.nombre as banco_nombre', 'c.cvu as banco_cvu', 'x.numero_cuenta', 'x.titular', 'x.cbu_cvu',
  'x.metodo_financiero_detalle_id as metodo_financiero_detalle', 'c.comision_compra as c_compra', 'c.comision_venta as c_venta',
  'c.comision_personalizada_compra as c_pers_compra', 'c.comision_personalizada_venta as c_pers_venta', 'c.is_active as c_activo', ...DETALLE_COLS,
] as const;

export function filteredCuentas(db: Db, v: Visibility, f: InstanciaFilters) {
  let q = scoped(cuentasFrom(db), v, f);
  if (f.search) {
    q = q.where(contieneSinAcentos(['d.alias', 'c.nombre', 'x.numero_cuenta', 'x.titular', 'x.cbu_cvu'], f.search));
  }
  return q;
}
export const selectCuentas = (q: ReturnType<typeof filteredCuentas>) => q.select(CUENTA_COLS).orderBy('x.id');
export const findCuenta = (db: Db, id: number) => cuentasFrom(db).select(CUENTA_COLS).where('x.id', '=', id).executeTakeFirst();
export type CuentaRow = NonNullable<Awaited<ReturnType<typeof findCuenta>>>;

// ---- Digital wallets ----

const billeterasFrom = (db: Db) =>
  db
    .selectFrom('billeteras_digitales as x')
    .innerJoin('metodo_financiero_detalle as d', 'd.id', 'x.metodo_financiero_detalle_id')
    .innerJoin('metodos_financieros as m', 'm.id', 'd.metodo_financiero_id')
    .innerJoin('billeteras_catalogo as c', 'c.id', 'x.plataforma_id')
    .leftJoin('clientes as cl', 'cl.id_cliente', 'd.cliente_id');

const BILLETERA_COLS = [
  'x.id', 'x.plataforma_id as plataforma', 'c.nombre as plataforma_nombre', 'x.usuario_id', 'x.email', 'x.telefono',
  'x.metodo_financiero_detalle_id as metodo_financiero_detalle', 'c.comision_compra as c_compra', 'c.comision_venta as c_venta',
  'c.comision_personalizada_compra as c_pers_compra', 'c.comision_personalizada_venta as c_pers_venta', 'c.is_active as c_activo', ...DETALLE_COLS,
] as const;

export function filteredBilleteras(db: Db, v: Visibility, f: InstanciaFilters) {
  let q = scoped(billeterasFrom(db), v, f);
  if (f.search) {
    q = q.where(contieneSinAcentos(['d.alias', 'c.nombre', 'x.usuario_id', 'x.email', 'x.telefono'], f.search));
  }
  return q;
}
export const selectBilleteras = (q: ReturnType<typeof filteredBilleteras>) => q.select(BILLETERA_COLS).orderBy('x.id');
export const findBilletera = (db: Db, id: number) => billeterasFrom(db).select(BILLETERA_COLS).where('x.id', '=', id).executeTakeFirst();
export type BilleteraRow = NonNullable<Awaited<ReturnType<typeof findBilletera>>>;

// ---- Cards ----

const tarjetasFrom = (db: Db) =>
  db
    .selectFrom('tarjetas as x')
    .innerJoin('metodo_financiero_detalle as d', 'd.id', 'x.metodo_financiero_detalle_id')
    .innerJoin('metodos_financieros as m', 'm.id', 'd.metodo_financiero_id')
    .leftJoin('tarjetas_catalogo as c', 'c.id', 'x.marca_id')
    .leftJoin('clientes as cl', 'cl.id_cliente', 'd.cliente_id');

const TARJETA_COLS = [
  'x.id', 'x.tipo', 'x.payment_method_id', 'x.brand', 'x.marca_id as marca', 'c.marca as marca_nombre', 'x.last4', 'x.exp_month', 'x.exp_year', 'x.titular',
  'x.metodo_financiero_detalle_id as metodo_financiero_detalle', 'c.comision_compra as c_compra', 'c.comision_venta as c_venta',
  'c.comision_personalizada_compra as c_pers_compra', 'c.comision_personalizada_venta as c_pers_venta', 'c.is_active as c_activo', ...DETALLE_COLS,
] as const;

export function filteredTarjetas(db: Db, v: Visibility, f: InstanciaFilters) {
  let q = scoped(tarjetasFrom(db), v, f);
  if (f.search) {
    q = q.where(contieneSinAcentos(['d.alias', 'x.brand', 'c.marca', 'x.last4', 'x.titular'], f.search));
  }
  return q;
}
export const selectTarjetas = (q: ReturnType<typeof filteredTarjetas>) => q.select(TARJETA_COLS).orderBy('x.id');
export const findTarjeta = (db: Db, id: number) => tarjetasFrom(db).select(TARJETA_COLS).where('x.id', '=', id).executeTakeFirst();
export type TarjetaRow = NonNullable<Awaited<ReturnType<typeof findTarjeta>>>;

// ---- Details ----

const detallesFrom = (db: Db) =>
  db
    .selectFrom('metodo_financiero_detalle as d')
    .innerJoin('metodos_financieros as m', 'm.id', 'd.metodo_financiero_id')
    .leftJoin('clientes as cl', 'cl.id_cliente', 'd.cliente_id');

/** Details: staff see the kinds (method names) they may view; anyone also sees their clients' rows. */
export function filteredDetalles(db: Db, userId: number, staffMetodos: string[], f: InstanciaFilters) {
  let q = detallesFrom(db).where((eb) =>
    eb.or([
      eb('d.cliente_id', 'in', eb.selectFrom('user_clientes').select('cliente_id').where('user_id', '=', userId)),
      ...(staffMetodos.length ? [eb('m.nombre', 'in', staffMetodos)] : []),
    ]),
  );
  if (f.cliente) q = q.where('d.cliente_id', '=', f.cliente);
  if (f.es_cuenta_casa !== undefined) q = q.where('d.es_cuenta_casa', '=', f.es_cuenta_casa);
  if (f.is_active !== undefined) q = q.where('d.is_active', '=', f.is_active);
  if (f.search) {
    q = q.where(contieneSinAcentos(['d.alias', 'm.nombre_display', 'cl.nombre'], f.search));
  }
  return q;
}
export const selectDetalles = (q: ReturnType<typeof filteredDetalles>) => q.select(DETALLE_COLS).orderBy('d.id');
export const findDetalle = (db: Db, id: number) => detallesFrom(db).select(DETALLE_COLS).where('d.id', '=', id).executeTakeFirst();
export type DetalleRow = NonNullable<Awaited<ReturnType<typeof findDetalle>>>;

export const lockDetalleRow = (db: Db, id: number) =>
  db.selectFrom('metodo_financiero_detalle').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const insertDetalle = (db: Db, v: { cliente_id: string | null; es_cuenta_casa: boolean; metodo_financiero_id: number; alias: string; is_active: boolean }) =>
  db.insertInto('metodo_financiero_detalle').values(v).returning('id').executeTakeFirstOrThrow();

export const updateDetalleRow = (db: Db, id: number, set: { alias?: string; is_active?: boolean }) =>
  db.updateTable('metodo_financiero_detalle').set({ ...set, updated_at: sql`now()` }).where('id', '=', id).execute();

/** The account, wallet or card already hanging from a detail, if any. */
export async function detalleOcupado(db: Db, detalleId: number): Promise<boolean> {
  const r = await sql<{ n: number }>`select
      (select count(*) from cuentas_bancarias where metodo_financiero_detalle_id = ${detalleId})
    + (select count(*) from billeteras_digitales where metodo_financiero_detalle_id = ${detalleId})
    + (select count(*) from tarjetas where metodo_financiero_detalle_id = ${detalleId}) as n`.execute(db);
  return Number(r.rows[0].n) > 0;
}

/** The catalogue entry an instance points at (for reactivation), by the detail id. */
export async function catalogoDeDetalle(db: Db, detalleId: number): Promise<{ tabla: 'bancos' | 'billeteras_catalogo' | 'tarjetas_catalogo'; id: number } | null> {
  const c = await db.selectFrom('cuentas_bancarias').select('banco_id').where('metodo_financiero_detalle_id', '=', detalleId).executeTakeFirst();
  if (c) return { tabla: 'bancos', id: c.banco_id };
  const b = await db.selectFrom('billeteras_digitales').select('plataforma_id').where('metodo_financiero_detalle_id', '=', detalleId).executeTakeFirst();
  if (b) return { tabla: 'billeteras_catalogo', id: b.plataforma_id };
  const t = await db.selectFrom('tarjetas').select('marca_id').where('metodo_financiero_detalle_id', '=', detalleId).executeTakeFirst();
  if (t?.marca_id) return { tabla: 'tarjetas_catalogo', id: t.marca_id };
  return null;
}

export const insertCuenta = (db: Db, v: { banco_id: number; numero_cuenta: string; titular: string; cbu_cvu: string; metodo_financiero_detalle_id: number }) =>
  db.insertInto('cuentas_bancarias').values(v).returning('id').executeTakeFirstOrThrow();
export const updateCuentaRow = (db: Db, id: number, v: { banco_id: number; numero_cuenta: string; titular: string; cbu_cvu: string }) =>
  db.updateTable('cuentas_bancarias').set(v).where('id', '=', id).execute();

export const insertBilletera = (db: Db, v: { plataforma_id: number; usuario_id: string; email: string; telefono: string | null; metodo_financiero_detalle_id: number }) =>
  db.insertInto('billeteras_digitales').values(v).returning('id').executeTakeFirstOrThrow();
export const updateBilleteraRow = (db: Db, id: number, v: { plataforma_id: number; usuario_id: string; email: string; telefono: string | null }) =>
  db.updateTable('billeteras_digitales').set(v).where('id', '=', id).execute();

export interface TarjetaValues {
  tipo: 'STRIPE' | 'LOCAL';
  payment_method_id: string;
  brand: string;
  marca_id: number | null;
  last4: string;
  exp_month: number;
  exp_year: number;
  titular: string;
}
export const insertTarjeta = (db: Db, v: TarjetaValues & { metodo_financiero_detalle_id: number }) =>
  db.insertInto('tarjetas').values(v).returning('id').executeTakeFirstOrThrow();
export const updateTarjetaRow = (db: Db, id: number, v: TarjetaValues) => db.updateTable('tarjetas').set(v).where('id', '=', id).execute();

export const lockInstancia = (db: Db, table: 'cuentas_bancarias' | 'billeteras_digitales' | 'tarjetas', id: number) =>
  db.selectFrom(table as 'cuentas_bancarias').select(['id', 'metodo_financiero_detalle_id']).where('id', '=', id).forUpdate().executeTakeFirst();

// ---- Clients and ownership ----

export const clienteAsignado = async (db: Db, userId: number, clienteId: string) =>
  !!(await db.selectFrom('user_clientes').select('cliente_id').where('user_id', '=', userId).where('cliente_id', '=', clienteId).executeTakeFirst());

export const tieneClientes = async (db: Db, userId: number) =>
  !!(await db.selectFrom('user_clientes').select('cliente_id').where('user_id', '=', userId).limit(1).executeTakeFirst());

export const clienteActualDe = async (db: Db, userId: number) =>
  (await db.selectFrom('users').select('cliente_actual_id').where('id', '=', userId).executeTakeFirst())?.cliente_actual_id ?? null;

export const findCliente = (db: Db, id: string) => db.selectFrom('clientes').select(['id_cliente', 'is_active']).where('id_cliente', '=', id).executeTakeFirst();
