import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/harness';
import { statusOrWait } from '../../test/locks';
import { userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { OP_MSG, mensajeTransicion } from '../../../shared/transacciones';
import { SIM_MSG } from '../simulacion/simulacion.service';
import { expirarTodas } from './sweeper';
import { CODIGO_ALFABETO } from './codigo';
import {
  asignar, cliente, cuentaBancaria, exchangeWorld, setLimites, setTasa, tauser, vencer, type ExchangeWorld,
} from './testFixtures';

let app: TestApp;
let w: ExchangeWorld;
let vip: Awaited<ReturnType<typeof cliente>>;
let otro: Awaited<ReturnType<typeof cliente>>;
let cuenta: { id: number };
let tauserId: string;
let nobody: string;
let staff: string;

beforeAll(async () => {
  app = await startTestApp();
  w = await exchangeWorld(app);
  vip = await cliente(app, w.categorias.vip);
  otro = await cliente(app, w.categorias.minorista);
  cuenta = await cuentaBancaria(app, w, vip.clienteId);
  tauserId = await tauser(app);
  nobody = (await userWith(app, [])).token;
  staff = (await userWith(app, [P.viewTransaccion])).token;
});
afterAll(() => app.close());

const body = (over: Record<string, unknown> = {}) => ({
  cliente_id: vip.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', detalle_metodo_id: cuenta.id, tauser_id: tauserId,
  terminos_aceptados: false, ...over,
});
const crear = (token: string | undefined, b: unknown, headers?: Record<string, string>) =>
  app.api('POST', '/operaciones/crear-transaccion/', { token, body: b, headers });
async function nueva(over: Record<string, unknown> = {}, token = vip.token) {
  const r = await crear(token, body(over));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const count = async () => Number((await app.db.selectFrom('transacciones').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const confirmar = (id: number, b: Record<string, unknown>, token = vip.token) =>
  app.api('PATCH', `/operaciones/transacciones/${id}/confirmar-pago/`, { token, body: b });
const cancelar = (id: number, token = vip.token) => app.api('PATCH', `/operaciones/transacciones/${id}/cancelar/`, { token, body: {} });

describe('POST /api/operaciones/crear-transaccion/', () => {
  it('answers 401 anonymous, 403 without the operation permission, 403 for a client not assigned; nothing stored', async () => {
    const before = await count();
    expect((await crear(undefined, body())).status).toBe(401);
    expect((await crear(nobody, body())).status).toBe(403);
    const sim = await userWith(app, [P.useSimulacion]);
    await asignar(app, sim.id, vip.clienteId);
    expect((await crear(sim.token, body())).status).toBe(403);
    const r = await crear(otro.token, body());
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: M.apiForbidden });
    expect(await count()).toBe(before);
  });

  it('recomputes on the server and stores a pendiente transaction valid 24 h (201)', async () => {
    const r = await crear(vip.token, { ...body(), monto: 1000000 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const t = r.body;
    expect(t).toMatchObject({
      cliente_id: vip.clienteId, operacion: 'compra', operacion_casa: 'venta', estado: 'pendiente', estado_display: 'PENDIENTE',
      tasa_aplicada: '7455.1750', tasa_inicial: '7455.1750', monto_origen: '1000000', monto_destino: '134.14', monto_destino_inicial: '134.14',
      monto_pyg: '1000000', divisa_origen_detalle: { id: w.pyg, codigo: 'PYG' }, divisa_destino_detalle: { id: w.usd, codigo: 'USD' },
      tauser_detalle: { idTauser: tauserId, nombre: 'Tauser Centro', ciudad: 'Asunción' }, detalle_metodo_id: cuenta.id,
      metodo_financiero_detalle: { id: w.metodos.TRANSFERENCIA_BANCARIA, nombre: 'TRANSFERENCIA_BANCARIA' },
      operador_detalle: { id: vip.id, first_name: 'Test', last_name: 'User' },
      parametros: { descuento_categoria: '10.00', comision_metodo: '1.50', precio_base: '7300.0000', comision_base: '50.0000' },
      terminos_aceptados: false, fecha_pago: null, fecha_fin: null,
    });
    expect(t.codigo).toMatch(new RegExp(`^[${CODIGO_ALFABETO}]{8}$`));
    const horas = (Date.parse(t.expira_en) - Date.parse(t.fecha_inicio)) / 3_600_000;
    expect(horas).toBeCloseTo(24, 3);
  });

  it('answers what a read of the stored row gives, and records one audit entry with the written figures', async () => {
    const t = await nueva({ terminos_aceptados: true });
    const leida = await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: vip.token });
    expect(leida.status).toBe(200);
    expect(t).toEqual(leida.body);
    const entries = await app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'transaccion').where('entity_id', '=', String(t.id)).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: vip.id, action: 'create', before: null });
    expect(entries[0]!.after).toMatchObject({
      codigo: t.codigo, cliente_id: vip.clienteId, operador_id: vip.id, operacion_cliente: 'compra', monto_origen: '1000000',
      monto_destino: t.monto_destino, monto_pyg: '1000000', tasa_aplicada: t.tasa_aplicada, detalle_metodo_id: cuenta.id,
      tauser_id: tauserId, terminos_aceptados: true,
    });
  });

  it('answers 400 for bad input, a generic transfer, a foreign instance, an inactive terminal; nothing stored', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ monto: 'mil' }, { monto: ['Ingrese un monto válido.'] }],
      [{ tauser_id: 'x' }, { tauser_id: ['Identificador no válido'] }],
      // An id left out is required, not invalid.
      [{ tauser_id: undefined, divisa_origen: undefined }, { tauser_id: [M.required], divisa_origen: [M.required] }],
      [{ detalle_metodo_id: null, metodo_id: w.metodos.TRANSFERENCIA_BANCARIA }, { detalle_metodo_id: [SIM_MSG.genericoNoPermitido] }],
      [{ detalle_metodo_id: (await cuentaBancaria(app, w, otro.clienteId)).id }, { detalle_metodo_id: [SIM_MSG.instanciaInvalida] }],
      [{ tauser_id: await tauser(app, { is_active: false }) }, { tauser_id: [OP_MSG.tauserInvalido] }],
      [{ tauser_id: '00000000-0000-4000-8000-000000000000' }, { tauser_id: [OP_MSG.tauserInvalido] }],
      [{ extra: 1 }, { extra: [expect.any(String)] }],
    ];
    for (const [over, expected] of cases) {
      const r = await crear(vip.token, body(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body).toEqual(expected);
    }
    expect(await count()).toBe(before);
  });

  it('accepts the generic method for cash and cheque', async () => {
    const t = await nueva({ detalle_metodo_id: null, metodo_id: w.metodos.EFECTIVO });
    expect(t).toMatchObject({ detalle_metodo_id: null, metodo_financiero_detalle: { nombre: 'EFECTIVO' }, tasa_aplicada: '7345.0000' });
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body answer the first transaction; another body answers 409; other users are independent', async () => {
    const key = { 'Idempotency-Key': `clave-${Date.now()}` };
    const before = await count();
    const a = await crear(vip.token, body({ monto: '500000' }), key);
    const b = await crear(vip.token, body({ monto: 500000 }), key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    // A retry rebuilt from a typed object, with the defaults written out, is the same request.
    const conDefectos = await crear(vip.token, body({ monto: '500000', terminos_aceptados: false, metodo_id: null }), key);
    expect(conDefectos).toMatchObject({ status: 201, body: { id: a.body.id } });
    expect(await count()).toBe(before + 1);
    const c = await crear(vip.token, body({ monto: '500001' }), key);
    expect(c.status).toBe(409);
    expect(c.body).toEqual({ error: 'conflict', detail: OP_MSG.idempotenciaOtroCuerpo });
    expect((await crear(vip.token, body(), { 'Idempotency-Key': 'x'.repeat(201) })).status).toBe(400);
    expect(await count()).toBe(before + 1);
  });

  it('a repeat answers the operation only while its client is still assigned to the user (404 after)', async () => {
    const c = await cliente(app, w.categorias.minorista);
    const key = { 'Idempotency-Key': `desasignada-${Date.now()}` };
    const b = body({ cliente_id: c.clienteId, detalle_metodo_id: null, metodo_id: w.metodos.EFECTIVO, monto: '100000' });
    expect((await crear(c.token, b, key)).status).toBe(201);
    expect((await crear(c.token, b, key)).status).toBe(201);
    await app.db.deleteFrom('user_clientes').where('user_id', '=', c.id).execute();
    const r = await crear(c.token, b, key);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: M.notFound });
  });

  it('concurrent requests with one key create one transaction', async () => {
    const key = { 'Idempotency-Key': `paralela-${Date.now()}` };
    const before = await count();
    const rs = await Promise.all(Array.from({ length: 8 }, () => crear(vip.token, body({ monto: '10000' }), key)));
    expect(rs.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(rs.map((r) => r.body.id)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});

describe('Idempotency-Key on payment', () => {
  const pagar = (id: number, b: unknown, key?: string) =>
    app.api('PATCH', `/operaciones/transacciones/${id}/confirmar-pago/`, { token: vip.token, body: b, headers: key ? { 'Idempotency-Key': key } : undefined });
  const pagos = async (id: number) =>
    (await app.db.selectFrom('audit_log').select('id').where('entity', '=', 'transaccion').where('entity_id', '=', String(id)).where('action', '=', 'update').execute()).length;

  it('a repeated confirmation with the same key answers the paid transaction (no 409, one payment); another body 409', async () => {
    const t = await nueva({ monto: '200000' });
    const key = `pago-${Date.now()}`;
    const first = await pagar(t.id, { terminos_aceptados: true }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.estado).toBe('en_proceso');
    const again = await pagar(t.id, { terminos_aceptados: true }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await pagos(t.id)).toBe(1);
    expect((await pagar(t.id, { terminos_aceptados: true, acepta_cambio: false }, key)).body).toEqual(first.body);
    const other = await pagar(t.id, { terminos_aceptados: true, acepta_cambio: true }, key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ error: 'conflict', detail: OP_MSG.idempotenciaOtroCuerpo });
    // Without the key the state machine answers as always: already en_proceso.
    const plain = await pagar(t.id, { terminos_aceptados: true });
    expect(plain.status).toBe(409);
    expect(plain.body.estado).toBe('en_proceso');
  });

  it('a key is bound to its action: a creation key cannot confirm a payment', async () => {
    const key = `crear-y-pagar-${Date.now()}`;
    const created = await crear(vip.token, body({ monto: '150000' }), { 'Idempotency-Key': key });
    expect(created.status).toBe(201);
    const r = await pagar(created.body.id, { terminos_aceptados: true }, key);
    expect(r.status).toBe(409);
    expect((await app.api('GET', `/operaciones/transacciones/${created.body.id}/`, { token: vip.token })).body.estado).toBe('pendiente');
  });

  it('a refused payment (terms missing) leaves the key free for the corrected request', async () => {
    const t = await nueva({ monto: '120000' });
    const key = `pago-corregido-${Date.now()}`;
    expect((await pagar(t.id, { terminos_aceptados: false }, key)).status).toBe(400);
    const ok = await pagar(t.id, { terminos_aceptados: false }, key);
    expect(ok.status).toBe(400);
    expect((await pagar(t.id, { terminos_aceptados: true }, `${key}-2`)).status).toBe(200);
  });
});

describe('the OpenAPI document of the money path', () => {
  it('declares the 409s and the Idempotency-Key header a generated client must expect', async () => {
    const doc = (await app.api('GET', '/schema/')).body;
    const op = (path: string, method: string) => doc.paths[`/api${path}`][method];
    const header = (o: { parameters?: { name: string; in: string }[] }) => o.parameters?.some((p) => p.name === 'Idempotency-Key' && p.in === 'header');
    for (const [path, method] of [['/operaciones/crear-transaccion/', 'post'], ['/operaciones/transacciones/{id}/confirmar-pago/', 'patch']]) {
      expect(header(op(path, method)), path).toBe(true);
    }
    expect(header(op('/operaciones/transacciones/{id}/cancelar/', 'patch'))).toBeFalsy();
    for (const [path, method] of [
      ['/operaciones/crear-transaccion/', 'post'], ['/operaciones/transacciones/{id}/confirmar-pago/', 'patch'], ['/operaciones/transacciones/{id}/cancelar/', 'patch'],
      ['/operaciones/transacciones/{id}/reconfirmar-tasa/', 'get'], ['/tauser/terminal/transacciones/{codigo}/', 'get'], ['/tauser/terminal/transacciones/{codigo}/procesar/', 'post'],
    ]) {
      const schema = op(path, method).responses['409']?.content['application/json'].schema;
      expect(schema?.properties?.error?.enum, path).toEqual(['conflict', 'invalid_transition', 'rate_changed']);
    }
    expect(op('/operaciones/transacciones/{id}/', 'get').responses['409']).toBeUndefined();
  });
});

describe('reading transactions', () => {
  it('GET transacciones/{id}/: 401 anonymous, 404 for another customer, 200 for the owner and for staff with view_transaccion', async () => {
    const t = await nueva();
    expect((await app.api('GET', `/operaciones/transacciones/${t.id}/`)).status).toBe(401);
    const ajeno = await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: otro.token });
    expect(ajeno.status).toBe(404);
    expect((await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: vip.token })).body).toEqual(t);
    expect((await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: staff })).body).toEqual(t);
    expect((await app.api('GET', '/operaciones/transacciones/99999999/', { token: staff })).status).toBe(404);
    expect((await app.api('GET', '/operaciones/transacciones/abc/', { token: staff })).status).toBe(400);
  });

  it('GET transacciones/: a page far past the end answers an empty page with the count, for every state', async () => {
    for (const estado of ['', 'pendiente', 'expirada', 'completada']) {
      const r = await app.api('GET', `/operaciones/transacciones/?page=300000000${estado ? `&estado=${estado}` : ''}`, { token: staff });
      expect(r.status, estado).toBe(200);
      expect(r.body.results, estado).toEqual([]);
      expect(typeof r.body.count, estado).toBe('number');
    }
  });

  it('GET transacciones/: a customer sees only their clients\', staff all with filters; paged 10 per page', async () => {
    await nueva({}, otro.token === vip.token ? vip.token : vip.token);
    const otroCuenta = await cuentaBancaria(app, w, otro.clienteId);
    await nueva({ cliente_id: otro.clienteId, detalle_metodo_id: otroCuenta.id }, otro.token);
    expect((await app.api('GET', '/operaciones/transacciones/')).status).toBe(401);
    const mine = await app.api('GET', '/operaciones/transacciones/?all=true', { token: vip.token });
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((t: { cliente_id: string }) => t.cliente_id === vip.clienteId)).toBe(true);
    const ajeno = await app.api('GET', `/operaciones/transacciones/?cliente_id=${otro.clienteId}`, { token: vip.token });
    expect(ajeno.status).toBe(403);

    const all = await app.api('GET', '/operaciones/transacciones/', { token: staff });
    expect(all.body.count).toBe(await count());
    expect(all.body.results.length).toBe(Math.min(10, all.body.count));
    expect(all.body.next).toBe(all.body.count > 10 ? `${app.url}/api/operaciones/transacciones/?page=2` : null);
    const soloOtro = await app.api('GET', `/operaciones/transacciones/?cliente_id=${otro.clienteId}`, { token: staff });
    expect(soloOtro.body.count).toBe(1);
    const hoy = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Asuncion' });
    const porFecha = await app.api('GET', `/operaciones/transacciones/?fecha_desde=${hoy}&fecha_hasta=${hoy}&estado=pendiente&divisa=${w.usd}`, { token: staff });
    expect(porFecha.body.count).toBeGreaterThan(0);
    const manana = await app.api('GET', '/operaciones/transacciones/?fecha_desde=2999-01-01', { token: staff });
    expect(manana.body.count).toBe(0);
    // ?search= finds a code typed whole in any case, or part of one; LIKE's wildcards are literal.
    const { codigo } = soloOtro.body.results[0] as { codigo: string };
    for (const q of [codigo.toLowerCase(), codigo.slice(2, 6)]) {
      const found = await app.api('GET', `/operaciones/transacciones/?search=${q}`, { token: staff });
      expect(found.body.results.map((t: { codigo: string }) => t.codigo)).toContain(codigo);
    }
    expect((await app.api('GET', '/operaciones/transacciones/?search=%25', { token: staff })).body.count).toBe(0);
    expect((await app.api('GET', '/operaciones/transacciones/?estado=rara', { token: staff })).status).toBe(400);
    // A state as the history shows it (upper case) filters the same.
    const mayus = await app.api('GET', `/operaciones/transacciones/?estado=PENDIENTE&cliente_id=${otro.clienteId}`, { token: staff });
    expect(mayus.body.count).toBe((await app.api('GET', `/operaciones/transacciones/?estado=pendiente&cliente_id=${otro.clienteId}`, { token: staff })).body.count);
    // An id past int4, said once; a rate the customer accepted sent as a JSON number: the documented message.
    const grande = await app.api('POST', '/operaciones/simular_publica/', { body: { divisa_origen: w.pyg, divisa_destino: 1e20, monto: '1000', metodo_id: w.metodos.EFECTIVO } });
    expect(grande.body).toEqual({ divisa_destino: ['Identificador no válido'] });
    expect((await app.api('GET', '/operaciones/transacciones/?fecha_desde=2026-02-30', { token: staff })).status).toBe(400);
    expect((await app.api('GET', '/operaciones/transacciones/?fecha_desde=2026-02-03&fecha_hasta=2026-02-01', { token: staff })).status).toBe(400);
  });

  it('GET clientes/{id}/get_historial_transacciones/: the spec\'s history rows, 403 for another customer', async () => {
    const t = await nueva();
    const r = await app.api('GET', `/clientes/${vip.clienteId}/get_historial_transacciones/`, { token: vip.token });
    expect(r.status).toBe(200);
    const row = r.body.find((x: { id: number }) => x.id === t.id);
    expect(row).toMatchObject({
      id: t.id, fecha_inicio: t.fecha_inicio, operacion: 'compra', tasa_aplicada: '7455.1750', monto_origen: '1000000', monto_destino: '134.14',
      divisa_origen_detalle: { codigo: 'PYG' }, divisa_destino_detalle: { codigo: 'USD' }, tauser_detalle: { codigo: expect.any(String) },
      estado: 'pendiente', operador_detalle: { first_name: 'Test', last_name: 'User' }, metodo_financiero_detalle: { nombre: 'TRANSFERENCIA_BANCARIA' },
    });
    expect((await app.api('GET', `/clientes/${vip.clienteId}/get_historial_transacciones/`, { token: otro.token })).status).toBe(403);
    expect((await app.api('GET', `/clientes/${vip.clienteId}/get_historial_transacciones/`)).status).toBe(401);
    const filtered = await app.api('GET', `/clientes/${vip.clienteId}/get_historial_transacciones/?estado=completada`, { token: vip.token });
    expect(filtered.body).toEqual([]);
  });

  it('the history is a plain array, newest first, by default; the paged envelope only with ?page=', async () => {
    const a = await nueva();
    const b = await nueva();
    const path = `/clientes/${vip.clienteId}/get_historial_transacciones/`;
    const all = (await app.api('GET', path, { token: vip.token })).body as { id: number; fecha_inicio: string }[];
    expect(Array.isArray(all)).toBe(true);
    const mias = await app.db.selectFrom('transacciones').select((eb) => eb.fn.countAll<string>().as('n')).where('cliente_id', '=', vip.clienteId).executeTakeFirstOrThrow();
    expect(all.length).toBe(Number(mias.n));
    expect(all.map((t) => t.id).indexOf(b.id)).toBeLessThan(all.map((t) => t.id).indexOf(a.id));
    const fechas = all.map((t) => t.fecha_inicio);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    const page = await app.api('GET', `${path}?page=1`, { token: vip.token });
    expect(page.body).toMatchObject({ count: all.length, previous: null, results: all.slice(0, 10) });
    const pendientes = (await app.api('GET', `${path}?estado=pendiente`, { token: vip.token })).body as { estado: string }[];
    expect(pendientes.length).toBeGreaterThan(0);
    expect(pendientes.every((t) => t.estado === 'pendiente')).toBe(true);
  });
});

