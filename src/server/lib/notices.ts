import { performance } from 'node:perf_hooks';
import type { DatabaseHandle, Listening } from '../db';
import type { Job } from './jobs';
import type { Logger } from './logger';
import type { KeptPrices } from './keptPrices';

/** The channel the pricing tables' triggers notify on (migration 2026112417_avisos_precios). */
export const PRICES_CHANNEL = 'cambio_precios';

/**
 * Keeps the kept prices honest (lib/keptPrices.ts): LISTEN on `cambio_precios`, drop the copies on
 * each notice (and tell `onChange`, the live rates stream), and renew the lease with a round trip on the listening connection every `pingMs`.
 * A ping unanswered within the lease, or a lost connection, is a lapse: the copies are dropped,
 * one warning line is logged, the connection is abandoned and a new one is tried every `retryMs`.
 */
export function noticesJob(
  database: Pick<DatabaseHandle, 'listen'>,
  prices: KeptPrices,
  log: Logger,
  opts: { pingMs?: number; retryMs?: number; onChange?: () => void } = {},
): Job {
  const pingMs = opts.pingMs ?? Math.floor(prices.leaseMs / 4);
  const retryMs = opts.retryMs ?? 1000;
  let running = false;
  let listening: Listening | undefined;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  /** One warning per lapse, not one per failed retry. */
  let warned = false;

  const schedule = (fn: () => void, ms: number) => {
    clearTimeout(timer);
    if (running) timer = setTimeout(fn, ms);
  };

  const lapse = (l: Listening | undefined, motivo: string) => {
    prices.lapse();
    if (l && listening === l) {
      listening = undefined;
      void l.stop();
    }
    if (!warned && running) log.warn({ motivo }, 'avisos de precios interrumpidos: los precios se leen de la base hasta reconectar');
    warned = true;
    schedule(() => void connect(), retryMs);
  };

  const ping = async (l: Listening) => {
    const startedAt = performance.now();
    let timeout: NodeJS.Timeout | undefined;
    const unanswered = new Promise<never>((_, fail) => {
      timeout = setTimeout(() => fail(new Error(`sin respuesta en ${prices.leaseMs} ms`)), prices.leaseMs);
    });
    try {
      await Promise.race([l.ping(), unanswered]);
      if (listening !== l) return;
      prices.renew(startedAt);
      schedule(() => void ping(l), pingMs);
    } catch (e) {
      if (listening === l) lapse(l, (e as Error).message);
    } finally {
      clearTimeout(timeout);
    }
  };

  const connect = () =>
    (connecting ??= (async () => {
      try {
        let l: Listening | undefined = undefined;
        l = await database.listen([PRICES_CHANNEL], {
          onNotice: () => {
            prices.drop();
            opts.onChange?.();
          },
          onLost: (e) => lapse(l, e.message),
        });
        if (!running) return void (await l.stop());
        listening = l;
        prices.drop();
        if (warned) {
          // Changes may have been missed while deaf: whoever follows them reads again.
          opts.onChange?.();
          log.info('avisos de precios restablecidos');
        }
        warned = false;
        await ping(l);
      } catch (e) {
        lapse(undefined, (e as Error).message);
      } finally {
        connecting = undefined;
      }
    })());

  return {
    name: 'avisos-precios',
    start() {
      running = true;
      void connect();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      prices.lapse();
      await connecting;
      const l = listening;
      listening = undefined;
      await l?.stop();
    },
  };
}
