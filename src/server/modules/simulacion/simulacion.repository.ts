import { sql } from 'kysely';
import type { Db } from '../../db';
import { METODO_COLUMNS, type findMetodo } from '../metodos/metodos.repository';

const selectDivisasConTasa = (db: Db) =>
  db
    .selectFrom('divisas as d')
    .leftJoin('tasas as t', 't.divisa_id', 'd.id')
    .select([
      'd.id', 'd.codigo', 'd.nombre', 'd.simbolo', 'd.es_base', 'd.is_active',
      't.activo as tasa_activa', 't.precio_base', 't.comision_base_compra', 't.comision_base_venta',
    ]);

/** The two currencies of an operation with their rates (null when none), in one statement. */
export async function dosDivisasConTasa(db: Db, a: number, b: number) {
  const rows = await selectDivisasConTasa(db).where('d.id', 'in', [a, b]).execute();
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
  const r = await selectCliente(db, { id, userId, tauserId }).executeTakeFirst();
  return r && clienteDe(r);
}

export type MetodoRow = NonNullable<Awaited<ReturnType<typeof findMetodo>>>;

export const todosLosMetodos = (db: Db) => db.selectFrom('metodos_financieros').select(METODO_COLUMNS).orderBy('id').execute();

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
