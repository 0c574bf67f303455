import type { Db } from '../db';
import type { Env } from '../env';
import type { Services } from '../services';
import { authUser } from '../modules/auth/permissions.repository';
import { verifyTerminalToken, verifyToken } from '../modules/auth/tokens';
import type { AuthUser } from '../lib/actor';
import type { TERMINAL_SESION_MSG } from '../../shared/schemas/terminal';

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
  /** A well-signed terminal token its Tauser no longer accepts: why, for the kiosk's 401 (terminalSesionCerrada). */
  terminalProblem?: TerminalProblem;
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

export type TerminalProblem = keyof typeof TERMINAL_SESION_MSG;

/** Why a terminal token signed for `ver` is refused now, or null when it is still good. */
export function terminalSesionCerrada(
  tauser: { is_active: boolean; secret_hash: string | null; secret_version: number; sesion_cerrada_por: string | null } | undefined,
  ver: number,
): TerminalProblem | null {
  if (!tauser) return 'sesion_revocada';
  if (!tauser.is_active) return 'terminal_desactivada';
  if (!tauser.secret_hash) return 'sesion_revocada';
  if (tauser.secret_version === ver) return null;
  if (tauser.sesion_cerrada_por === 'desactivada') return 'sesion_desactivada';
  if (tauser.sesion_cerrada_por === 'revocada') return 'sesion_revocada';
  return 'clave_rotada';
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
      .select(['id_tauser', 'is_active', 'secret_hash', 'secret_version', 'sesion_cerrada_por'])
      .where('id_tauser', '=', term.tauser_id)
      .executeTakeFirst();
    const problem = terminalSesionCerrada(tauser, term.ver);
    if (problem || !tauser) {
      ctx.tokenProblem = true;
      ctx.terminalProblem = problem ?? 'sesion_revocada';
    } else ctx.terminal = { tauserId: tauser.id_tauser };
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
