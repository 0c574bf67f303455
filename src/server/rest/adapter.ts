import express, { type Request, type Response } from 'express';
import { match } from 'path-to-regexp';
import type { AnyRouter } from '@trpc/server';
import { clientIp, createContext, type Ctx } from '../trpc/context';
import type { Db } from '../db';
import type { Env } from '../env';
import type { Services } from '../services';
import { restError } from './errors';
import { toAppError } from '../lib/errors';
import { publicCtx } from '../lib/context';
import { compressStreams, sendAnswer, sendJson } from '../lib/jsonBody';
import { isPlainObject, keysNotTaken, READ_ONLY, splitEcho, without } from './echo';
import type { ProcedurePath, RestRoute } from './types';
import { createCallerFactory } from '../trpc/init';
import { withPageLinks } from './pageLinks';
import { TERMINAL_MSG } from '../../shared/schemas/terminal';

/** Calls a procedure of the router by its path, as the request's caller. */
type Call = (procedure: ProcedurePath, input: unknown) => Promise<unknown>;

export function defaultInput(route: RestRoute, req: Request): unknown {
  if (route.input) return route.input(req);
  const source = route.method === 'get' || route.method === 'delete' ? req.query : req.body;
  const params = req.params as Record<string, string>;
  if (Object.keys(params).length === 0) return source;
  if (source === undefined) return { ...params };
  // JSON that is not an object (`null` too) reaches the schema as it is: 400, as on a path without an id.
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return source;
  return { ...source, ...params };
}

/**
 * A body that names another id than its path (`PATCH /x/8/ {"id": 9}`) is refused rather than ignored.
 * Ids are compared regardless of case, as the schemas read them (a UUID or a transaction `codigo`
 * in either case is the same record).
 */
export function pathConflict(req: Request): Record<string, string[]> | null {
  const body = req.body as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const params = req.params as Record<string, string>;
  for (const [key, value] of Object.entries(params)) {
    if (!Object.hasOwn(body, key)) continue;
    if (String((body as Record<string, unknown>)[key]).toLowerCase() !== value.toLowerCase()) {
      return { [key]: [key === 'codigo' ? TERMINAL_MSG.codigoNoCoincide : 'No coincide con el identificador de la ruta.'] };
    }
  }
  return null;
}

type Reader = NonNullable<RestRoute['current']>;

/**
 * The reader of the record each PUT/PATCH changes: its `current` option, else the GET of the same
 * path (so every resource with GET, PUT/PATCH on `/x/:id/` gets the echo rule without configuration).
 */
export function recordReaders(routes: RestRoute[]): Map<RestRoute, Reader> {
  const gets = new Map(routes.filter((r) => r.method === 'get').map((r) => [r.path, r]));
  const readers = new Map<RestRoute, Reader>();
  for (const r of routes) {
    if (r.method !== 'put' && r.method !== 'patch') continue;
    const get = gets.get(r.path);
    const reader = r.current ?? (get && { procedure: get.procedure, input: (req: Request) => defaultInput(get, req) });
    if (reader) readers.set(r, reader);
  }
  return readers;
}

interface Prepared {
  input: unknown;
  /** Echoed fields that differ from the record: the write refuses them, we name them read-only. */
  readOnly: string[];
}

/**
 * The input of a write after the echo rule (rest/echo.ts). When the record cannot be read (no
 * permission, not found) the input goes unchanged and the write answers as it would.
 */
async function applyEcho(reader: Reader | undefined, req: Request, input: unknown, call: Call, writeSchema: unknown): Promise<Prepared> {
  const unchanged = { input, readOnly: [] };
  if (!reader || !isPlainObject(input) || !isPlainObject(req.body)) return unchanged;
  const keys = await keysNotTaken(writeSchema, input);
  if (keys.length === 0) return unchanged;
  let current: unknown;
  try {
    current = await call(reader.procedure, reader.input(req));
  } catch (e) {
    // A record the caller may not see (403/404) is answered as such, before any field message: an
    // echoed body must not tell apart "hidden" from "exists with other fields".
    const app = toAppError((e as { cause?: unknown }).cause ?? e);
    if (app?.code === 'forbidden' || app?.code === 'not_found') throw e;
    return unchanged;
  }
  const body = req.body as Record<string, unknown>;
  const { drop, readOnly } = splitEcho(keys, body, reader.item ? reader.item(current, body) : current);
  return { input: without(input, drop), readOnly };
}

type Callable = (input: unknown) => Promise<unknown>;

