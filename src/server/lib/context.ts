import type { Db } from '../db';
import { actorOf, type Actor, type AuthUser } from './actor';
import type { CacheRegistry } from './readCache';

/** What every service function takes first: `fn(ctx: ServiceCtx, input)`. */
export interface ServiceCtx {
  db: Db;
  actor: Actor;
  /** Cached public data (lib/readCache.ts); absent, services read the database. */
  caches?: CacheRegistry;
}

/** For the few public services (anonymous quotes…): no actor. A ServiceCtx fits too. */
export interface PublicCtx {
  db: Db;
  caches?: CacheRegistry;
}

/** Builds the service context from the signed-in transport context (tRPC ctx after authedProcedure). */
export const serviceCtx = (ctx: {
  db: Db;
  user: Pick<AuthUser, 'id' | 'isSuperuser'>;
  perms: ReadonlySet<string>;
  services?: { caches?: CacheRegistry };
}): ServiceCtx => ({
  db: ctx.db,
  actor: actorOf(ctx),
  caches: ctx.services?.caches,
});

/** The context of a public service from the transport context. */
export const publicCtx = (ctx: { db: Db; services?: { caches?: CacheRegistry } }): PublicCtx => ({ db: ctx.db, caches: ctx.services?.caches });

/** The same actor on another handle (a transaction): `inTrx(ctx, trx)`. */
export const inTrx = (ctx: ServiceCtx, db: Db): ServiceCtx => ({ ...ctx, db });
