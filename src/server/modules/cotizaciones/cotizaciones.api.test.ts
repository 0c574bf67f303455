import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { createDivisa, createTasa, nextCodigo, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { TASA_MSG } from '../../../shared/schemas/cotizaciones';
import { seed } from '../../db/seed';

let app: TestApp;
let admin: string;
let viewer: string;
let nobody: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await startTestApp({ seedDemo: true });
  admin = await app.adminToken();
  viewer = (await userWith(app, [P.viewTasa])).token;
  nobody = (await userWith(app, [])).token;
  const rows = await app.db.selectFrom('tasas as t').innerJoin('divisas as d', 'd.id', 't.divisa_id').select(['t.id', 'd.codigo']).execute();
  for (const r of rows) ids[r.codigo] = r.id;
});
afterAll(() => app.close());

/** A fresh currency of these tests (codes WAA, WAB…). */
const newDivisa = (extra: Record<string, unknown> = {}) => {
  const codigo = nextCodigo('W');
  return createDivisa(app, admin, { nombre: `Divisa ${codigo}`, codigo, simbolo: 'W', flag: 'JP', ...extra });
};

const historyCount = async (tasaId?: number) => {
  let q = app.db.selectFrom('tasa_historial').select((eb) => eb.fn.countAll<string>().as('n'));
  if (tasaId !== undefined) q = q.where('tasa_id', '=', tasaId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};
const snapshot = async () =>
  JSON.stringify([await app.db.selectFrom('tasas').selectAll().orderBy('id').execute(), await historyCount()]);

describe('GET /api/cotizaciones/public/', () => {
  it('answers anonymously the active rates of active currencies with exact 4-decimal figures', async () => {
    const r = await app.api('GET', '/cotizaciones/public/');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { codigo: 'USD', simbolo: 'US$', flag: 'US', compra: '7250.0000', venta: '7350.0000' },
      { codigo: 'EUR', simbolo: '€', flag: 'EU', compra: '7940.0000', venta: '8060.0000' },
      { codigo: 'BRL', simbolo: 'R$', flag: 'BR', compra: '1340.0000', venta: '1360.0000' },
      { codigo: 'ARS', simbolo: '$', flag: 'AR', compra: '8.0000', venta: '9.0000' },
      { codigo: 'CLP', simbolo: '$', flag: 'CL', compra: '7.9000', venta: '8.5000' },
      { codigo: 'UYU', simbolo: '$U', flag: 'UY', compra: '175.0000', venta: '185.0000' },
    ]);
    // A broken token does not matter on a public path, and the path works without the slash.
    expect((await app.api('GET', '/cotizaciones/public', { token: 'no-es-un-token' })).status).toBe(200);
  });

  it('hides a rate while it or its currency is inactive and shows it again when reactivated', async () => {
    const codes = async () => (await app.api('GET', '/cotizaciones/public/')).body.map((x: { codigo: string }) => x.codigo);
    expect(await codes()).toContain('BRL');
    expect((await app.api('DELETE', `/cotizaciones/${ids.BRL}/`, { token: admin })).status).toBe(200);
    expect(await codes()).not.toContain('BRL');
    expect((await app.api('PATCH', `/cotizaciones/${ids.BRL}/`, { token: admin, body: { activo: true } })).status).toBe(200);
    expect(await codes()).toContain('BRL');

    const brl = await app.db.selectFrom('divisas').select('id').where('codigo', '=', 'BRL').executeTakeFirstOrThrow();
    expect((await app.api('DELETE', `/divisas/${brl.id}/`, { token: admin })).status).toBe(200);
    expect(await codes()).not.toContain('BRL');
    expect((await app.api('PATCH', `/divisas/${brl.id}/`, { token: admin, body: { is_active: true } })).status).toBe(200);
    expect(await codes()).toContain('BRL');
  });
});

