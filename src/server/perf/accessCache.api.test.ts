import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { userWith } from '../test/fixtures';
import { P } from '../../shared/permissions';

/**
 * Issue 14: the users of the auth check are kept in memory while the process listens for change
 * notices (lib/readCache.ts). What keeps them honest is the notice: these tests show a copy really
 * is served from memory, that a change made anywhere drops it, and that a change made through the
 * API answers only once no process can still use its copy. (Scenarios of revocation run in both
 * modes in revocation.api.test.ts; across two processes in twoProcesses.api.test.ts.)
 */
let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp({ notices: true });
  admin = await app.adminToken();
});
afterAll(() => app.close());

const me = (token: string) => app.api('GET', '/me/permissions/', { token });
const until = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 10 });
/** Until the notices of what was committed so far (creating a user sends some) have been handled: a late one would drop the copy a test reads. */
const noticesHeard = async () => {
  const now = performance.now();
  await vi.waitFor(() => expect(app.services.caches.heardAsOf).toBeGreaterThan(now), { timeout: 5000, interval: 5 });
};

describe('users kept for the auth check', () => {
  it('are served from memory: a change that sends no notice is not seen until one arrives', async () => {
    const u = await userWith(app, [P.viewUser]);
    await noticesHeard();
    expect((await me(u.token)).status).toBe(200);
    const lapses = app.services.caches.lapses;
    // Triggers off for this one transaction (as a bulk load might do): no notice is sent.
    await app.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('users').set({ is_active: false }).where('id', '=', u.id).execute();
    });
    const stale = await me(u.token);
    // Still the kept copy, unless the lease ran out meanwhile (a stalled machine): then the database answered.
    expect(stale.status).toBe(app.services.caches.lapses === lapses ? 200 : 401);
    // Any notice about access rights drops every kept user.
    await app.db.updateTable('users').set({ username: u.username }).where('id', '=', u.id).execute();
    await until(async () => expect((await me(u.token)).status).toBe(401));
  });

  it('a deactivation made in the database by anyone holds once its notice arrives', async () => {
    const u = await userWith(app, [P.viewUser]);
    expect((await me(u.token)).status).toBe(200);
    await app.db.updateTable('users').set({ is_active: false }).where('id', '=', u.id).execute();
    await until(async () => expect((await me(u.token)).status).toBe(401));
  });

  it('a change of access through the API answers only after the lease, then holds at once', async () => {
    const u = await userWith(app, [P.viewUser]);
    expect((await me(u.token)).status).toBe(200);
    const started = performance.now();
    expect((await app.api('PATCH', `/usuarios/${u.id}/`, { token: admin, body: { is_active: false } })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(app.services.caches.leaseMs - 5);
    expect((await me(u.token)).status).toBe(401);
  });

  it('other writes to a user (last login, current client) send no notice', async () => {
    const caches = app.services.caches;
    const u = await userWith(app, [P.viewUser]);
    // Notices arrive in commit order: once a marker on the prices channel (nothing else here writes
    // prices) is heard, every notice sent before it has been heard too.
    const settled = async () => {
      const before = caches.generation('precios');
      await sql`select pg_notify('cambio_precios', 'marca')`.execute(app.db);
      await vi.waitFor(() => expect(caches.generation('precios')).toBeGreaterThan(before), { timeout: 5000, interval: 5 });
    };
    await settled();
    const generation = caches.generation('acceso');
    await app.login(u.username, u.password);
    await app.db.updateTable('users').set({ last_login: new Date() }).where('id', '=', u.id).execute();
    await settled();
    expect(caches.generation('acceso')).toBe(generation);
  });
});

describe('user records kept for GET /usuarios/:id', () => {
  const get = async (id: number) => {
    const r = await app.api('GET', `/usuarios/${id}/`, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { first_name: string; email: string; clientes: string[] };
  };

  it('are served from memory: a change that sends no notice is not seen until one arrives', async () => {
    const u = await userWith(app, [P.viewUser]);
    await noticesHeard();
    const before = await get(u.id);
    const lapses = app.services.caches.lapses;
    await app.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('users').set({ first_name: 'Sin aviso' }).where('id', '=', u.id).execute();
    });
    expect((await get(u.id)).first_name).toBe(app.services.caches.lapses === lapses ? before.first_name : 'Sin aviso');
    await sql`select pg_notify('cambio_operaciones', 'prueba')`.execute(app.db);
    await until(async () => expect((await get(u.id)).first_name).toBe('Sin aviso'));
  });

  it('show a write through this process on the next read, and one made in SQL (the user, their clients) once its notice arrives', async () => {
    const u = await userWith(app, [P.viewUser]);
    await get(u.id);
    expect((await app.api('PATCH', `/usuarios/${u.id}/`, { token: admin, body: { first_name: 'Por la API' } })).status).toBe(200);
    expect((await get(u.id)).first_name).toBe('Por la API');
    await app.db.updateTable('users').set({ email: 'desde.sql@prueba.com.py' }).where('id', '=', u.id).execute();
    await until(async () => expect((await get(u.id)).email).toBe('desde.sql@prueba.com.py'));
    const cat = await app.db.insertInto('categorias_cliente').values({ nombre: `REG${u.id}`, descripcion: 'x', descuento: '0' }).returning('id_categoria').executeTakeFirstOrThrow();
    const { id_cliente } = await app.db
      .insertInto('clientes')
      .values({ nombre: 'Asignado en SQL', is_persona_fisica: true, cedula: `7${u.id}`, id_categoria: cat.id_categoria, correo: 'a@b.py', telefono: '0981', direccion: 'x' })
      .returning('id_cliente')
      .executeTakeFirstOrThrow();
    await app.db.insertInto('user_clientes').values({ user_id: u.id, cliente_id: id_cliente }).execute();
    await until(async () => expect((await get(u.id)).clientes).toContain(id_cliente));
  });
});
