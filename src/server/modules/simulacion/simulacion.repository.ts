import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../../db';
import type { MetodosFinancierosTable } from '../../db/types';
import { queryTemplate } from '../../lib/queryTemplate';

const selectDivisasConTasa = (db: Db) =>
  db
    .selectFrom('divisas as d')
    .leftJoin('tasas as t', 't.divisa_id', 'd.id')
    .select([
      'd.id', 'd.codigo', 'd.nombre', 'd.simbolo', 'd.es_base', 'd.is_active',
      't.activo as tasa_activa', 't.precio_base', 't.comision_base_compra', 't.comision_base_venta',
    ]);

/** The two currencies of an operation with their rates (null when none), in one statement. */
const divisasPorId = queryTemplate((db, v: { a: number; b: number }) => selectDivisasConTasa(db).where('d.id', 'in', [v.a, v.b]));
export async function dosDivisasConTasa(db: Db, a: number, b: number) {
  const rows = await divisasPorId.execute(db, { a, b });
  return [rows.find((r) => r.id === a), rows.find((r) => r.id === b)] as const;
}

/** Every currency with its rate: the pricing catalogue the simulator keeps in memory. */
export const divisasConTasa = (db: Db) => selectDivisasConTasa(db).orderBy('d.id').execute();
export type DivisaConTasa = Awaited<ReturnType<typeof divisasConTasa>>[number];

type ClienteValores = { id: string; userId: number; tauserId: string | null };

function selectCliente(db: Db, v: ClienteValores) {
  return db
    .selectFrom('clientes as c')
    .innerJoin('categorias_cliente as k', 'k.id_categoria', 'c.id_categoria')
    .leftJoin('limite_config as l', (j) => j.on('l.id', '=', sql.lit(1)))
    .leftJoin('tausers as tu', (j) => j.on('tu.id_tauser', '=', v.tauserId).on('tu.is_active', '=', true))
    .select(['c.id_cliente', 'c.nombre', 'c.is_active', 'k.nombre as nombre_categoria', 'k.descuento'])
    .select((eb) => eb.exists(eb.selectFrom('user_clientes as uc').select('uc.user_id').where('uc.user_id', '=', v.userId).whereRef('uc.cliente_id', '=', 'c.id_cliente')).as('asignado'))
    .select(sql<boolean>`coalesce(l.limite_diario is not null or l.limite_mensual is not null, false)`.as('con_limites'))
    .select([
      'tu.id_tauser as tauser_id', 'tu.codigo as tauser_codigo', 'tu.nombre as tauser_nombre', 'tu.direccion as tauser_direccion',
      'tu.ciudad as tauser_ciudad', 'tu.departamento as tauser_departamento',
    ])
    .where('c.id_cliente', '=', v.id);
}
type ClienteFila = Awaited<ReturnType<ReturnType<typeof selectCliente>['executeTakeFirstOrThrow']>>;

const clientePorId = queryTemplate((db, v: ClienteValores) => selectCliente(db, v));

function clienteDe(r: ClienteFila) {
  const { tauser_id, tauser_codigo, tauser_nombre, tauser_direccion, tauser_ciudad, tauser_departamento, ...cliente } = r;
  const tauser: TauserActivo | undefined =
    tauser_id === null
      ? undefined
      : { idTauser: tauser_id, codigo: tauser_codigo!, nombre: tauser_nombre!, direccion: tauser_direccion!, ciudad: tauser_ciudad!, departamento: tauser_departamento! };
  return { ...cliente, tauser };
}
export type ClienteLeido = ReturnType<typeof clienteDe>;

/**
 * The client, its state, its category's discount, whether it is assigned to the user, whether
 * operation limits are configured (limite_config) and, when `tauserId` is given, that Tauser if it is
 * active, in one statement.
 */
export async function clienteConCategoria(db: Db, id: string, userId: number, tauserId: string | null = null): Promise<ClienteLeido | undefined> {
  const [r] = await clientePorId.execute(db, { id, userId, tauserId });
  return r && clienteDe(r);
}

/** Plain columns only (no alias, no expression): selectOperacion carries them under a prefix. */
const METODO_COLUMNS = [
  'm.id', 'm.nombre', 'm.nombre_display', 'm.permite_cobro', 'm.permite_pago', 'm.comision_cobro_porcentaje',
  'm.comision_pago_porcentaje', 'm.is_active',
] as const satisfies ReadonlyArray<`m.${keyof MetodosFinancierosTable}`>;

const metodoPorId = queryTemplate((db, v: { id: number }) => db.selectFrom('metodos_financieros as m').select(METODO_COLUMNS).where('m.id', '=', v.id));
export const findMetodo = async (db: Db, id: number) => (await metodoPorId.execute(db, { id }))[0];
export type MetodoRow = NonNullable<Awaited<ReturnType<typeof findMetodo>>>;