describe('state transitions', () => {
  it('confirmar-pago: terms required (400); unchanged rate → en_proceso; a second confirmation 409', async () => {
    const t = await nueva();
    expect((await app.api('PATCH', `/operaciones/transacciones/${t.id}/confirmar-pago/`, { body: { terminos_aceptados: true } })).status).toBe(401);
    expect((await confirmar(t.id, { terminos_aceptados: true }, otro.token)).status).toBe(404);
    // A rate other than the operation's own is refused even when nothing moved (and changes nothing).
    expect((await confirmar(t.id, { terminos_aceptados: true, tasa_aceptada: 7455.175 })).body).toEqual({ tasa_aceptada: [M.decimalComoTexto] });
    const otraTasa = await confirmar(t.id, { terminos_aceptados: true, tasa_aceptada: '7350.0000' });
    expect(otraTasa).toMatchObject({ status: 400, body: { tasa_aceptada: [OP_MSG.tasaAceptadaOtra('7.455,175')] } });
    // Accepting a change the rate has since undone: paid at the operation's own rate.
    const vuelta = await nueva();
    const aceptada = await confirmar(vuelta.id, { terminos_aceptados: true, acepta_cambio: true, tasa_aceptada: '7556.6750' });
    expect(aceptada).toMatchObject({ status: 200, body: { estado: 'en_proceso', tasa_aplicada: '7455.1750' } });
    const sinTerminos = await confirmar(t.id, { terminos_aceptados: false });
    expect(sinTerminos.status).toBe(400);
    expect(sinTerminos.body).toEqual({ terminos_aceptados: [OP_MSG.terminosRequeridos] });
    const ok = await confirmar(t.id, { terminos_aceptados: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ estado: 'en_proceso', terminos_aceptados: true, tasa_aplicada: '7455.1750' });
    expect(ok.body.fecha_pago).not.toBeNull();
    expect(ok.body).toEqual((await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: vip.token })).body);
    const again = await confirmar(t.id, { terminos_aceptados: true });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'invalid_transition', detail: mensajeTransicion('confirmarPago', 'en_proceso'), estado: 'en_proceso' });
    // en_proceso → cancelada, then nothing more.
    const c = await cancelar(t.id);
    expect(c.status).toBe(200);
    expect(c.body.estado).toBe('cancelada');
    expect(c.body).toEqual((await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: vip.token })).body);
    const c2 = await cancelar(t.id);
    expect(c2.status).toBe(409);
    expect(c2.body).toEqual({ error: 'invalid_transition', detail: mensajeTransicion('cancelar', 'cancelada'), estado: 'cancelada' });
    expect((await confirmar(t.id, { terminos_aceptados: true })).status).toBe(409);
  });

  it('confirmar-pago for a terminal deactivated since the creation: 400 on tauser_id, still pendiente', async () => {
    const cerrado = await tauser(app);
    const t = await nueva({ tauser_id: cerrado });
    await app.db.updateTable('tausers').set({ is_active: false }).where('id_tauser', '=', cerrado).execute();
    const r = await confirmar(t.id, { terminos_aceptados: true });
    expect(r).toMatchObject({ status: 400, body: { tauser_id: [OP_MSG.tauserInvalido] } });
    expect((await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: vip.token })).body.estado).toBe('pendiente');
  });

  it('reconfirmar-tasa and rate_changed: 409 with the new figures unless the change is accepted', async () => {
    const t = await nueva();
    expect((await app.api('GET', `/operaciones/transacciones/${t.id}/reconfirmar-tasa/`)).status).toBe(401);
    expect((await app.api('GET', `/operaciones/transacciones/${t.id}/reconfirmar-tasa/`, { token: otro.token })).status).toBe(404);
    const same = await app.api('GET', `/operaciones/transacciones/${t.id}/reconfirmar-tasa/`, { token: vip.token });
    expect(same.body).toEqual({ cambio: false, tasa_anterior: '7455.1750', tasa_actual: '7455.1750', delta_pct: '0.0000', monto_destino_anterior: '134.14', monto_destino_actual: '134.14' });
    await setTasa(app, w.usd, '7400', '50', '50');
    try {
      // (7400 + 45) · 1.015 = 7556.675
      const figures = { cambio: true, tasa_anterior: '7455.1750', tasa_actual: '7556.6750', delta_pct: '1.3615', monto_destino_anterior: '134.14', monto_destino_actual: '132.33' };
      expect((await app.api('GET', `/operaciones/transacciones/${t.id}/reconfirmar-tasa/`, { token: vip.token })).body).toEqual(figures);
      const changed = await confirmar(t.id, { terminos_aceptados: true });
      expect(changed.status).toBe(409);
      expect(changed.body).toEqual({ error: 'rate_changed', detail: OP_MSG.rateChanged, ...figures });
      const wrongAccepted = await confirmar(t.id, { terminos_aceptados: true, acepta_cambio: true, tasa_aceptada: '7500.0000' });
      expect(wrongAccepted.status).toBe(409);
      expect((await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: vip.token })).body.estado).toBe('pendiente');
      const accepted = await confirmar(t.id, { terminos_aceptados: true, acepta_cambio: true, tasa_aceptada: '7556.6750' });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ estado: 'en_proceso', tasa_aplicada: '7556.6750', tasa_inicial: '7455.1750', monto_destino: '132.33', monto_destino_inicial: '134.14', parametros: { precio_base: '7400.0000' } });
      const after = await app.api('GET', `/operaciones/transacciones/${t.id}/reconfirmar-tasa/`, { token: vip.token });
      expect(after.status).toBe(409);
      expect(after.body).toEqual({ error: 'invalid_transition', detail: OP_MSG.reconfirmarSoloPendiente, estado: 'en_proceso' });
    } finally {
      await setTasa(app, w.usd, '7300', '50', '50');
    }
  });

  it('cancelar: pendiente → cancelada; 401, 404 for another customer, 404 unknown', async () => {
    const t = await nueva();
    expect((await app.api('PATCH', `/operaciones/transacciones/${t.id}/cancelar/`, { body: {} })).status).toBe(401);
    expect((await cancelar(t.id, otro.token)).status).toBe(404);
    expect((await cancelar(99999999)).status).toBe(404);
    const r = await cancelar(t.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ estado: 'cancelada', estado_display: 'CANCELADA' });
    expect(r.body.fecha_fin).not.toBeNull();
  });

  // A payment committing while the cancellation waits needs a second connection: PostgreSQL only.
  it.runIf(!!process.env.TEST_DATABASE_URL)('a cancellation that crosses a payment is refused with the new state, not recorded as cancelling an unpaid one', async () => {
    const t = await nueva();
    let release = () => {};
    const released = new Promise<void>((ok) => (release = ok));
    let paid = () => {};
    const isPaid = new Promise<void>((ok) => (paid = ok));
    // The payment's UPDATE, not committed yet: the cancellation reads pendiente and waits for the row.
    const pago = app.db.transaction().execute(async (trx) => {
      await sql`update transacciones set estado = 'en_proceso', fecha_pago = now() where id = ${t.id}`.execute(trx);
      paid();
      await released;
    });
    await isPaid;
    let cancelacion: ReturnType<typeof cancelar> | undefined;
    try {
      cancelacion = cancelar(t.id);
      expect(await statusOrWait(app.db, cancelacion)).toBe('waits');
    } finally {
      release();
      await pago;
    }
    const r = await cancelacion;
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error: 'invalid_transition', estado: 'en_proceso', detail: 'La transacción cambió mientras tanto: está en proceso. Revisala y volvé a intentar.' });
    const cambios = await app.db.selectFrom('audit_log').select('after').where('entity', '=', 'transaccion').where('entity_id', '=', String(t.id)).where('action', '=', 'update').execute();
    expect(cambios).toEqual([]);
    // Looked at again, the paid operation can be cancelled, and the log says from what.
    expect((await cancelar(t.id)).status).toBe(200);
    const ultimo = await app.db.selectFrom('audit_log').select(['before', 'after']).where('entity', '=', 'transaccion').where('entity_id', '=', String(t.id)).where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(ultimo).toMatchObject({ before: { estado: 'en_proceso' }, after: { estado: 'cancelada' } });
  });

  it('state changes need the operation permission (403) and refuse malformed input (400) changing nothing', async () => {
    const t = await nueva();
    const soloVer = await userWith(app, [P.useSimulacion]);
    await asignar(app, soloVer.id, vip.clienteId);
    expect((await app.api('GET', `/operaciones/transacciones/${t.id}/reconfirmar-tasa/`, { token: soloVer.token })).status).toBe(403);
    expect((await confirmar(t.id, { terminos_aceptados: true }, soloVer.token)).status).toBe(403);
    expect((await cancelar(t.id, soloVer.token)).status).toBe(403);
    // Yet they read it: it is their client's.
    expect((await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: soloVer.token })).status).toBe(200);
    for (const bad of [{ terminos_aceptados: 'quizá' }, { terminos_aceptados: true, acepta_cambio: 3 }, { terminos_aceptados: true, tasa_aceptada: '7,4' }, { terminos_aceptados: true, otro: 1 }, { id: t.id + 1, terminos_aceptados: true }]) {
      expect((await confirmar(t.id, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await app.api('PATCH', '/operaciones/transacciones/abc/cancelar/', { token: vip.token, body: {} })).status).toBe(400);
    // The cancellation takes no fields: one sent is refused, never dropped.
    const conMotivo = await app.api('PATCH', `/operaciones/transacciones/${t.id}/cancelar/`, { token: vip.token, body: { motivo: 'x', estado: 'completada' } });
    expect(conMotivo).toMatchObject({ status: 400, body: { motivo: ['Campo no permitido.'], estado: ['Campo no permitido.'] } });
    expect((await app.api('PATCH', `/operaciones/transacciones/${t.id}/cancelar/`, { token: vip.token, body: [1] })).status).toBe(400);
    const after = await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: vip.token });
    expect(after.body).toEqual(t);
  });

  it('a customer with view permission but not assigned cannot act (403)', async () => {
    const t = await nueva();
    const viewerOp = await userWith(app, [P.viewTransaccion, P.useOperacion]);
    expect((await cancelar(t.id, viewerOp.token)).status).toBe(403);
  });
});

