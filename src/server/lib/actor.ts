import type { AuthUser } from '../trpc/context';

/** Who is acting: what services need to decide, without knowing of HTTP or tRPC. */
export interface Actor {
  id: number;
  isSuperuser: boolean;
  perms: ReadonlySet<string>;
}

export const actorOf = (ctx: { user: AuthUser; perms: ReadonlySet<string> }): Actor => ({
  id: ctx.user.id,
  isSuperuser: ctx.user.isSuperuser,
  perms: ctx.perms,
});

export const can = (actor: Actor, perm: string) => actor.perms.has(perm);
