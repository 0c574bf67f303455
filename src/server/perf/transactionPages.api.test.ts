import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { userWith } from '../test/fixtures';
import { P } from '../../shared/permissions';
import { cliente, cuentaBancaria, exchangeWorld, tauser, type ExchangeWorld } from '../modules/transacciones/testFixtures';
import { expirarVencidas } from '../modules/transacciones/transacciones.repository';

/**
 * Issue 14: pages of transaction lists (the staff list, a customer's own list, a client's history)
 * are kept per process. They must show a write through this process on the very next read, a write
 * made anywhere once its notice arrives (the transaction, or what the list shows of it: its client,
 * Tauser, operator), and an open transaction as expirada once its expiry passes, with no write at all.
 */
let app: TestApp;
let w: ExchangeWorld;
let vip: Awaited<ReturnType<typeof cliente>>;
let cuenta: { id: number };
let tauserId: string;
let staff: string;

beforeAll(async () => {
  app = await startTestApp({ notices: true });
  w = await exchangeWorld(app);
  vip = await cliente(app, w.categorias.vip);
  cuenta = await cuentaBancaria(app, w, vip.clienteId);
  tauserId = await tauser(app);
  staff = (await userWith(app, [P.viewTransaccion, P.viewCliente])).token;
});
afterAll(() => app.close());

type Tx = { id: number; estado: string; cliente_nombre: string; tauser_detalle: { nombre: string }; operador_detalle: { first_name: string } };
type Page = { count: number; results: Tx[] };

