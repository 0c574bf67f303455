import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { userWith } from '../test/fixtures';
import { P } from '../../shared/permissions';
import { restRoutes } from './routes';
import { asignar, cliente, crearCliente, cuentaBancaria, exchangeWorld, tauser, type ExchangeWorld } from '../modules/transacciones/testFixtures';

/**
 * A UUID names the same record in any letter case (iOS and .NET print them upper-case): every path
 * and field that takes one answers the same as with the lower-case spelling, and what is stored is
 * the lower-case one. The shared schema canonicalises it before any service sees it.
 */
let app: TestApp;
let admin: string;
let w: ExchangeWorld;
let customer: Awaited<ReturnType<typeof cliente>>;
let tauserId: string;
let cuenta: number;

const UP = (id: string) => id.toUpperCase();

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  w = await exchangeWorld(app);
  customer = await cliente(app, w.categorias.vip);
  tauserId = await tauser(app);
  cuenta = (await cuentaBancaria(app, w, customer.clienteId)).id;
});
afterAll(() => app.close());

/** The first path parameter of these resources is a UUID. */
const UUID_RESOURCES = ['/clientes/:id/', '/categorias/:id/', '/tauser/:id/'];

describe('upper-case UUIDs', () => {
  it('every GET of a record named by a UUID answers the same for both spellings', async () => {
    const ids: Record<string, string> = { '/clientes/:id/': customer.clienteId, '/categorias/:id/': w.categorias.vip, '/tauser/:id/': tauserId };
    const gets = restRoutes.filter((r) => r.method === 'get' && UUID_RESOURCES.some((p) => r.path.startsWith(p)));
    expect(gets.length).toBeGreaterThanOrEqual(7);
    for (const r of gets) {
      const id = ids[UUID_RESOURCES.find((p) => r.path.startsWith(p))!]!;
      const lower = await app.api('GET', r.path.replace(':id', id), { token: admin });
      const upper = await app.api('GET', r.path.replace(':id', UP(id)), { token: admin });
      expect(lower.status, r.path).toBe(200);
      expect(upper.status, r.path).toBe(200);
      expect(upper.body, r.path).toEqual(lower.body);
    }
    // The audit trail's filter by entity names the same record in either spelling.
    const audit = async (id: string) => (await app.api('GET', `/auditoria/?entity=cliente&entity_id=${id}`, { token: admin })).body;
    const creado = await crearCliente(app, w.categorias.minorista);
    expect((await app.api('PATCH', `/clientes/${creado}/`, { token: admin, body: { direccion: 'Calle 2' } })).status).toBe(200);
    const lower = await audit(creado);
    expect(lower.count).toBe(1);
    expect(await audit(UP(creado))).toEqual(lower);
  });

  it('writes to a record named by an upper-case UUID change that record', async () => {
    const c = await crearCliente(app, w.categorias.minorista);
    const patch = await app.api('PATCH', `/clientes/${UP(c)}/`, { token: admin, body: { direccion: 'Avda. España 1200', idCategoria: UP(w.categorias.vip) } });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body).toMatchObject({ idCliente: c, idCategoria: w.categorias.vip });
    const row = await app.db.selectFrom('clientes').select(['direccion', 'id_categoria']).where('id_cliente', '=', c).executeTakeFirstOrThrow();
    expect(row).toEqual({ direccion: 'Avda. España 1200', id_categoria: w.categorias.vip });
    // An echoed record with the path's id in upper case is the same record, not a conflict.
    const read = (await app.api('GET', `/clientes/${c}/`, { token: admin })).body;
    expect((await app.api('PUT', `/clientes/${UP(c)}/`, { token: admin, body: read })).status).toBe(200);
    expect((await app.api('PATCH', `/categorias/${UP(w.categorias.minorista)}/`, { token: admin, body: { descripcion: 'Particulares' } })).status).toBe(200);
    expect((await app.api('PATCH', `/tauser/${UP(tauserId)}/`, { token: admin, body: { nombre: 'Tauser Centro' } })).status).toBe(200);
    // A record's own id echoed back in upper case (read-only or checked against the path) is the same id.
    const ids = [
      ['clientes', c, 'idCliente'],
      ['categorias', w.categorias.minorista, 'idCategoria'],
      ['tauser', tauserId, 'idTauser'],
    ] as const;
    for (const [resource, id, key] of ids) {
      const r = await app.api('PATCH', `/${resource}/${id}/`, { token: admin, body: { [key]: UP(id) } });
      expect(r.status, `${resource}: ${JSON.stringify(r.body)}`).toBe(200);
      const otro = await app.api('PATCH', `/${resource}/${id}/`, { token: admin, body: { [key]: UP('00000000-0000-4000-8000-000000000000') } });
      expect(otro.status, resource).toBe(400);
      expect(Object.keys(otro.body), resource).toEqual([key]);
    }
  });

  it('assigning clients and choosing the current client take upper-case ids', async () => {
    const u = await userWith(app, [P.useSimulacion]);
    const c = await crearCliente(app, w.categorias.minorista);
    const assign = await app.api('POST', `/usuarios/${u.id}/asignar_clientes/`, { token: admin, body: { clientes: [UP(c)] } });
    expect(assign.status, JSON.stringify(assign.body)).toBe(200);
    const stored = await app.db.selectFrom('user_clientes').select('cliente_id').where('user_id', '=', u.id).execute();
    expect(stored).toEqual([{ cliente_id: c }]);
    const set = await app.api('POST', `/usuarios/${u.id}/set_cliente_actual/`, { token: u.token, body: { cliente_id: UP(c) } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await app.db.selectFrom('users').select('cliente_actual_id').where('id', '=', u.id).executeTakeFirstOrThrow()).cliente_actual_id).toBe(c);
  });

  it('simulating, listing methods and creating an operation take upper-case client and Tauser ids', async () => {
    const base = { divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', detalle_metodo_id: cuenta };
    const sim = await app.api('POST', '/operaciones/simular_privada_con_instancia/', { token: customer.token, body: { ...base, cliente_id: UP(customer.clienteId), tauser_id: UP(tauserId) } });
    expect(sim.status, JSON.stringify(sim.body)).toBe(200);
    expect(sim.body.tauser_seleccionado.idTauser).toBe(tauserId);
    const metodos = await app.api('GET', `/operaciones/metodos-cliente/?cliente_id=${UP(customer.clienteId)}&divisa_origen=${w.pyg}&divisa_destino=${w.usd}`, { token: customer.token });
    expect(metodos.status, JSON.stringify(metodos.body)).toBe(200);
    const created = await app.api('POST', '/operaciones/crear-transaccion/', {
      token: customer.token, body: { ...base, cliente_id: UP(customer.clienteId), tauser_id: UP(tauserId) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ cliente_id: customer.clienteId, tauser: tauserId, tasa_aplicada: sim.body.tc_final });
    const list = await app.api('GET', `/operaciones/transacciones/?cliente_id=${UP(customer.clienteId)}`, { token: customer.token });
    expect(list.status).toBe(200);
    expect(list.body.results.map((t: { id: number }) => t.id)).toContain(created.body.id);
  });

  it("a customer's own method details and the staff filter take an upper-case client id", async () => {
    const other = await cliente(app, w.categorias.minorista);
    await asignar(app, other.id, customer.clienteId);
    const mine = await app.api('GET', `/operaciones/detalles/?cliente=${UP(customer.clienteId)}`, { token: admin });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const lower = await app.api('GET', `/operaciones/detalles/?cliente=${customer.clienteId}`, { token: admin });
    expect(mine.body).toEqual(lower.body);
  });
  it("a body naming the path's record in the other letter case is the same record, not a mismatch", async () => {
    const t = await tauser(app);
    const r = await app.api('PATCH', `/tauser/${UP(t)}/`, { token: admin, body: { id: t, nombre: 'Tauser Renombrado' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.nombre).toBe('Tauser Renombrado');
    const otro = await app.api('PATCH', `/tauser/${UP(t)}/`, { token: admin, body: { id: tauserId, nombre: 'Otro' } });
    expect(otro).toMatchObject({ status: 400, body: { id: ['No coincide con el identificador de la ruta.'] } });
  });
});
