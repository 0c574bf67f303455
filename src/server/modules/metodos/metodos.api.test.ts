import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ZodError } from 'zod';
import { zodFieldErrors } from '../../lib/zodFields';
import { startTestApp, type TestApp } from '../../test/harness';
import { auditRows, snapshot, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { METODO_MSG } from '../../../shared/schemas/metodos';
import { DEMO_CUSTOMER } from '../../db/seed/demo';

let app: TestApp;
let admin: string;
let nobody: string;
let customer: string;
let customerId: number;
let clientes: string[];
let otroCliente: string;

const B = '/operaciones';
const YEAR = new Date().getFullYear();

beforeAll(async () => {
  app = await startTestApp({ seedDemo: true });
  admin = await app.adminToken();
  nobody = (await userWith(app, [])).token;
  const l = await app.login(DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
  customer = l.access;
  customerId = (await app.db.selectFrom('users').select('id').where('username', '=', DEMO_CUSTOMER.username).executeTakeFirstOrThrow()).id;
  clientes = (await app.db.selectFrom('user_clientes').select('cliente_id').where('user_id', '=', customerId).execute()).map((r) => r.cliente_id);
  otroCliente = (await app.db.selectFrom('clientes').select('id_cliente').where('id_cliente', 'not in', clientes).executeTakeFirstOrThrow()).id_cliente;
});
afterAll(() => app.close());

let seq = 0;
const nombre = (p: string) => `${p} ${process.pid % 1000}-${++seq}`;
const cvu22 = () => `${Date.now()}${String(++seq).padStart(9, '0')}`.padEnd(22, '7').slice(0, 22);

async function crearBanco(body: Record<string, unknown> = {}) {
  const r = await app.api('POST', `${B}/bancos/`, { token: admin, body: { nombre: nombre('Banco'), ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; nombre: string; cvu: string | null; is_active: boolean };
}

async function crearCuenta(token: string, body: Record<string, unknown>) {
  return app.api('POST', `${B}/cuentas-bancarias/`, { token, body });
}

/** The field messages of a failed tRPC call (service errors carry fields; input errors are zod issues). */
function fieldsOf(e: unknown) {
  const cause = (e as { cause?: unknown }).cause;
  if (cause instanceof ZodError) return zodFieldErrors(cause);
  return (cause as { fields?: unknown } | undefined)?.fields;
}

/** Through the web client's one call. */
async function crearInstancia(token: string, input: Record<string, unknown>) {
  const c = await app.caller(token);
  return c.metodos.crearInstancia(input as never);
}

describe('seeds', () => {
  it('seed the five methods, demo catalogues, house instances and the customer\'s own instances on each client', async () => {
    const m = await app.api('GET', `${B}/metodos/?all=true`, { token: admin });
    expect(m.body.map((x: { nombre: string }) => x.nombre)).toEqual(['TRANSFERENCIA_BANCARIA', 'BILLETERA_DIGITAL', 'TARJETA', 'EFECTIVO', 'CHEQUE']);
    const bancos = await app.api('GET', `${B}/bancos/?all=true`, { token: admin });
    expect(bancos.body.some((b: { cvu: string | null }) => b.cvu)).toBe(true);
    expect(bancos.body.some((b: { cvu: string | null }) => !b.cvu)).toBe(true);
    const casa = await app.api('GET', `${B}/cuentas-bancarias/?es_cuenta_casa=true`, { token: admin });
    expect(casa.body.count).toBeGreaterThanOrEqual(2);
    const billCasa = await app.api('GET', `${B}/billeteras-digitales/?es_cuenta_casa=true`, { token: admin });
    expect(billCasa.body.count).toBeGreaterThanOrEqual(2);
    for (const c of clientes) {
      for (const res of ['cuentas-bancarias', 'billeteras-digitales', 'tarjetas']) {
        const r = await app.api('GET', `${B}/${res}/?cliente=${c}`, { token: customer });
        expect(r.status).toBe(200);
        expect(r.body.count, res).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('are idempotent', async () => {
    const before = await snapshot(app, 'metodo_financiero_detalle');
    const { seedDemoMetodos } = await import('../../db/seed/metodos');
    await seedDemoMetodos(app.db, DEMO_CUSTOMER.username);
    expect(await snapshot(app, 'metodo_financiero_detalle')).toEqual(before);
  });
});

describe('permissions of every path', () => {
  const catalogues = ['metodos', 'bancos', 'billeteras-catalogo', 'tarjetas-catalogo'];
  it('answer 401 anonymous on every resource', async () => {
    for (const res of [...catalogues, 'cuentas-bancarias', 'billeteras-digitales', 'tarjetas', 'detalles']) {
      expect((await app.api('GET', `${B}/${res}/`)).status, res).toBe(401);
      expect((await app.api('POST', `${B}/${res}/`, { body: {} })).status, res).toBe(401);
      expect((await app.api('GET', `${B}/${res}/1/`)).status, res).toBe(401);
      expect((await app.api('PUT', `${B}/${res}/1/`, { body: {} })).status, res).toBe(401);
    }
    for (const res of [...catalogues, 'detalles']) expect((await app.api('POST', `${B}/${res}/1/toggle_active/`)).status, res).toBe(401);
    expect((await app.api('DELETE', `${B}/metodos/1/`)).status).toBe(401);
    expect((await app.api('GET', `${B}/opciones-catalogo/`)).status).toBe(401);
  });

  it('answer 403 on writes to the catalogues and methods without their permission, and nothing changes', async () => {
    const before = await snapshot(app, 'bancos');
    for (const res of catalogues) {
      const r = await app.api('POST', `${B}/${res}/`, { token: nobody, body: {} });
      expect(r.status, res).toBe(403);
      expect(r.body.detail).toBe(M.apiForbidden);
      expect((await app.api('POST', `${B}/${res}/`, { token: nobody, body: { nombre: 'X banco', marca: 'X', nombre_display: 'X' } })).status, res).toBe(403);
      expect((await app.api('PUT', `${B}/${res}/1/`, { token: nobody, body: { nombre: 'Otro nombre' } })).status, res).toBe(403);
      expect((await app.api('POST', `${B}/${res}/1/toggle_active/`, { token: nobody })).status, res).toBe(403);
    }
    expect((await app.api('DELETE', `${B}/metodos/1/`, { token: nobody })).status).toBe(403);
    expect(await snapshot(app, 'bancos')).toEqual(before);
  });

  it('answer 403 on instance lists to a user with neither permission nor clients, 404 on their rows', async () => {
    for (const res of ['cuentas-bancarias', 'billeteras-digitales', 'tarjetas', 'detalles']) {
      expect((await app.api('GET', `${B}/${res}/`, { token: nobody })).status, res).toBe(403);
    }
    const cuenta = (await app.api('GET', `${B}/cuentas-bancarias/?es_cuenta_casa=true`, { token: admin })).body.results[0];
    const before = await snapshot(app, 'metodo_financiero_detalle');
    expect((await app.api('POST', `${B}/detalles/`, { token: nobody, body: { metodo_financiero: 1 } })).status).toBe(403);
    const d = cuenta.metodo_financiero_detalle;
    const bodies: Record<string, Record<string, unknown>> = {
      'cuentas-bancarias': { metodo_financiero_detalle: d, banco: 1, numero_cuenta: '1', titular: 'X', cbu_cvu: cuenta.cbu_cvu },
      'billeteras-digitales': { metodo_financiero_detalle: d, plataforma: 1, usuario_id: 'u', email: 'u@x.com' },
      tarjetas: { metodo_financiero_detalle: d, tipo: 'STRIPE', brand: 'visa', last4: '1234', exp_month: 12, exp_year: YEAR + 1, titular: 'X' },
    };
    for (const [res, body] of Object.entries(bodies)) {
      expect((await app.api('POST', `${B}/${res}/`, { token: nobody, body })).status, res).toBe(403);
      // The same for an id that names nothing: the answer tells nothing of which ids exist.
      expect((await app.api('POST', `${B}/${res}/`, { token: nobody, body: { ...body, metodo_financiero_detalle: 99999999 } })).status, res).toBe(403);
    }
    await expect(crearInstancia(nobody, { tipo_instancia: 'billetera_digital', plataforma: 1, usuario_id: 'u', email: 'u@x.com' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await snapshot(app, 'metodo_financiero_detalle')).toEqual(before);
    expect((await app.api('GET', `${B}/cuentas-bancarias/${cuenta.id}/`, { token: nobody })).status).toBe(404);
    expect((await app.api('PUT', `${B}/cuentas-bancarias/${cuenta.id}/`, { token: nobody, body: { banco: cuenta.banco, numero_cuenta: '1', titular: 'X', cbu_cvu: cuenta.cbu_cvu } })).status).toBe(404);
    expect((await app.api('POST', `${B}/detalles/${cuenta.metodo_financiero_detalle}/toggle_active/`, { token: nobody })).status).toBe(404);
  });

  it('a need-specific permission decides: view bancos lists, cannot create; add creates', async () => {
    const viewer = (await userWith(app, [P.viewBanco])).token;
    expect((await app.api('GET', `${B}/bancos/`, { token: viewer })).status).toBe(200);
    expect((await app.api('POST', `${B}/bancos/`, { token: viewer, body: { nombre: nombre('Banco') } })).status).toBe(403);
    const adder = (await userWith(app, [P.addBanco])).token;
    expect((await app.api('POST', `${B}/bancos/`, { token: adder, body: { nombre: nombre('Banco') } })).status).toBe(201);
  });

  it('the method toggle refuses a body that is not an object (400) and changes nothing', async () => {
    const before = await snapshot(app, 'metodos_financieros');
    for (const raw of ['"x"', '5', '[]', '[true]', 'true']) {
      const r = await app.api('POST', `${B}/metodos/1/toggle_active/`, { token: admin, raw });
      expect(r.status, raw).toBe(400);
      expect(r.body, raw).toEqual({ non_field_errors: [expect.any(String)] });
    }
    expect(await snapshot(app, 'metodos_financieros')).toEqual(before);
    // No body, or null, is still a plain toggle.
    expect((await app.api('POST', `${B}/metodos/1/toggle_active/`, { token: admin, raw: 'null' })).body.is_active).toBe(false);
    expect((await app.api('POST', `${B}/metodos/1/toggle_active/`, { token: admin })).body.is_active).toBe(true);
  });

  it('the forms\' options answer any signed-in user with the active entries only', async () => {
    const b = await crearBanco();
    // A toggle takes no fields: an unknown key is refused and changes nothing.
    expect(await app.api('POST', `${B}/bancos/${b.id}/toggle_active/`, { token: admin, body: { foo: 1 } })).toMatchObject({ status: 400, body: { foo: ['Campo no permitido.'] } });
    expect((await app.api('GET', `${B}/bancos/${b.id}/`, { token: admin })).body.is_active).toBe(true);
    await app.api('POST', `${B}/bancos/${b.id}/toggle_active/`, { token: admin });
    const r = await app.api('GET', `${B}/opciones-catalogo/`, { token: customer });
    expect(r.status).toBe(200);
    expect(r.body.bancos.length).toBeGreaterThan(0);
    expect(r.body.bancos.every((x: { is_active: boolean }) => x.is_active)).toBe(true);
    expect(r.body.bancos.some((x: { id: number }) => x.id === b.id)).toBe(false);
    expect(r.body.marcas.length).toBeGreaterThan(0);
  });
});

describe('methods', () => {
  it('pages 10 per page with search; all=true answers an array', async () => {
    for (let i = 0; i < 7; i++) {
      const r = await app.api('POST', `${B}/metodos/`, { token: admin, body: { nombre: `PAGINADO_${String.fromCharCode(65 + i)}${seq++}`.replace(/\d/g, 'X'), nombre_display: `Paginado ${i}` } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const p1 = await app.api('GET', `${B}/metodos/`, { token: admin });
    expect(p1.body).toMatchObject({ next: `${app.url}/api${B}/metodos/?page=2`, previous: null });
    expect(p1.body.results).toHaveLength(10);
    const p2 = await app.api('GET', `${B}/metodos/?page=2`, { token: admin });
    expect(p2.body).toMatchObject({ count: p1.body.count, next: null, previous: `${app.url}/api${B}/metodos/` });
    const s = await app.api('GET', `${B}/metodos/?search=efectivo`, { token: admin });
    expect(s.body.results.map((m: { nombre: string }) => m.nombre)).toEqual(['EFECTIVO']);
  });

  it('create answers 201 with the defaults of §5; every commission message', async () => {
    const r = await app.api('POST', `${B}/metodos/`, { token: admin, body: { nombre: 'tarjeta_credito', nombre_display: 'Tarjeta de crédito' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ nombre: 'TARJETA_CREDITO', permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '0.00', comision_pago_porcentaje: '0.00', is_active: true });
    expect((await auditRows(app, 'metodo_financiero', r.body.id)).map((a) => a.action)).toEqual(['create']);
    const before = await snapshot(app, 'metodos_financieros');
    const bad = await app.api('POST', `${B}/metodos/`, { token: admin, body: { nombre: 'OTRO', nombre_display: 'Otro', comision_cobro_porcentaje: '100.01', comision_pago_porcentaje: '-1' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ comision_cobro_porcentaje: [METODO_MSG.comisionCobro], comision_pago_porcentaje: [METODO_MSG.comisionPago] });
    const dup = await app.api('POST', `${B}/metodos/`, { token: admin, body: { nombre: 'EFECTIVO', nombre_display: 'Otro' } });
    expect(dup.body).toEqual({ nombre: [METODO_MSG.nombreDuplicado] });
    const fmt = await app.api('POST', `${B}/metodos/`, { token: admin, body: { nombre: 'con espacios', nombre_display: '' } });
    expect(fmt.body).toEqual({ nombre: [METODO_MSG.nombreFormato], nombre_display: [METODO_MSG.displayRequerido] });
    expect(await snapshot(app, 'metodos_financieros')).toEqual(before);
  });

  it('PUT edits with two-decimal strings, DELETE deactivates, PUT is_active reactivates, toggle flips; name is fixed', async () => {
    const m = (await app.api('POST', `${B}/metodos/`, { token: admin, body: { nombre: 'CHEQUE_DIFERIDO', nombre_display: 'Cheque diferido' } })).body;
    const put = await app.api('PUT', `${B}/metodos/${m.id}/`, { token: admin, body: { nombre: 'CHEQUE_DIFERIDO', nombre_display: 'Cheque a 30 días', comision_cobro_porcentaje: '2,5', comision_pago_porcentaje: 1.25 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ nombre_display: 'Cheque a 30 días', comision_cobro_porcentaje: '2.50', comision_pago_porcentaje: '1.25' });
    expect((await app.api('PUT', `${B}/metodos/${m.id}/`, { token: admin, body: { nombre: 'OTRO_NOMBRE' } })).body).toEqual({ nombre: [METODO_MSG.nombreNoCambia] });
    const del = await app.api('DELETE', `${B}/metodos/${m.id}/`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body.is_active).toBe(false);
    expect((await app.api('PUT', `${B}/metodos/${m.id}/`, { token: admin, body: { is_active: true } })).body.is_active).toBe(true);
    expect((await app.api('POST', `${B}/metodos/${m.id}/toggle_active/`, { token: admin })).body.is_active).toBe(false);
    const deleter = (await userWith(app, [P.deleteMetodo])).token;
    expect((await app.api('POST', `${B}/metodos/${m.id}/toggle_active/`, { token: deleter })).status).toBe(403);
    expect((await app.api('GET', `${B}/metodos/999999/`, { token: admin })).status).toBe(404);
  });
});

describe('catalogues', () => {
  it('bank: every §5 message; fixed CVU optional; duplicate names case-insensitive; nothing changes on 400', async () => {
    const before = await snapshot(app, 'bancos');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { nombre: [METODO_MSG.bancoNombreRequerido] }],
      [{ nombre: 'A' }, { nombre: [METODO_MSG.nombreMin] }],
      [{ nombre: 'x'.repeat(101) }, { nombre: [METODO_MSG.nombreMax] }],
      [{ nombre: 'Banco Z', cvu: '' }, { cvu: [METODO_MSG.cvuRequerido] }],
      [{ nombre: 'Banco Z', cvu: '123' }, { cvu: [METODO_MSG.cvuLargo] }],
      [{ nombre: 'Banco Z', cvu: '12345678901234567890ab' }, { cvu: [METODO_MSG.cvuNumeros] }],
      [{ nombre: 'Banco Z', comision_compra: '-1', comision_venta: '101' }, { comision_compra: [METODO_MSG.compraNegativa], comision_venta: [METODO_MSG.ventaExcede] }],
      [{ nombre: 'Banco Z', comision_compra: '101', comision_venta: '-0.01' }, { comision_compra: [METODO_MSG.compraExcede], comision_venta: [METODO_MSG.ventaNegativa] }],
      [{ nombre: 'Banco Z', comision_compra: 'abc' }, { comision_compra: [METODO_MSG.comisionNumero] }],
      [{ nombre: 'banco itaú paraguay' }, { nombre: [METODO_MSG.bancoDuplicado] }],
    ];
    for (const [body, expected] of cases) {
      const r = await app.api('POST', `${B}/bancos/`, { token: admin, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body, JSON.stringify(body)).toEqual(expected);
    }
    expect(await snapshot(app, 'bancos')).toEqual(before);
    const ok = await crearBanco({ cvu: cvu22(), comision_compra: '0.5' });
    expect(ok).toMatchObject({ comision_compra: '0.50', comision_venta: '0.00', comision_personalizada_compra: false, comision_personalizada_venta: false, is_active: true });
  });

  it('wallet platform and card brand messages; brands are capped at 100 on the server', async () => {
    expect((await app.api('POST', `${B}/billeteras-catalogo/`, { token: admin, body: {} })).body).toEqual({ nombre: [METODO_MSG.billeteraNombreRequerido] });
    expect((await app.api('POST', `${B}/billeteras-catalogo/`, { token: admin, body: { nombre: 'Z' } })).body).toEqual({ nombre: [METODO_MSG.nombreMin] });
    expect((await app.api('POST', `${B}/tarjetas-catalogo/`, { token: admin, body: {} })).body).toEqual({ marca: [METODO_MSG.marcaRequerida] });
    expect((await app.api('POST', `${B}/tarjetas-catalogo/`, { token: admin, body: { marca: 'Nueva', comision_venta: '-2' } })).body).toEqual({ comision_venta: [METODO_MSG.ventaNegativa] });
    expect((await app.api('POST', `${B}/tarjetas-catalogo/`, { token: admin, body: { marca: 'Nueva', comision_venta: '150' } })).body).toEqual({ comision_venta: [METODO_MSG.ventaExcede] });
    const r = await app.api('POST', `${B}/tarjetas-catalogo/`, { token: admin, body: { marca: nombre('Marca'), comision_venta: '2.75', comision_personalizada_venta: true } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ comision_venta: '2.75', comision_personalizada_venta: true, affected_instances: 0 });
  });

  it('an edit refuses a blank alias instead of ignoring it, and keeps the stored one', async () => {
    const banco = await crearBanco();
    const a = await crearInstancia(customer, { tipo_instancia: 'cuenta_bancaria', cliente: clientes[0], banco: banco.id, numero_cuenta: '9', titular: 'María', cbu_cvu: cvu22(), alias: 'Mi cuenta' });
    for (const path of [`${B}/detalles/${a.metodo_financiero_detalle}/`, `${B}/cuentas-bancarias/${a.id}/`]) {
      const r = await app.api('PUT', path, { token: customer, body: { alias: '   ' } });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ alias: [METODO_MSG.aliasVacio] });
    }
    expect((await app.api('GET', `${B}/detalles/${a.metodo_financiero_detalle}/`, { token: customer })).body.alias).toBe('Mi cuenta');
    const renamed = await app.api('PUT', `${B}/detalles/${a.metodo_financiero_detalle}/`, { token: customer, body: { alias: ' Sueldo ' } });
    expect(renamed.body.alias).toBe('Sueldo');
    // The method toggle's `instancia` flag says what it takes, as every yes/no does.
    const flag = await app.api('POST', `${B}/metodos/${a.metodo_financiero_detalle}/toggle_active/`, { token: customer, body: { instancia: 'yes' } });
    expect(flag.status).toBe(400);
    expect(flag.body).toEqual({ instancia: ['Use true o false'] });
  });

  it('cascade: deactivating a bank takes its active instances down (marked) and answers affected_instances; reactivating restores exactly those', async () => {
    const banco = await crearBanco();
    const cliente = clientes[0];
    const a = await crearInstancia(customer, { tipo_instancia: 'cuenta_bancaria', cliente, banco: banco.id, numero_cuenta: '1', titular: 'María', cbu_cvu: cvu22() });
    const b = await crearInstancia(customer, { tipo_instancia: 'cuenta_bancaria', cliente, banco: banco.id, numero_cuenta: '2', titular: 'María', cbu_cvu: cvu22() });
    const c = await crearInstancia(admin, { tipo_instancia: 'cuenta_bancaria', es_cuenta_casa: true, banco: banco.id, numero_cuenta: '3', titular: 'Casa', cbu_cvu: cvu22() });
    // b was deactivated by its owner before the bank: it must stay inactive afterwards.
    expect((await app.api('POST', `${B}/detalles/${b.metodo_financiero_detalle}/toggle_active/`, { token: customer })).body.is_active).toBe(false);
    const otherBefore = await app.db.selectFrom('metodo_financiero_detalle').select(['id', 'is_active', 'desactivado_por_catalogo']).where('id', 'not in', [a.metodo_financiero_detalle, b.metodo_financiero_detalle, c.metodo_financiero_detalle]).orderBy('id').execute();

    const off = await app.api('POST', `${B}/bancos/${banco.id}/toggle_active/`, { token: admin });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: banco.id, is_active: false, affected_instances: 2 });
    const state = async () =>
      Object.fromEntries(
        (await app.db.selectFrom('metodo_financiero_detalle').select(['id', 'is_active', 'desactivado_por_catalogo']).where('id', 'in', [a.metodo_financiero_detalle, b.metodo_financiero_detalle, c.metodo_financiero_detalle]).execute()).map((r) => [r.id, [r.is_active, r.desactivado_por_catalogo]]),
      );
    expect(await state()).toEqual({ [a.metodo_financiero_detalle]: [false, true], [b.metodo_financiero_detalle]: [false, false], [c.metodo_financiero_detalle]: [false, true] });
    const listed = await app.api('GET', `${B}/cuentas-bancarias/${a.id}/`, { token: customer });
    expect(listed.body.detalle).toMatchObject({ is_active: false, desactivado_por_catalogo: true });

    // The owner cannot bring it back while the bank is off.
    const refused = await app.api('POST', `${B}/detalles/${a.metodo_financiero_detalle}/toggle_active/`, { token: customer });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(METODO_MSG.bloqueadaPorCatalogo);
    const refusedB = await app.api('POST', `${B}/detalles/${b.metodo_financiero_detalle}/toggle_active/`, { token: customer });
    expect(refusedB.status).toBe(409);
    expect(refusedB.body.detail).toBe(METODO_MSG.catalogoInactivo);
    expect((await app.api('PUT', `${B}/cuentas-bancarias/${a.id}/`, { token: customer, body: { banco: banco.id, numero_cuenta: '9', titular: 'M', cbu_cvu: cvu22() } })).status).toBe(409);

    const on = await app.api('POST', `${B}/bancos/${banco.id}/toggle_active/`, { token: admin });
    expect(on.body).toMatchObject({ is_active: true, affected_instances: 2 });
    expect(await state()).toEqual({ [a.metodo_financiero_detalle]: [true, false], [b.metodo_financiero_detalle]: [false, false], [c.metodo_financiero_detalle]: [true, false] });
    const otherAfter = await app.db.selectFrom('metodo_financiero_detalle').select(['id', 'is_active', 'desactivado_por_catalogo']).where('id', 'not in', [a.metodo_financiero_detalle, b.metodo_financiero_detalle, c.metodo_financiero_detalle]).where('id', '<=', Math.max(...otherBefore.map((r) => r.id))).orderBy('id').execute();
    expect(otherAfter).toEqual(otherBefore);
    const audits = await auditRows(app, 'banco', banco.id);
    expect(audits.map((x) => x.action)).toEqual(['create', 'deactivate', 'activate']);
  });

  it('cascade also follows wallet platforms and card brands, and PUT is_active', async () => {
    const plat = (await app.api('POST', `${B}/billeteras-catalogo/`, { token: admin, body: { nombre: nombre('Billetera') } })).body;
    const w = await crearInstancia(customer, { tipo_instancia: 'billetera_digital', cliente: clientes[0], plataforma: plat.id, usuario_id: 'u1', email: 'u1@ejemplo.com' });
    const off = await app.api('PUT', `${B}/billeteras-catalogo/${plat.id}/`, { token: admin, body: { is_active: false } });
    expect(off.body.affected_instances).toBe(1);
    expect((await app.api('GET', `${B}/billeteras-digitales/${w.id}/`, { token: customer })).body.detalle.desactivado_por_catalogo).toBe(true);
    expect((await app.api('POST', `${B}/billeteras-catalogo/${plat.id}/toggle_active/`, { token: admin })).body.affected_instances).toBe(1);

    const marca = (await app.api('POST', `${B}/tarjetas-catalogo/`, { token: admin, body: { marca: nombre('Marca') } })).body;
    const t = await crearInstancia(customer, { tipo_instancia: 'tarjeta', cliente: clientes[0], tipo: 'LOCAL', marca: marca.id, last4: '1111', exp_month: 12, exp_year: YEAR + 1, titular: 'María' });
    expect((await app.api('POST', `${B}/tarjetas-catalogo/${marca.id}/toggle_active/`, { token: admin })).body.affected_instances).toBe(1);
    expect((await app.api('GET', `${B}/tarjetas/${t.id}/`, { token: customer })).body.detalle).toMatchObject({ is_active: false, desactivado_por_catalogo: true });
  });
});

describe('instances', () => {
  it('the spec\'s two calls: POST detalles/ then POST cuentas-bancarias/ with its id (201 each)', async () => {
    const metodo = (await app.db.selectFrom('metodos_financieros').select('id').where('nombre', '=', 'TRANSFERENCIA_BANCARIA').executeTakeFirstOrThrow()).id;
    const d = await app.api('POST', `${B}/detalles/`, { token: customer, body: { cliente: clientes[1], es_cuenta_casa: false, metodo_financiero: metodo, alias: 'Cuenta sueldo', is_active: true } });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(d.body).toMatchObject({ cliente: clientes[1], es_cuenta_casa: false, metodo_financiero: metodo, alias: 'Cuenta sueldo', is_active: true, desactivado_por_catalogo: false });
    const banco = (await app.api('GET', `${B}/opciones-catalogo/`, { token: customer })).body.bancos.find((b: { cvu: string | null }) => !b.cvu);
    const cbu = cvu22();
    const c = await crearCuenta(customer, { banco: banco.id, numero_cuenta: '123', titular: 'María', cbu_cvu: cbu, metodo_financiero_detalle: d.body.id });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body).toMatchObject({ banco: banco.id, banco_nombre: banco.nombre, numero_cuenta: '123', titular: 'María', cbu_cvu: cbu, metodo_financiero_detalle: d.body.id });
    expect(c.body.comision_efectiva).toEqual({ venta: expect.any(String), compra: expect.any(String) });
    const again = await crearCuenta(customer, { banco: banco.id, numero_cuenta: '124', titular: 'María', cbu_cvu: cbu, metodo_financiero_detalle: d.body.id });
    expect(again.body).toEqual({ metodo_financiero_detalle: [METODO_MSG.detalleOcupado] });
    const w = await app.api('POST', `${B}/billeteras-digitales/`, { token: customer, body: { plataforma: 1, usuario_id: 'x', email: 'x@y.com', metodo_financiero_detalle: d.body.id } });
    expect(w.body).toEqual({ metodo_financiero_detalle: [METODO_MSG.metodoNoCoincide] });
    // Without the detail's id: it is missing, not unknown.
    const sinDetalle = await crearCuenta(customer, {});
    expect(sinDetalle.status).toBe(400);
    expect(sinDetalle.body.metodo_financiero_detalle).toEqual([M.required]);
  });

  it('bank account messages; a fixed-CVU bank fills the CBU/CVU; only active banks', async () => {
    const before = await snapshot(app, 'metodo_financiero_detalle');
    const caller = await app.caller(customer);
    const fail = async (input: Record<string, unknown>) => {
      try {
        await caller.metodos.crearInstancia({ tipo_instancia: 'cuenta_bancaria', cliente: clientes[0], ...input } as never);
      } catch (e) {
        return fieldsOf(e);
      }
      throw new Error('accepted');
    };
    expect(await fail({})).toMatchObject({ banco: [METODO_MSG.bancoRequerido], numero_cuenta: [METODO_MSG.numeroCuentaRequerido], titular: [METODO_MSG.titularRequerido] });
    const sinCvu = await crearBanco();
    expect(await fail({ banco: sinCvu.id, numero_cuenta: '1', titular: 'T' })).toEqual({ cbu_cvu: [METODO_MSG.cbuRequerido] });
    expect(await fail({ banco: sinCvu.id, numero_cuenta: '1', titular: 'T', cbu_cvu: '123' })).toEqual({ cbu_cvu: [METODO_MSG.cbuLargo] });
    const fijo = cvu22();
    const conCvu = await crearBanco({ cvu: fijo });
    expect(await fail({ banco: conCvu.id, numero_cuenta: '1', titular: 'T', cbu_cvu: cvu22() })).toEqual({ cbu_cvu: [METODO_MSG.cbuDelBanco] });
    await app.api('POST', `${B}/bancos/${sinCvu.id}/toggle_active/`, { token: admin });
    expect(await fail({ banco: sinCvu.id, numero_cuenta: '1', titular: 'T', cbu_cvu: cvu22() })).toEqual({ banco: [METODO_MSG.bancoInactivo] });
    expect(await snapshot(app, 'metodo_financiero_detalle')).toEqual(before);
    const ok = await caller.metodos.crearInstancia({ tipo_instancia: 'cuenta_bancaria', cliente: clientes[0], banco: conCvu.id, numero_cuenta: '1', titular: 'T' } as never);
    expect(ok).toMatchObject({ cbu_cvu: fijo, banco_cvu: fijo });
    expect((ok as { detalle: { alias: string } }).detalle.alias).toMatch(/^Cuenta \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('wallet messages over REST', async () => {
    const metodo = (await app.db.selectFrom('metodos_financieros').select('id').where('nombre', '=', 'BILLETERA_DIGITAL').executeTakeFirstOrThrow()).id;
    const d = (await app.api('POST', `${B}/detalles/`, { token: customer, body: { metodo_financiero: metodo } })).body;
    expect(d.cliente).toBe((await app.db.selectFrom('users').select('cliente_actual_id').where('id', '=', customerId).executeTakeFirstOrThrow()).cliente_actual_id);
    const r = await app.api('POST', `${B}/billeteras-digitales/`, { token: customer, body: { metodo_financiero_detalle: d.id } });
    expect(r.body).toEqual({ plataforma: [METODO_MSG.plataformaRequerida], usuario_id: [METODO_MSG.usuarioIdRequerido], email: [METODO_MSG.emailRequerido] });
    const r2 = await app.api('POST', `${B}/billeteras-digitales/`, { token: customer, body: { metodo_financiero_detalle: d.id, plataforma: 1, usuario_id: 'u', email: 'no-es-email' } });
    expect(r2.body).toEqual({ email: [METODO_MSG.emailInvalido] });
  });

  it('cards: expiry and brand rules on the server; number and CVV are refused and never stored', async () => {
    const caller = await app.caller(customer);
    const base = { tipo_instancia: 'tarjeta', cliente: clientes[0], tipo: 'LOCAL', last4: '4242', exp_month: 12, exp_year: YEAR + 2, titular: 'María' };
    const fail = async (input: Record<string, unknown>) => {
      try {
        await caller.metodos.crearInstancia({ ...base, ...input } as never);
      } catch (e) {
        return fieldsOf(e);
      }
      throw new Error('accepted');
    };
    const marca = (await app.api('GET', `${B}/opciones-catalogo/`, { token: customer })).body.marcas[0];
    expect(await fail({})).toEqual({ marca: [METODO_MSG.marcaSeleccion] });
    expect(await fail({ marca: marca.id, exp_month: 13 })).toEqual({ exp_month: [METODO_MSG.mesInvalido] });
    expect(await fail({ marca: marca.id, exp_year: YEAR - 1 })).toEqual({ exp_year: [METODO_MSG.anioInvalido] });
    expect(await fail({ marca: marca.id, exp_year: YEAR + 21 })).toEqual({ exp_year: [METODO_MSG.anioInvalido] });
    if (new Date().getMonth() > 0) expect(await fail({ marca: marca.id, exp_year: YEAR, exp_month: 1 })).toEqual({ exp_month: [METODO_MSG.vencida] });
    expect(await fail({ tipo: undefined, marca: marca.id })).toEqual({ tipo: [METODO_MSG.tipoTarjetaRequerido] });

    const metodo = (await app.db.selectFrom('metodos_financieros').select('id').where('nombre', '=', 'TARJETA').executeTakeFirstOrThrow()).id;
    const d = (await app.api('POST', `${B}/detalles/`, { token: customer, body: { cliente: clientes[0], metodo_financiero: metodo } })).body;
    const secret = { tipo: 'LOCAL', marca: marca.id, last4: '4242', exp_month: 12, exp_year: YEAR + 2, titular: 'María', metodo_financiero_detalle: d.id, numero: '4242424242424242', cvv: '123' };
    const r = await app.api('POST', `${B}/tarjetas/`, { token: customer, body: secret });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ numero: [METODO_MSG.datosSensibles], cvv: [METODO_MSG.datosSensibles] });
    const ok = await app.api('POST', `${B}/tarjetas/`, { token: customer, body: { ...secret, numero: undefined, cvv: undefined } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ tipo: 'LOCAL', marca: marca.id, marca_nombre: marca.marca, last4: '4242', brand: marca.marca.toLowerCase() });
    expect(ok.body.payment_method_id).toMatch(/^pm_/);
    const everything = JSON.stringify([await snapshot(app, 'tarjetas'), await snapshot(app, 'audit_log'), await snapshot(app, 'metodo_financiero_detalle')]);
    expect(everything).not.toContain('4242424242424242');
  });

  it('a house card is refused; house instances need the kind\'s add permission', async () => {
    const fail = async (token: string, input: Record<string, unknown>) => {
      try {
        await crearInstancia(token, input);
      } catch (e) {
        return e as { code: string; cause?: { fields?: unknown } };
      }
      throw new Error('accepted');
    };
    const banco = (await app.api('GET', `${B}/opciones-catalogo/`, { token: customer })).body.bancos.find((b: { cvu: string | null }) => !b.cvu);
    const casa = { tipo_instancia: 'cuenta_bancaria', es_cuenta_casa: true, banco: banco.id, numero_cuenta: '9', titular: 'Casa', cbu_cvu: cvu22() };
    expect((await fail(customer, casa)).code).toBe('FORBIDDEN');
    const viewer = (await userWith(app, [P.viewCuentaBancaria])).token;
    expect((await fail(viewer, casa)).code).toBe('FORBIDDEN');
    const adder = (await userWith(app, [P.addCuentaBancaria, P.viewCuentaBancaria])).token;
    const ok = await crearInstancia(adder, casa);
    expect((ok as { detalle: { alias: string; es_cuenta_casa: boolean; cliente: null } }).detalle).toMatchObject({ alias: 'Casa - cuenta', es_cuenta_casa: true, cliente: null });
    expect((await fail(admin, { tipo_instancia: 'tarjeta', es_cuenta_casa: true, tipo: 'STRIPE', brand: 'visa', last4: '1234', exp_month: 12, exp_year: YEAR + 1, titular: 'Casa' })).cause?.fields).toEqual({ es_cuenta_casa: [METODO_MSG.casaSinTarjetas] });
    // A house account's toggle needs the kind's permissions: change to activate, delete to deactivate.
    const changer = (await userWith(app, [P.viewCuentaBancaria, P.changeCuentaBancaria])).token;
    const dId = (ok as { metodo_financiero_detalle: number }).metodo_financiero_detalle;
    expect((await app.api('POST', `${B}/detalles/${dId}/toggle_active/`, { token: changer })).status).toBe(403);
    const deleter = (await userWith(app, [P.viewCuentaBancaria, P.deleteCuentaBancaria])).token;
    expect((await app.api('POST', `${B}/detalles/${dId}/toggle_active/`, { token: deleter })).body.is_active).toBe(false);
    expect((await app.api('POST', `${B}/detalles/${dId}/toggle_active/`, { token: changer })).body.is_active).toBe(true);
  });

  it('atomic creation: when the second write fails, no detail is left behind', async () => {
    await sql`create or replace function falla_cuenta() returns trigger language plpgsql as $$ begin raise exception 'falla de prueba'; end $$`.execute(app.db);
    await sql`create trigger falla_cuenta before insert on cuentas_bancarias for each row execute function falla_cuenta()`.execute(app.db);
    try {
      const before = await snapshot(app, 'metodo_financiero_detalle');
      const banco = (await app.api('GET', `${B}/opciones-catalogo/`, { token: customer })).body.bancos.find((b: { cvu: string | null }) => !b.cvu);
      await expect(crearInstancia(customer, { tipo_instancia: 'cuenta_bancaria', cliente: clientes[0], banco: banco.id, numero_cuenta: '77', titular: 'T', cbu_cvu: cvu22() })).rejects.toThrow();
      expect(await snapshot(app, 'metodo_financiero_detalle')).toEqual(before);
    } finally {
      await sql`drop trigger falla_cuenta on cuentas_bancarias`.execute(app.db);
    }
  });

  it('ownership: a customer cannot list, read, change or toggle another client\'s instances', async () => {
    const banco = (await app.api('GET', `${B}/opciones-catalogo/`, { token: customer })).body.bancos.find((b: { cvu: string | null }) => !b.cvu);
    const ajena = await crearInstancia(admin, { tipo_instancia: 'cuenta_bancaria', cliente: otroCliente, banco: banco.id, numero_cuenta: '55', titular: 'Otro', cbu_cvu: cvu22() }) as { id: number; metodo_financiero_detalle: number };
    expect((await app.api('GET', `${B}/cuentas-bancarias/?cliente=${otroCliente}`, { token: customer })).status).toBe(403);
    const mine = await app.api('GET', `${B}/cuentas-bancarias/?all=true`, { token: customer });
    expect(mine.body.every((c: { detalle: { cliente: string } }) => clientes.includes(c.detalle.cliente))).toBe(true);
    expect((await app.api('GET', `${B}/detalles/?all=true`, { token: customer })).body.some((d: { id: number }) => d.id === ajena.metodo_financiero_detalle)).toBe(false);
    expect((await app.api('GET', `${B}/cuentas-bancarias/${ajena.id}/`, { token: customer })).status).toBe(404);
    expect((await app.api('GET', `${B}/detalles/${ajena.metodo_financiero_detalle}/`, { token: customer })).status).toBe(404);
    const before = await snapshot(app, 'cuentas_bancarias');
    expect((await app.api('PUT', `${B}/cuentas-bancarias/${ajena.id}/`, { token: customer, body: { banco: banco.id, numero_cuenta: '1', titular: 'Yo', cbu_cvu: cvu22() } })).status).toBe(404);
    expect((await app.api('POST', `${B}/detalles/${ajena.metodo_financiero_detalle}/toggle_active/`, { token: customer })).status).toBe(404);
    expect((await app.api('PUT', `${B}/detalles/${ajena.metodo_financiero_detalle}/`, { token: customer, body: { alias: 'mío' } })).status).toBe(404);
    expect((await app.api('POST', `${B}/metodos/${ajena.metodo_financiero_detalle}/toggle_active/`, { token: customer, body: { instancia: true } })).status).toBe(404);
    expect(await snapshot(app, 'cuentas_bancarias')).toEqual(before);
    // Creating for a client that is not theirs is forbidden.
    await expect(crearInstancia(customer, { tipo_instancia: 'cuenta_bancaria', cliente: otroCliente, banco: banco.id, numero_cuenta: '56', titular: 'X', cbu_cvu: cvu22() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Staff with the view permission read it.
    const staff = (await userWith(app, [P.viewDetalle])).token;
    expect((await app.api('GET', `${B}/cuentas-bancarias/${ajena.id}/`, { token: staff })).status).toBe(200);
  });

  it('the method toggle with a detail id toggles that instance: with instancia=true, and for a customer (the spec\'s call) without it; no method flips', async () => {
    const cuenta = (await app.api('GET', `${B}/cuentas-bancarias/?cliente=${clientes[0]}&is_active=true`, { token: customer })).body.results[0];
    const metodosBefore = await snapshot(app, 'metodos_financieros');
    const toggle = (q = '', token = customer) => app.api('POST', `${B}/metodos/${cuenta.metodo_financiero_detalle}/toggle_active/${q}`, { token });
    // Said to be a method, it is one: a customer may not change it.
    expect((await toggle('?instancia=false')).status).toBe(403);
    const r = await toggle('?instancia=true');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: cuenta.metodo_financiero_detalle, is_active: false });
    // Unsaid, a customer (who may not change methods) can only mean their instance.
    const sinDecir = await toggle();
    expect(sinDecir.status).toBe(200);
    expect(sinDecir.body).toMatchObject({ id: cuenta.metodo_financiero_detalle, is_active: true });
    // Another customer's detail stays out of reach, and staff who manage instances never flip one by a method's id.
    expect((await toggle('', (await userWith(app, [])).token)).status).toBe(403);
    expect((await toggle('', (await userWith(app, [P.viewCuentaBancaria, P.changeCuentaBancaria, P.deleteCuentaBancaria])).token)).status).toBe(403);
    expect(await snapshot(app, 'metodos_financieros')).toEqual(metodosBefore);
    expect((await app.api('POST', `${B}/detalles/${cuenta.metodo_financiero_detalle}/toggle_active/`, { token: customer })).body.is_active).toBe(false);
    expect((await toggle()).body.is_active).toBe(true);
  });

  it('PUT of an own account edits it and its alias (audited); details keep their owner', async () => {
    const cuenta = (await app.api('GET', `${B}/cuentas-bancarias/?cliente=${clientes[0]}&is_active=true`, { token: customer })).body.results[0];
    const r = await app.api('PUT', `${B}/cuentas-bancarias/${cuenta.id}/`, { token: customer, body: { banco: cuenta.banco, numero_cuenta: '999', titular: 'María G.', cbu_cvu: cuenta.banco_cvu ? undefined : cuenta.cbu_cvu, alias: 'Renombrada' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ numero_cuenta: '999', titular: 'María G.', detalle: { alias: 'Renombrada' } });
    expect((await auditRows(app, 'cuenta_bancaria', cuenta.id)).at(-1)?.action).toBe('update');
    const d = await app.api('PUT', `${B}/detalles/${cuenta.metodo_financiero_detalle}/`, { token: customer, body: { cliente: otroCliente } });
    expect(d.body).toEqual({ cliente: [METODO_MSG.detalleNoCambia] });
    const search = await app.api('GET', `${B}/cuentas-bancarias/?search=renombrada`, { token: customer });
    expect(search.body.results.map((x: { id: number }) => x.id)).toEqual([cuenta.id]);
  });
});

describe('odd input', () => {
  it('answers 400 (or 404 for a missing id), never 500, and changes nothing', async () => {
    const tables = ['metodos_financieros', 'bancos', 'billeteras_catalogo', 'tarjetas_catalogo', 'metodo_financiero_detalle', 'cuentas_bancarias', 'billeteras_digitales', 'tarjetas'];
    const before = await Promise.all(tables.map((t) => snapshot(app, t)));
    const resources = ['metodos', 'bancos', 'billeteras-catalogo', 'tarjetas-catalogo', 'cuentas-bancarias', 'billeteras-digitales', 'tarjetas', 'detalles'];
    const bodies: unknown[] = [
      [], 'x', 5, null, { nombre: 5, marca: [], banco: 'abc', plataforma: {}, cliente: 'no-uuid', metodo_financiero: -1, metodo_financiero_detalle: 'x' },
      { nombre: 'a\u0000b', marca: 'a\u0000b', alias: 'a\u0000b', titular: 'a\u0000b', nombre_display: 'a\u0000b', numero_cuenta: 'x\u0000' },
      { comision_compra: Number.MAX_VALUE, comision_venta: '1e3', comision_cobro_porcentaje: {}, is_active: 'true', exp_month: 'doce', exp_year: 20.5, tipo: 'OTRA' },
    ];
    for (const res of resources) {
      for (const body of bodies) {
        for (const [method, path] of [['POST', `${B}/${res}/`], ['PUT', `${B}/${res}/1/`]] as const) {
          const r = await app.api(method, path, { token: admin, raw: JSON.stringify(body) });
          // A null body is read as "no fields" by the REST adapter: a PUT that changes nothing (checked below).
          expect(body === null && method === 'PUT' ? [200, 400, 404] : [400, 404], `${method} ${path} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
        }
      }
      for (const q of ['?page=abc', '?page=0', '?cliente=xyz', '?es_cuenta_casa=quizas', '?is_active=1', '?search=%00']) {
        const r = await app.api('GET', `${B}/${res}/${q}`, { token: admin });
        expect([200, 400], `${res}${q} → ${r.status}`).toContain(r.status);
      }
      for (const id of ['abc', '0', '99999999999', '2147483647']) {
        const r = await app.api('GET', `${B}/${res}/${id}/`, { token: admin });
        expect([400, 404], `${res}/${id}`).toContain(r.status);
      }
    }
    expect(await Promise.all(tables.map((t) => snapshot(app, t)))).toEqual(before);
  });

  it('toggle permissions by intent on catalogues: delete deactivates, change reactivates', async () => {
    const banco = await crearBanco();
    const changer = (await userWith(app, [P.changeBanco])).token;
    const deleter = (await userWith(app, [P.deleteBanco])).token;
    expect((await app.api('POST', `${B}/bancos/${banco.id}/toggle_active/`, { token: changer })).status).toBe(403);
    expect((await app.api('POST', `${B}/bancos/${banco.id}/toggle_active/`, { token: deleter })).body.is_active).toBe(false);
    expect((await app.api('POST', `${B}/bancos/${banco.id}/toggle_active/`, { token: deleter })).status).toBe(403);
    expect((await app.api('POST', `${B}/bancos/${banco.id}/toggle_active/`, { token: changer })).body.is_active).toBe(true);
    expect((await app.api('PUT', `${B}/bancos/${banco.id}/`, { token: deleter, body: { nombre: 'Cambiado' } })).status).toBe(403);
  });

  it('cards: PUT keeps last4 and refuses a number; a detail list pages', async () => {
    const t = (await app.api('GET', `${B}/tarjetas/?cliente=${clientes[0]}&is_active=true`, { token: customer })).body.results[0];
    const bad = await app.api('PUT', `${B}/tarjetas/${t.id}/`, { token: customer, body: { titular: 'Otra', exp_month: 1, exp_year: YEAR + 1, cvv: '999' } });
    expect(bad.body).toEqual({ cvv: [METODO_MSG.datosSensibles] });
    const ok = await app.api('PUT', `${B}/tarjetas/${t.id}/`, { token: customer, body: { titular: 'Otra', exp_month: 1, exp_year: YEAR + 1 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ titular: 'Otra', last4: t.last4, exp_month: 1, exp_year: YEAR + 1, marca: t.marca });
    const d = await app.api('GET', `${B}/detalles/`, { token: admin });
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ count: expect.any(Number), previous: null });
    expect(d.body.results.length).toBeLessThanOrEqual(10);
  });
});

describe('reading the catalogues the customer\'s own forms need', () => {
  it('any signed-in user lists and reads the active methods, banks, wallets and card brands (list, page, all, by id); writes keep their permissions', async () => {
    const inactivo = await crearBanco();
    expect((await app.api('POST', `${B}/bancos/${inactivo.id}/toggle_active/`, { token: admin })).body.is_active).toBe(false);
    const activo = await crearBanco();
    for (const token of [customer, nobody]) {
      for (const res of ['metodos', 'bancos', 'billeteras-catalogo', 'tarjetas-catalogo']) {
        const all = await app.api('GET', `${B}/${res}/?all=true`, { token });
        expect(all.status, res).toBe(200);
        expect(all.body.length, res).toBeGreaterThan(0);
        expect(all.body.every((e: { is_active: boolean }) => e.is_active), res).toBe(true);
        const paged = await app.api('GET', `${B}/${res}/`, { token });
        expect(paged.body.results.every((e: { is_active: boolean }) => e.is_active), res).toBe(true);
        const one = await app.api('GET', `${B}/${res}/${all.body[0].id}/`, { token });
        expect(one.body, res).toEqual(all.body[0]);
      }
      const bancos = (await app.api('GET', `${B}/bancos/?all=true`, { token })).body.map((b: { id: number }) => b.id);
      expect(bancos).toContain(activo.id);
      expect(bancos).not.toContain(inactivo.id);
      expect((await app.api('GET', `${B}/bancos/${inactivo.id}/`, { token })).status).toBe(404);
      expect((await app.api('GET', `${B}/bancos/?is_active=false`, { token })).body.results).toEqual([]);
    }
    // Staff with the view permission read every entry, inactive ones too.
    const viewer = (await userWith(app, [P.viewBanco])).token;
    expect((await app.api('GET', `${B}/bancos/?all=true`, { token: viewer })).body.map((b: { id: number }) => b.id)).toContain(inactivo.id);
    expect((await app.api('GET', `${B}/bancos/${inactivo.id}/`, { token: viewer })).status).toBe(200);
    const before = await snapshot(app, 'bancos');
    const read = (await app.api('GET', `${B}/bancos/${activo.id}/`, { token: customer })).body;
    expect((await app.api('PUT', `${B}/bancos/${activo.id}/`, { token: customer, body: { ...read, nombre: 'Mío' } })).status).toBe(403);
    expect((await app.api('POST', `${B}/bancos/${activo.id}/toggle_active/`, { token: customer })).status).toBe(403);
    expect((await app.api('POST', `${B}/bancos/`, { token: customer, body: { nombre: 'Banco propio' } })).status).toBe(403);
    expect(await snapshot(app, 'bancos')).toEqual(before);
  });

  it('an inactive method is hidden from customers and listed to staff', async () => {
    const m = await app.api('POST', `${B}/metodos/`, { token: admin, body: { nombre: 'OCULTO', nombre_display: 'Oculto', is_active: false } });
    expect(m.status, JSON.stringify(m.body)).toBe(201);
    if (m.body.is_active) expect((await app.api('DELETE', `${B}/metodos/${m.body.id}/`, { token: admin })).status).toBe(200);
    expect((await app.api('GET', `${B}/metodos/${m.body.id}/`, { token: customer })).status).toBe(404);
    expect((await app.api('GET', `${B}/metodos/?all=true`, { token: customer })).body.map((x: { id: number }) => x.id)).not.toContain(m.body.id);
    expect((await app.api('GET', `${B}/metodos/?all=true`, { token: admin })).body.map((x: { id: number }) => x.id)).toContain(m.body.id);
  });
});

describe('GET detalles/: the house\'s instances for staff, their own for a customer', () => {
  it('staff get the house list without any customer\'s instance; a new house account shows at once', async () => {
    const banco = await crearBanco();
    const casa = (await crearInstancia(admin, { tipo_instancia: 'cuenta_bancaria', es_cuenta_casa: true, banco: banco.id, numero_cuenta: '9', titular: 'Casa', cbu_cvu: cvu22() })) as { metodo_financiero_detalle: number };
    const suya = (await crearInstancia(customer, { tipo_instancia: 'cuenta_bancaria', cliente: clientes[0], banco: banco.id, numero_cuenta: '10', titular: 'Cliente', cbu_cvu: cvu22() })) as { metodo_financiero_detalle: number };
    for (const token of [admin, (await userWith(app, [P.viewCuentaBancaria, P.viewBilleteraDigital])).token]) {
      const list = await app.api('GET', `${B}/detalles/?all=true`, { token });
      expect(list.status).toBe(200);
      expect(list.body.length).toBeGreaterThan(0);
      expect(list.body.every((d: { es_cuenta_casa: boolean; cliente: string | null }) => d.es_cuenta_casa && d.cliente === null)).toBe(true);
      expect(list.body.map((d: { id: number }) => d.id)).toContain(casa.metodo_financiero_detalle);
      expect(list.body.map((d: { id: number }) => d.id)).not.toContain(suya.metodo_financiero_detalle);
      const paged = await app.api('GET', `${B}/detalles/`, { token });
      expect(paged.body.count).toBe(list.body.length);
    }
    // Staff may still ask for one client's instances, or for the customers' ones.
    const delCliente = await app.api('GET', `${B}/detalles/?all=true&cliente=${clientes[0]}`, { token: admin });
    expect(delCliente.body.map((d: { id: number }) => d.id)).toContain(suya.metodo_financiero_detalle);
    expect(delCliente.body.every((d: { cliente: string }) => d.cliente === clientes[0])).toBe(true);
    const deClientes = await app.api('GET', `${B}/detalles/?all=true&es_cuenta_casa=false`, { token: admin });
    expect(deClientes.body.every((d: { es_cuenta_casa: boolean }) => !d.es_cuenta_casa)).toBe(true);
    // A customer gets their own clients' instances only.
    const mias = await app.api('GET', `${B}/detalles/?all=true`, { token: customer });
    expect(mias.body.map((d: { id: number }) => d.id)).toContain(suya.metodo_financiero_detalle);
    expect(mias.body.every((d: { cliente: string | null }) => d.cliente !== null && clientes.includes(d.cliente))).toBe(true);
  });
});