describe('expiry', () => {
  it('an overdue transaction reads expirada, cannot be confirmed or cancelled, and the sweeper marks it', async () => {
    const t = await nueva();
    await vencer(app, t.id);
    const read = await app.api('GET', `/operaciones/transacciones/${t.id}/`, { token: vip.token });
    expect(read.body.estado).toBe('expirada');
    expect(read.body.estado_display).toBe('EXPIRADA');
    const list = await app.api('GET', `/operaciones/transacciones/?estado=expirada&all=true`, { token: vip.token });
    expect(list.body.map((x: { id: number }) => x.id)).toContain(t.id);
    const pend = await app.api('GET', `/operaciones/transacciones/?estado=pendiente&all=true`, { token: vip.token });
    expect(pend.body.map((x: { id: number }) => x.id)).not.toContain(t.id);
    const c = await confirmar(t.id, { terminos_aceptados: true });
    expect(c.status).toBe(409);
    expect(c.body).toEqual({ error: 'invalid_transition', detail: mensajeTransicion('confirmarPago', 'expirada'), estado: 'expirada' });
    expect((await cancelar(t.id)).status).toBe(409);
    expect((await app.db.selectFrom('transacciones').select('estado').where('id', '=', t.id).executeTakeFirstOrThrow()).estado).toBe('expirada');

    const t2 = await nueva();
    await vencer(app, t2.id);
    expect(await expirarTodas(app.db)).toBeGreaterThanOrEqual(1);
    const row = await app.db.selectFrom('transacciones').select(['estado', 'fecha_fin']).where('id', '=', t2.id).executeTakeFirstOrThrow();
    expect(row.estado).toBe('expirada');
    expect(row.fecha_fin).not.toBeNull();
  });
});

