import type { Request, Response } from 'express';
import { MS } from '../../../shared/messagesSecurity';

/** Path of the stream under /api (public, like the rates it announces). */
export const RUTA_TASAS_EN_VIVO = '/cotizaciones/public/stream/';
export const KEEPALIVE_MS = 25_000;
/** Open streams one process holds at most: each is a socket; past this, 503 and the browser retries. */
export const MAX_STREAMS = 5000;
/** How the OpenAPI document describes the stream (it is not a procedure of the REST tables). */
export const tasasEnVivoOpenApi = {
  get: {
    summary: 'Cambios de cotización en vivo (público, Server-Sent Events): un evento `tasas` por cada cambio; un comentario cada 25 s mantiene abierta la conexión',
    tags: ['Cotizaciones'],
    operationId: 'get_cotizaciones_public_stream',
    security: [],
    responses: {
      '200': {
        description: 'Flujo `text/event-stream`: `event: tasas` con `data: {"cambio": "precios", "en": "<fecha ISO>"}`; volver a leer GET /api/cotizaciones/public/',
        content: { 'text/event-stream': { schema: { type: 'string' as const } } },
      },
    },
  },
};

/** Notices of one commit (one per table it touched) arrive together: one event for all of them. */
const COALESCE_MS = 50;

/**
 * The open Server-Sent Events streams of the rates: each price change committed (by this process
 * or any other; the price notices job, lib/notices.ts, calls `publicar`) is one `tasas` event; a comment every 25 s keeps proxies from closing an idle
 * stream. Streams end when the client leaves, when the server starts draining and when it stops.
 */
export function createTasasEnVivo(opts: { keepAliveMs?: number; maxStreams?: number } = {}) {
  const streams = new Set<Response>();
  let keepAlive: NodeJS.Timeout | undefined;
  let pending: NodeJS.Timeout | undefined;

  const write = (chunk: string) => {
    for (const res of streams) res.write(chunk);
  };
  const quitar = (res: Response) => {
    streams.delete(res);
    if (streams.size === 0) {
      clearInterval(keepAlive);
      keepAlive = undefined;
    }
  };

  return {
    get abiertos() {
      return streams.size;
    },
    /** GET handler: opens a stream (`text/event-stream`) that lasts until one side closes it. */
    abrir(_req: Request, res: Response) {
      if (streams.size >= (opts.maxStreams ?? MAX_STREAMS)) {
        res.status(503).set('Retry-After', '30').json({ detail: MS.unavailable });
        return;
      }
      res.status(200).set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      // How long a browser waits before reconnecting after a lost connection.
      res.write('retry: 5000\n: conectado\n\n');
      streams.add(res);
      keepAlive ??= setInterval(() => write(': ping\n\n'), opts.keepAliveMs ?? KEEPALIVE_MS);
      keepAlive.unref();
      res.on('close', () => quitar(res));
    },
    /** A price changed: one event to every open stream, bursts of notices coalesced. */
    publicar() {
      pending ??= setTimeout(() => {
        pending = undefined;
        write(`event: tasas\ndata: ${JSON.stringify({ cambio: 'precios', en: new Date().toISOString() })}\n\n`);
      }, COALESCE_MS);
    },
    /** Ends every stream (the server is shutting down: open streams must not hold the drain). */
    cerrarTodos() {
      clearTimeout(pending);
      pending = undefined;
      for (const res of [...streams]) {
        quitar(res);
        res.end();
      }
    },
  };
}

export type TasasEnVivo = ReturnType<typeof createTasasEnVivo>;
