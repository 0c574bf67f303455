import { sql } from 'kysely';
import type { TestApp } from '../../test/harness';
import { userWith } from '../../test/fixtures';
import { P } from '../../../shared/permissions';

/**
 * Data for the operations tests, written straight through Kysely (the methods and Tausers screens
 * have their own modules): currencies with rates, categories, a customer with clients, catalogue
 * entries, the client's instances and terminals.
 */
let seq = 0;
const n = () => `${process.pid % 1000}${++seq}`;

export interface ExchangeWorld {
  pyg: number;
  usd: number;
  eur: number;
  metodos: Record<'TRANSFERENCIA_BANCARIA' | 'BILLETERA_DIGITAL' | 'TARJETA' | 'EFECTIVO' | 'CHEQUE', number>;
  categorias: { vip: string; minorista: string };
}

export async function exchangeWorld(app: TestApp): Promise<ExchangeWorld> {
  const db = app.db;
  const pyg = (await db.selectFrom('divisas').select('id').where('codigo', '=', 'PYG').executeTakeFirstOrThrow()).id;
  const divisa = async (codigo: string, nombre: string, simbolo: string, tasa: [string, string, string]) => {
    const { id } = await db.insertInto('divisas').values({ codigo, nombre, simbolo, flag: null }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('tasas').values({ divisa_id: id, precio_base: tasa[0], comision_base_compra: tasa[1], comision_base_venta: tasa[2] }).execute();
    return id;
  };
  const usd = await divisa('USD', 'Dólar estadounidense', 'US$', ['7300', '50', '50']);
  const eur = await divisa('EUR', 'Euro', '€', ['8000', '60', '60']);
  const metodos = Object.fromEntries(
    (await db.selectFrom('metodos_financieros').select(['id', 'nombre']).execute()).map((m) => [m.nombre, m.id]),
  ) as ExchangeWorld['metodos'];
  const cat = async (nombre: string, descuento: string) =>
    (await db.insertInto('categorias_cliente').values({ nombre, descripcion: nombre, descuento }).returning('id_categoria').executeTakeFirstOrThrow()).id_categoria;
  return { pyg, usd, eur, metodos, categorias: { vip: await cat(`VIP${n()}`, '10.00'), minorista: await cat(`MIN${n()}`, '0.00') } };
}

export async function crearCliente(app: TestApp, idCategoria: string, over: { is_active?: boolean } = {}) {
  const { id_cliente } = await app.db
    .insertInto('clientes')
    .values({
      nombre: `Cliente ${n()}`, is_persona_fisica: true, cedula: String(1_000_000 + Number(n())), ruc: null, id_categoria: idCategoria,
      correo: 'c@prueba.com.py', telefono: '+595981000000', direccion: 'Asunción', is_active: over.is_active ?? true,
    })
    .returning('id_cliente')
    .executeTakeFirstOrThrow();
  return id_cliente;
}

export async function asignar(app: TestApp, userId: number, clienteId: string) {
  await app.db.insertInto('user_clientes').values({ user_id: userId, cliente_id: clienteId }).execute();
}

/** A customer (simulation and operation) with one client of the given category assigned. */
export async function cliente(app: TestApp, idCategoria: string, perms: string[] = [P.useSimulacion, P.useOperacion]) {
  const user = await userWith(app, perms);
  const clienteId = await crearCliente(app, idCategoria);
  await asignar(app, user.id, clienteId);
  return { ...user, clienteId };
}

export async function tauser(app: TestApp, over: { is_active?: boolean } = {}) {
  const { id_tauser } = await app.db
    .insertInto('tausers')
    .values({
      codigo: `T${n()}`, nombre: 'Tauser Centro', direccion: 'Palma 123', ciudad: 'Asunción', departamento: 'Central',
      latitud: '-25.263739', longitud: '-57.575926', is_active: over.is_active ?? true,
    })
    .returning('id_tauser')
    .executeTakeFirstOrThrow();
  return id_tauser;
}

type Comisiones = { comision_compra?: string; comision_venta?: string; comision_personalizada_compra?: boolean; comision_personalizada_venta?: boolean; is_active?: boolean };

async function detalle(app: TestApp, clienteId: string, metodoId: number, alias: string) {
  return (
    await app.db
      .insertInto('metodo_financiero_detalle')
      .values({ cliente_id: clienteId, es_cuenta_casa: false, metodo_financiero_id: metodoId, alias })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A client's bank account (a detail of TRANSFERENCIA_BANCARIA) at a new bank with these commissions. */
export async function cuentaBancaria(app: TestApp, w: ExchangeWorld, clienteId: string, banco: Comisiones = {}) {
  const { id: bancoId } = await app.db.insertInto('bancos').values({ nombre: `Banco ${n()}`, ...banco }).returning('id').executeTakeFirstOrThrow();
  const id = await detalle(app, clienteId, w.metodos.TRANSFERENCIA_BANCARIA, 'Cuenta sueldo');
  await app.db
    .insertInto('cuentas_bancarias')
    .values({ banco_id: bancoId, numero_cuenta: '123456', titular: 'Titular Prueba', cbu_cvu: '0000003100010000001234', metodo_financiero_detalle_id: id })
    .execute();
  return { id, bancoId };
}

export async function billetera(app: TestApp, w: ExchangeWorld, clienteId: string, plataforma: Comisiones = {}) {
  const { id: platId } = await app.db.insertInto('billeteras_catalogo').values({ nombre: `Billetera ${n()}`, ...plataforma }).returning('id').executeTakeFirstOrThrow();
  const id = await detalle(app, clienteId, w.metodos.BILLETERA_DIGITAL, 'Mi billetera');
  await app.db
    .insertInto('billeteras_digitales')
    .values({ plataforma_id: platId, usuario_id: 'usuario1', email: 'b@prueba.com.py', telefono: null, metodo_financiero_detalle_id: id })
    .execute();
  return { id, platId };
}

export async function tarjetaLocal(app: TestApp, w: ExchangeWorld, clienteId: string, marca: Comisiones = {}) {
  const { id: marcaId } = await app.db.insertInto('tarjetas_catalogo').values({ marca: `Marca ${n()}`, ...marca }).returning('id').executeTakeFirstOrThrow();
  const id = await detalle(app, clienteId, w.metodos.TARJETA, 'Tarjeta local');
  await app.db
    .insertInto('tarjetas')
    .values({ tipo: 'LOCAL', payment_method_id: `pm_${n()}`, brand: 'local', marca_id: marcaId, last4: '4242', exp_month: 12, exp_year: 2030, titular: 'Titular Prueba', metodo_financiero_detalle_id: id })
    .execute();
  return { id, marcaId };
}

export async function setLimites(app: TestApp, diario: string | null, mensual: string | null) {
  await app.db.updateTable('limite_config').set({ limite_diario: diario, limite_mensual: mensual }).where('id', '=', 1).execute();
}

export async function setTasa(app: TestApp, divisaId: number, precio: string, cc: string, cv: string) {
  await app.db.updateTable('tasas').set({ precio_base: precio, comision_base_compra: cc, comision_base_venta: cv }).where('divisa_id', '=', divisaId).execute();
}

/** Moves a transaction's expiry into the past (as if 24 h had gone by). */
export async function vencer(app: TestApp, id: number) {
  await app.db.updateTable('transacciones').set({ expira_en: sql`now() - interval '1 minute'` }).where('id', '=', id).execute();
}
