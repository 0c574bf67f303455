import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { baseDivisa, createDivisa, nextCodigo, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { MS } from '../../../shared/messagesSecurity';
import { P } from '../../../shared/permissions';
import { DIVISA_MSG } from '../../../shared/schemas/divisas';

let app: TestApp;
let admin: string;
let viewer: string;
let nobody: string;
let pyg: { id: number };

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  viewer = (await userWith(app, [P.viewDivisa])).token;
  nobody = (await userWith(app, [])).token;
  pyg = await baseDivisa(app);
});
afterAll(() => app.close());

const countDivisas = async () => Number((await app.db.selectFrom('divisas').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const snapshot = async (table: 'divisas' | 'denominaciones' | 'limite_config') => JSON.stringify(await app.db.selectFrom(table).selectAll().orderBy('id').execute());

describe('seeds', () => {
  it('always seed the base currency PYG (precision 0, active) and the limits row', async () => {
    const r = await app.api('GET', `/divisas/${pyg.id}/`, { token: viewer });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: pyg.id, nombre: 'Guaraní', codigo: 'PYG', simbolo: '₲', max_digitos: 30, precision: 0, es_base: true, is_active: true, flag: 'PY' });
    const limits = await app.db.selectFrom('limite_config').selectAll().execute();
    expect(limits).toHaveLength(1);
  });
});

describe('GET /api/divisas/', () => {
  it('answers 401 anonymous and 403 without divisas.view_divisa', async () => {
    expect((await app.api('GET', '/divisas/')).status).toBe(401);
    const r = await app.api('GET', '/divisas/', { token: nobody });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(M.apiForbidden);
  });

  it('pages 10 per page with count, next and previous; all=true answers an array; search and es_base filter', async () => {
    for (let i = 0; i < 11; i++) await createDivisa(app, admin, { nombre: `Paginada ${i}` });
    const total = await countDivisas();
    const p1 = await app.api('GET', '/divisas/', { token: viewer });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ count: total, next: `${app.url}/api/divisas/?page=2`, previous: null });
    expect(p1.body.results).toHaveLength(10);
    expect(p1.body.results[0].codigo).toBe('PYG');
    const last = Math.ceil(total / 10);
    const pl = await app.api('GET', `/divisas/?page=${last}`, { token: viewer });
    expect(pl.body).toMatchObject({ count: total, next: null, previous: last - 1 === 1 ? `${app.url}/api/divisas/` : `${app.url}/api/divisas/?page=${last - 1}` });
    expect(pl.body.results).toHaveLength(total - (last - 1) * 10);

    const all = await app.api('GET', '/divisas?all=true', { token: viewer });
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body).toHaveLength(total);

    const search = await app.api('GET', '/divisas/?search=paginada%2010', { token: viewer });
    expect(search.body.count).toBe(1);
    expect(search.body.results[0].nombre).toBe('Paginada 10');
    const byCode = await app.api('GET', '/divisas/?search=pyg', { token: viewer });
    expect(byCode.body.results.map((d: { codigo: string }) => d.codigo)).toEqual(['PYG']);
    const wildcard = await app.api('GET', '/divisas/?search=%25', { token: viewer });
    expect(wildcard.body.count).toBe(0);

    const base = await app.api('GET', '/divisas/?es_base=true', { token: viewer });
    expect(base.body.results.map((d: { codigo: string }) => d.codigo)).toEqual(['PYG']);
    const noBase = await app.api('GET', '/divisas/?es_base=false&all=true', { token: viewer });
    expect(noBase.body).toHaveLength(total - 1);
  });

  it('answers 400 to a bad page or filter', async () => {
    expect((await app.api('GET', '/divisas/?page=0', { token: viewer })).status).toBe(400);
    expect((await app.api('GET', '/divisas/?page=abc', { token: viewer })).status).toBe(400);
    expect((await app.api('GET', '/divisas/?es_base=quizas', { token: viewer })).status).toBe(400);
  });
});

describe('GET /api/divisas/:id/', () => {
  it('answers the currency, 404 when missing and 400 for a malformed or out-of-range id', async () => {
    expect((await app.api('GET', `/divisas/${pyg.id}/`)).status).toBe(401);
    expect((await app.api('GET', `/divisas/${pyg.id}/`, { token: nobody })).status).toBe(403);
    const missing = await app.api('GET', '/divisas/999999/', { token: viewer });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(M.notFound);
    expect((await app.api('GET', '/divisas/abc/', { token: viewer })).status).toBe(400);
    expect((await app.api('GET', '/divisas/99999999999/', { token: viewer })).status).toBe(400);
  });
});

