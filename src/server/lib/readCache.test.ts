import { describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { CacheRegistry } from './readCache';
import { jsonAnswer } from './jsonBody';
import { priceNoticesJob } from './priceNotices';
import { createLogger } from './logger';
import type { Listener } from '../db';

const db = {} as Db;

/** A loader whose answers the test releases one by one, counting the loads. */
function loader() {
  const calls: Array<(v: string) => void> = [];
  let value = 'v0';
  return {
    set: (v: string) => (value = v),
    load: () => new Promise<string>((ok) => calls.push(() => ok(value))),
    release: () => calls.shift()!(value),
    get loads() {
      return calls.length;
    },
  };
}

describe('read cache', () => {
  it('reads the database on every call while not listening for notices', async () => {
    const caches = new CacheRegistry();
    let loads = 0;
    const c = caches.entry('x', async () => ++loads);
    expect(await c.get(db)).toBe(1);
    expect(await c.get(db)).toBe(2);
  });

  it('while live: one load for concurrent readers, then the copy until a change', async () => {
    const caches = new CacheRegistry();
    caches.resume();
    let loads = 0;
    const c = caches.entry('x', async () => ++loads);
    expect(await Promise.all([c.get(db), c.get(db), c.get(db)])).toEqual([1, 1, 1]);
    expect(await c.get(db)).toBe(1);
    caches.invalidateAll();
    expect(await c.get(db)).toBe(2);
    expect(await c.get(db)).toBe(2);
  });

  it('a load that raced a change answers its callers but is not kept', async () => {
    const caches = new CacheRegistry();
    caches.resume();
    const l = loader();
    const c = caches.entry('x', l.load);
    const first = c.get(db);
    l.set('v1');
    caches.invalidateAll(); // the change commits while the first load is under way
    l.release();
    expect(await first).toBe('v1');
    const second = c.get(db); // not served from the raced load: loads again
    l.release();
    expect(await second).toBe('v1');
    l.set('v2');
    expect(await c.get(db)).toBe('v1'); // kept now, until the next notice
  });

  it('a lost listener drops the copies and reads the database until it listens again', async () => {
    const caches = new CacheRegistry();
    let listener: Listener | undefined;
    let listens = 0;
    let lost!: () => void;
    const relistened = new Promise<void>((ok) => (lost = ok));
    const job = priceNoticesJob(
      {
        listen: async (_channel, l) => {
          listener = l;
          if (++listens === 2) lost();
          return async () => undefined;
        },
      },
      caches,
      createLogger('silent'),
      1,
    );
    job.start();
    await expect.poll(() => caches.isLive).toBe(true);
    let loads = 0;
    const c = caches.entry('x', async () => ++loads);
    expect(await c.get(db)).toBe(1);
    listener!.onNotice('tasas');
    expect(await c.get(db)).toBe(2);
    listener!.onLost(new Error('reinicio del servidor'));
    expect(caches.isLive).toBe(false);
    await relistened;
    await expect.poll(() => caches.isLive).toBe(true);
    expect(await c.get(db)).toBeGreaterThan(2);
    await job.stop();
    expect(caches.isLive).toBe(false);
  });

  it('serializes an answer once with a strong ETag that changes with the bytes', () => {
    const a = jsonAnswer([{ codigo: 'USD', compra: '7250.0000' }]);
    const b = jsonAnswer([{ codigo: 'USD', compra: '7260.0000' }]);
    expect(a.body.toString()).toBe('[{"codigo":"USD","compra":"7250.0000"}]');
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    expect(a.etag).not.toBe(b.etag);
    expect(jsonAnswer(a.data).etag).toBe(a.etag);
  });
});
