import type { Db } from '../db';
import type { Env } from '../env';
import type { Services } from '../services';
import { findAuthUser } from '../modules/auth/permissions.repository';
import { ALL_PERMISSIONS } from '../../shared/permissions';
import { verifyTerminalToken, verifyToken } from '../modules/auth/tokens';
import type { AuthUser } from '../lib/actor';

export type { AuthUser };

export interface Ctx {
  db: Db;
  env: Env;
  services: Services;
  user: AuthUser | null;
  perms: ReadonlySet<string>;
  /** Set when a bearer token was sent but could not be accepted. */
  tokenProblem: boolean;
  ip: string;
  /** Optional header a client sends to make a create call safe to retry. */
  idempotencyKey?: string;
  /** Set when the bearer is a valid terminal token (then `user` stays null): the Tauser it signs for. */
  terminal?: { tauserId: string } | null;
}

export interface RequestInfo {
  authorization?: string;
  ip: string;
  idempotencyKey?: string;
  /** Told the user id once the token is accepted (for the request log). */
  onUser?: (userId: number) => void;
}

const ALL_PERMS: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

export async function createContext(base: { db: Db; env: Env; services: Services }, req: RequestInfo): Promise<Ctx> {
  const ctx: Ctx = { ...base, user: null, perms: new Set(), tokenProblem: false, ip: req.ip, idempotencyKey: req.idempotencyKey };
  const header = req.authorization;
  if (!header) return ctx;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const claims = match ? verifyToken(base.env, match[1], 'access') : null;
  if (!claims) {
    const term = match ? verifyTerminalToken(base.env, match[1]) : null;
    if (!term) return { ...ctx, tokenProblem: true };
    const tauser = await base.db
      .selectFrom('tausers')
      .select(['id_tauser', 'is_active', 'secret_hash', 'secret_version'])
      .where('id_tauser', '=', term.tauser_id)
      .executeTakeFirst();
    if (!tauser || !tauser.is_active || !tauser.secret_hash || tauser.secret_version !== term.ver) return { ...ctx, tokenProblem: true };
    return { ...ctx, terminal: { tauserId: tauser.id_tauser } };
  }
  const user = await findAuthUser(base.db, claims.user_id);
  if (!user || !user.is_active || user.token_version !== claims.ver) return { ...ctx, tokenProblem: true };
  const authUser = { id: user.id, username: user.username, isSuperuser: user.is_superuser };
  req.onUser?.(user.id);
  return { ...ctx, user: authUser, perms: user.is_superuser ? ALL_PERMS : new Set(user.perms ?? []) };
}
