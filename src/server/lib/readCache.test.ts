import { describe, expect, it } from 'vitest';
import type { Db, Listener } from '../db';
import { CacheRegistry } from './readCache';
import { noticesJob } from './notices';
import { createLogger } from './logger';

const db = {} as Db;
const log = createLogger('silent');

/** A loader whose answers the test releases one by one. */
function loader() {
  const calls: Array<() => void> = [];
  let value = 'v0';
  return {
    set: (v: string) => (value = v),
    load: () => new Promise<string>((ok) => calls.push(() => ok(value))),
    release: () => calls.shift()!(),
  };
}

/** A database whose LISTEN the test drives: notices, a lost connection, pings that answer or hang. */
function fakeDatabase() {
  const state = { listener: undefined as Listener | undefined, listens: 0, pings: 0, hang: false, stalled: [] as Array<() => void> };
  return {
    state,
    listen: async (_channels: readonly string[], l: Listener) => {
      state.listener = l;
      state.listens++;
      return {
        ping: () => {
          state.pings++;
          return state.hang ? new Promise<void>((ok) => state.stalled.push(ok)) : Promise.resolve();
        },
        stop: async () => undefined,
      };
    },
  };
}

describe('read cache', () => {
  it('reads the database on every call without a lease', async () => {
    const caches = new CacheRegistry();
    let loads = 0;
    const c = caches.entry('x', 'precios', async () => ++loads);
    expect(await c.get(db)).toBe(1);
    expect(await c.get(db)).toBe(2);
  });

  it('under a lease: one load for concurrent readers, then the copy until its topic changes', async () => {
    const caches = new CacheRegistry(60_000);
    caches.resume();
    let loads = 0;
    const c = caches.entry('x', 'precios', async () => ++loads);
    expect(await Promise.all([c.get(db), c.get(db), c.get(db)])).toEqual([1, 1, 1]);
    caches.invalidate('acceso');
    expect(await c.get(db)).toBe(1);
    caches.invalidate('precios');
    expect(await c.get(db)).toBe(2);
    expect(await c.get(db)).toBe(2);
  });

  it('a load that raced a change answers its callers but is not kept', async () => {
    const caches = new CacheRegistry(60_000);
    caches.resume();
    const l = loader();
    const c = caches.entry('x', 'precios', l.load);
    const first = c.get(db);
    l.set('v1');
    caches.invalidate('precios'); // the change commits while the first load is under way
    l.release();
    expect(await first).toBe('v1');
    const second = c.get(db);
    l.release();
    expect(await second).toBe('v1');
    l.set('v2');
    expect(await c.get(db)).toBe('v1'); // kept now, until the next notice
  });

  it('keyed copies: per key, a missing key is never kept, a change of topic drops them all', async () => {
    const caches = new CacheRegistry(60_000);
    caches.resume();
    const rows = new Map<number, string>([[1, 'ana']]);
    let loads = 0;
    const c = caches.keyed<number, string>('u', 'acceso', async (_db, k) => (loads++, rows.get(k)));
    expect(await c.get(db, 1)).toBe('ana');
    expect(await c.get(db, 2)).toBeUndefined();
    rows.set(2, 'beto');
    expect(await c.get(db, 2)).toBe('beto');
    rows.set(1, 'ana (inactiva)');
    expect(await c.get(db, 1)).toBe('ana');
    caches.invalidate('acceso');
    expect(await c.get(db, 1)).toBe('ana (inactiva)');
    expect(loads).toBe(4);
  });

  it('keyed copies: one read per key in flight, a read raced by a notice answers but is not kept, failures are not kept', async () => {
    const caches = new CacheRegistry(60_000);
    caches.resume();
    const l = loader();
    let loads = 0;
    const c = caches.keyed<string, string>('p', 'operaciones', () => (loads++, l.load()));
    const [a, b] = [c.get(db, 'k'), c.get(db, 'k')];
    l.release();
    expect(await a).toBe('v0');
    expect(await b).toBe('v0');
    expect(loads).toBe(1);
    caches.invalidate('operaciones');
    l.set('v1');
    const raced = c.get(db, 'k');
    caches.invalidate('operaciones'); // a notice while the read is on its way
    l.release();
    expect(await raced).toBe('v1');
    l.set('v2');
    const fresh = c.get(db, 'k');
    l.release();
    expect(await fresh).toBe('v2');
    expect(loads).toBe(3);
    let fail = true;
    const f = caches.keyed<string, string>('f', 'operaciones', async () => {
      if (fail) throw new Error('caída');
      return 'ok';
    });
    await expect(f.get(db, 'x')).rejects.toThrow('caída');
    fail = false;
    expect(await f.get(db, 'x')).toBe('ok');
  });

  it('keyed copies with validFor are dropped at their moment, or not kept when it has passed', async () => {
    const caches = new CacheRegistry(60_000);
    caches.resume();
    let loads = 0;
    const c = caches.keyed<string, { n: number; ms?: number }>('t', 'operaciones', async (_db, k) => ({ n: ++loads, ms: k === 'pasado' ? 0 : k === 'pronto' ? 30 : undefined }), {
      validFor: (v) => v.ms,
    });
    expect((await c.get(db, 'siempre'))!.n).toBe(1);
    expect((await c.get(db, 'siempre'))!.n).toBe(1);
    expect((await c.get(db, 'pasado'))!.n).toBe(2);
    expect((await c.get(db, 'pasado'))!.n).toBe(3);
    const first = (await c.get(db, 'pronto'))!.n;
    expect((await c.get(db, 'pronto'))!.n).toBe(first);
    await expect.poll(async () => (await c.get(db, 'pronto'))!.n).toBeGreaterThan(first);
  });

  it('inside a transaction nothing is served from or kept in memory', async () => {
    const caches = new CacheRegistry(60_000);
    caches.resume();
    let loads = 0;
    const c = caches.keyed<string, number>('tx', 'usuarios', async () => ++loads);
    const trx = { isTransaction: true } as unknown as Db;
    expect(await c.get(db, 'k')).toBe(1);
    expect(await c.get(trx, 'k')).toBe(2);
    expect(await c.get(trx, 'k')).toBe(3);
    expect(await c.get(db, 'k')).toBe(1);
    const e = caches.entry('e', 'usuarios', async () => ++loads);
    expect(await e.get(trx)).toBe(4);
    expect(await e.get(db)).toBe(5);
    expect(await e.get(db)).toBe(5);
  });

  it('the lease runs out when not renewed: copies stop being served', async () => {
    const caches = new CacheRegistry(30);
    caches.resume();
    let loads = 0;
    const c = caches.entry('x', 'precios', async () => ++loads);
    expect(await c.get(db)).toBe(1);
    expect(await c.get(db)).toBe(1);
    await expect.poll(() => caches.isLive).toBe(false);
    expect(await c.get(db)).toBe(2);
    expect(await c.get(db)).toBe(3);
    const lapses = caches.lapses;
    caches.renew(performance.now());
    expect(caches.lapses).toBe(lapses + 1);
    caches.renew(performance.now());
    expect(caches.lapses).toBe(lapses + 1);
  });

  it('a write to access rights waits out the lease once any process may hold copies, and not otherwise', async () => {
    const alone = new CacheRegistry(200);
    let t = performance.now();
    await alone.settle('acceso');
    expect(performance.now() - t).toBeLessThan(100);
    const leased = new CacheRegistry(200);
    leased.resume();
    t = performance.now();
    await leased.settle('acceso');
    expect(performance.now() - t).toBeGreaterThanOrEqual(195);
    t = performance.now();
    await leased.settle('precios');
    expect(performance.now() - t).toBeLessThan(100);
  });

  it('a process whose listener never connected still waits: other processes may hold copies', async () => {
    const caches = new CacheRegistry(150);
    const job = noticesJob({ listen: () => Promise.reject(new Error('sin conexión')) }, caches, log, { retryMs: 10_000 });
    job.start();
    expect(caches.isLive).toBe(false);
    const t = performance.now();
    await caches.settle('acceso');
    expect(performance.now() - t).toBeGreaterThanOrEqual(145);
    await job.stop();
  });
});

