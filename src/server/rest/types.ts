import type { Request, Response } from 'express';
import type { Db } from '../db';
import type { Env } from '../env';
import type { AnyProcedure } from '@trpc/server';
import type { AppRouter } from '../trpc/router';
import type { PublicCtx } from '../lib/context';
import type { JsonAnswer } from '../lib/jsonBody';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Every dotted procedure path of a router record: 'divisas.list', 'divisas.limites.get'… */
type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${Prefix}${K}` : R[K] extends object ? PathsOf<R[K], `${Prefix}${K}.`> : never;
}[keyof R & string];

/** A procedure of the app router: a typo in a route table fails `tsc`. */
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

/** One REST path of the spec, served by one tRPC procedure. */
export interface RestRoute {
  method: HttpMethod;
  /** Express-style path under /api, with the spec's trailing slash: '/usuarios/:id/roles/'. */
  path: string;
  /** Dotted procedure path on the app router: 'usuarios.get'. */
  procedure: ProcedurePath;
  /** Builds the procedure input; by default path params merged over the query (GET) or the body. */
  input?: (req: Request) => unknown;
  /** Success status (default 200; 204 sends no body). */
  status?: number;
  summary: string;
  tag: string;
  /** No bearer token needed. */
  public?: boolean;
  /** Public, but a bearer token is read when one is sent (a bad one answers 401): OpenAPI lists the token as optional. */
  optionalToken?: boolean;
  /**
   * A public route that still answers 401 or 403 (wrong credentials, a token it cannot accept): what
   * each means, for OpenAPI. Routes that need a token declare both always.
   */
  refusals?: { 401?: string; 403?: string };
  /** Its procedure spends a rate limiter (lib/rateLimit.ts `consume`): it may answer 429 with Retry-After. */
  rateLimited?: boolean;
  /**
   * PUT/PATCH: the GET of the record this write changes. Fields it answers that the write does not
   * take are dropped when echoed unchanged and refused as read-only otherwise (rest/echo.ts). When
   * that GET answers a list whose items the write sets one at a time, `item` picks from it the item
   * the body names (none: the echo rule has nothing to compare with).
   */
  current?: { procedure: ProcedurePath; input: (req: Request) => unknown; item?: (answer: unknown, body: Record<string, unknown>) => unknown };
  /**
   * A public read answered from its cached serialization (the same data the procedure returns),
   * with an ETag: 304 when the caller already holds it.
   */
  cachedAnswer?: (ctx: PublicCtx) => Promise<JsonAnswer<unknown>>;
  /**
   * The answer is a file this function writes (streams) from what the procedure answered: the
   * procedure checks the permission and the input, the file is written after it.
   */
  file?: RestFile;
  /**
   * A list answered whole unless `?page` is asked (users, roles, categories, rates, a client's
   * history): its page links keep `page=1`, which the link of a DRF list drops.
   */
  wholeUnlessPaged?: boolean;
  /** The answer may be 409 `{error, detail, …}`: when (documented in OpenAPI). */
  conflict?: string;
  /** Takes the `Idempotency-Key` header: a retry with the same key and body answers the first result. */
  idempotent?: boolean;
}

/** A file answer: its media types and what OpenAPI says of it, and the writer that streams it. */
export interface RestFile {
  types: string[];
  description?: string;
  write: (answer: never, res: Response, deps: { db: Db; env: Env }) => Promise<void>;
}
