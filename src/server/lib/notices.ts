import { performance } from 'node:perf_hooks';
import type { DatabaseHandle, Listening } from '../db';
import type { Job } from './jobs';
import type { Logger } from './logger';
import type { CacheRegistry, Topic } from './readCache';

/**
 * The channels the triggers notify on (migrations 2026112417–22) and the cache topics each one
 * drops: transaction lists show clients, currencies and methods too; users and their assigned clients
 * (user records) notify on `cambio_operaciones`.
 */
export const CHANNELS: Record<string, readonly Topic[]> = {
  cambio_precios: ['precios', 'operaciones'],
  cambio_acceso: ['acceso'],
  cambio_clientes: ['clientes', 'operaciones'],
  cambio_operaciones: ['operaciones', 'usuarios'],
};

/**
 * Keeps this process's cached copies honest (lib/readCache.ts): LISTEN on the change channels,
 * drop a topic's copies on each of its notices, and renew the lease with a round trip on the
 * listening connection every `pingMs`. A lost connection drops every copy (reads go to the
 * database) and is retried every `retryMs`; a stalled one lets the lease run out.
 */
export function noticesJob(database: Pick<DatabaseHandle, 'listen'>, caches: CacheRegistry, log: Logger, opts: { pingMs?: number; retryMs?: number } = {}): Job {
  const pingMs = opts.pingMs ?? Math.floor(caches.leaseMs / 4);
  const retryMs = opts.retryMs ?? 1000;
  let running = false;
  let listening: Listening | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  const retry = () => {
    if (running && !retryTimer) retryTimer = setTimeout(() => ((retryTimer = undefined), void connect()), retryMs);
  };
  const ping = async () => {
    pingTimer = undefined;
    const l = listening;
    if (!running || !l) return;
    const startedAt = performance.now();
    try {
      await l.ping();
      if (listening === l) caches.renew(startedAt);
    } catch {
      // The connection's own 'error'/'end' reports the loss; an unanswered ping lets the lease lapse.
    }
    if (running && listening === l) pingTimer = setTimeout(() => void ping(), pingMs);
  };
  const connect = () =>
    (connecting ??= (async () => {
      try {
        const l = await database.listen(Object.keys(CHANNELS), {
          onNotice: (channel) => {
            for (const topic of CHANNELS[channel] ?? []) caches.invalidate(topic);
          },
          onLost: (e) => {
            caches.suspend();
            listening = undefined;
            clearTimeout(pingTimer);
            log.warn({ motivo: e.message }, 'avisos de cambios interrumpidos: se lee de la base hasta reconectar');
            retry();
          },
        });
        if (!running) return void (await l.stop());
        listening = l;
        caches.resume();
        pingTimer = setTimeout(() => void ping(), pingMs);
      } catch (e) {
        caches.suspend();
        log.warn({ motivo: (e as Error).message }, 'no se pudo escuchar los avisos de cambios; se reintenta');
        retry();
      } finally {
        connecting = undefined;
      }
    })());

  return {
    name: 'avisos-cambios',
    start() {
      running = true;
      caches.enableLeases();
      void connect();
    },
    async stop() {
      running = false;
      clearTimeout(retryTimer);
      clearTimeout(pingTimer);
      retryTimer = pingTimer = undefined;
      caches.suspend();
      await connecting;
      const l = listening;
      listening = undefined;
      await l?.stop();
    },
  };
}
