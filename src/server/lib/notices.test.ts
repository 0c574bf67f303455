import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Listener, Listening } from '../db';
import { KeptPrices } from './keptPrices';
import { noticesJob, PRICES_CHANNEL } from './notices';
import type { Logger } from './logger';

/** A listening connection whose pings answer or hang as the test says. */
function fakeDatabase() {
  const connections: Array<{ listener: Listener; stopped: boolean; hang: boolean }> = [];
  const database = {
    async listen(channels: readonly string[], listener: Listener): Promise<Listening> {
      expect(channels).toEqual([PRICES_CHANNEL]);
      const c = { listener, stopped: false, hang: false };
      connections.push(c);
      return {
        ping: () => (c.hang ? new Promise<void>(() => undefined) : Promise.resolve()),
        stop: async () => void (c.stopped = true),
      };
    },
  };
  return { database, connections };
}

const logger = () => {
  const warnings: string[] = [];
  const log = { warn: (_o: unknown, msg: string) => void warnings.push(msg), info: () => undefined } as unknown as Logger;
  return { log, warnings };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('price notices', () => {
  it('serves kept prices while pings answer, and drops them on each notice', async () => {
    vi.useFakeTimers();
    const prices = new KeptPrices(400);
    const { database, connections } = fakeDatabase();
    const { log, warnings } = logger();
    const job = noticesJob(database, prices, log, { pingMs: 100, retryMs: 1000 });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(prices.isLive).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(prices.isLive).toBe(true);
    let loads = 0;
    const load = async () => ++loads;
    const db = { isTransaction: false } as never;
    expect(await prices.get('x', db, load)).toBe(1);
    expect(await prices.get('x', db, load)).toBe(1);
    connections[0]!.listener.onNotice(PRICES_CHANNEL, '');
    expect(await prices.get('x', db, load)).toBe(2);
    expect(warnings).toEqual([]);
    await job.stop();
    expect(prices.isLive).toBe(false);
  });

  it('a ping unanswered within the lease drops the copies, logs one warning and connects again', async () => {
    vi.useFakeTimers();
    const prices = new KeptPrices(400);
    const { database, connections } = fakeDatabase();
    const { log, warnings } = logger();
    const job = noticesJob(database, prices, log, { pingMs: 100, retryMs: 1000 });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(prices.isLive).toBe(true);
    connections[0]!.hang = true;
    await vi.advanceTimersByTimeAsync(600);
    expect(prices.isLive).toBe(false);
    expect(prices.lapses).toBe(1);
    expect(connections[0]!.stopped).toBe(true);
    expect(warnings).toHaveLength(1);
    // The next connection answers: copies are served again, and no further warning.
    await vi.advanceTimersByTimeAsync(1000);
    expect(connections).toHaveLength(2);
    expect(prices.isLive).toBe(true);
    expect(warnings).toHaveLength(1);
    await job.stop();
  });

  it('a lost connection drops the copies and is retried; failed retries add no warning', async () => {
    vi.useFakeTimers();
    const prices = new KeptPrices(400);
    const { database, connections } = fakeDatabase();
    let refuse = false;
    const flaky = { listen: (ch: readonly string[], l: Listener) => (refuse ? Promise.reject(new Error('ECONNREFUSED')) : database.listen(ch, l)) };
    const { log, warnings } = logger();
    const job = noticesJob(flaky, prices, log, { pingMs: 100, retryMs: 1000 });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    refuse = true;
    connections[0]!.listener.onLost(new Error('conexión de avisos cerrada'));
    expect(prices.isLive).toBe(false);
    await vi.advanceTimersByTimeAsync(3500);
    expect(warnings).toHaveLength(1);
    refuse = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(prices.isLive).toBe(true);
    await job.stop();
  });
});
