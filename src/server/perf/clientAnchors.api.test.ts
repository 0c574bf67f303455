import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * Issue 14: deep pages of the client list start from anchors kept in memory (every 100th client of
 * the list's order) instead of walking the index from the start. They must answer exactly what the
 * plain offset answers, and follow additions and renames made anywhere (NOTIFY on cambio_clientes).
 */
const N = 2_500;
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ notices: true });
  admin = await app.adminToken();
  const cat = await app.db.insertInto('categorias_cliente').values({ nombre: 'ANCLAS', descripcion: 'anclas', descuento: '0' }).returning('id_categoria').executeTakeFirstOrThrow();
  // Names out of insertion order, some repeated (the id breaks ties).
  await sql`
    insert into clientes (nombre, is_persona_fisica, cedula, id_categoria, correo, telefono, direccion)
    select 'Ancla ' || lpad(((g * 7919) % ${N / 2})::text, 5, '0'), true, (5000000 + g)::text, ${cat.id_categoria}::uuid,
      'ancla' || g || '@test.local', '0981' || g, 'Calle ' || g
    from generate_series(1, ${N}) g`.execute(app.db);
});
afterAll(() => app.close());

const idsOfPage = async (page: number) => {
  const r = await app.api('GET', `/clientes/?page=${page}`, { token: admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { count: r.body.count as number, ids: (r.body.results as Array<{ idCliente: string }>).map((c) => c.idCliente) };
};
const idsByOffset = async (page: number) =>
  (await sql<{ id_cliente: string }>`select id_cliente from clientes order by nombre, id_cliente limit 10 offset ${(page - 1) * 10}`.execute(app.db)).rows.map(
    (r) => r.id_cliente,
  );
const total = async () => Number((await sql<{ n: string }>`select count(*) as n from clientes`.execute(app.db)).rows[0].n);
const PAGES = [1, 10, 11, 12, 99, 100, 101, 150, 200, 201, 249, 250, 251];

describe('deep pages of the client list', () => {
  it('answer exactly what the plain offset answers, at and around every anchor, and past the end', async () => {
    expect(app.services.caches.isLive).toBe(true);
    const n = await total();
    for (const page of PAGES) {
      const got = await idsOfPage(page);
      expect(got.ids, `page ${page}`).toEqual(await idsByOffset(page));
      expect(got.count).toBe(n);
    }
    const past = await app.api('GET', `/clientes/?page=${Math.ceil(n / 10) + 3}`, { token: admin });
    expect(past.body).toMatchObject({ count: n, next: null, results: [] });
  });

  it('follow a rename or an addition made anywhere once its notice arrives', async () => {
    const first = (await idsOfPage(1)).ids[0]!;
    // Renamed through the API to the end of the order: every page shifts by one.
    const renamed = await app.api('PATCH', `/clientes/${first}/`, { token: admin, body: { nombre: 'Zz último' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await vi.waitFor(async () => {
      for (const page of PAGES) expect((await idsOfPage(page)).ids, `page ${page}`).toEqual(await idsByOffset(page));
    }, { timeout: 5000, interval: 20 });
    const cat = await app.db.selectFrom('categorias_cliente').select('id_categoria').where('nombre', '=', 'ANCLAS').executeTakeFirstOrThrow();
    await app.db
      .insertInto('clientes')
      .values({ nombre: 'Aaa primero', is_persona_fisica: true, cedula: '4999999', id_categoria: cat.id_categoria, correo: 'aaa@test.local', telefono: '0981', direccion: 'x' })
      .execute();
    await vi.waitFor(async () => {
      for (const page of PAGES) expect((await idsOfPage(page)).ids, `page ${page}`).toEqual(await idsByOffset(page));
    }, { timeout: 5000, interval: 20 });
  });

  it('are really served from the kept anchors: a reorder that sends no notice is not seen until one arrives', async () => {
    const deep = 150;
    expect((await idsOfPage(deep)).ids).toEqual(await idsByOffset(deep));
    const head = (await idsOfPage(1)).ids[0]!;
    const lapses = app.services.caches.lapses;
    await app.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('clientes').set({ nombre: 'Zzz sin aviso' }).where('id_cliente', '=', head).execute();
    });
    // Page 1 walks the index from the start: right at once. The deep page still starts at its old anchor.
    expect((await idsOfPage(1)).ids).toEqual(await idsByOffset(1));
    const stale = (await idsOfPage(deep)).ids;
    // From the kept anchors, unless the lease ran out meanwhile (a stalled machine): then from the index.
    if (app.services.caches.lapses === lapses) expect(stale).not.toEqual(await idsByOffset(deep));
    else expect(stale).toEqual(await idsByOffset(deep));
    await sql`select pg_notify('cambio_clientes', 'prueba')`.execute(app.db);
    await vi.waitFor(async () => expect((await idsOfPage(deep)).ids).toEqual(await idsByOffset(deep)), { timeout: 5000, interval: 20 });
  });
});

describe('searches of the client list', () => {
  const truth = async (text: string, page: number) => {
    const p = `%${text}%`;
    // Name, documents, e-mail, or the category's name (this file's clients are all in 'ANCLAS').
    const where = sql`nombre ilike ${p} or cedula ilike ${p} or ruc ilike ${p} or correo ilike ${p}
      or id_categoria in (select id_categoria from categorias_cliente where nombre ilike ${p})`;
    const ids = (await sql<{ id_cliente: string }>`select id_cliente from clientes where ${where} order by nombre, id_cliente limit 10 offset ${(page - 1) * 10}`.execute(app.db)).rows.map((r) => r.id_cliente);
    const n = Number((await sql<{ n: string }>`select count(*) as n from clientes where ${where}`.execute(app.db)).rows[0].n);
    return { ids, n };
  };

  it('answer the same page and exact count whether they match few clients (one scan) or more than a thousand', async () => {
    // 'Ancla 001' matches about 200 clients (answered from the match set); 'Ancla' every client of
    // the category 'ANCLAS', over 2 500 (paged and counted apart).
    for (const text of ['Ancla 001', 'Ancla']) {
      const { n } = await truth(text, 1);
      expect(n).toBeGreaterThan(0);
      const last = Math.ceil(n / 10);
      for (const page of [1, 2, last, last + 1]) {
        const r = await app.api('GET', `/clientes/?search=${encodeURIComponent(text)}&page=${page}`, { token: admin });
        expect(r.status).toBe(200);
        const want = await truth(text, page);
        expect((r.body.results as Array<{ idCliente: string }>).map((c) => c.idCliente), `${text} page ${page}`).toEqual(want.ids);
        expect(r.body).toMatchObject({ count: n, next: page < last ? page + 1 : null, previous: page > 1 ? Math.min(page - 1, last) : null });
      }
    }
    expect((await truth('Ancla', 1)).n).toBeGreaterThan(1000);
    expect((await truth('Ancla 001', 1)).n).toBeLessThanOrEqual(1000);
  });

  it('a search that matches nothing answers an empty first page', async () => {
    const r = await app.api('GET', `/clientes/?search=${encodeURIComponent('zzz-nadie')}`, { token: admin });
    expect(r.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});