describe('POST /api/divisas/', () => {
  it('answers 401 anonymous and 403 without divisas.add_divisa', async () => {
    const body = { nombre: 'Yen japonés', codigo: 'JPY', simbolo: '¥' };
    expect((await app.api('POST', '/divisas/', { body })).status).toBe(401);
    expect((await app.api('POST', '/divisas/', { body, token: viewer })).status).toBe(403);
  });

  it('creates a currency with 201, code in uppercase, defaults 30 and 6, a flag code, and an audit entry', async () => {
    const u = await userWith(app, [P.addDivisa]);
    const r = await app.api('POST', '/divisas/', { token: u.token, body: { nombre: ' Yen japonés ', codigo: 'jpy', simbolo: '¥', flag: 'jp' } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(Number), nombre: 'Yen japonés', codigo: 'JPY', simbolo: '¥', max_digitos: 30, precision: 6, es_base: false, is_active: true, flag: 'JP' });
    const log = await app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'divisa').where('entity_id', '=', String(r.body.id)).execute();
    expect(log).toMatchObject([{ action: 'create', actor_id: u.id }]);
    const withNumbersAsText = await app.api('POST', '/divisas/', { token: admin, body: { nombre: 'Won', codigo: 'KRW', simbolo: '₩', max_digitos: '20', precision: '3' } });
    expect(withNumbersAsText.status).toBe(201);
    expect(withNumbersAsText.body).toMatchObject({ max_digitos: 20, precision: 3, flag: null });
  });

  it('rejects bad input with the Spanish field messages and creates nothing', async () => {
    const before = await snapshot('divisas');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ codigo: 'US' }, 'codigo', DIVISA_MSG.codigoLargo],
      [{ codigo: 'USDT' }, 'codigo', DIVISA_MSG.codigoLargo],
      [{ codigo: 'U$D' }, 'codigo', DIVISA_MSG.codigoLetras],
      [{ codigo: '' }, 'codigo', DIVISA_MSG.codigoRequerido],
      [{ nombre: 'AB' }, 'nombre', DIVISA_MSG.nombreLargo],
      [{ nombre: 'x'.repeat(31) }, 'nombre', DIVISA_MSG.nombreLargo],
      [{ nombre: undefined }, 'nombre', DIVISA_MSG.nombreRequerido],
      [{ simbolo: '' }, 'simbolo', DIVISA_MSG.simboloRequerido],
      [{ simbolo: 'ABCD' }, 'simbolo', DIVISA_MSG.simboloLargo],
      [{ max_digitos: 2 }, 'max_digitos', DIVISA_MSG.maxDigitos],
      [{ max_digitos: 'muchos' }, 'max_digitos', DIVISA_MSG.maxDigitos],
      [{ max_digitos: 3.5 }, 'max_digitos', DIVISA_MSG.maxDigitosEntero],
      [{ max_digitos: 31 }, 'max_digitos', DIVISA_MSG.maxDigitosTope],
      [{ max_digitos: 1e20 }, 'max_digitos', DIVISA_MSG.maxDigitosTope],
      [{ precision: 6.5 }, 'precision', DIVISA_MSG.precisionEntera],
      [{ precision: 2 }, 'precision', DIVISA_MSG.precision],
      [{ precision: 0 }, 'precision', DIVISA_MSG.precision],
      [{ precision: 99 }, 'precision', DIVISA_MSG.precisionTope],
      [{ flag: 'USA' }, 'flag', DIVISA_MSG.flag],
      [{ extra: 1 }, 'extra', 'Campo no permitido.'],
    ];
    for (const [patch, field, message] of cases) {
      const r = await app.api('POST', '/divisas/', { token: admin, body: { nombre: 'Válida', codigo: 'ZZZ', simbolo: 'Z', ...patch } });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body[field], JSON.stringify(patch)).toEqual([message]);
    }
    const dup = await app.api('POST', '/divisas/', { token: admin, body: { nombre: 'Otra', codigo: 'pyg', simbolo: 'G' } });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ codigo: [DIVISA_MSG.codigoDuplicado] });
    const secondBase = await app.api('POST', '/divisas/', { token: admin, body: { nombre: 'Otra base', codigo: 'ZZB', simbolo: 'Z', es_base: true } });
    expect(secondBase.status).toBe(400);
    expect(secondBase.body).toEqual({ es_base: [DIVISA_MSG.baseExiste] });
    const notJson = await app.api('POST', '/divisas/', { token: admin, raw: '{"nombre":' });
    expect(notJson.status).toBe(400);
    expect(await snapshot('divisas')).toBe(before);
  });

  it('answers 400, never 500, to keys named like Object.prototype members and to a NUL character, creating nothing', async () => {
    const before = await snapshot('divisas');
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const raw = `{"nombre":"Válida","codigo":"ZZP","simbolo":"Z","${key}":{"x":1}}`;
      const r = await app.api('POST', '/divisas/', { token: admin, raw });
      expect(r.status, key).toBe(400);
      expect(r.body, key).toEqual({ [key]: ['Campo no permitido.'] });
    }
    const nul = await app.api('POST', '/divisas/', { token: admin, raw: '{"nombre":"Y\\u0000n japonés","codigo":"ZZN","simbolo":"Z"}' });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ nombre: [MS.controlChars] });
    const search = await app.api('GET', '/divisas/?search=%00', { token: viewer });
    expect(search.status).toBe(400);
    expect(search.body).toEqual({ search: [MS.controlChars] });
    expect(await snapshot('divisas')).toBe(before);
  });

  it('lets exactly one of several parallel requests create the same code; the others get 400, never 500', async () => {
    const codigo = nextCodigo();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => app.api('POST', '/divisas/', { token: admin, body: { nombre: `Carrera ${i}`, codigo, simbolo: 'C' } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body).toEqual({ codigo: [DIVISA_MSG.codigoDuplicado] });
  });

  it('keeps at most one base currency under parallel requests (the database decides)', async () => {
    await app.db.updateTable('divisas').set({ es_base: false }).where('id', '=', pyg.id).execute();
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, () => app.api('POST', '/divisas/', { token: admin, body: { nombre: 'Base nueva', codigo: nextCodigo(), simbolo: 'B', es_base: true } })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
      for (const r of results.filter((x) => x.status === 400)) expect(r.body).toEqual({ es_base: [DIVISA_MSG.baseExiste] });
      const bases = await app.db.selectFrom('divisas').select('id').where('es_base', '=', true).execute();
      expect(bases).toHaveLength(1);
      await app.db.updateTable('divisas').set({ es_base: false }).where('es_base', '=', true).execute();
    } finally {
      await app.db.updateTable('divisas').set({ es_base: true }).where('id', '=', pyg.id).execute();
    }
    // And the database itself refuses a second base row.
    await expect(app.db.insertInto('divisas').values({ nombre: 'Directa', codigo: 'DIR', simbolo: 'D', es_base: true }).execute()).rejects.toThrow();
  });
});