describe('GET /api/cotizaciones/ and /api/cotizaciones/:id/', () => {
  it('answers 401 anonymous and 403 without cotizaciones.view_tasa', async () => {
    expect((await app.api('GET', '/cotizaciones/')).status).toBe(401);
    expect((await app.api('GET', '/cotizaciones/', { token: nobody })).status).toBe(403);
    expect((await app.api('GET', `/cotizaciones/${ids.USD}/`)).status).toBe(401);
    expect((await app.api('GET', `/cotizaciones/${ids.USD}/`, { token: nobody })).status).toBe(403);
  });

  it('lists every rate with its currency and computed tasaCompra and tasaVenta; search and activo filter', async () => {
    const r = await app.api('GET', '/cotizaciones/', { token: viewer });
    expect(r.status).toBe(200);
    const usd = r.body.find((t: { divisa_detalle: { codigo: string } }) => t.divisa_detalle.codigo === 'USD');
    expect(usd).toEqual({
      id: ids.USD,
      divisa: expect.any(Number),
      divisa_detalle: { id: expect.any(Number), codigo: 'USD', nombre: 'Dólar estadounidense', simbolo: 'US$', flag: 'US', is_active: true },
      precioBase: '7300.0000',
      comisionBaseCompra: '50.0000',
      comisionBaseVenta: '50.0000',
      activo: true,
      tasaCompra: '7250.0000',
      tasaVenta: '7350.0000',
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const search = await app.api('GET', '/cotizaciones/?search=eur', { token: viewer });
    expect(search.body.map((t: { divisa_detalle: { codigo: string } }) => t.divisa_detalle.codigo)).toEqual(['EUR']);
    const inactive = await app.api('GET', '/cotizaciones/?activo=false', { token: viewer });
    expect(inactive.body.every((t: { activo: boolean }) => !t.activo)).toBe(true);

    const one = await app.api('GET', `/cotizaciones/${ids.CLP}/`, { token: viewer });
    expect(one.body).toMatchObject({ precioBase: '8.2000', comisionBaseCompra: '0.3000', comisionBaseVenta: '0.3000', tasaCompra: '7.9000', tasaVenta: '8.5000' });
    expect((await app.api('GET', '/cotizaciones/999999/', { token: viewer })).status).toBe(404);
    expect((await app.api('GET', '/cotizaciones/abc/', { token: viewer })).status).toBe(400);
    const nul = await app.api('GET', '/cotizaciones/?search=%00', { token: viewer });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ detail: M.invalidText });
  });
});

