import type { Db } from '../db';
import { actorOf, type Actor, type AuthUser } from './actor';

/** What every service function takes first: `fn(ctx: ServiceCtx, input)`. */
export interface ServiceCtx {
  db: Db;
  actor: Actor;
}

/** For the few public services (anonymous quotes…): no actor. A ServiceCtx fits too. */
export interface PublicCtx {
  db: Db;
}

/** Builds the service context from the signed-in transport context (tRPC ctx after authedProcedure). */
export const serviceCtx = (ctx: { db: Db; user: Pick<AuthUser, 'id' | 'isSuperuser'>; perms: ReadonlySet<string> }): ServiceCtx => ({
  db: ctx.db,
  actor: actorOf(ctx),
});

/** The same actor on another handle (a transaction): `inTrx(ctx, trx)`. */
export const inTrx = (ctx: ServiceCtx, db: Db): ServiceCtx => ({ ...ctx, db });