describe('PUT and PATCH /api/divisas/:id/', () => {
  it('answers 401 and 403, updates with divisas.change_divisa and writes the audit log', async () => {
    const d = await createDivisa(app, admin);
    const body = { nombre: 'Nombre nuevo', codigo: d.codigo.toLowerCase(), simbolo: 'N', max_digitos: 25, precision: 4, flag: 'ar' };
    expect((await app.api('PUT', `/divisas/${d.id}/`, { body })).status).toBe(401);
    expect((await app.api('PUT', `/divisas/${d.id}/`, { body, token: viewer })).status).toBe(403);
    const deleter = await userWith(app, [P.deleteDivisa]);
    expect((await app.api('PUT', `/divisas/${d.id}/`, { body, token: deleter.token })).status).toBe(403);
    const changer = await userWith(app, [P.changeDivisa]);
    const r = await app.api('PUT', `/divisas/${d.id}/`, { body, token: changer.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: d.id, nombre: 'Nombre nuevo', codigo: d.codigo, simbolo: 'N', max_digitos: 25, precision: 4, flag: 'AR', is_active: true });
    const log = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity', '=', 'divisa').where('entity_id', '=', String(d.id)).orderBy('id').execute();
    expect(log.at(-1)).toEqual({ action: 'update', actor_id: changer.id });
    const patched = await app.api('PATCH', `/divisas/${d.id}`, { body: { flag: null }, token: changer.token });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ nombre: 'Nombre nuevo', flag: null });
  });

  it('rejects bad input, a taken code and a change of the base flag, changing nothing', async () => {
    const d = await createDivisa(app, admin);
    const other = await createDivisa(app, admin);
    const before = await snapshot('divisas');
    const ok = { nombre: 'Válida', codigo: d.codigo, simbolo: 'V', max_digitos: 30, precision: 6 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ codigo: other.codigo }, 'codigo', DIVISA_MSG.codigoDuplicado],
      [{ precision: 2 }, 'precision', DIVISA_MSG.precision],
      [{ es_base: true }, 'es_base', DIVISA_MSG.baseNoCambia],
      [{ nombre: 'ab' }, 'nombre', DIVISA_MSG.nombreLargo],
      [{ simbolo: undefined }, 'simbolo', DIVISA_MSG.simboloRequerido],
      [{ otro: true }, 'otro', 'Campo no permitido.'],
      [{ id: 999999 }, 'id', 'No coincide con el identificador de la ruta.'],
    ];
    for (const [patch, field, message] of cases) {
      const r = await app.api('PUT', `/divisas/${d.id}/`, { token: admin, body: { ...ok, ...patch } });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body[field], JSON.stringify(patch)).toEqual([message]);
    }
    expect((await app.api('PUT', '/divisas/999999/', { token: admin, body: ok })).status).toBe(404);
    expect(await snapshot('divisas')).toBe(before);
  });

  it('changes the code of a currency nobody uses yet, never of one with denominations, a rate or operations (nor the base)', async () => {
    const libre = await createDivisa(app, admin);
    const nuevo = nextCodigo();
    const r = await app.api('PATCH', `/divisas/${libre.id}/`, { token: admin, body: { codigo: nuevo } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.codigo).toBe(nuevo);

    expect((await app.api('POST', '/denominaciones/', { token: admin, body: { denominacion: 100, divisa: libre.id } })).status).toBe(201);
    const before = await snapshot('divisas');
    const otro = nextCodigo();
    const enUso = await app.api('PATCH', `/divisas/${libre.id}/`, { token: admin, body: { codigo: otro } });
    expect(enUso).toMatchObject({ status: 400, body: { codigo: [DIVISA_MSG.codigoEnUso] } });
    const base = await app.api('PATCH', `/divisas/${pyg.id}/`, { token: admin, body: { codigo: 'PYX' } });
    expect(base).toMatchObject({ status: 400, body: { codigo: [DIVISA_MSG.codigoEnUso] } });
    // Sending the same code back (a read-then-write-back) is no change.
    expect((await app.api('PATCH', `/divisas/${libre.id}/`, { token: admin, body: { codigo: nuevo.toLowerCase(), nombre: 'Renombrada' } })).status).toBe(200);
    expect(JSON.parse(await snapshot('divisas')).find((d: { id: number }) => d.id === libre.id).codigo).toBe(nuevo);
    expect(JSON.parse(before).length).toBe(JSON.parse(await snapshot('divisas')).length);
  });

  it('lets the seeded base currency keep its precision 0 while every other currency needs more than 2', async () => {
    const r = await app.api('PUT', `/divisas/${pyg.id}/`, { token: admin, body: { nombre: 'Guaraní', codigo: 'PYG', simbolo: '₲', max_digitos: 30, precision: 0, es_base: true, flag: 'PY' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ precision: 0, es_base: true });
  });
});