describe('POST /api/cotizaciones/', () => {
  it('answers 401 anonymous and 403 without cotizaciones.add_tasa', async () => {
    const d = await newDivisa();
    const body = { divisa: d.id, precioBase: '100', comisionBaseCompra: '1', comisionBaseVenta: '1' };
    expect((await app.api('POST', '/cotizaciones/', { body })).status).toBe(401);
    expect((await app.api('POST', '/cotizaciones/', { body, token: viewer })).status).toBe(403);
  });

  it('creates with 201, accepting a comma, computing exact rates and writing the first history row and the audit log', async () => {
    const d = await newDivisa();
    const u = await userWith(app, [P.addTasa]);
    const r = await app.api('POST', '/cotizaciones/', { token: u.token, body: { divisa: d.id, precioBase: '48,75', comisionBaseCompra: ' 1,5 ', comisionBaseVenta: '2' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      divisa: d.id,
      divisa_detalle: { codigo: d.codigo, flag: 'JP' },
      precioBase: '48.7500',
      comisionBaseCompra: '1.5000',
      comisionBaseVenta: '2.0000',
      activo: true,
      tasaCompra: '47.2500',
      tasaVenta: '50.7500',
    });
    const hist = await app.db.selectFrom('tasa_historial').selectAll().where('tasa_id', '=', r.body.id).execute();
    expect(hist).toMatchObject([{ precio_base: '48.7500', comision_base_compra: '1.5000', comision_base_venta: '2.0000', changed_by: u.id }]);
    const log = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity', '=', 'tasa').where('entity_id', '=', String(r.body.id)).execute();
    expect(log).toEqual([{ action: 'create', actor_id: u.id }]);
  });

  it('is exact where floating point is not', async () => {
    const d = await newDivisa();
    const r = await app.api('POST', '/cotizaciones/', { token: admin, body: { divisa: d.id, precioBase: '0.3', comisionBaseCompra: '0.1', comisionBaseVenta: '0.2' } });
    expect(r.body).toMatchObject({ tasaCompra: '0.2000', tasaVenta: '0.5000' });
    const big = await newDivisa();
    const r2 = await app.api('POST', '/cotizaciones/', { token: admin, body: { divisa: big.id, precioBase: '9999999999999999.9999', comisionBaseCompra: '0.0001', comisionBaseVenta: '0' } });
    expect(r2.status).toBe(201);
    expect(r2.body).toMatchObject({ tasaCompra: '9999999999999999.9998', tasaVenta: '9999999999999999.9999' });
  });

  it('rejects bad figures and bad currencies with the Spanish messages, creating nothing', async () => {
    const d = await newDivisa();
    const inactiva = await newDivisa({ is_active: false });
    const pyg = await app.db.selectFrom('divisas').select('id').where('codigo', '=', 'PYG').executeTakeFirstOrThrow();
    const usd = await app.db.selectFrom('divisas').select('id').where('codigo', '=', 'USD').executeTakeFirstOrThrow();
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ comisionBaseCompra: '101' }, 'comisionBaseCompra', TASA_MSG.comisionMayor],
      [{ comisionBaseVenta: '100,01' }, 'comisionBaseVenta', TASA_MSG.comisionMayor],
      [{ precioBase: '0' }, 'precioBase', TASA_MSG.precioCero],
      [{ precioBase: 'abc' }, 'precioBase', TASA_MSG.numero],
      [{ precioBase: '7.300,5' }, 'precioBase', TASA_MSG.numero],
      [{ precioBase: '1.2.3' }, 'precioBase', TASA_MSG.numero],
      [{ precioBase: '1e5' }, 'precioBase', TASA_MSG.numero],
      [{ comisionBaseCompra: '-5' }, 'comisionBaseCompra', TASA_MSG.numero],
      // A JSON number could have lost digits before it arrived: refused, saying how to send it.
      [{ precioBase: 7300 }, 'precioBase', M.decimalComoTexto],
      [{ precioBase: '' }, 'precioBase', M.required],
      [{ comisionBaseVenta: undefined }, 'comisionBaseVenta', M.required],
      [{ precioBase: '100.00001' }, 'precioBase', TASA_MSG.decimales],
      [{ precioBase: '1'.repeat(17) }, 'precioBase', TASA_MSG.enteros],
      // The sell rate P + Cv must fit the inputs' 16 integer digits too.
      [{ precioBase: '9999999999999999.9999', comisionBaseVenta: '0.0001' }, 'comisionBaseVenta', TASA_MSG.ventaEnteros],
      [{ precioBase: '5000000000000000', comisionBaseVenta: '5000000000000000' }, 'comisionBaseVenta', TASA_MSG.ventaEnteros],
      [{ divisa: undefined }, 'divisa', TASA_MSG.divisaRequerida],
      [{ divisa: 'x' }, 'divisa', TASA_MSG.divisaRequerida],
      [{ divisa: 999999 }, 'divisa', TASA_MSG.divisaNoExiste],
      [{ divisa: pyg.id }, 'divisa', TASA_MSG.divisaBase],
      [{ divisa: inactiva.id }, 'divisa', TASA_MSG.divisaInactiva],
      [{ divisa: usd.id }, 'divisa', TASA_MSG.duplicada],
      [{ tasaCompra: '1' }, 'tasaCompra', 'Campo no permitido.'],
    ];
    for (const [patch, field, message] of cases) {
      const r = await app.api('POST', '/cotizaciones/', { token: admin, body: { divisa: d.id, precioBase: '100', comisionBaseCompra: '1', comisionBaseVenta: '1', ...patch } });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body[field], JSON.stringify(patch)).toEqual([message]);
    }
    const both = await app.api('POST', '/cotizaciones/', { token: admin, body: { divisa: d.id, precioBase: '10', comisionBaseCompra: '11', comisionBaseVenta: '12' } });
    expect(both.body).toEqual({ comisionBaseCompra: [TASA_MSG.comisionMayor], comisionBaseVenta: [TASA_MSG.comisionMayor] });
    expect(await snapshot()).toBe(before);
  });

  it('accepts the largest sell rate that fits 16 integer digits', async () => {
    const d = await newDivisa();
    const r = await app.api('POST', '/cotizaciones/', {
      token: admin,
      body: { divisa: d.id, precioBase: '5000000000000000', comisionBaseCompra: '0', comisionBaseVenta: '4999999999999999,9999' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ tasaCompra: '5000000000000000.0000', tasaVenta: '9999999999999999.9999' });
  });

  it('lets exactly one of several parallel requests create the rate of a currency; the others get 400, never 500', async () => {
    const d = await newDivisa();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        app.api('POST', '/cotizaciones/', { token: admin, body: { divisa: d.id, precioBase: `${100 + i}`, comisionBaseCompra: '1', comisionBaseVenta: '1' } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body).toEqual({ divisa: [TASA_MSG.duplicada] });
    const rows = await app.db.selectFrom('tasas').select('id').where('divisa_id', '=', d.id).execute();
    expect(rows).toHaveLength(1);
    expect(await historyCount(rows[0].id)).toBe(1);
  });
});

