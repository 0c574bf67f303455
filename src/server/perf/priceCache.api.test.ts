import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { exchangeWorld, type ExchangeWorld } from '../modules/transacciones/testFixtures';
import { SIM_MSG } from '../modules/simulacion/simulacion.service';

/**
 * The public rates and the simulator's pricing catalogue are kept in memory while the process
 * listens for the database's price notices (lib/keptPrices.ts). A write through this process is seen
 * on the very next request; a write from anywhere else (another process, SQL) once its notice
 * arrives; without a listener every read goes to the database. (Across two processes:
 * twoProcesses.api.test.ts.)
 */
let app: TestApp;
let w: ExchangeWorld;
let admin: string;
let tasaUsd: number;

beforeAll(async () => {
  app = await startTestApp({ notices: true });
  w = await exchangeWorld(app);
  admin = await app.adminToken();
  tasaUsd = (await app.db.selectFrom('tasas').select('id').where('divisa_id', '=', w.usd).executeTakeFirstOrThrow()).id;
});
afterAll(() => app.close());

type Publica = Array<{ codigo: string; compra: string; venta: string }>;
const publicRates = () => fetch(`${app.url}/api/cotizaciones/public/`);
// As a browser revalidates its copy (fetch alone would add Cache-Control: no-cache to a conditional request).
const revalidate = (etag: string) => fetch(`${app.url}/api/cotizaciones/public/`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
const usdOf = async (r: Response) => ((await r.json()) as Publica).find((x) => x.codigo === 'USD')!;
const setTasa = (precioBase: string) =>
  app.api('PUT', `/cotizaciones/${tasaUsd}/`, { token: admin, body: { divisa: w.usd, precioBase, comisionBaseCompra: '50', comisionBaseVenta: '50' } });
const simular = () =>
  app.api('POST', '/operaciones/simular_publica/', { body: { divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', metodo_id: w.metodos.EFECTIVO } });

describe('cached public prices', () => {
  it('serves the public rates with an ETag and 304 while unchanged', async () => {
    expect(app.services.prices.isLive).toBe(true);
    const a = await publicRates();
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(a.headers.get('cache-control')).toBe('no-cache');
    const etag = a.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(await usdOf(a)).toMatchObject({ compra: '7250.0000', venta: '7350.0000' });
    const again = await revalidate(etag);
    expect(again.status).toBe(304);
    // The tRPC procedure answers the same data.
    const viaTrpc = await (await app.caller()).cotizaciones.public();
    expect(viaTrpc.find((x) => x.codigo === 'USD')).toMatchObject({ compra: '7250.0000', venta: '7350.0000' });
  });

  it('a rate changed through the API is what the very next request answers (rates and simulation)', async () => {
    const before = await publicRates();
    const etag = before.headers.get('etag')!;
    expect((await simular()).body.tc_final).toBe('7350.0000');
    expect((await setTasa('7400')).status).toBe(200);
    const after = await revalidate(etag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await usdOf(after)).toMatchObject({ compra: '7350.0000', venta: '7450.0000' });
    const sim = await simular();
    expect(sim.body, JSON.stringify(sim.body)).toMatchObject({ tc_final: '7450.0000', monto_destino: '134.23' });
    expect((await setTasa('7300')).status).toBe(200);
    expect((await simular()).body.tc_final).toBe('7350.0000');
  });

  it('a method or currency changed through the API reaches the next simulation', async () => {
    const metodo = `/operaciones/metodos/${w.metodos.EFECTIVO}/`;
    expect((await simular()).body.parametros.comision_metodo).toBe('0.00');
    const read = (await app.api('GET', metodo, { token: admin })).body;
    const put = (comision: string) => app.api('PUT', metodo, { token: admin, body: { ...read, comision_cobro_porcentaje: comision, comision_pago_porcentaje: comision } });
    const changed = await put('2.00');
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await simular()).body.parametros.comision_metodo).toBe('2.00');
    expect((await put('0.00')).status).toBe(200);
    expect((await simular()).body.parametros.comision_metodo).toBe('0.00');

    expect((await app.api('PATCH', `/divisas/${w.usd}/`, { token: admin, body: { is_active: false } })).status).toBe(200);
    const inactiva = await simular();
    expect(inactiva.status).toBe(400);
    expect(inactiva.body).toEqual({ divisa_destino: [SIM_MSG.divisaInactiva] });
    expect((await publicRates().then((r) => r.json() as Promise<Publica>)).map((x) => x.codigo)).not.toContain('USD');
    expect((await app.api('PATCH', `/divisas/${w.usd}/`, { token: admin, body: { is_active: true } })).status).toBe(200);
    expect((await simular()).status).toBe(200);
  });

  it('a change made outside this process (SQL) reaches the cached answers through the notice', async () => {
    const u = await usdOf(await publicRates());
    expect(u, JSON.stringify(u)).toMatchObject({ compra: '7250.0000' });
    await app.db.updateTable('tasas').set({ precio_base: '7500' }).where('id', '=', tasaUsd).execute();
    await vi.waitFor(async () => expect(await usdOf(await publicRates())).toMatchObject({ compra: '7450.0000' }), { timeout: 5000, interval: 10 });
    await vi.waitFor(async () => expect((await simular()).body.tc_final).toBe('7550.0000'), { timeout: 5000, interval: 10 });
    await app.db.updateTable('tasas').set({ precio_base: '7300' }).where('id', '=', tasaUsd).execute();
    await vi.waitFor(async () => expect(await usdOf(await publicRates())).toMatchObject({ compra: '7250.0000' }), { timeout: 5000, interval: 10 });
  });

  it('a public simulation reads the kept catalogue while prices are unchanged (a change with no notice is not seen until one arrives)', async () => {
    const first = await simular();
    expect(first.status).toBe(200);
    const lapses = app.services.prices.lapses;
    await app.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('tasas').set({ precio_base: '7700' }).where('id', '=', tasaUsd).execute();
    });
    try {
      const again = await simular();
      if (app.services.prices.lapses === lapses) expect(again.body).toEqual(first.body);
      else expect(again.body.tc_final).toBe('7750.0000');
      await sql`select pg_notify('cambio_precios', 'prueba')`.execute(app.db);
      await vi.waitFor(async () => expect((await simular()).body.tc_final).toBe('7750.0000'), { timeout: 5000, interval: 10 });
    } finally {
      await app.db.updateTable('tasas').set({ precio_base: '7300' }).where('id', '=', tasaUsd).execute();
    }
    await vi.waitFor(async () => expect((await simular()).body).toEqual(first.body), { timeout: 5000, interval: 10 });
    const tooSmall = { divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1', metodo_id: w.metodos.EFECTIVO };
    for (let i = 0; i < 2; i++) expect((await app.api('POST', '/operaciones/simular_publica/', { body: tooSmall })).status).toBe(400);
  });
});

describe('without a listener', () => {
  let plain: TestApp;
  let pw: ExchangeWorld;
  beforeAll(async () => {
    plain = await startTestApp();
    pw = await exchangeWorld(plain);
  });
  afterAll(() => plain.close());

  it('nothing is served from memory: every read goes to the database', async () => {
    expect(plain.services.prices.isLive).toBe(false);
    const tasa = (await plain.db.selectFrom('tasas').select('id').where('divisa_id', '=', pw.usd).executeTakeFirstOrThrow()).id;
    const usd = async () => ((await (await fetch(`${plain.url}/api/cotizaciones/public/`)).json()) as Publica).find((x) => x.codigo === 'USD')!;
    expect(await usd()).toMatchObject({ compra: '7250.0000' });
    await plain.db.updateTable('tasas').set({ precio_base: '7600' }).where('id', '=', tasa).execute();
    // No waiting: the very next read sees the row.
    expect(await usd()).toMatchObject({ compra: '7550.0000' });
    const sim = await plain.api('POST', '/operaciones/simular_publica/', { body: { divisa_origen: pw.pyg, divisa_destino: pw.usd, monto: '1000000', metodo_id: pw.metodos.EFECTIVO } });
    expect(sim.body.tc_final).toBe('7650.0000');
  });
});
