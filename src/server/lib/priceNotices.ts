import type { DatabaseHandle } from '../db';
import type { Job } from './jobs';
import type { Logger } from './logger';
import type { CacheRegistry } from './readCache';

/** The channel the price triggers notify on (migration 2026112417_avisos_precios). */
export const PRICE_CHANNEL = 'cambio_precios';

/**
 * Keeps this process's cached prices honest: LISTEN on the price channel and drop every copy on
 * each notice. The copies are served only while the listener is up; when its connection is lost
 * they are dropped and reads go to the database until it listens again (retried every `retryMs`).
 */
export function priceNoticesJob(database: Pick<DatabaseHandle, 'listen'>, caches: CacheRegistry, log: Logger, retryMs = 1000): Job {
  let running = false;
  let unlisten: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  const retry = () => {
    if (running && !timer) timer = setTimeout(() => ((timer = undefined), void connect()), retryMs);
  };
  const connect = () =>
    (connecting ??= (async () => {
      try {
        const stop = await database.listen(PRICE_CHANNEL, {
          onNotice: () => caches.invalidateAll(),
          onLost: (e) => {
            caches.suspend();
            unlisten = undefined;
            log.warn({ motivo: e.message }, 'avisos de precios interrumpidos: se leen de la base hasta reconectar');
            retry();
          },
        });
        if (!running) return void (await stop());
        unlisten = stop;
        caches.resume();
      } catch (e) {
        caches.suspend();
        log.warn({ motivo: (e as Error).message }, 'no se pudo escuchar los avisos de precios; se reintenta');
        retry();
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
      timer = undefined;
      caches.suspend();
      await connecting;
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