describe('PUT and PATCH /api/cotizaciones/:id/', () => {
  const newTasa = async () => createTasa(app, admin, (await newDivisa()).id);

  it('answers 401 and 403, updates the figures with cotizaciones.change_tasa and writes a history row only when they change', async () => {
    const t = await newTasa();
    const body = { precioBase: '1100,5', comisionBaseCompra: '15', comisionBaseVenta: '25' };
    expect((await app.api('PUT', `/cotizaciones/${t.id}/`, { body })).status).toBe(401);
    expect((await app.api('PUT', `/cotizaciones/${t.id}/`, { body, token: viewer })).status).toBe(403);
    const deleter = await userWith(app, [P.deleteTasa]);
    expect((await app.api('PUT', `/cotizaciones/${t.id}/`, { body, token: deleter.token })).status).toBe(403);
    const changer = await userWith(app, [P.changeTasa, P.viewTasa]);
    const r = await app.api('PUT', `/cotizaciones/${t.id}/`, { body: { ...body, divisa: t.divisa }, token: changer.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ precioBase: '1100.5000', comisionBaseCompra: '15.0000', comisionBaseVenta: '25.0000', tasaCompra: '1085.5000', tasaVenta: '1125.5000', activo: true });
    expect(await historyCount(t.id)).toBe(2);
    // Same figures written differently: no new history row.
    expect((await app.api('PUT', `/cotizaciones/${t.id}/`, { body: { precioBase: '1100.50', comisionBaseCompra: '15.0', comisionBaseVenta: '25' }, token: changer.token })).status).toBe(200);
    expect(await historyCount(t.id)).toBe(2);
    const patch = await app.api('PATCH', `/cotizaciones/${t.id}/`, { body: { comisionBaseVenta: '30' }, token: changer.token });
    expect(patch.body).toMatchObject({ precioBase: '1100.5000', comisionBaseVenta: '30.0000', tasaVenta: '1130.5000' });
    expect(await historyCount(t.id)).toBe(3);

    const hist = await app.api('GET', `/cotizaciones/${t.id}/historial/`, { token: changer.token });
    expect(hist.status).toBe(200);
    expect(hist.body.map((h: { comisionBaseVenta: string }) => h.comisionBaseVenta)).toEqual(['30.0000', '25.0000', '20.0000']);
    expect(hist.body[0]).toMatchObject({ tasa: t.id, precioBase: '1100.5000', tasaCompra: '1085.5000', tasaVenta: '1130.5000', changed_by_username: expect.any(String) });
    expect(hist.body[2].changed_by_username).toBe('admin');
  });

  it('rejects a commission above the base price, a change of currency and bad figures, changing nothing', async () => {
    const t = await newTasa();
    const other = await newDivisa();
    const before = await snapshot();
    const ok = { precioBase: '1000', comisionBaseCompra: '10', comisionBaseVenta: '20' };
    const put = async (b: Record<string, unknown>) => app.api('PUT', `/cotizaciones/${t.id}/`, { token: admin, body: { ...ok, ...b } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ comisionBaseCompra: '1000.0001' }, 'comisionBaseCompra', TASA_MSG.comisionMayor],
      [{ precioBase: '5' }, 'comisionBaseCompra', TASA_MSG.comisionMayor],
      [{ divisa: other.id }, 'divisa', TASA_MSG.divisaFija],
      [{ precioBase: 'mil' }, 'precioBase', TASA_MSG.numero],
      [{ activo: 'si' }, 'activo', 'Use true o false'],
      // QA's case: a sell rate of 17 integer digits.
      [{ precioBase: '9999999999999999.9999', comisionBaseCompra: '0.0001', comisionBaseVenta: '9999999999999999.9999' }, 'comisionBaseVenta', TASA_MSG.ventaEnteros],
    ];
    for (const [patch, field, message] of cases) {
      const r = await put(patch);
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body[field], JSON.stringify(patch)).toEqual([message]);
    }
    const patch = await app.api('PATCH', `/cotizaciones/${t.id}/`, { token: admin, body: { precioBase: '15' } });
    expect(patch.status).toBe(400);
    expect(patch.body).toEqual({ comisionBaseVenta: [TASA_MSG.comisionMayor] });
    // PATCH checks the sell rate on the merged figures (stored Cv 20).
    const big = await app.api('PATCH', `/cotizaciones/${t.id}/`, { token: admin, body: { precioBase: '9999999999999990' } });
    expect(big.status).toBe(400);
    expect(big.body).toEqual({ comisionBaseVenta: [TASA_MSG.ventaEnteros] });
    expect((await app.api('PUT', '/cotizaciones/999999/', { token: admin, body: ok })).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('serialises parallel updates: every change leaves its history row and the last one wins', async () => {
    const t = await newTasa();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => app.api('PATCH', `/cotizaciones/${t.id}/`, { token: admin, body: { precioBase: `${2000 + i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await historyCount(t.id)).toBe(6);
    const latest = await app.db.selectFrom('tasa_historial').select('precio_base').where('tasa_id', '=', t.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const current = await app.db.selectFrom('tasas').select('precio_base').where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(current.precio_base).toBe(latest.precio_base);
  });
});

describe('DELETE /api/cotizaciones/:id/ and reactivation', () => {
  it('deactivates with cotizaciones.delete_tasa and reactivates with PATCH {"activo": true} and cotizaciones.change_tasa', async () => {
    const d = await newDivisa();
    const { body: t } = await app.api('POST', '/cotizaciones/', { token: admin, body: { divisa: d.id, precioBase: '10', comisionBaseCompra: '1', comisionBaseVenta: '1' } });
    const changer = await userWith(app, [P.changeTasa]);
    const deleter = await userWith(app, [P.deleteTasa]);
    expect((await app.api('DELETE', `/cotizaciones/${t.id}/`)).status).toBe(401);
    expect((await app.api('DELETE', `/cotizaciones/${t.id}/`, { token: changer.token })).status).toBe(403);
    const off = await app.api('DELETE', `/cotizaciones/${t.id}/`, { token: deleter.token });
    expect(off.status).toBe(200);
    expect(off.body.activo).toBe(false);
    expect((await app.api('PATCH', `/cotizaciones/${t.id}/`, { token: deleter.token, body: { activo: true } })).status).toBe(403);
    const on = await app.api('PATCH', `/cotizaciones/${t.id}/`, { token: changer.token, body: { activo: true } });
    expect(on.status).toBe(200);
    expect(on.body.activo).toBe(true);
    expect((await app.api('PATCH', `/cotizaciones/${t.id}/`, { token: changer.token, body: { activo: false } })).status).toBe(403);
    // Toggling the state is not a change of price: only the creation row is in the history.
    expect(await historyCount(t.id)).toBe(1);
    const log = await app.db.selectFrom('audit_log').select('action').where('entity', '=', 'tasa').where('entity_id', '=', String(t.id)).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'deactivate', 'activate']);
    expect((await app.api('DELETE', '/cotizaciones/999999/', { token: admin })).status).toBe(404);
  });
});

describe('GET /api/cotizaciones/:id/historial/', () => {
  it('answers 401 anonymous, 403 without view permission and 404 for an unknown rate', async () => {
    expect((await app.api('GET', `/cotizaciones/${ids.USD}/historial/`)).status).toBe(401);
    expect((await app.api('GET', `/cotizaciones/${ids.USD}/historial/`, { token: nobody })).status).toBe(403);
    const seeded = await app.api('GET', `/cotizaciones/${ids.EUR}/historial/`, { token: viewer });
    expect(seeded.body).toMatchObject([{ precioBase: '8000.0000', tasaCompra: '7940.0000', tasaVenta: '8060.0000', changed_by: null, changed_by_username: null }]);
    expect((await app.api('GET', '/cotizaciones/999999/historial/', { token: viewer })).status).toBe(404);
  });
});

describe('seeds', () => {
  it('are idempotent: a second run adds no currency, rate, denomination or history row', async () => {
    const count = async () =>
      Promise.all((['divisas', 'tasas', 'denominaciones', 'tasa_historial', 'limite_config'] as const).map(async (t) =>
        Number((await app.db.selectFrom(t).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)));
    const before = await count();
    await seed(app.db, { admin: app.env.admin, demo: true });
    expect(await count()).toEqual(before);
    const usd = await app.db.selectFrom('denominaciones as n').innerJoin('divisas as d', 'd.id', 'n.divisa_id').select('n.denominacion').where('d.codigo', '=', 'USD').orderBy('n.denominacion').execute();
    expect(usd.map((x) => x.denominacion)).toEqual([1, 5, 10, 20, 50, 100]);
  });
});

describe('tRPC door', () => {
  it('serves the public rates and the staff procedures with the same shapes', async () => {
    const anonymous = await app.caller();
    const rows = await anonymous.cotizaciones.public();
    expect(rows[0]).toEqual({ codigo: 'USD', simbolo: 'US$', flag: 'US', compra: '7250.0000', venta: '7350.0000' });
    await expect(anonymous.cotizaciones.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const staff = await app.caller(viewer);
    expect((await staff.cotizaciones.get({ id: ids.USD })).tasaVenta).toBe('7350.0000');
    const doc = await app.api('GET', '/schema/');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/cotizaciones/', '/api/cotizaciones/{id}/', '/api/cotizaciones/public/', '/api/cotizaciones/{id}/historial/']),
    );
  });
});