describe('DELETE /api/divisas/:id/ and reactivation', () => {
  it('deactivates with divisas.delete_divisa (200 with the record) and never the base currency', async () => {
    const d = await createDivisa(app, admin);
    expect((await app.api('DELETE', `/divisas/${d.id}/`)).status).toBe(401);
    const changer = await userWith(app, [P.changeDivisa]);
    expect((await app.api('DELETE', `/divisas/${d.id}/`, { token: changer.token })).status).toBe(403);
    const deleter = await userWith(app, [P.deleteDivisa]);
    const r = await app.api('DELETE', `/divisas/${d.id}/`, { token: deleter.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: d.id, is_active: false });
    const row = await app.db.selectFrom('divisas').select('is_active').where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(false);

    const base = await app.api('DELETE', `/divisas/${pyg.id}/`, { token: admin });
    expect(base.status).toBe(400);
    expect(base.body).toEqual({ detail: DIVISA_MSG.baseNoDesactivar });
    expect((await app.api('PATCH', `/divisas/${pyg.id}/`, { token: admin, body: { is_active: false } })).status).toBe(400);
    expect((await app.api('POST', `/divisas/${pyg.id}/toggle_active/`, { token: admin })).status).toBe(400);
    expect((await app.db.selectFrom('divisas').select('is_active').where('id', '=', pyg.id).executeTakeFirstOrThrow()).is_active).toBe(true);
    expect((await app.api('DELETE', '/divisas/999999/', { token: admin })).status).toBe(404);
  });

  it('reactivates with PATCH {"is_active": true} only with divisas.change_divisa', async () => {
    const d = await createDivisa(app, admin, { is_active: false });
    const deleter = await userWith(app, [P.deleteDivisa]);
    const denied = await app.api('PATCH', `/divisas/${d.id}/`, { token: deleter.token, body: { is_active: true } });
    expect(denied.status).toBe(403);
    const changer = await userWith(app, [P.changeDivisa]);
    const r = await app.api('PATCH', `/divisas/${d.id}/`, { token: changer.token, body: { is_active: true } });
    expect(r.status).toBe(200);
    expect(r.body.is_active).toBe(true);
    // Deactivating through PATCH needs the delete permission.
    expect((await app.api('PATCH', `/divisas/${d.id}/`, { token: changer.token, body: { is_active: false } })).status).toBe(403);
    // Sending what it already holds changes nothing and writes no audit row.
    expect((await app.api('PATCH', `/divisas/${d.id}/`, { token: changer.token, body: { is_active: true, codigo: d.codigo } })).status).toBe(200);
    const log = await app.db.selectFrom('audit_log').select('action').where('entity', '=', 'divisa').where('entity_id', '=', String(d.id)).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'activate']);
  });

  it('toggles with POST /divisas/:id/toggle_active/: delete permission to deactivate, change to reactivate', async () => {
    const d = await createDivisa(app, admin);
    expect((await app.api('POST', `/divisas/${d.id}/toggle_active/`)).status).toBe(401);
    expect((await app.api('POST', `/divisas/${d.id}/toggle_active/`, { token: viewer })).status).toBe(403);
    const deleter = await userWith(app, [P.deleteDivisa]);
    const off = await app.api('POST', `/divisas/${d.id}/toggle_active/`, { token: deleter.token });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await app.api('POST', `/divisas/${d.id}/toggle_active/`, { token: deleter.token })).status).toBe(403);
    const changer = await userWith(app, [P.changeDivisa]);
    const on = await app.api('POST', `/divisas/${d.id}/toggle_active/`, { token: changer.token });
    expect(on.status).toBe(200);
    expect(on.body.is_active).toBe(true);
  });

  it('a toggle takes no fields: an unknown body key answers 400 and changes nothing (after 401/403); an empty body and the path id are fine', async () => {
    const d = await createDivisa(app, admin);
    const n = (await app.api('POST', '/denominaciones/', { token: admin, body: { denominacion: 1000, divisa: d.id } })).body as { id: number };
    for (const path of [`/divisas/${d.id}/toggle_active/`, `/denominaciones/${n.id}/toggle_active/`]) {
      const before = [await snapshot('divisas'), await snapshot('denominaciones')];
      expect((await app.api('POST', path, { body: { foo: 1 } })).status, path).toBe(401);
      expect((await app.api('POST', path, { token: viewer, body: { foo: 1 } })).status, path).toBe(403);
      expect(await app.api('POST', path, { token: admin, body: { foo: 1 } }), path).toMatchObject({ status: 400, body: { foo: ['Campo no permitido.'] } });
      expect(await app.api('POST', path, { token: admin, body: { is_active: false } }), path).toMatchObject({ status: 400, body: { is_active: ['Campo no permitido.'] } });
      expect([await snapshot('divisas'), await snapshot('denominaciones')]).toEqual(before);
      const off = await app.api('POST', path, { token: admin, body: {} });
      expect(off, path).toMatchObject({ status: 200, body: { is_active: false } });
      expect(await app.api('POST', path, { token: admin, body: { id: String(off.body.id) } }), path).toMatchObject({ status: 200, body: { is_active: true } });
    }
  });
});

