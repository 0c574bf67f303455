import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { auditRows, snapshot, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { METODO_MSG } from '../../../shared/schemas/metodos';
import { DEMO_CUSTOMER, DEMO_OPERATOR } from '../../db/seed/demo';

/**
 * What a REST integrator found on /api/operaciones/ (details, accounts, wallets, cards, banks): the
 * answer of POST detalles/, partial PUTs and their order of answers, catalogue-locked details, a bank's
 * fixed CVU (changed under existing accounts, or shared by two banks) and a wallet's phone.
 */

let app: TestApp;
let admin: string;
let customer: string;
let operador: string;
let clientes: string[];
let otroCliente: string;

const B = '/operaciones';
const YEAR = new Date().getFullYear();

beforeAll(async () => {
  app = await startTestApp({ seedDemo: true });
  admin = await app.adminToken();
  customer = (await app.login(DEMO_CUSTOMER.username, DEMO_CUSTOMER.password)).access;
  operador = (await app.login(DEMO_OPERATOR.username, DEMO_OPERATOR.password)).access;
  const customerId = (await app.db.selectFrom('users').select('id').where('username', '=', DEMO_CUSTOMER.username).executeTakeFirstOrThrow()).id;
  clientes = (await app.db.selectFrom('user_clientes').select('cliente_id').where('user_id', '=', customerId).execute()).map((r) => r.cliente_id);
  otroCliente = (await app.db.selectFrom('clientes').select('id_cliente').where('id_cliente', 'not in', clientes).executeTakeFirstOrThrow()).id_cliente;
});
afterAll(() => app.close());

let seq = 0;
const nombre = (p: string) => `${p} ${process.pid % 1000}-${++seq}`;
const cvu22 = () => `${Date.now()}${String(++seq).padStart(9, '0')}`.padEnd(22, '7').slice(0, 22);

async function ok(method: string, path: string, token: string, body?: unknown) {
  const r = await app.api(method, path, { token, body });
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

const crearBanco = (body: Record<string, unknown> = {}) => ok('POST', `${B}/bancos/`, admin, { nombre: nombre('Banco'), ...body });
const metodoId = async (n: string) => (await app.db.selectFrom('metodos_financieros').select('id').where('nombre', '=', n).executeTakeFirstOrThrow()).id;

/** Through the spec's two calls, as an integrator does. */
async function crearDe(token: string, metodo: string, res: string, fields: Record<string, unknown>, owner: Record<string, unknown> = { cliente: clientes[0] }) {
  const d = await ok('POST', `${B}/detalles/`, token, { ...owner, metodo_financiero: await metodoId(metodo) });
  return ok('POST', `${B}/${res}/`, token, { ...fields, metodo_financiero_detalle: d.id });
}

describe('POST detalles/', () => {
  it('answers the new detail with data.id too (the id the account, wallet or card payload takes), and OpenAPI says so', async () => {
    const body = { cliente: clientes[0], es_cuenta_casa: false, metodo_financiero: await metodoId('TRANSFERENCIA_BANCARIA'), alias: 'Cuenta de prueba', is_active: true };
    const r = await app.api('POST', `${B}/detalles/`, { token: customer, body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ id: expect.any(Number), cliente: clientes[0], alias: 'Cuenta de prueba', is_active: true, desactivado_por_catalogo: false });
    expect(r.body.data).toEqual({ id: r.body.id });
    const banco = await crearBanco();
    const c = await app.api('POST', `${B}/cuentas-bancarias/`, { token: customer, body: { banco: banco.id, numero_cuenta: '1', titular: 'María', cbu_cvu: cvu22(), metodo_financiero_detalle: r.body.data.id } });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body.metodo_financiero_detalle).toBe(r.body.data.id);

    const doc = (await app.api('GET', '/schema/')).body;
    const schema = doc.paths['/api/operaciones/detalles/'].post.responses['201'].content['application/json'].schema;
    expect(schema.properties.data.properties.id).toBeDefined();
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'data']));
  });
});