async function nueva() {
  const r = await app.api('POST', '/operaciones/crear-transaccion/', {
    token: vip.token,
    body: { cliente_id: vip.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', detalle_metodo_id: cuenta.id, tauser_id: tauserId },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Tx;
}
async function read(path: string, token = staff): Promise<Page> {
  const r = await app.api('GET', path, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Page;
}
const LISTS = () => [
  ['/operaciones/transacciones/', staff],
  ['/operaciones/transacciones/?estado=pendiente', staff],
  ['/operaciones/transacciones/', vip.token],
  [`/clientes/${vip.clienteId}/get_historial_transacciones/?page=1`, staff],
] as const;
const find = async (path: string, token: string, id: number) => (await read(path, token)).results.find((t) => t.id === id);
const soon = { timeout: 5000, interval: 20 };

describe('kept pages of transaction lists', () => {
  it('show an operation created, cancelled or paid through this process on the very next read', async () => {
    expect(app.services.caches.isLive).toBe(true);
    const before = await Promise.all(LISTS().map(([p, t]) => read(p, t)));
    const t = await nueva();
    for (const [i, [path, token]] of LISTS().entries()) {
      const page = await read(path, token);
      expect(page.count, path).toBe(before[i]!.count + 1);
      expect(page.results[0], path).toMatchObject({ id: t.id, estado: 'pendiente' });
    }
    const cancel = await app.api('PATCH', `/operaciones/transacciones/${t.id}/cancelar/`, { token: vip.token, body: {} });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await find('/operaciones/transacciones/', staff, t.id)).toMatchObject({ estado: 'cancelada' });
    expect(await find('/operaciones/transacciones/?estado=pendiente', staff, t.id)).toBeUndefined();
    expect((await read('/operaciones/transacciones/?estado=cancelada')).results[0]).toMatchObject({ id: t.id });
  });

  it('a customer reads only their own page: the staff list holds other clients\' operations', async () => {
    const other = await cliente(app, w.categorias.minorista);
    const own = await read('/operaciones/transacciones/', vip.token);
    expect((await read('/operaciones/transacciones/', other.token)).count).toBe(0);
    expect(own.count).toBeGreaterThan(0);
    expect((await read('/operaciones/transacciones/', staff)).count).toBeGreaterThanOrEqual(own.count);
  });

  it('are served from memory: a change that sends no notice is not seen until one arrives', async () => {
    const t = await nueva();
    expect(await find('/operaciones/transacciones/', staff, t.id)).toMatchObject({ estado: 'pendiente' });
    const lapses = app.services.caches.lapses;
    await app.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('transacciones').set({ estado: 'fallida' }).where('id', '=', t.id).execute();
    });
    const stale = await find('/operaciones/transacciones/', staff, t.id);
    expect(stale).toMatchObject({ estado: app.services.caches.lapses === lapses ? 'pendiente' : 'fallida' });
    await sql`select pg_notify('cambio_operaciones', 'prueba')`.execute(app.db);
    await vi.waitFor(async () => expect(await find('/operaciones/transacciones/', staff, t.id)).toMatchObject({ estado: 'fallida' }), soon);
  });

  it('follow changes made in SQL to a transaction, its client, its Tauser and its operator once their notices arrive', async () => {
    const t = await nueva();
    const path = `/clientes/${vip.clienteId}/get_historial_transacciones/?page=1`;
    expect(await find(path, staff, t.id)).toMatchObject({ estado: 'pendiente' });
    await app.db.updateTable('transacciones').set({ estado: 'cancelada' }).where('id', '=', t.id).execute();
    await vi.waitFor(async () => expect(await find(path, staff, t.id)).toMatchObject({ estado: 'cancelada' }), soon);
    await app.db.updateTable('clientes').set({ nombre: 'Renombrado en SQL' }).where('id_cliente', '=', vip.clienteId).execute();
    await vi.waitFor(async () => expect(await find(path, staff, t.id)).toMatchObject({ cliente_nombre: 'Renombrado en SQL' }), soon);
    await app.db.updateTable('tausers').set({ nombre: 'Tauser renombrado' }).where('id_tauser', '=', tauserId).execute();
    await vi.waitFor(async () => expect((await find(path, staff, t.id))!.tauser_detalle.nombre).toBe('Tauser renombrado'), soon);
    await app.db.updateTable('users').set({ first_name: 'Operadora' }).where('id', '=', vip.id).execute();
    await vi.waitFor(async () => expect((await find(path, staff, t.id))!.operador_detalle.first_name).toBe('Operadora'), soon);
  });

  it('show an open operation as expirada once its expiry passes, with no write and no notice', async () => {
    const t = await nueva();
    await app.db.updateTable('transacciones').set({ expira_en: sql`now() + interval '1 second'` }).where('id', '=', t.id).execute();
    const path = '/operaciones/transacciones/?estado=pendiente';
    await vi.waitFor(async () => expect((await read(path)).results.map((r) => r.id)).toContain(t.id), soon);
    // Kept now (the notice of the update above has arrived): from here on nothing writes or notifies.
    const generation = app.services.caches.generation('operaciones');
    await vi.waitFor(async () => {
      expect((await read(path)).results.map((r) => r.id)).not.toContain(t.id);
      expect(await find('/operaciones/transacciones/?estado=expirada', staff, t.id)).toMatchObject({ estado: 'expirada' });
      expect(await find('/operaciones/transacciones/', staff, t.id)).toMatchObject({ estado: 'expirada' });
    }, soon);
    expect(app.services.caches.generation('operaciones')).toBe(generation);
    expect((await app.db.selectFrom('transacciones').select('estado').where('id', '=', t.id).executeTakeFirstOrThrow()).estado).toBe('pendiente');
  });

  it('writes that change nothing shown send no notice: a sign-in, a current client, a sweep that finds nothing overdue', async () => {
    const caches = app.services.caches;
    // Notices arrive in commit order: once a marker on the access channel (it drops no transaction
    // page) is heard, every notice sent before it has been heard too.
    const settled = async () => {
      const before = caches.generation('acceso');
      await sql`select pg_notify('cambio_acceso', 'marca')`.execute(app.db);
      await vi.waitFor(() => expect(caches.generation('acceso')).toBeGreaterThan(before), soon);
    };
    await expirarVencidas(app.db); // what earlier tests left overdue
    await settled();
    const generation = caches.generation('operaciones');
    await app.login(vip.username, vip.password);
    await app.db.updateTable('users').set({ cliente_actual_id: vip.clienteId }).where('id', '=', vip.id).execute();
    await app.db.updateTable('transacciones').set({ estado: 'expirada' }).where('id', '=', -1).execute();
    expect(await expirarVencidas(app.db)).toBe(0);
    await settled();
    expect(caches.generation('operaciones')).toBe(generation);
    await app.db.updateTable('users').set({ first_name: 'Otra' }).where('id', '=', vip.id).execute();
    await vi.waitFor(() => expect(caches.generation('operaciones')).toBeGreaterThan(generation), soon);
  });

  it('a client taken from a customer answers only after the lease, then leaves their kept list at once', async () => {
    const other = await cliente(app, w.categorias.minorista);
    const admin = await app.adminToken();
    // The customer also gets vip's client: its operations show in their own list.
    expect((await app.api('POST', `/usuarios/${other.id}/asignar_clientes/`, { token: admin, body: { clientes: [other.clienteId, vip.clienteId] } })).status).toBe(200);
    expect((await read('/operaciones/transacciones/', other.token)).count).toBeGreaterThan(0);
    const started = performance.now();
    const r = await app.api('POST', `/usuarios/${other.id}/asignar_clientes/`, { token: admin, body: { clientes: [other.clienteId] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(app.services.caches.leaseMs - 5);
    expect((await read('/operaciones/transacciones/', other.token)).count).toBe(0);
  });
});
