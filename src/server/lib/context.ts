import type { Db } from '../db';
import type { Actor, AuthUser } from './actor';
import type { KeptPrices } from './keptPrices';

/** What every service function takes first: `fn(ctx: ServiceCtx, input)`. */
export interface ServiceCtx {
  db: Db;
  actor: Actor;
  /** The kept pricing data (lib/keptPrices.ts); absent, services read the database. */
  prices?: KeptPrices;
}

/** For the few public services (anonymous quotes…): no actor. A ServiceCtx fits too. */
export interface PublicCtx {
  db: Db;
  prices?: KeptPrices;
}

/** Builds the service context from the signed-in transport context (tRPC ctx after authedProcedure). */
export const serviceCtx = (ctx: {
  db: Db;
  user: Pick<AuthUser, 'id' | 'isSuperuser'>;
  perms: ReadonlySet<string>;
  services?: { prices?: KeptPrices };
}): ServiceCtx => ({
  db: ctx.db,
  actor: { id: ctx.user.id, isSuperuser: ctx.user.isSuperuser, perms: ctx.perms },
  prices: ctx.services?.prices,
});

/** The context of a public service from the transport context. */
export const publicCtx = (ctx: { db: Db; services?: { prices?: KeptPrices } }): PublicCtx => ({ db: ctx.db, prices: ctx.services?.prices });

/** The same actor on another handle (a transaction): `inTrx(ctx, trx)`. */
export const inTrx = (ctx: ServiceCtx, db: Db): ServiceCtx => ({ ...ctx, db });
