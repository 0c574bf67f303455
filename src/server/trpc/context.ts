import type { Db } from '../db';
import type { Env } from '../env';
import type { Services } from '../services';
import { authUser } from '../modules/auth/permissions.repository';
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
  /** The user's role requires a second factor they have not set up (modules/auth/mfaPolicy.ts). */
  mfaEnrollment?: boolean;
}

export interface RequestInfo {
  authorization?: string;
  ip: string;
  idempotencyKey?: string;
  /** Told the user id once the token is accepted (for the request log). */
  onUser?: (userId: number) => void;
}

const NO_PERMS: ReadonlySet<string> = new Set();

/**
 * The caller's address: the socket's peer, or, behind a trusted proxy (TRUST_PROXY), what Express
 * works out from X-Forwarded-For. Without that header (or without a trusted proxy) both are the
 * peer, so the header parsing is skipped.
 */
export function clientIp(req: { ip?: string; socket: { remoteAddress?: string }; headers: Record<string, unknown> }, trustProxy: Env['trustProxy']): string {
  return (trustProxy && req.headers['x-forwarded-for'] !== undefined ? req.ip : req.socket.remoteAddress) ?? 'unknown';
}

export async function createContext(base: { db: Db; env: Env; services: Services }, req: RequestInfo): Promise<Ctx> {
  const ctx: Ctx = {
    db: base.db,
    env: base.env,
    services: base.services,
    user: null,
    perms: NO_PERMS,
    tokenProblem: false,
    ip: req.ip,
    idempotencyKey: req.idempotencyKey,
  };
  const [scheme, ...parts] = (req.authorization ?? '').trim().split(/\s+/);
  // No header, or another scheme (`Token …`, `Basic …`): no credentials, as a DRF server reads it.
  if (scheme.toLowerCase() !== 'bearer') return ctx;
  const token = parts.length === 1 ? parts[0] : null;
  const claims = token ? verifyToken(base.env, token, 'access') : null;
  if (!claims) {
    const term = token ? verifyTerminalToken(base.env, token) : null;
    if (!term) {
      ctx.tokenProblem = true;
      return ctx;
    }
    const tauser = await base.db
      .selectFrom('tausers')
      .select(['id_tauser', 'is_active', 'secret_hash', 'secret_version'])
      .where('id_tauser', '=', term.tauser_id)
      .executeTakeFirst();
    if (!tauser || !tauser.is_active || !tauser.secret_hash || tauser.secret_version !== term.ver) ctx.tokenProblem = true;
    else ctx.terminal = { tauserId: tauser.id_tauser };
    return ctx;
  }
  const user = await authUser(base.db, claims.user_id);
  if (!user || !user.is_active || user.token_version !== claims.ver) {
    ctx.tokenProblem = true;
    return ctx;
  }
  ctx.user = { id: user.id, username: user.username, isSuperuser: user.is_superuser };
  ctx.perms = user.perms;
  if (user.mfa_required && !user.mfa_enabled) ctx.mfaEnrollment = true;
  req.onUser?.(user.id);
  return ctx;
}
