import express, { type Request, type Response } from 'express';
import type { AnyRouter } from '@trpc/server';
import { createContext, type Ctx } from '../trpc/context';
import type { Db } from '../db';
import type { Env } from '../env';
import type { Services } from '../services';
import { restError } from './errors';
import type { RestRoute } from './types';

type Callable = (input: unknown) => Promise<unknown>;

export function defaultInput(route: RestRoute, req: Request): unknown {
  if (route.input) return route.input(req);
  const source = route.method === 'get' || route.method === 'delete' ? req.query : req.body;
  const params = req.params as Record<string, string>;
  if (Object.keys(params).length === 0) return source;
  if (source === undefined || source === null) return { ...params };
  if (typeof source !== 'object' || Array.isArray(source)) return source;
  return { ...source, ...params };
}

/** A body that names another id than its path (`PATCH /x/8/ {"id": 9}`) is refused rather than ignored. */
export function pathConflict(req: Request): Record<string, string[]> | null {
  const body = req.body as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const params = req.params as Record<string, string>;
  for (const [key, value] of Object.entries(params)) {
    if (Object.hasOwn(body, key) && String((body as Record<string, unknown>)[key]) !== value) {
      return { [key]: ['No coincide con el identificador de la ruta.'] };
    }
  }
  return null;
}

function resolveProcedure(caller: unknown, path: string): Callable {
  let node = caller as Record<string, unknown>;
  for (const part of path.split('.')) node = node[part] as Record<string, unknown>;
  return node as unknown as Callable;
}

/** Mounts every route of the table on an Express router, each calling its procedure through createCaller. */
export function restRouter(appRouter: AnyRouter, routes: RestRoute[], base: { db: Db; env: Env; services: Services }) {
  const procedures = appRouter._def.procedures as Record<string, unknown>;
  for (const r of routes) {
    if (!procedures[r.procedure]) throw new Error(`REST route ${r.method.toUpperCase()} ${r.path}: unknown procedure ${r.procedure}`);
  }
  const createCaller = (ctx: Ctx) => appRouter.createCaller(ctx);
  const rest = express.Router();
  for (const route of routes) {
    rest[route.method](route.path, async (req: Request, res: Response) => {
      let ctx: Ctx | undefined;
      try {
        ctx = await createContext(base, {
          authorization: req.headers.authorization,
          ip: req.ip ?? 'unknown',
          idempotencyKey: req.header('Idempotency-Key') ?? undefined,
          onUser: (id) => (res.locals.userId = id),
        });
        const conflict = ctx.user ? pathConflict(req) : null;
        if (conflict) {
          res.status(400).json(conflict);
          return;
        }
        const result = await resolveProcedure(createCaller(ctx), route.procedure)(defaultInput(route, req));
        const status = route.status ?? 200;
        if (status === 204) res.status(204).end();
        else res.status(status).json(result ?? null);
      } catch (err) {
        const out = restError(err, ctx?.tokenProblem ?? false, base.services?.log);
        if (out.headers) res.set(out.headers);
        res.status(out.status).json(out.body);
      }
    });
  }
  return rest;
}
