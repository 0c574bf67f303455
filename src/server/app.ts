import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import compression from 'compression';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import swaggerUi from 'swagger-ui-express';
import { sql } from 'kysely';
import type { Db } from './db';
import type { Env } from './env';
import type { Services } from './services';
import { appRouter } from './trpc/router';
import { createContext } from './trpc/context';
import { restRouter } from './rest/adapter';
import { restRoutes } from './rest/routes';
import { buildOpenApi } from './rest/openapi';
import { methodNotAllowed, requireJsonBody } from './rest/methodGuards';
import { M } from '../shared/messages';

const BODY_LIMIT = '100kb';

export interface AppDeps {
  db: Db;
  env: Env;
  services: Services;
  /** Folder with the built web client; served with an SPA fallback when present. */
  clientDir?: string;
}

export function createApp(deps: AppDeps) {
  const base = { db: deps.db, env: deps.env, services: deps.services };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  // Brotli or gzip as the client accepts, for JSON answers and the web client alike.
  app.use(compression({ threshold: 1024 }));

  const api = express.Router();
  api.use(requireJsonBody);
  api.use(express.json({ limit: BODY_LIMIT, strict: false }));
  api.get('/health/', async (_req, res) => {
    try {
      await sql`select 1`.execute(deps.db);
      res.json({ status: 'ok', database: 'ok' });
    } catch {
      res.status(503).json({ status: 'error', database: 'unavailable' });
    }
  });
  const openapi = buildOpenApi(appRouter, restRoutes);
  api.get('/schema/', (_req, res) => {
    res.json(openapi);
  });
  api.use('/docs', swaggerUi.serve, swaggerUi.setup(undefined, { swaggerUrl: '/api/schema/', customSiteTitle: 'Cambio API' }));
  api.use(restRouter(appRouter, restRoutes, base));
  api.use(methodNotAllowed(restRoutes));
  api.use((_req, res) => {
    res.status(404).json({ detail: M.notFound });
  });
  api.use(jsonErrors);
  app.use('/api', api);

  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      maxBodySize: 100 * 1024,
      createContext: ({ req }) =>
        createContext(base, {
          authorization: req.headers.authorization,
          ip: req.ip ?? 'unknown',
          idempotencyKey: req.header('Idempotency-Key') ?? undefined,
        }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path}:`, error.cause ?? error);
      },
    }),
  );

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
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(clientDir, 'index.html'));
    });
  }
  return app;
}

/** Body-parser failures: malformed JSON → 400, oversized → 413, both with a Spanish detail. */
function jsonErrors(err: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) {
  if (err?.type === 'entity.parse.failed') return res.status(400).json({ detail: M.malformedJson });
  if (err?.type === 'entity.too.large') return res.status(413).json({ detail: M.bodyTooLarge });
  if (err?.type === 'charset.unsupported' || err?.type === 'encoding.unsupported') {
    return res.status(415).json({ detail: 'Codificación no soportada: enviar el cuerpo en UTF-8.' });
  }
  if (err?.status && err.status >= 400 && err.status < 500) return res.status(err.status).json({ detail: M.malformedJson });
  if (err) {
    console.error('[api] error interno:', err);
    return res.status(500).json({ detail: M.internal });
  }
  next();
}
