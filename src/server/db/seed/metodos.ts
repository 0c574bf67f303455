import { sql } from 'kysely';
import type { Db } from '../index';

/**
 * The five generic methods (DESIGN §4): commissions in percent for collecting (cobro, the house
 * sells) and paying (pago, the house buys). Created when missing; staff edits survive restarts.
 */
export const METODOS_BASE = [
  { nombre: 'TRANSFERENCIA_BANCARIA', nombre_display: 'Transferencia bancaria', permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '1.50', comision_pago_porcentaje: '1.00' },
  { nombre: 'BILLETERA_DIGITAL', nombre_display: 'Billetera digital', permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '2.00', comision_pago_porcentaje: '1.50' },
  { nombre: 'TARJETA', nombre_display: 'Tarjeta', permite_cobro: true, permite_pago: false, comision_cobro_porcentaje: '3.50', comision_pago_porcentaje: '0.00' },
  { nombre: 'EFECTIVO', nombre_display: 'Efectivo', permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '0.00', comision_pago_porcentaje: '0.00' },
  { nombre: 'CHEQUE', nombre_display: 'Cheque', permite_cobro: true, permite_pago: false, comision_cobro_porcentaje: '2.50', comision_pago_porcentaje: '0.00' },
] as const;

export async function seedBaseMetodos(db: Db) {
  await db
    .insertInto('metodos_financieros')
    .values(METODOS_BASE.map((m) => ({ ...m })))
    .onConflict((oc) => oc.column('nombre').doNothing())
    .execute();
}

/** Demo catalogues of Paraguay (DESIGN §4): some banks fix the CBU/CVU, some entries charge their own commission. */
const DEMO_BANCOS = [
  { nombre: 'Banco Itaú Paraguay', cvu: null, comision_compra: '0.00', comision_venta: '0.00', comision_personalizada_compra: false, comision_personalizada_venta: false },
  { nombre: 'Banco Continental', cvu: '0017000000000000012345', comision_compra: '0.80', comision_venta: '1.20', comision_personalizada_compra: true, comision_personalizada_venta: true },
  { nombre: 'Banco GNB Paraguay', cvu: null, comision_compra: '0.00', comision_venta: '1.00', comision_personalizada_compra: false, comision_personalizada_venta: true },
  { nombre: 'Sudameris Bank', cvu: '0028000000000000067890', comision_compra: '0.00', comision_venta: '0.00', comision_personalizada_compra: false, comision_personalizada_venta: false },
  { nombre: 'Banco Basa', cvu: null, comision_compra: '0.50', comision_venta: '0.00', comision_personalizada_compra: true, comision_personalizada_venta: false },
  { nombre: 'ueno bank', cvu: null, comision_compra: '0.00', comision_venta: '0.00', comision_personalizada_compra: false, comision_personalizada_venta: false },
];
const DEMO_BILLETERAS = [
  { nombre: 'Tigo Money', comision_compra: '1.00', comision_venta: '1.75', comision_personalizada_compra: true, comision_personalizada_venta: true },
  { nombre: 'Billetera Personal', comision_compra: '0.00', comision_venta: '0.00', comision_personalizada_compra: false, comision_personalizada_venta: false },
  { nombre: 'Zimple', comision_compra: '0.00', comision_venta: '2.50', comision_personalizada_compra: false, comision_personalizada_venta: true },
];
const DEMO_MARCAS = [
  { marca: 'Visa', comision_compra: '0.00', comision_venta: '0.00', comision_personalizada_compra: false, comision_personalizada_venta: false },
  { marca: 'Mastercard', comision_compra: '0.00', comision_venta: '0.00', comision_personalizada_compra: false, comision_personalizada_venta: false },
  { marca: 'Bancard', comision_compra: '0.00', comision_venta: '3.00', comision_personalizada_compra: false, comision_personalizada_venta: true },
  { marca: 'Cabal', comision_compra: '0.00', comision_venta: '0.00', comision_personalizada_compra: false, comision_personalizada_venta: false },
  { marca: 'Panal', comision_compra: '0.00', comision_venta: '4.00', comision_personalizada_compra: false, comision_personalizada_venta: true },
];

const HOUSE_CUENTAS = [
  { alias: 'Casa - cuenta Itaú', banco: 'Banco Itaú Paraguay', numero_cuenta: '700123456', titular: 'Cambio S.A.', cbu_cvu: '0015000000000700123456' },
  { alias: 'Casa - cuenta Continental', banco: 'Banco Continental', numero_cuenta: '2100987654', titular: 'Cambio S.A.', cbu_cvu: '0017000000000000012345' },
];
const HOUSE_BILLETERAS = [
  { alias: 'Casa - billetera Tigo Money', plataforma: 'Tigo Money', usuario_id: 'cambio.sa', email: 'tigo@cambio.com.py', telefono: '+595981000111' },
  { alias: 'Casa - billetera Personal', plataforma: 'Billetera Personal', usuario_id: 'cambiosa', email: 'personal@cambio.com.py', telefono: '+595971000222' },
];

