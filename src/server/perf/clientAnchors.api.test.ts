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

  it('are really served from memory: a reorder that sends no notice is not seen until one arrives', async () => {
    const deep = 150;
    expect((await idsOfPage(1)).ids).toEqual(await idsByOffset(1));
    expect((await idsOfPage(deep)).ids).toEqual(await idsByOffset(deep));
    const head = (await idsOfPage(1)).ids[0]!;
    const lapses = app.services.caches.lapses;
    await app.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('clientes').set({ nombre: 'Zzz sin aviso' }).where('id_cliente', '=', head).execute();
    });
    // The kept pages (page 1 and the deep page alike) still answer the old order, unless the lease ran
    // out meanwhile (a stalled machine): then from the database.
    const stale = [(await idsOfPage(1)).ids, (await idsOfPage(deep)).ids];
    if (app.services.caches.lapses === lapses) {
      expect(stale[0]).not.toEqual(await idsByOffset(1));
      expect(stale[1]).not.toEqual(await idsByOffset(deep));
    } else expect(stale).toEqual([await idsByOffset(1), await idsByOffset(deep)]);
    await sql`select pg_notify('cambio_clientes', 'prueba')`.execute(app.db);
    await vi.waitFor(async () => {
      expect((await idsOfPage(1)).ids).toEqual(await idsByOffset(1));
      expect((await idsOfPage(deep)).ids).toEqual(await idsByOffset(deep));
    }, { timeout: 5000, interval: 20 });
  });
});

describe('kept pages of the client list', () => {
  type Cliente = { idCliente: string; idCategoria: string; correo: string; categoria: { descuento: string } };
  const anclas = async () => (await app.db.selectFrom('categorias_cliente').select('id_categoria').where('nombre', '=', 'ANCLAS').executeTakeFirstOrThrow()).id_categoria;
  const descuentoEnPagina1 = async (cat: string) => Number((await page('/clientes/?page=1')).results.find((c) => c.idCategoria === cat)!.categoria.descuento);
  const page = async (path: string) => {
    const r = await app.api('GET', path, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { count: number; results: Cliente[] };
  };

  it('show a write through this process on the very next read: any field of a client, its category, a new client', async () => {
    const search = `/clientes/?search=${encodeURIComponent('Ancla 0001')}`;
    const [first] = (await page('/clientes/?page=1')).results;
    const found = (await page(search)).results[0]!;
    expect((await app.api('PATCH', `/clientes/${first!.idCliente}/`, { token: admin, body: { correo: 'nuevo.correo@test.local' } })).status).toBe(200);
    expect((await app.api('PATCH', `/clientes/${found.idCliente}/`, { token: admin, body: { correo: 'buscado@test.local' } })).status).toBe(200);
    expect((await page('/clientes/?page=1')).results[0]).toMatchObject({ idCliente: first!.idCliente, correo: 'nuevo.correo@test.local' });
    expect((await page(search)).results.find((c) => c.idCliente === found.idCliente)).toMatchObject({ correo: 'buscado@test.local' });

    const cat = await anclas();
    expect((await app.api('PATCH', `/categorias/${cat}/`, { token: admin, body: { descuento: '7.5' } })).status).toBe(200);
    expect(await descuentoEnPagina1(cat)).toBe(7.5);

    const before = (await page('/clientes/?page=1')).count;
    const created = await app.api('POST', '/clientes/', {
      token: admin,
      body: { nombre: '0 Nuevo primero', isPersonaFisica: true, cedula: '4888888', idCategoria: cat, correo: 'aaaa@test.local', telefono: '0981234567', direccion: 'Calle 1' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const after = await page('/clientes/?page=1');
    expect(after.count).toBe(before + 1);
    expect(after.results[0]!.idCliente).toBe(created.body.idCliente);
  });

  it('follow a change made in SQL to a field outside the order once its notice arrives', async () => {
    const [first] = (await page('/clientes/?page=1')).results;
    await app.db.updateTable('clientes').set({ correo: 'desde.sql@test.local' }).where('id_cliente', '=', first!.idCliente).execute();
    await vi.waitFor(async () => expect((await page('/clientes/?page=1')).results[0]!.correo).toBe('desde.sql@test.local'), { timeout: 5000, interval: 20 });
    const cat = await anclas();
    await app.db.updateTable('categorias_cliente').set({ descuento: '3' }).where('id_categoria', '=', cat).execute();
    await vi.waitFor(async () => expect(await descuentoEnPagina1(cat)).toBe(3), { timeout: 5000, interval: 20 });
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