/** Mounts every route of the table on an Express router, each calling its procedure through tRPC's server-side caller. */
export function restRouter(appRouter: AnyRouter, routes: RestRoute[], base: { db: Db; env: Env; services: Services }) {
  const procedures = appRouter._def.procedures as Record<string, { _def: { inputs: unknown[] } }>;
  for (const r of routes) {
    if (!procedures[r.procedure]) throw new Error(`REST route ${r.method.toUpperCase()} ${r.path}: unknown procedure ${r.procedure}`);
  }
  const readers = recordReaders(routes);
  const createCaller = createCallerFactory(appRouter);
  const callerFor = (ctx: Ctx): Call => {
    const caller = createCaller(ctx) as unknown as Record<string, unknown>;
    return (procedure, input) => (procedure.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], caller) as Callable)(input);
  };
  const writeSchemas = new Map(routes.map((r) => [r, procedures[r.procedure]._def.inputs[0]]));
  type Handler = (req: Request, res: Response) => Promise<void>;

  const cachedHandler = (cached: NonNullable<RestRoute['cachedAnswer']>): Handler => async (req, res) => {
    try {
      sendAnswer(req, res, await cached(publicCtx(base)));
    } catch (err) {
      const out = restError(err, false, base.services?.log);
      if (out.headers) res.set(out.headers);
      sendJson(req, res, out.status, out.body);
    }
  };

  const procedureHandler = (route: RestRoute): Handler => async (req, res) => {
    let ctx: Ctx | undefined;
    let prepared: Prepared | undefined;
    try {
      ctx = await createContext(base, {
        authorization: req.headers.authorization,
        ip: clientIp(req, base.env?.trustProxy ?? false),
        idempotencyKey: req.header('Idempotency-Key') ?? undefined,
        onUser: (id) => (res.locals.userId = id),
      });
      // After the credentials are read: an anonymous caller gets its 401 first.
      const conflict = ctx.user || ctx.terminal ? pathConflict(req) : null;
      if (conflict) {
        sendJson(req, res, 400, conflict);
        return;
      }
      const call = callerFor(ctx);
      prepared = ctx.user ? await applyEcho(readers.get(route), req, defaultInput(route, req), call, writeSchemas.get(route)) : { input: defaultInput(route, req), readOnly: [] };
      // With a read-only field left in, the strict input fails after the write's own 401/403 checks.
      const result = await call(route.procedure, prepared.input);
      const status = route.status ?? 200;
      if (route.file) await route.file.write(result as never, res, base);
      else if (status === 204) res.status(204).end();
      // Paged lists: REST clients follow `next`/`previous` as URLs (./pageLinks.ts); tRPC keeps page numbers.
      else sendJson(req, res, status, route.method === 'get' ? withPageLinks(req, result, route.wholeUnlessPaged) : result);
    } catch (err) {
      const out = restError(err, ctx?.tokenProblem ?? false, base.services?.log);
      // A file that failed half-written: the client sees a cut connection, never a JSON tail.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (out.status === 400 && prepared?.readOnly.length) {
        for (const key of prepared.readOnly) out.body[key] = [READ_ONLY];
      }
      if (out.headers) res.set(out.headers);
      sendJson(req, res, out.status, out.body);
    }
  };

  // One router per resource (the path's first segment): a request walks only its resource's routes,
  // in the table's order. A file answer streams through the compression middleware.
  const rest = express.Router();
  const compress = compressStreams();
  const resources = new Map<string, express.Router>();
  // A fixed path of the table ('/cotizaciones/public/') is never the id of a route with a parameter
  // ('/cotizaciones/:id/'): another method on it falls through to the 405 of methodGuards.ts. Only
  // the few routes a fixed path collides with get this check.
  const fixedPaths = routes.filter((r) => !r.path.includes(':')).map((r) => r.path);
  const notFixedFor = (route: RestRoute): express.RequestHandler[] => {
    if (!route.path.includes(':')) return [];
    const matches = match(route.path);
    const shadowed = new Set(fixedPaths.filter((p) => matches(p)));
    if (shadowed.size === 0) return [];
    return [(req, _res, next) => next(shadowed.has(`${req.originalUrl.split('?')[0].replace(/^\/api/, '').replace(/\/?$/, '/')}`) ? 'route' : undefined)];
  };
  for (const route of routes) {
    const [, resource, ...within] = route.path.split('/');
    let sub = resources.get(resource);
    if (!sub) {
      sub = express.Router();
      resources.set(resource, sub);
      rest.use(`/${resource}`, sub);
    }
    const handler = route.cachedAnswer ? cachedHandler(route.cachedAnswer) : procedureHandler(route);
    sub[route.method](`/${within.join('/')}`, ...notFixedFor(route), ...(route.file ? [compress, handler] : [handler]));
  }
  return rest;
}