const idOf = async (db: Db, table: 'bancos' | 'billeteras_catalogo', nombre: string) =>
  (await db.selectFrom(table).select('id').where('nombre', '=', nombre).executeTakeFirstOrThrow()).id;
const metodoId = async (db: Db, nombre: string) => (await db.selectFrom('metodos_financieros').select('id').where('nombre', '=', nombre).executeTakeFirstOrThrow()).id;

/** Catalogues, house accounts and wallets, and the demo customer's own account, wallet and card on each client. Idempotent. */
export async function seedDemoMetodos(db: Db, demoUsername: string) {
  await db.insertInto('bancos').values(DEMO_BANCOS).onConflict((oc) => oc.expression(sql`lower(nombre)`).doNothing()).execute();
  await db.insertInto('billeteras_catalogo').values(DEMO_BILLETERAS).onConflict((oc) => oc.expression(sql`lower(nombre)`).doNothing()).execute();
  await db.insertInto('tarjetas_catalogo').values(DEMO_MARCAS).onConflict((oc) => oc.expression(sql`lower(marca)`).doNothing()).execute();

  const transferencia = await metodoId(db, 'TRANSFERENCIA_BANCARIA');
  const billetera = await metodoId(db, 'BILLETERA_DIGITAL');
  const tarjeta = await metodoId(db, 'TARJETA');
  // Demo instances of a method go to an owner (the house, a client) holding none of that method,
  // deactivated ones included: never looked up by alias, bank or number, which staff and customers
  // edit, so a restart after any edit never adds a copy.
  const holds = async (clienteId: string | null, metodo: number) =>
    !!(await db
      .selectFrom('metodo_financiero_detalle')
      .select('id')
      .where((eb) => (clienteId ? eb('cliente_id', '=', clienteId) : eb('cliente_id', 'is', null)))
      .where('metodo_financiero_id', '=', metodo)
      .executeTakeFirst());
  const detalle = async (clienteId: string | null, metodo: number, alias: string) =>
    (await db.insertInto('metodo_financiero_detalle').values({ cliente_id: clienteId, es_cuenta_casa: clienteId === null, metodo_financiero_id: metodo, alias }).returning('id').executeTakeFirstOrThrow()).id;

  if (!(await holds(null, transferencia))) {
    for (const c of HOUSE_CUENTAS) {
      const d = await detalle(null, transferencia, c.alias);
      await db.insertInto('cuentas_bancarias').values({ banco_id: await idOf(db, 'bancos', c.banco), numero_cuenta: c.numero_cuenta, titular: c.titular, cbu_cvu: c.cbu_cvu, metodo_financiero_detalle_id: d }).execute();
    }
  }
  if (!(await holds(null, billetera))) {
    for (const w of HOUSE_BILLETERAS) {
      const d = await detalle(null, billetera, w.alias);
      await db.insertInto('billeteras_digitales').values({ plataforma_id: await idOf(db, 'billeteras_catalogo', w.plataforma), usuario_id: w.usuario_id, email: w.email, telefono: w.telefono, metodo_financiero_detalle_id: d }).execute();
    }
  }

  const user = await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', demoUsername).executeTakeFirst();
  if (!user) return;
  const clientes = await db
    .selectFrom('user_clientes as uc')
    .innerJoin('clientes as c', 'c.id_cliente', 'uc.cliente_id')
    .select(['c.id_cliente', 'c.nombre'])
    .where('uc.user_id', '=', user.id)
    .orderBy('c.nombre')
    .execute();
  const bancard = (await db.selectFrom('tarjetas_catalogo').select('id').where('marca', '=', 'Bancard').executeTakeFirstOrThrow()).id;
  for (const [i, c] of clientes.entries()) {
    const n = String(i + 1);
    if (!(await holds(c.id_cliente, transferencia))) {
      const d = await detalle(c.id_cliente, transferencia, 'Mi cuenta en Itaú');
      await db.insertInto('cuentas_bancarias').values({ banco_id: await idOf(db, 'bancos', 'Banco Itaú Paraguay'), numero_cuenta: `80045${n}789`, titular: c.nombre, cbu_cvu: `001500000000080045${n}789`.padEnd(22, '0').slice(0, 22), metodo_financiero_detalle_id: d }).execute();
    }
    if (!(await holds(c.id_cliente, billetera))) {
      const d = await detalle(c.id_cliente, billetera, 'Mi Tigo Money');
      await db.insertInto('billeteras_digitales').values({ plataforma_id: await idOf(db, 'billeteras_catalogo', 'Tigo Money'), usuario_id: `cliente${n}`, email: `cliente${n}@ejemplo.com.py`, telefono: `+59598100${n}000`, metodo_financiero_detalle_id: d }).execute();
    }
    if (!(await holds(c.id_cliente, tarjeta))) {
      const d = await detalle(c.id_cliente, tarjeta, 'Mi tarjeta Bancard');
      await db.insertInto('tarjetas').values({ tipo: 'LOCAL', payment_method_id: `pm_demo_${n}`, brand: 'bancard', marca_id: bancard, last4: `424${n}`, exp_month: 12, exp_year: new Date().getFullYear() + 3, titular: c.nombre, metodo_financiero_detalle_id: d }).execute();
    }
  }
}
