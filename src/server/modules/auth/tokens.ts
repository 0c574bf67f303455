import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Env } from '../../env';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  /** The user's `token_version` when the token was issued; a raised version revokes it. */
  ver: number;
  jti: string;
  iat: number;
  exp: number;
}

function sign(env: Env, userId: number, version: number, type: TokenType): string {
  const ttl = (type === 'access' ? env.accessTtl : env.refreshTtl) as jwt.SignOptions['expiresIn'];
  return jwt.sign({ token_type: type, user_id: userId, ver: version }, env.jwtSecret, {
    algorithm: 'HS256',
    expiresIn: ttl,
    jwtid: randomUUID().replace(/-/g, ''),
  });
}

export function issueTokens(env: Env, userId: number, version = 0): { access: string; refresh: string } {
  return { access: sign(env, userId, version, 'access'), refresh: sign(env, userId, version, 'refresh') };
}

export function issueAccess(env: Env, userId: number, version = 0): string {
  return sign(env, userId, version, 'access');
}

/**
 * The claims of a valid token of the given type, or null. Only HS256 with our key; a token without
 * `exp`, `iat`, `jti` or version is refused. `ignoreExpiration` lets logout name an expired token.
 */
const keys = new Map<string, KeyObject>();
/**
 * Given the secret as a string, jsonwebtoken first tries to read it as a public key (a thrown and
 * caught error on every request, ~8 % of the CPU of an authenticated read): hand it the key object.
 */
function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

/** The claims of a token signed with our key (HS256 only), checked by jsonwebtoken, expiry included unless ignored. */
function verifiedClaims(secret: string, token: string, ignoreExpiration: boolean): Record<string, unknown> {
  const claims = jwt.verify(token, secretKey(secret), { algorithms: ['HS256'], ignoreExpiration });
  if (typeof claims !== 'object' || claims === null) throw new Error('token sin claims');
  return claims;
}

export function verifyToken(env: Env, token: string, type: TokenType, opts: { ignoreExpiration?: boolean } = {}): TokenClaims | null {
  try {
    const claims = verifiedClaims(env.jwtSecret, token, !!opts.ignoreExpiration) as Partial<TokenClaims>;
    if (claims.token_type !== type || !Number.isInteger(claims.user_id) || typeof claims.jti !== 'string' || !claims.jti) return null;
    if (!Number.isInteger(claims.ver) || typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
    return claims as TokenClaims;
  } catch {
    return null;
  }
}

/** A self-service terminal's token (issue 13): only the terminal paths accept it, only for its own Tauser. */
export interface TerminalClaims {
  token_type: 'terminal';
  tauser_id: string;
  /** The Tauser's `secret_version` at sign-in; rotating or revoking the secret raises it. */
  ver: number;
  jti: string;
  iat: number;
  exp: number;
}

export const TERMINAL_TOKEN_TTL = '30d';

export function issueTerminalToken(env: Env, tauserId: string, version: number): string {
  return jwt.sign({ token_type: 'terminal', tauser_id: tauserId, ver: version }, env.jwtSecret, {
    algorithm: 'HS256',
    expiresIn: TERMINAL_TOKEN_TTL,
    jwtid: randomUUID().replace(/-/g, ''),
  });
}

export function verifyTerminalToken(env: Env, token: string): TerminalClaims | null {
  try {
    const c = verifiedClaims(env.jwtSecret, token, false) as Partial<TerminalClaims>;
    if (c.token_type !== 'terminal' || typeof c.tauser_id !== 'string' || !Number.isInteger(c.ver) || typeof c.jti !== 'string') return null;
    return c as TerminalClaims;
  } catch {
    return null;
  }
}

/**
 * The proof that the password was right, waiting for the second factor: 5 minutes, one sign-in
 * (its `jti` is spent in revoked_tokens), accepted only by `POST /api/token/mfa/`.
 */
export interface MfaChallengeClaims {
  token_type: 'mfa';
  user_id: number;
  ver: number;
  jti: string;
  iat: number;
  exp: number;
}

export const MFA_CHALLENGE_TTL_SEC = 5 * 60;

export function issueMfaChallenge(env: Env, userId: number, version: number): string {
  return jwt.sign({ token_type: 'mfa', user_id: userId, ver: version }, env.jwtSecret, {
    algorithm: 'HS256',
    expiresIn: MFA_CHALLENGE_TTL_SEC,
    jwtid: randomUUID().replace(/-/g, ''),
  });
}

export function verifyMfaChallenge(env: Env, token: string): MfaChallengeClaims | null {
  try {
    const c = verifiedClaims(env.jwtSecret, token, false) as Partial<MfaChallengeClaims>;
    if (c.token_type !== 'mfa' || !Number.isInteger(c.user_id) || !Number.isInteger(c.ver) || typeof c.jti !== 'string' || !c.jti) return null;
    if (typeof c.exp !== 'number') return null;
    return c as MfaChallengeClaims;
  } catch {
    return null;
  }
}
