import { isUtf8 } from 'node:buffer';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { TRPCError } from '@trpc/server';
import swaggerUi from 'swagger-ui-express';
import { sql } from 'kysely';
import type { Db } from './db';
import type { Env } from './env';
import type { Services } from './services';
import { appRouter } from './trpc/router';
import { clientIp, createContext } from './trpc/context';
import { restRouter } from './rest/adapter';
import { restRoutes } from './rest/routes';
import { buildOpenApi } from './rest/openapi';
import { methodNotAllowed, requireJsonBody } from './rest/methodGuards';
import { M } from '../shared/messages';
import { MS } from '../shared/messagesSecurity';
import { apiSecurityHeaders, docsHeaders, securityHeaders } from './lib/securityHeaders';
import { errInfo, requestLog } from './lib/requestLog';
import { createLifecycle, type Lifecycle } from './lib/lifecycle';
import { isDatabaseUnavailable } from './lib/errors';
import { compressStreams } from './lib/jsonBody';
import { RUTA_TASAS_EN_VIVO, tasasEnVivoOpenApi } from './modules/cotizaciones/enVivo';

const BODY_LIMIT = '100kb';

export interface AppDeps {
  db: Db;
  env: Env;
  services: Services;
  /** Folder with the built web client; served with an SPA fallback when present. */
  clientDir?: string;
  /** Requests in flight, for a graceful shutdown; one is made when not given. */
  lifecycle?: Lifecycle;
}

class InvalidUtf8 extends Error {
  type = 'encoding.invalid';
  status = 400;
}

export function createApp(deps: AppDeps) {
  const base = { db: deps.db, env: deps.env, services: deps.services };
  const app = express();
  const log = deps.services.log;
  const lifecycle = deps.lifecycle ?? createLifecycle();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.env.trustProxy);
  app.set('log', log);
  app.use(requestLog(log));
  app.use(lifecycle.middleware);
  // Brotli or gzip for answers written as a stream; REST JSON answers compress themselves (lib/jsonBody.ts).
  const compress = compressStreams();

  const api = express.Router();
  api.use(requireJsonBody);
  // Bytes that are not UTF-8 would be read as U+FFFD and stored silently: refuse them instead.
  api.use(
    express.json({
      limit: BODY_LIMIT,
      strict: false,
      verify: (_req, _res, buf) => {
        if (!isUtf8(buf)) throw new InvalidUtf8(MS.invalidUtf8);
      },
    }),
  );
  // The rates' event stream (not a procedure: an answer that stays open); it ends when the server drains.
  api.get(RUTA_TASAS_EN_VIVO, (req, res) => deps.services.tasasEnVivo.abrir(req, res));
  lifecycle.onDrain(() => deps.services.tasasEnVivo.cerrarTodos());
  // The REST table first: its paths are answered without walking the routes below (none overlap).
  api.use(restRouter(appRouter, restRoutes, base));
  api.get('/health/', async (_req, res) => {
    try {
      await sql`select 1`.execute(deps.db);
      res.json({ status: 'ok', database: 'ok' });
    } catch {
      res.status(503).set('Retry-After', '5').json({ status: 'error', database: 'unavailable', detail: MS.unavailable });
    }
  });
  const openapi = buildOpenApi(appRouter, restRoutes);
  openapi.paths = { ...openapi.paths, [`/api${RUTA_TASAS_EN_VIVO}`]: tasasEnVivoOpenApi };
  api.get('/schema/', compress, (_req, res) => {
    res.json(openapi);
  });
  api.use('/docs', docsHeaders, compress, swaggerUi.serve, swaggerUi.setup(undefined, { swaggerUrl: '/api/schema/', customSiteTitle: 'Cambio API' }));
  api.use(methodNotAllowed(restRoutes));
  api.use((_req, res) => {
    res.status(404).json({ detail: M.notFound });
  });
  api.use(jsonErrors);
  const apiHeaders = apiSecurityHeaders();
  app.use('/api', apiHeaders, api);
  app.locals.lifecycle = lifecycle;

  app.use(
    '/trpc',
    apiHeaders,
    compress,
    createExpressMiddleware({
      router: appRouter,
      maxBodySize: 100 * 1024,
      createContext: ({ req, res }) =>
        createContext(base, {
          authorization: req.headers.authorization,
          ip: clientIp(req, base.env?.trustProxy ?? false),
          idempotencyKey: req.header('Idempotency-Key') ?? undefined,
          onUser: (id) => (res.locals.userId = id),
        }).catch((e: unknown) => {
          if (isDatabaseUnavailable(e)) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MS.unavailable, cause: e });
          throw e;
        }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ path, err: errInfo(error.cause ?? error) }, 'error interno (trpc)');
      },
    }),
  );

  // The web client's documents: helmet with a nonce per answer for the toasts' style element.
  app.use(securityHeaders(deps.env));
  app.use(compress);
  const clientDir = deps.clientDir ? resolve(deps.clientDir) : undefined;
  if (clientDir && existsSync(join(clientDir, 'index.html'))) {
    // Hashed build assets never change under their name: cached a year. Everything else (index.html,
    // favicon) is revalidated so a new release is picked up at once.
    app.use(
      express.static(clientDir, {
        index: false,
        setHeaders: (res, path) => {
          res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
    app.get(/^\/(?!api\/|trpc\/).*/, (_req, res) => {
      // The toasts write their styles into one <style id="_goober">: created here with the CSP nonce.
      // Read on every request, as sendFile did, so a rebuilt client is served without a restart.
      const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
      const nonce = res.locals.cspNonce as string;
      res.set('Cache-Control', 'no-cache').type('html').send(html.replace('</head>', `<style id="_goober" nonce="${nonce}"> </style></head>`));
    });
  }
  return app;
}

/** Body-parser failures: malformed JSON → 400, oversized → 413, both with a Spanish detail; an undecodable path → 400. */
function jsonErrors(err: { type?: string; status?: number; message?: string }, _req: Request, res: Response, next: NextFunction) {
  if (err?.type === 'entity.parse.failed') return res.status(400).json({ detail: M.malformedJson });
  if (err?.type === 'encoding.invalid') return res.status(400).json({ detail: MS.invalidUtf8 });
  if (isDatabaseUnavailable(err)) return res.status(503).set('Retry-After', '5').json({ detail: MS.unavailable });
  if (err?.type === 'entity.too.large') return res.status(413).json({ detail: M.bodyTooLarge });
  if (err?.type === 'charset.unsupported' || err?.type === 'encoding.unsupported') {
    return res.status(415).json({ detail: 'Codificación no soportada: enviar el cuerpo en UTF-8.' });
  }
  // A path parameter Express cannot decode ('/clientes/%zz/'): the address is at fault, not the body.
  if (err instanceof URIError) return res.status(400).json({ detail: M.malformedUrl });
  if (err?.status && err.status >= 400 && err.status < 500) return res.status(err.status).json({ detail: M.malformedJson });
  if (err) {
    res.app.get('log')?.error({ err: errInfo(err) }, 'error interno');
    return res.status(500).json({ detail: M.internal });
  }
  next();
}