describe('GET /api/divisas/sin_tasa/ and /api/divisas/con_tasa/', () => {
  it('lists active foreign currencies without a rate, and (publicly) the base plus currencies with an active rate', async () => {
    const conTasa = await createDivisa(app, admin);
    const sinTasa = await createDivisa(app, admin);
    const inactiva = await createDivisa(app, admin, { is_active: false });
    const rate = await app.api('POST', '/cotizaciones/', { token: admin, body: { divisa: conTasa.id, precioBase: '100', comisionBaseCompra: '1', comisionBaseVenta: '1' } });
    expect(rate.status).toBe(201);

    expect((await app.api('GET', '/divisas/sin_tasa/')).status).toBe(401);
    expect((await app.api('GET', '/divisas/sin_tasa/', { token: nobody })).status).toBe(403);
    const rateStaff = await userWith(app, [P.addTasa]);
    const sin = await app.api('GET', '/divisas/sin_tasa/?all=true', { token: rateStaff.token });
    expect(sin.status).toBe(200);
    const sinCodes = sin.body.map((d: { codigo: string }) => d.codigo);
    expect(sinCodes).toContain(sinTasa.codigo);
    expect(sinCodes).not.toContain(conTasa.codigo);
    expect(sinCodes).not.toContain(inactiva.codigo);
    expect(sinCodes).not.toContain('PYG');

    const con = await app.api('GET', '/divisas/con_tasa/?all=true');
    expect(con.status).toBe(200);
    const conCodes = con.body.map((d: { codigo: string }) => d.codigo);
    expect(conCodes[0]).toBe('PYG');
    expect(conCodes).toContain(conTasa.codigo);
    expect(conCodes).not.toContain(sinTasa.codigo);

    await app.api('DELETE', `/cotizaciones/${rate.body.id}/`, { token: admin });
    const after = await app.api('GET', '/divisas/con_tasa/?all=true', { token: nobody });
    expect(after.body.map((d: { codigo: string }) => d.codigo)).not.toContain(conTasa.codigo);
  });

  it('answer the paged envelope of every list (10 a page, search), and an array with ?all=true', async () => {
    for (let i = 0; i < 11; i++) await createDivisa(app, admin);
    const staff = await userWith(app, [P.viewDivisa]);
    const all: { codigo: string }[] = (await app.api('GET', '/divisas/sin_tasa/?all=true', { token: staff.token })).body;
    expect(all.length).toBeGreaterThan(10);
    const first = await app.api('GET', '/divisas/sin_tasa/', { token: staff.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ count: all.length, next: `${app.url}/api/divisas/sin_tasa/?page=2`, previous: null, results: all.slice(0, 10) });
    const second = await app.api('GET', '/divisas/sin_tasa/?page=2', { token: staff.token });
    expect(second.body).toMatchObject({ count: all.length, previous: `${app.url}/api/divisas/sin_tasa/`, results: all.slice(10, 20) });
    const one = all[all.length - 1].codigo;
    const found = await app.api('GET', `/divisas/sin_tasa/?search=${one.toLowerCase()}`, { token: staff.token });
    expect(found.body).toMatchObject({ count: 1, next: null, previous: null, results: [{ codigo: one }] });

    const con = await app.api('GET', '/divisas/con_tasa/');
    expect(con.status).toBe(200);
    expect(con.body).toMatchObject({ previous: null, results: expect.any(Array) });
    expect(con.body.results[0].codigo).toBe('PYG');
    expect(con.body.count).toBe((await app.api('GET', '/divisas/con_tasa/?all=true')).body.length);
    expect((await app.api('GET', '/divisas/con_tasa/?search=pyg')).body).toMatchObject({ count: 1, results: [{ codigo: 'PYG' }] });
    expect((await app.api('GET', '/divisas/con_tasa/?page=abc')).status).toBe(400);
  });
});

