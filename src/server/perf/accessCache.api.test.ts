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

describe('users kept for the auth check', () => {
  it('are served from memory: a change that sends no notice is not seen until one arrives', async () => {
    const u = await userWith(app, [P.viewUser]);
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