describe('expiry sweeper with several processes', () => {
  it('two sweepers at once expire every overdue transaction exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await nueva({ monto: String(10000 + i) })).id);
    for (const id of ids) await vencer(app, id);
    const overdue = Number(
      (await app.db.selectFrom('transacciones').select((eb) => eb.fn.countAll<string>().as('n')).where('estado', 'in', ['pendiente', 'en_proceso']).where('expira_en', '<=', new Date()).executeTakeFirstOrThrow()).n,
    );
    const [ta, tb] = await Promise.all([expirarTodas(app.db), expirarTodas(app.db)]);
    expect(ta + tb).toBe(overdue);
    const left = await app.db.selectFrom('transacciones').select('id').where('estado', 'in', ['pendiente', 'en_proceso']).where('expira_en', '<=', new Date()).execute();
    expect(left).toHaveLength(0);
    const rows = await app.db.selectFrom('transacciones').select('estado').where('id', 'in', ids).execute();
    expect(rows.every((r) => r.estado === 'expirada')).toBe(true);
  });
});

describe('limits', () => {
  it('daily and monthly limits count pendiente, en_proceso and completada, and name what is left', async () => {
    const c = await cliente(app, w.categorias.minorista);
    const base = { cliente_id: c.clienteId, detalle_metodo_id: null, metodo_id: w.metodos.EFECTIVO };
    await setLimites(app, '2000000', '3000000');
    try {
      const a = await nueva({ ...base, monto: '750000' }, c.token);
      const over = await crear(c.token, body({ ...base, monto: '1250001' }));
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ detail: 'Supera el límite diario: disponible ₲ 1.250.000', limite: 'diario', disponible: '1250000' });
      // A cancelled one frees its share.
      expect((await cancelar(a.id, c.token)).status).toBe(200);
      await nueva({ ...base, monto: '2000000' }, c.token);
      // Selling counts its guaraní side (monto_destino): 100 USD → 725 000 PYG.
      const venta = await crear(c.token, body({ ...base, divisa_origen: w.usd, divisa_destino: w.pyg, monto: '100' }));
      expect(venta.status).toBe(400);
      expect(venta.body.detail).toBe('Supera el límite diario: disponible ₲ 0');
      await setLimites(app, null, '2500000');
      const mensual = await crear(c.token, body({ ...base, monto: '600000' }));
      expect(mensual.body.detail).toBe('Supera el límite mensual: disponible ₲ 500.000');
      await nueva({ ...base, monto: '500000' }, c.token);
    } finally {
      await setLimites(app, null, null);
    }
  });

  it('confirming a payment checks the limits configured by then, without the transaction itself', async () => {
    const c = await cliente(app, w.categorias.minorista);
    const base = { cliente_id: c.clienteId, detalle_metodo_id: null, metodo_id: w.metodos.EFECTIVO };
    const a = await nueva({ ...base, monto: '750000' }, c.token);
    const b = await nueva({ ...base, monto: '1000000' }, c.token);
    await setLimites(app, '1500000', null);
    try {
      const over = await confirmar(b.id, { terminos_aceptados: true }, c.token);
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ detail: 'Supera el límite diario: disponible ₲ 750.000', limite: 'diario', disponible: '750000' });
      expect((await app.api('GET', `/operaciones/transacciones/${b.id}/`, { token: c.token })).body.estado).toBe('pendiente');
      expect((await cancelar(a.id, c.token)).status).toBe(200);
      const ok = await confirmar(b.id, { terminos_aceptados: true }, c.token);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.estado).toBe('en_proceso');
    } finally {
      await setLimites(app, null, null);
    }
  });

  // An operation in flight in another transaction needs a second connection: PostgreSQL only.
  it.runIf(!!process.env.TEST_DATABASE_URL)('a limit check waits for an operation still being stored without limits, and counts it', async () => {
    const c = await cliente(app, w.categorias.minorista);
    const b = (monto: string) => body({ cliente_id: c.clienteId, detalle_metodo_id: null, metodo_id: w.metodos.EFECTIVO, monto });
    const primera = await nueva(b('600000'), c.token);
    // What an operation without limits is while its one statement runs: its row inserted (the
    // foreign-key check holds the client), not committed yet.
    let release = () => {};
    const released = new Promise<void>((ok) => (release = ok));
    let stored = () => {};
    const isStored = new Promise<void>((ok) => (stored = ok));
    const enCurso = app.db.transaction().execute(async (trx) => {
      await sql`
        insert into transacciones (codigo, cliente_id, operador_id, operacion_cliente, divisa_origen_id, divisa_destino_id,
          monto_origen, monto_destino, monto_pyg, tasa_aplicada, tasa_inicial, monto_destino_inicial, precio_base, comision_base,
          nombre_categoria, descuento_categoria, metodo_financiero_id, comision_metodo, tauser_id, estado, expira_en)
        select 'ENCURSO0001', cliente_id, operador_id, operacion_cliente, divisa_origen_id, divisa_destino_id,
          monto_origen, monto_destino, monto_pyg, tasa_aplicada, tasa_inicial, monto_destino_inicial, precio_base, comision_base,
          nombre_categoria, descuento_categoria, metodo_financiero_id, comision_metodo, tauser_id, 'pendiente', expira_en
        from transacciones where id = ${primera.id}`.execute(trx);
      stored();
      await released;
    });
    await isStored;
    let segunda: Promise<{ status: number; body: { detail?: string } }> | undefined;
    try {
      await setLimites(app, '1000000', null);
      segunda = crear(c.token, b('300000'));
      expect(await statusOrWait(app.db, segunda)).toBe('waits');
    } finally {
      release();
      await enCurso;
    }
    try {
      // 600 000 + 600 000 in flight + 300 000 > 1 000 000.
      const r = await segunda;
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('Supera el límite diario: disponible ₲ 0');
    } finally {
      await setLimites(app, null, null);
    }
  });

  it('50 parallel creations at the edge of the daily limit never pass it (201 or 400, never 500)', async () => {
    const c = await cliente(app, w.categorias.minorista);
    await setLimites(app, '1000000', null);
    try {
      const rs = await Promise.all(
        Array.from({ length: 50 }, () => crear(c.token, body({ cliente_id: c.clienteId, detalle_metodo_id: null, metodo_id: w.metodos.EFECTIVO, monto: '100000' }))),
      );
      const statuses = rs.map((r) => r.status);
      expect(statuses.every((s) => s === 201 || s === 400), JSON.stringify(statuses)).toBe(true);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      const sum = await app.db.selectFrom('transacciones').select((eb) => eb.fn.sum<string>('monto_pyg').as('s')).where('cliente_id', '=', c.clienteId).executeTakeFirstOrThrow();
      expect(sum.s).toBe('1000000');
    } finally {
      await setLimites(app, null, null);
    }
  });
});