/** The ids an operation names: who operates, for which client, at which Tauser, what and how. */
export type OperacionIds = {
  userId: number;
  clienteId: string;
  tauserId: string;
  origen: number;
  destino: number;
  metodoId: number | null;
  /** The client's saved account, wallet or card (an instance), when the operation names one. */
  detalleId: number | null;
};

const DIVISA_COLUMNS = ['id', 'codigo', 'nombre', 'simbolo', 'es_base', 'is_active'] as const;
const TASA_COLUMNS = [['activo', 'tasa_activa'], ['precio_base', 'precio_base'], ['comision_base_compra', 'comision_base_compra'], ['comision_base_venta', 'comision_base_venta']] as const;

/** A currency (`d`) and its rate (`t`) under a prefix, as selectDivisasConTasa names them. */
const divisaPrefijada = (d: string, t: string, prefijo: string) => [
  ...DIVISA_COLUMNS.map((c) => sql.ref(`${d}.${c}`).as(`${prefijo}__${c}`)),
  ...TASA_COLUMNS.map(([c, as]) => sql.ref(`${t}.${c}`).as(`${prefijo}__${as}`)),
];
const METODO_PREFIJADO = METODO_COLUMNS.map((c) => sql.ref(c).as(`metodo__${c.slice(2)}`));

/**
 * Everything an operation's quote reads, in one row: the client as clienteConCategoria reads it,
 * the two currencies with their rates, the instance it names (as findInstancia reads it, with its
 * catalogue entry) and the method: the one it names, or else its instance's. No row: no such client.
 */
function selectOperacion(db: Db, v: OperacionIds) {
  return selectCliente(db, { id: v.clienteId, userId: v.userId, tauserId: v.tauserId })
    .leftJoin('divisas as dor', (j) => j.on('dor.id', '=', v.origen))
    .leftJoin('tasas as tor', 'tor.divisa_id', 'dor.id')
    .leftJoin('divisas as dde', (j) => j.on('dde.id', '=', v.destino))
    .leftJoin('tasas as tde', 'tde.divisa_id', 'dde.id')
    .leftJoinLateral(() => selectInstancias(db).where('md.id', '=', v.detalleId).as('inst'), (j) => j.onTrue())
    .leftJoin('metodos_financieros as m', (j) => j.on(sql<SqlBool>`m.id = coalesce(${v.metodoId}, inst.metodo_financiero_id)`))
    .select([
      ...divisaPrefijada('dor', 'tor', 'origen'), ...divisaPrefijada('dde', 'tde', 'destino'), ...METODO_PREFIJADO,
      ...INSTANCIA_COLUMNS.map((c) => sql.ref(`inst.${c}`).as(`instancia__${c}`)),
    ]);
}

/**
 * The fingerprint of what an operation's quote read (md5 of the row's text), as of the statement
 * it is part of: an insert that compares it with the fingerprint of the read it was computed from
 * writes only if nothing it relied on has changed since (transacciones.repository, insertada).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- part of a statement on any handle
export const huellaOperacion = (db: Kysely<any>, v: OperacionIds) => sql<string>`(select md5(x::text) from (${selectOperacion(db, v)}) as x)`;

const operacionPorIds = queryTemplate((db, v: OperacionIds) =>
  db.selectFrom(selectOperacion(db, v).as('x')).selectAll('x').select(sql<string>`md5(x::text)`.as('huella')),
);

/** What an operation's quote read, with its fingerprint (huellaOperacion). */
export interface LecturaOperacion {
  cliente: ClienteLeido;
  divisas: readonly [DivisaConTasa | undefined, DivisaConTasa | undefined];
  /** The method named, or else the instance's; undefined when there is none such. */
  metodo: MetodoRow | undefined;
  instancia: InstanciaRow | undefined;
  huella: string;
}

const prefijadas = (r: Record<string, unknown>, prefijo: string) => {
  const p = `${prefijo}__`;
  return Object.fromEntries(Object.entries(r).filter(([k]) => k.startsWith(p)).map(([k, v]) => [k.slice(p.length), v]));
};

/** The client, currencies, rates and method an operation names, in one statement (undefined: no such client). */
export async function leerOperacion(db: Db, v: OperacionIds): Promise<LecturaOperacion | undefined> {
  const [r] = (await operacionPorIds.execute(db, v)) as Array<Record<string, unknown>>;
  if (!r) return undefined;
  const cliente = clienteDe(Object.fromEntries(Object.entries(r).filter(([k]) => !k.includes('__') && k !== 'huella')) as ClienteFila);
  const divisa = (prefijo: string) => {
    const d = prefijadas(r, prefijo);
    return d.id === null ? undefined : (d as DivisaConTasa);
  };
  const m = prefijadas(r, 'metodo');
  const i = prefijadas(r, 'instancia');
  return {
    cliente,
    divisas: [divisa('origen'), divisa('destino')],
    metodo: m.id === null ? undefined : (m as MetodoRow),
    instancia: i.id === null ? undefined : (i as InstanciaRow),
    huella: r.huella as string,
  };
}

