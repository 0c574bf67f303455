import type { Db } from '../../db';
import type { Job } from '../../lib/jobs';
import { expirarVencidas } from './transacciones.repository';

export interface Sweeper {
  /** One pass now (also what the interval runs); resolves with the rows expired. */
  tick(): Promise<number>;
  /** Stops the interval and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Marks overdue transactions expirada every `intervalMs`. Safe with several server processes: each
 * pass skips rows another process is updating (see expirarVencidas). Reads never depend on it: they
 * present an overdue row as expirada anyway.
 */
export function startExpirySweeper(db: Db, intervalMs = 60_000): Sweeper {
  let current: Promise<number> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return Promise.resolve(0);
    current ??= (async () => {
      let total = 0;
      try {
        for (let n = await expirarVencidas(db); n > 0; n = await expirarVencidas(db)) total += n;
      } catch (e) {
        console.error('[expiración] no se pudieron marcar transacciones vencidas:', e);
      } finally {
        current = null;
      }
      return total;
    })();
    return current;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}

/** The sweeper as a background job of the server (started with it, stopped before the pool closes). */
export function expiryJob(db: Db, intervalMs = 60_000): Job {
  let sweeper: Sweeper | undefined;
  return {
    name: 'expiracion-transacciones',
    start() {
      sweeper ??= startExpirySweeper(db, intervalMs);
    },
    async stop() {
      await sweeper?.stop();
      sweeper = undefined;
    },
  };
}