describe('denominations', () => {
  it('creates with 201 (divisas.add_denominacion) and lists them under the currency, sorted', async () => {
    const d = await createDivisa(app, admin);
    const body = { denominacion: 100, divisa: d.id };
    expect((await app.api('POST', '/denominaciones/', { body })).status).toBe(401);
    expect((await app.api('POST', '/denominaciones/', { body, token: viewer })).status).toBe(403);
    const adder = await userWith(app, [P.addDenominacion]);
    const r = await app.api('POST', '/denominaciones/', { body, token: adder.token });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(Number), denominacion: 100, divisa: d.id, is_active: true });
    expect((await app.api('POST', '/denominaciones/', { body: { denominacion: '20', divisa: String(d.id) }, token: adder.token })).status).toBe(201);

    expect((await app.api('GET', `/divisas/${d.id}/get_denominaciones/`)).status).toBe(401);
    expect((await app.api('GET', `/divisas/${d.id}/get_denominaciones/`, { token: viewer })).status).toBe(403);
    const list = await app.api('GET', `/divisas/${d.id}/get_denominaciones/`, { token: adder.token });
    expect(list.status).toBe(200);
    expect(list.body.map((x: { denominacion: number }) => x.denominacion)).toEqual([20, 100]);
    expect((await app.api('GET', '/divisas/999999/get_denominaciones/', { token: adder.token })).status).toBe(404);
  });

  it('rejects a non-positive or non-integer value, a missing or unknown currency and a duplicate, changing nothing', async () => {
    const d = await createDivisa(app, admin);
    await app.api('POST', '/denominaciones/', { token: admin, body: { denominacion: 50, divisa: d.id } });
    const before = await snapshot('denominaciones');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ denominacion: 0 }, 'denominacion', DIVISA_MSG.denominacion],
      [{ denominacion: -5 }, 'denominacion', DIVISA_MSG.denominacion],
      [{ denominacion: 1.5 }, 'denominacion', DIVISA_MSG.denominacion],
      [{ denominacion: 'cien' }, 'denominacion', DIVISA_MSG.denominacion],
      [{ denominacion: null }, 'denominacion', DIVISA_MSG.denominacion],
      [{ denominacion: 3_000_000_000 }, 'denominacion', DIVISA_MSG.denominacionTope],
      [{ divisa: undefined }, 'divisa', DIVISA_MSG.divisaRequerida],
      [{ divisa: 999999 }, 'divisa', DIVISA_MSG.divisaNoExiste],
      [{ denominacion: 50 }, 'denominacion', DIVISA_MSG.denominacionDuplicada],
    ];
    for (const [patch, field, message] of cases) {
      const r = await app.api('POST', '/denominaciones/', { token: admin, body: { denominacion: 10, divisa: d.id, ...patch } });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body[field], JSON.stringify(patch)).toEqual([message]);
    }
    expect(await snapshot('denominaciones')).toBe(before);
  });

  it('lets exactly one of several parallel requests create the same denomination', async () => {
    const d = await createDivisa(app, admin);
    const results = await Promise.all(Array.from({ length: 5 }, () => app.api('POST', '/denominaciones/', { token: admin, body: { denominacion: 500, divisa: d.id } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body).toEqual({ denominacion: [DIVISA_MSG.denominacionDuplicada] });
  });

  it('updates with PUT, deactivates with DELETE and reactivates with PATCH or toggle_active, each with its permission', async () => {
    const d = await createDivisa(app, admin);
    const { body: n } = await app.api('POST', '/denominaciones/', { token: admin, body: { denominacion: 5, divisa: d.id } });
    const changer = await userWith(app, [P.changeDenominacion]);
    const deleter = await userWith(app, [P.deleteDenominacion]);

    expect((await app.api('PUT', `/denominaciones/${n.id}/`, { body: { denominacion: 10 } })).status).toBe(401);
    expect((await app.api('PUT', `/denominaciones/${n.id}/`, { body: { denominacion: 10 }, token: deleter.token })).status).toBe(403);
    const put = await app.api('PUT', `/denominaciones/${n.id}/`, { body: { denominacion: 10, divisa: d.id }, token: changer.token });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ id: n.id, denominacion: 10, divisa: d.id, is_active: true });
    const bad = await app.api('PUT', `/denominaciones/${n.id}/`, { body: { denominacion: 0 }, token: changer.token });
    expect(bad.status).toBe(400);
    expect(bad.body.denominacion).toEqual([DIVISA_MSG.denominacion]);
    expect((await app.api('PUT', '/denominaciones/999999/', { body: { denominacion: 10 }, token: changer.token })).status).toBe(404);

    expect((await app.api('DELETE', `/denominaciones/${n.id}/`)).status).toBe(401);
    expect((await app.api('DELETE', `/denominaciones/${n.id}/`, { token: changer.token })).status).toBe(403);
    const del = await app.api('DELETE', `/denominaciones/${n.id}/`, { token: deleter.token });
    expect(del.status).toBe(200);
    expect(del.body.is_active).toBe(false);

    expect((await app.api('PATCH', `/denominaciones/${n.id}/`, { body: { is_active: true }, token: deleter.token })).status).toBe(403);
    const on = await app.api('PATCH', `/denominaciones/${n.id}/`, { body: { is_active: true }, token: changer.token });
    expect(on.status).toBe(200);
    expect(on.body.is_active).toBe(true);

    const off = await app.api('POST', `/denominaciones/${n.id}/toggle_active/`, { token: deleter.token });
    expect(off.body.is_active).toBe(false);
    expect((await app.api('POST', `/denominaciones/${n.id}/toggle_active/`, { token: deleter.token })).status).toBe(403);
    expect((await app.api('POST', `/denominaciones/${n.id}/toggle_active/`, { token: changer.token })).body.is_active).toBe(true);
    const log = await app.db.selectFrom('audit_log').select('action').where('entity', '=', 'denominacion').where('entity_id', '=', String(n.id)).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'deactivate', 'activate', 'deactivate', 'activate']);
  });

  it('keeps the value and currency of a denomination a terminal holds notes of; it can still be deactivated', async () => {
    const d = await createDivisa(app, admin);
    const otra = await createDivisa(app, admin);
    const { body: n } = await app.api('POST', '/denominaciones/', { token: admin, body: { denominacion: 100, divisa: d.id } });
    const t = await app.api('POST', '/tauser/', {
      token: admin,
      body: { codigo: `TAU-${d.codigo}`, nombre: 'Tauser', direccion: 'Calle 1', ciudad: 'Luque', departamento: 'Central', latitud: '-25.27', longitud: '-57.48' },
    });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    const carga = await app.api('POST', `/tauser/${t.body.idTauser}/stock/`, { token: admin, body: { denominacion_id: n.id, operacion: 'cargar', cantidad: 50, motivo: 'Carga inicial' } });
    expect(carga.status, JSON.stringify(carga.body)).toBe(200);
    const before = await snapshot('denominaciones');
    const valor = await app.api('PUT', `/denominaciones/${n.id}/`, { token: admin, body: { denominacion: 10000, divisa: d.id } });
    expect(valor).toMatchObject({ status: 400, body: { denominacion: [DIVISA_MSG.denominacionEnUso] } });
    const divisa = await app.api('PATCH', `/denominaciones/${n.id}/`, { token: admin, body: { divisa: otra.id } });
    expect(divisa).toMatchObject({ status: 400, body: { divisa: [DIVISA_MSG.denominacionEnUso] } });
    expect(await snapshot('denominaciones')).toBe(before);
    // What GET answers goes back unchanged; deactivating is still allowed.
    expect((await app.api('PUT', `/denominaciones/${n.id}/`, { token: admin, body: n })).status).toBe(200);
    expect((await app.api('PATCH', `/denominaciones/${n.id}/`, { token: admin, body: { is_active: false } })).body.is_active).toBe(false);
  });
});