export const todosLosMetodos = (db: Db) => db.selectFrom('metodos_financieros as m').select(METODO_COLUMNS).orderBy('m.id').execute();

export const metodosActivos = (db: Db) =>
  db.selectFrom('metodos_financieros as m').select(METODO_COLUMNS).where('m.is_active', '=', true).orderBy('m.id').execute();

/**
 * Instances (a detail and its account, wallet or card) with the catalogue entry that may override
 * the method's commission: the bank, the wallet platform or the card brand (a card without a brand
 * row has none). `tipo_especifico` is null for a detail with no account, wallet or card.
 */
function selectInstancias(db: Db) {
  return db
    .selectFrom('metodo_financiero_detalle as md')
    .leftJoin('cuentas_bancarias as cb', 'cb.metodo_financiero_detalle_id', 'md.id')
    .leftJoin('bancos as b', 'b.id', 'cb.banco_id')
    .leftJoin('billeteras_digitales as bd', 'bd.metodo_financiero_detalle_id', 'md.id')
    .leftJoin('billeteras_catalogo as bc', 'bc.id', 'bd.plataforma_id')
    .leftJoin('tarjetas as tj', 'tj.metodo_financiero_detalle_id', 'md.id')
    .leftJoin('tarjetas_catalogo as tc', 'tc.id', 'tj.marca_id')
    .select([
      'md.id', 'md.cliente_id', 'md.es_cuenta_casa', 'md.metodo_financiero_id', 'md.alias', 'md.is_active',
      'md.desactivado_por_catalogo',
      sql<'cuenta_bancaria' | 'billetera_digital' | 'tarjeta' | 'tarjeta_local' | null>`case
        when cb.id is not null then 'cuenta_bancaria'
        when bd.id is not null then 'billetera_digital'
        when tj.tipo = 'LOCAL' then 'tarjeta_local'
        when tj.id is not null then 'tarjeta'
      end`.as('tipo_especifico'),
      'b.nombre as banco_nombre', 'cb.titular as cuenta_titular', 'cb.cbu_cvu', 'cb.numero_cuenta',
      'bc.nombre as plataforma_nombre', 'bd.usuario_id', 'bd.email', 'bd.telefono',
      'tj.last4', 'tj.titular as tarjeta_titular', 'tj.exp_month', 'tj.exp_year', 'tj.brand', 'tc.marca as marca_nombre',
      sql<string | null>`coalesce(b.comision_compra, bc.comision_compra, tc.comision_compra)`.as('cat_comision_compra'),
      sql<string | null>`coalesce(b.comision_venta, bc.comision_venta, tc.comision_venta)`.as('cat_comision_venta'),
      sql<boolean | null>`coalesce(b.comision_personalizada_compra, bc.comision_personalizada_compra, tc.comision_personalizada_compra)`.as('cat_personalizada_compra'),
      sql<boolean | null>`coalesce(b.comision_personalizada_venta, bc.comision_personalizada_venta, tc.comision_personalizada_venta)`.as('cat_personalizada_venta'),
      sql<boolean | null>`coalesce(b.is_active, bc.is_active, tc.is_active)`.as('cat_activo'),
    ]);
}

export const findInstancia = (db: Db, id: number) => selectInstancias(db).where('md.id', '=', id).executeTakeFirst();
export type InstanciaRow = NonNullable<Awaited<ReturnType<typeof findInstancia>>>;

/** Every column selectInstancias gives (checked below): selectOperacion carries them under a prefix. */
const INSTANCIA_COLUMNS = [
  'id', 'cliente_id', 'es_cuenta_casa', 'metodo_financiero_id', 'alias', 'is_active', 'desactivado_por_catalogo', 'tipo_especifico',
  'banco_nombre', 'cuenta_titular', 'cbu_cvu', 'numero_cuenta', 'plataforma_nombre', 'usuario_id', 'email', 'telefono', 'last4',
  'tarjeta_titular', 'exp_month', 'exp_year', 'brand', 'marca_nombre', 'cat_comision_compra', 'cat_comision_venta',
  'cat_personalizada_compra', 'cat_personalizada_venta', 'cat_activo',
] as const satisfies ReadonlyArray<keyof InstanciaRow>;
// A column added to selectInstancias and missing above fails to compile: the quote would use it unchecked.
const todasLasColumnas: Exclude<keyof InstanciaRow, (typeof INSTANCIA_COLUMNS)[number]> extends never ? true : never = true;
void todasLasColumnas;

/** A client's usable instances: active, not taken down by their catalogue. */
export const instanciasActivasDeCliente = (db: Db, clienteId: string) =>
  selectInstancias(db)
    .where('md.cliente_id', '=', clienteId)
    .where('md.is_active', '=', true)
    .where('md.desactivado_por_catalogo', '=', false)
    .orderBy('md.id')
    .execute();

/** An active Tauser as an operation names it. */
export interface TauserActivo {
  idTauser: string;
  codigo: string;
  nombre: string;
  direccion: string;
  ciudad: string;
  departamento: string;
}