describe('change notices job', () => {
  it('routes each channel to its topic, renews the lease by pings, and drops copies when the connection is lost', async () => {
    const database = fakeDatabase();
    const caches = new CacheRegistry(200);
    const job = noticesJob(database, caches, log, { pingMs: 5, retryMs: 1 });
    job.start();
    await expect.poll(() => caches.isLive).toBe(true);
    await expect.poll(() => database.state.pings).toBeGreaterThan(2);
    const precios = caches.generation('precios');
    const acceso = caches.generation('acceso');
    database.state.listener!.onNotice('cambio_acceso', 'user_groups');
    expect(caches.generation('acceso')).toBe(acceso + 1);
    expect(caches.generation('precios')).toBe(precios);
    database.state.listener!.onNotice('cambio_precios', 'tasas');
    expect(caches.generation('precios')).toBe(precios + 1);

    database.state.listener!.onLost(new Error('reinicio del servidor'));
    expect(caches.isLive).toBe(false);
    await expect.poll(() => database.state.listens).toBe(2);
    await expect.poll(() => caches.isLive).toBe(true);
    await job.stop();
    expect(caches.isLive).toBe(false);
  });

  it('a stalled connection (pings unanswered) lets the lease run out', async () => {
    const database = fakeDatabase();
    const caches = new CacheRegistry(60);
    const job = noticesJob(database, caches, log, { pingMs: 5 });
    job.start();
    await expect.poll(() => caches.isLive).toBe(true);
    database.state.hang = true;
    await expect.poll(() => caches.isLive, { timeout: 2000 }).toBe(false);
    for (const ok of database.state.stalled) ok();
    await job.stop();
  });
});