describe('partial PUT of accounts, wallets and cards', () => {
  it('an account: only the fields sent change; cross-field rules run on the merged record', async () => {
    const sinCvu = await crearBanco();
    const fijo = cvu22();
    const conCvu = await crearBanco({ cvu: fijo });
    const cbu = cvu22();
    const c = await crearDe(customer, 'TRANSFERENCIA_BANCARIA', 'cuentas-bancarias', { banco: sinCvu.id, numero_cuenta: '100', titular: 'María', cbu_cvu: cbu });
    const path = `${B}/cuentas-bancarias/${c.id}/`;

    const r = await app.api('PUT', path, { token: customer, body: { titular: 'x' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ ...c, titular: 'x' });
    expect((await auditRows(app, 'cuenta_bancaria', c.id)).at(-1)?.action).toBe('update');

    // A field sent empty is still refused (omitting keeps, sending "" clears and is required).
    const before = await snapshot(app, 'cuentas_bancarias');
    const empty = await app.api('PUT', path, { token: customer, body: { titular: '' } });
    expect(empty).toMatchObject({ status: 400, body: { titular: [METODO_MSG.titularRequerido] } });
    // Moving to a bank with a fixed CVU checks the merged record: another CBU is refused…
    const otro = await app.api('PUT', path, { token: customer, body: { banco: conCvu.id, cbu_cvu: cvu22() } });
    expect(otro).toMatchObject({ status: 400, body: { cbu_cvu: [METODO_MSG.cbuDelBanco] } });
    expect(await snapshot(app, 'cuentas_bancarias')).toEqual(before);
    // …and with only the bank sent, the account takes the bank's CVU.
    const moved = await app.api('PUT', path, { token: customer, body: { banco: conCvu.id } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ banco: conCvu.id, cbu_cvu: fijo, titular: 'x', numero_cuenta: '100' });
    // Back to a bank without one: the fixed CVU was the old bank's, so a CBU of its own is required.
    const back = await app.api('PUT', path, { token: customer, body: { banco: sinCvu.id } });
    expect(back).toMatchObject({ status: 400, body: { cbu_cvu: [METODO_MSG.cbuRequerido] } });
    const backOk = await app.api('PUT', path, { token: customer, body: { banco: sinCvu.id, cbu_cvu: cbu } });
    expect(backOk.body).toMatchObject({ banco: sinCvu.id, cbu_cvu: cbu });
    // The alias alone.
    expect((await ok('PUT', path, customer, { alias: 'Solo el alias' })).detalle.alias).toBe('Solo el alias');
  });

  it('a wallet: an omitted phone is kept; null clears it', async () => {
    const plat = await ok('POST', `${B}/billeteras-catalogo/`, admin, { nombre: nombre('Billetera') });
    const w = await crearDe(customer, 'BILLETERA_DIGITAL', 'billeteras-digitales', { plataforma: plat.id, usuario_id: 'u1', email: 'u1@ejemplo.com', telefono: '+595981111222' });
    const path = `${B}/billeteras-digitales/${w.id}/`;
    const r = await ok('PUT', path, customer, { email: 'nuevo@ejemplo.com' });
    expect(r).toEqual({ ...w, email: 'nuevo@ejemplo.com' });
    expect((await ok('PUT', path, customer, { telefono: null })).telefono).toBeNull();
    expect((await ok('PUT', path, customer, { telefono: '0981333444' })).telefono).toBe('0981333444');
  });

  it('a card: titular alone; the expiry is checked with the stored month or year', async () => {
    const c = await crearDe(customer, 'TARJETA', 'tarjetas', { tipo: 'STRIPE', brand: 'visa', last4: '4242', exp_month: 12, exp_year: YEAR, titular: 'María' });
    const path = `${B}/tarjetas/${c.id}/`;
    const r = await ok('PUT', path, customer, { titular: 'María G.' });
    expect(r).toEqual({ ...c, titular: 'María G.' });
    if (new Date().getMonth() > 0) {
      expect(await app.api('PUT', path, { token: customer, body: { exp_month: 1 } })).toMatchObject({ status: 400, body: { exp_month: [METODO_MSG.vencida] } });
    }
    // A LOCAL card needs a brand: turning this one LOCAL without one is refused.
    expect(await app.api('PUT', path, { token: customer, body: { tipo: 'LOCAL' } })).toMatchObject({ status: 400, body: { marca: [METODO_MSG.marcaSeleccion] } });
    expect((await ok('PUT', path, customer, { exp_year: YEAR + 1 })).exp_year).toBe(YEAR + 1);
  });

  it('404 (missing, or not the caller\'s) and 403 (no permission) come before any field message', async () => {
    const banco = await crearBanco();
    const ajena = await crearDe(admin, 'TRANSFERENCIA_BANCARIA', 'cuentas-bancarias', { banco: banco.id, numero_cuenta: '1', titular: 'Otro', cbu_cvu: cvu22() }, { cliente: otroCliente });
    const tarjeta = await crearDe(customer, 'TARJETA', 'tarjetas', { tipo: 'STRIPE', brand: 'visa', last4: '1111', exp_month: 12, exp_year: YEAR + 1, titular: 'María' });
    const wallet = (await app.api('GET', `${B}/billeteras-digitales/?cliente=${clientes[0]}`, { token: customer })).body.results[0];
    // Bodies each write takes (no unknown key), every field of them wrong.
    const bad: Record<string, Record<string, unknown>> = {
      'cuentas-bancarias': { titular: '', banco: 'abc', cbu_cvu: '1' },
      'billeteras-digitales': { plataforma: {}, email: 'no', usuario_id: '' },
      tarjetas: { exp_month: 13, exp_year: 1, tipo: 'OTRA' },
    };
    const tables = ['cuentas_bancarias', 'billeteras_digitales', 'tarjetas', 'metodo_financiero_detalle'];
    const before = await Promise.all(tables.map((t) => snapshot(app, t)));
    for (const res of ['cuentas-bancarias', 'billeteras-digitales', 'tarjetas']) {
      const missing = await app.api('PUT', `${B}/${res}/999999/`, { token: customer, body: bad[res] });
      expect(missing, res).toMatchObject({ status: 404, body: { detail: M.notFound } });
    }
    expect((await app.api('PUT', `${B}/cuentas-bancarias/${ajena.id}/`, { token: customer, body: bad['cuentas-bancarias'] })).status).toBe(404);
    // The operator sees every instance (view_metodofinancierodetalle) but may change none of them.
    expect(await app.api('PUT', `${B}/tarjetas/${tarjeta.id}/`, { token: operador, body: bad.tarjetas })).toMatchObject({ status: 403, body: { detail: M.apiForbidden } });
    expect((await app.api('PUT', `${B}/cuentas-bancarias/${ajena.id}/`, { token: operador, body: bad['cuentas-bancarias'] })).status).toBe(403);
    expect((await app.api('PUT', `${B}/billeteras-digitales/${wallet.id}/`, { token: operador, body: bad['billeteras-digitales'] })).status).toBe(403);
    const viewer = (await userWith(app, [P.viewCuentaBancaria])).token;
    expect((await app.api('PUT', `${B}/cuentas-bancarias/${ajena.id}/`, { token: viewer, body: bad['cuentas-bancarias'] })).status).toBe(403);
    const nobody = (await userWith(app, [])).token;
    expect((await app.api('PUT', `${B}/cuentas-bancarias/${ajena.id}/`, { token: nobody, body: bad['cuentas-bancarias'] })).status).toBe(404);
    // The same order through tRPC.
    const caller = await app.caller(operador);
    await expect(caller.metodos.tarjetas.update({ id: tarjeta.id, exp_month: 13 } as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // The detail's PUT too: a missing one is 404 before its alias is read.
    expect((await app.api('PUT', `${B}/detalles/999999/`, { token: customer, body: { alias: 'x'.repeat(101) } })).status).toBe(404);
    expect(await Promise.all(tables.map((t) => snapshot(app, t)))).toEqual(before);
    // The owner with the same body gets the field messages.
    const mine = await app.api('PUT', `${B}/tarjetas/${tarjeta.id}/`, { token: customer, body: { exp_month: 13 } });
    expect(mine).toMatchObject({ status: 400, body: { exp_month: [METODO_MSG.mesInvalido] } });
  });
});

describe('a detail its catalogue deactivated', () => {
  it('cannot be edited through PUT detalles/{id}/ either (409), by its owner or by staff', async () => {
    const banco = await crearBanco();
    const c = await crearDe(customer, 'TRANSFERENCIA_BANCARIA', 'cuentas-bancarias', { banco: banco.id, numero_cuenta: '1', titular: 'María', cbu_cvu: cvu22() });
    const d = c.metodo_financiero_detalle;
    expect((await ok('POST', `${B}/bancos/${banco.id}/toggle_active/`, admin)).affected_instances).toBe(1);
    const before = await snapshot(app, 'metodo_financiero_detalle');
    for (const token of [customer, admin]) {
      for (const body of [{ alias: 'Nuevo alias' }, { is_active: true }, { alias: 'Otro', is_active: false }]) {
        const r = await app.api('PUT', `${B}/detalles/${d}/`, { token, body });
        expect(r.status, JSON.stringify(body)).toBe(409);
        expect(r.body).toMatchObject({ error: 'conflict', detail: METODO_MSG.bloqueadaPorCatalogo });
      }
    }
    expect(await snapshot(app, 'metodo_financiero_detalle')).toEqual(before);
    // Reactivating the bank brings it back, and it can be renamed again.
    await ok('POST', `${B}/bancos/${banco.id}/toggle_active/`, admin);
    expect((await ok('PUT', `${B}/detalles/${d}/`, customer, { alias: 'Nuevo alias' })).alias).toBe('Nuevo alias');
  });
});

describe('a bank\'s fixed CVU', () => {
  it('set or changed after accounts exist: their owners still edit other fields; the CVU rule applies when the bank or CBU/CVU changes', async () => {
    const viejo = cvu22();
    const banco = await crearBanco({ cvu: viejo });
    const sinCvu = await crearBanco();
    const propio = cvu22();
    const a = await crearDe(customer, 'TRANSFERENCIA_BANCARIA', 'cuentas-bancarias', { banco: banco.id, numero_cuenta: '1', titular: 'María' });
    const b = await crearDe(customer, 'TRANSFERENCIA_BANCARIA', 'cuentas-bancarias', { banco: sinCvu.id, numero_cuenta: '2', titular: 'María', cbu_cvu: propio });
    expect(a.cbu_cvu).toBe(viejo);
    const nuevo = cvu22();
    await ok('PUT', `${B}/bancos/${banco.id}/`, admin, { cvu: nuevo });
    await ok('PUT', `${B}/bancos/${sinCvu.id}/`, admin, { cvu: cvu22() });

    // The accounts keep the CBU/CVU they had (nothing rewritten behind their owners)…
    const readA = await ok('GET', `${B}/cuentas-bancarias/${a.id}/`, customer);
    expect(readA).toMatchObject({ cbu_cvu: viejo, banco_cvu: nuevo });
    // …and sending back what was read with another titular (the CBU/CVU unchanged) succeeds…
    const echoed = await app.api('PUT', `${B}/cuentas-bancarias/${a.id}/`, { token: customer, body: { ...readA, titular: 'María J.' } });
    expect(echoed.status, JSON.stringify(echoed.body)).toBe(200);
    expect(echoed.body).toMatchObject({ titular: 'María J.', cbu_cvu: viejo });
    // …as does a PUT of that field alone.
    expect(await ok('PUT', `${B}/cuentas-bancarias/${a.id}/`, customer, { titular: 'María José' })).toMatchObject({ titular: 'María José', cbu_cvu: viejo });
    expect(await ok('PUT', `${B}/cuentas-bancarias/${b.id}/`, customer, { numero_cuenta: '22' })).toMatchObject({ numero_cuenta: '22', cbu_cvu: propio });
    // Changing the CBU/CVU: it must be the bank's current one (or empty, which takes it).
    expect(await app.api('PUT', `${B}/cuentas-bancarias/${a.id}/`, { token: customer, body: { cbu_cvu: cvu22() } })).toMatchObject({ status: 400, body: { cbu_cvu: [METODO_MSG.cbuDelBanco] } });
    expect((await ok('PUT', `${B}/cuentas-bancarias/${a.id}/`, customer, { cbu_cvu: '' })).cbu_cvu).toBe(nuevo);
    expect((await ok('PUT', `${B}/cuentas-bancarias/${b.id}/`, customer, { cbu_cvu: '' })).cbu_cvu).not.toBe(propio);
  });

  it('is unique among banks: a second bank with the same one is refused with a field message, on create and edit', async () => {
    const cvu = cvu22();
    const a = await crearBanco({ cvu });
    const before = await snapshot(app, 'bancos');
    const dup = await app.api('POST', `${B}/bancos/`, { token: admin, body: { nombre: nombre('Banco'), cvu } });
    expect(dup).toMatchObject({ status: 400, body: { cvu: [METODO_MSG.cvuDuplicado] } });
    const b = await crearBanco({ cvu: cvu22() });
    const c = await crearBanco();
    const before2 = await snapshot(app, 'bancos');
    for (const id of [b.id, c.id]) {
      expect(await app.api('PUT', `${B}/bancos/${id}/`, { token: admin, body: { cvu } })).toMatchObject({ status: 400, body: { cvu: [METODO_MSG.cvuDuplicado] } });
    }
    expect(await snapshot(app, 'bancos')).toEqual(before2);
    expect(before2.filter((x: { cvu: string | null }) => x.cvu === cvu)).toHaveLength(1);
    expect(before.length).toBe(before2.length - 2);
    // Its own CVU sent back, or no CVU on several banks, is fine.
    expect((await ok('PUT', `${B}/bancos/${a.id}/`, admin, { cvu, nombre: `${a.nombre} SA` })).cvu).toBe(cvu);
    expect((await ok('PUT', `${B}/bancos/${b.id}/`, admin, { cvu: null })).cvu).toBeNull();
    // The database refuses it too (a race between two requests).
    await expect(app.db.updateTable('bancos').set({ cvu }).where('id', '=', c.id).execute()).rejects.toThrow();
  });
});

describe('a wallet\'s phone', () => {
  it('takes digits with an optional leading +, like a client\'s phone', async () => {
    const plat = await ok('POST', `${B}/billeteras-catalogo/`, admin, { nombre: nombre('Billetera') });
    const d = await ok('POST', `${B}/detalles/`, customer, { cliente: clientes[0], metodo_financiero: await metodoId('BILLETERA_DIGITAL') });
    const body = { plataforma: plat.id, usuario_id: 'u', email: 'u@ejemplo.com', metodo_financiero_detalle: d.id };
    const before = await snapshot(app, 'billeteras_digitales');
    for (const telefono of ['abc', '0981-123', '+', '59598+1', '++595981']) {
      const r = await app.api('POST', `${B}/billeteras-digitales/`, { token: customer, body: { ...body, telefono } });
      expect(r, telefono).toMatchObject({ status: 400, body: { telefono: [METODO_MSG.telefonoFormato] } });
    }
    const caller = await app.caller(customer);
    await expect(caller.metodos.crearInstancia({ tipo_instancia: 'billetera_digital', cliente: clientes[0], plataforma: plat.id, usuario_id: 'u', email: 'u@ejemplo.com', telefono: 'abc' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await snapshot(app, 'billeteras_digitales')).toEqual(before);
    const w = await ok('POST', `${B}/billeteras-digitales/`, customer, { ...body, telefono: ' +595981123456 ' });
    expect(w.telefono).toBe('+595981123456');
    expect(await app.api('PUT', `${B}/billeteras-digitales/${w.id}/`, { token: customer, body: { telefono: 'abc' } })).toMatchObject({ status: 400, body: { telefono: [METODO_MSG.telefonoFormato] } });
    expect((await ok('PUT', `${B}/billeteras-digitales/${w.id}/`, customer, { telefono: '' })).telefono).toBeNull();
  });
});
