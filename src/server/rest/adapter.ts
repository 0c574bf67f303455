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
import { sendAnswer, sendJson } from '../lib/jsonBody';
import { isPlainObject, keysNotTaken, READ_ONLY, splitEcho, without } from './echo';
import type { ProcedurePath, RestRoute } from './types';
import { schemaOf } from '../trpc/syncParsing';
import { procedureInvoker } from './invoke';

/** Calls a procedure of the router by its path, as the request's caller. */
type Call = (procedure: ProcedurePath, input: unknown) => Promise<unknown>;

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
  const { drop, readOnly } = splitEcho(keys, req.body as Record<string, unknown>, current);
  return { input: without(input, drop), readOnly };
}

/** '/clientes/:id/' → ['/clientes', '/:id/']. */
export function splitFirstSegment(path: string): [string, string] {
  const i = path.indexOf('/', 1);
  return i < 0 ? [path, '/'] : [path.slice(0, i), path.slice(i)];
}

/** The map key of a fixed path: Express matches paths case-insensitively and with or without the final slash. */
export const staticKey = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase().replace(/\/$/, '')}`;

/**
 * The routes without parameters that Express would dispatch to themselves: no earlier route of the
 * same method matches their path (the table's order decides, as it does for Express).
 */
export function staticRoutes(routes: RestRoute[]): Set<RestRoute> {
  const out = new Set<RestRoute>();
  routes.forEach((r, i) => {
    if (/[:*(]/.test(r.path)) return;
    const target = r.path.replace(/\/$/, '');
    const shadowed = routes.slice(0, i).some((e) => e.method === r.method && match(e.path.replace(/\/$/, ''), { decode: decodeURIComponent })(target) !== false);
    if (!shadowed) out.add(r);
  });
  return out;
}

/** Mounts every route of the table on an Express router, each calling its procedure as tRPC's caller would (./invoke.ts). */
export function restRouter(appRouter: AnyRouter, routes: RestRoute[], base: { db: Db; env: Env; services: Services }) {
  const procedures = appRouter._def.procedures as Record<string, unknown>;
  for (const r of routes) {
    if (!procedures[r.procedure]) throw new Error(`REST route ${r.method.toUpperCase()} ${r.path}: unknown procedure ${r.procedure}`);
  }
  const readers = recordReaders(routes);
  const invokers = new Map(
    [...routes.map((r) => r.procedure), ...[...readers.values()].map((r) => r.procedure)].map((p) => [p, procedureInvoker(procedures[p], p)]),
  );
  const callerFor = (ctx: Ctx): Call => (procedure, input) => invokers.get(procedure)!(ctx, input);
  const writeSchemas = new Map(routes.map((r) => [r, schemaOf((procedures[r.procedure] as { _def: { inputs: unknown[] } })._def.inputs[0])]));
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
      const conflict = ctx.user ? pathConflict(req) : null;
      if (conflict) {
        sendJson(req, res, 400, conflict);
        return;
      }
      const call = callerFor(ctx);
      prepared = ctx.user ? await applyEcho(readers.get(route), req, defaultInput(route, req), call, writeSchemas.get(route)) : { input: defaultInput(route, req), readOnly: [] };
      // With a read-only field left in, the strict input fails after the write's own 401/403 checks.
      const result = await call(route.procedure, prepared.input);
      const status = route.status ?? 200;
      if (route.file) {
        const { bytes, filename } = await route.file.build(result);
        res.status(status).type(route.file.type).set('Content-Disposition', `inline; filename="${filename}"`).set('Cache-Control', 'private, no-store');
        res.end(Buffer.from(bytes));
      } else if (status === 204) res.status(204).end();
      else sendJson(req, res, status, result);
    } catch (err) {
      const out = restError(err, ctx?.tokenProblem ?? false, base.services?.log);
      if (out.status === 400 && prepared?.readOnly.length) {
        for (const key of prepared.readOnly) out.body[key] = [READ_ONLY];
      }
      if (out.headers) res.set(out.headers);
      sendJson(req, res, out.status, out.body);
    }
  };

  const rest = express.Router();
  // Paths without parameters are answered from a map, without walking Express's routers; a path
  // goes there only when no earlier route of the table (same method) would have matched it first.
  const statics = staticRoutes(routes);
  const fixed = new Map<string, Handler>();
  rest.use((req, res, next) => {
    const h = fixed.get(staticKey(req.method, req.path));
    if (h) void h(req, res);
    else next();
  });
  // The others: one sub-router per first path segment (/clientes, /operaciones, …), so a request is
  // matched against its own domain's few routes instead of walking the whole table.
  const groups = new Map<string, express.Router>();
  for (const route of routes) {
    const handler = route.cachedAnswer ? cachedHandler(route.cachedAnswer) : procedureHandler(route);
    if (statics.has(route)) fixed.set(staticKey(route.method, route.path), handler);
    const [group, path] = splitFirstSegment(route.path);
    let sub = groups.get(group);
    if (!sub) {
      sub = express.Router();
      groups.set(group, sub);
      rest.use(group, sub);
    }
    sub[route.method](path, handler);
  }
  return rest;
}