describe('/api/limite-config/', () => {
  it('reads the limits with divisas.view_limiteconfig (null = no limit)', async () => {
    expect((await app.api('GET', '/limite-config/')).status).toBe(401);
    expect((await app.api('GET', '/limite-config/', { token: nobody })).status).toBe(403);
    const u = await userWith(app, [P.viewLimites]);
    const r = await app.api('GET', '/limite-config/', { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ limite_diario: null, limite_mensual: null });
  });

  it('updates with divisas.change_limiteconfig, whole guaraníes, empty as no limit', async () => {
    const viewerL = await userWith(app, [P.viewLimites]);
    const body = { limite_diario: '50000000', limite_mensual: '300000000' };
    expect((await app.api('PUT', '/limite-config/', { body })).status).toBe(401);
    expect((await app.api('PUT', '/limite-config/', { body, token: viewerL.token })).status).toBe(403);
    const changer = await userWith(app, [P.changeLimites]);
    const r = await app.api('PUT', '/limite-config/', { body, token: changer.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ limite_diario: '50000000', limite_mensual: '300000000' });
    expect((await app.api('GET', '/limite-config/', { token: viewerL.token })).body).toEqual(r.body);
    const log = await app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'limite_config').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actor_id: changer.id, action: 'update', after: { limite_diario: '50000000', limite_mensual: '300000000' } });

    const numero = await app.api('PUT', '/limite-config/', { body: { limite_diario: 50000000, limite_mensual: '300000000' }, token: changer.token });
    expect(numero).toMatchObject({ status: 400, body: { limite_diario: [M.enteroComoTexto] } });
    const cleared = await app.api('PUT', '/limite-config/', { body: { limite_diario: '', limite_mensual: null }, token: changer.token });
    expect(cleared.body).toEqual({ limite_diario: null, limite_mensual: null });
    const max = '1'.repeat(30);
    const big = await app.api('PUT', '/limite-config/', { body: { limite_diario: max, limite_mensual: max }, token: changer.token });
    expect(big.body).toEqual({ limite_diario: max, limite_mensual: max });
    // Only one of them set: no comparison; equal limits are fine.
    const onlyDaily = await app.api('PUT', '/limite-config/', { body: { limite_diario: max, limite_mensual: '' }, token: changer.token });
    expect(onlyDaily.body).toEqual({ limite_diario: max, limite_mensual: null });
    const onlyMonthly = await app.api('PUT', '/limite-config/', { body: { limite_diario: null, limite_mensual: '0' }, token: changer.token });
    expect(onlyMonthly.body).toEqual({ limite_diario: null, limite_mensual: '0' });
    const equal = await app.api('PUT', '/limite-config/', { body: { limite_diario: '100', limite_mensual: '100' }, token: changer.token });
    expect(equal.body).toEqual({ limite_diario: '100', limite_mensual: '100' });
  });

  it('rejects anything but a non-negative number of at most 30 characters, changing nothing', async () => {
    const before = await snapshot('limite_config');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ limite_diario: '1'.repeat(31) }, 'limite_diario', DIVISA_MSG.limiteLargo],
      [{ limite_diario: '-5' }, 'limite_diario', DIVISA_MSG.limiteNumero],
      [{ limite_diario: '1e5' }, 'limite_diario', DIVISA_MSG.limiteNumero],
      [{ limite_diario: '1.000.000' }, 'limite_diario', DIVISA_MSG.limiteNumero],
      [{ limite_mensual: 'mucho' }, 'limite_mensual', DIVISA_MSG.limiteNumero],
      [{ limite_mensual: 5000 }, 'limite_mensual', M.enteroComoTexto],
      [{ limite_mensual: undefined }, 'limite_mensual', M.required],
      [{ otro: '1' }, 'otro', 'Campo no permitido.'],
      // Guaraníes have no minor unit: "1,5" is never stored as 1.5.
      [{ limite_diario: '1,5' }, 'limite_diario', DIVISA_MSG.limiteSinDecimales],
      [{ limite_mensual: '300000000.50' }, 'limite_mensual', DIVISA_MSG.limiteSinDecimales],
      [{ limite_mensual: '1000,0' }, 'limite_mensual', DIVISA_MSG.limiteSinDecimales],
      // The daily limit may not exceed the monthly one (compared as numbers, not text).
      [{ limite_diario: '500', limite_mensual: '100' }, 'limite_diario', DIVISA_MSG.limiteDiarioMayor],
      [{ limite_diario: '1001', limite_mensual: '1000' }, 'limite_diario', DIVISA_MSG.limiteDiarioMayor],
      [{ limite_diario: '99', limite_mensual: '0' }, 'limite_diario', DIVISA_MSG.limiteDiarioMayor],
    ];
    for (const [patch, field, message] of cases) {
      const r = await app.api('PUT', '/limite-config/', { token: admin, body: { limite_diario: '100', limite_mensual: '1000', ...patch } });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body[field], JSON.stringify(patch)).toEqual([message]);
    }
    expect(await snapshot('limite_config')).toBe(before);
  });
});

describe('tRPC door', () => {
  it('serves the same procedures to the web client', async () => {
    const caller = await app.caller(viewer);
    const page = await caller.divisas.list({ page: 1, search: 'PYG' });
    expect(page).toMatchObject({ count: 1 });
    const anonymous = await app.caller();
    await expect(anonymous.divisas.list({ page: 1 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const conTasa = await anonymous.divisas.conTasa({ all: true });
    expect(Array.isArray(conTasa) && conTasa[0].codigo).toBe('PYG');
  });

  it('documents the paths in the OpenAPI schema', async () => {
    const doc = await app.api('GET', '/schema/');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/divisas/', '/api/divisas/{id}/', '/api/divisas/sin_tasa/', '/api/divisas/con_tasa/', '/api/divisas/{id}/get_denominaciones/', '/api/denominaciones/', '/api/denominaciones/{id}/', '/api/limite-config/']),
    );
  });
});
