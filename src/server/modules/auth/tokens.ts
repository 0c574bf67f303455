import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Env } from '../../env';

export type TokenType = 'access' | 'refresh';

interface BaseClaims {
  /** The subject's version when the token was issued (user's `token_version`, Tauser's `secret_version`); raising it revokes the token. */
  ver: number;
  jti: string;
  iat: number;
  exp: number;
}

export interface TokenClaims extends BaseClaims {
  token_type: TokenType;
  user_id: number;
}

/** A self-service terminal's token (issue 13): only the terminal paths accept it, only for its own Tauser. */
export interface TerminalClaims extends BaseClaims {
  token_type: 'terminal';
  tauser_id: string;
}

/**
 * The proof that the password was right, waiting for the second factor: 5 minutes, one sign-in
 * (its `jti` is spent in revoked_tokens), accepted only by `POST /api/token/mfa/`.
 */
export interface MfaChallengeClaims extends BaseClaims {
  token_type: 'mfa';
  user_id: number;
}

export const TERMINAL_TOKEN_TTL = '30d';
export const MFA_CHALLENGE_TTL_SEC = 5 * 60;

/** HS256 with our key; jsonwebtoken adds `iat`, `exp` and the `jti`. */
const sign = (env: Env, payload: object, expiresIn: jwt.SignOptions['expiresIn']) =>
  jwt.sign(payload, env.jwtSecret, { algorithm: 'HS256', expiresIn, jwtid: randomUUID().replace(/-/g, '') });

const userToken = (env: Env, userId: number, version: number, type: TokenType) =>
  sign(env, { token_type: type, user_id: userId, ver: version }, (type === 'access' ? env.accessTtl : env.refreshTtl) as jwt.SignOptions['expiresIn']);

export const issueAccess = (env: Env, userId: number, version = 0): string => userToken(env, userId, version, 'access');

export const issueTokens = (env: Env, userId: number, version = 0): { access: string; refresh: string } => ({
  access: userToken(env, userId, version, 'access'),
  refresh: userToken(env, userId, version, 'refresh'),
});

export const issueTerminalToken = (env: Env, tauserId: string, version: number): string =>
  sign(env, { token_type: 'terminal', tauser_id: tauserId, ver: version }, TERMINAL_TOKEN_TTL);

export const issueMfaChallenge = (env: Env, userId: number, version: number): string =>
  sign(env, { token_type: 'mfa', user_id: userId, ver: version }, MFA_CHALLENGE_TTL_SEC);

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

/**
 * The claims of a token signed with our key (HS256 only) that pass `valid`, or null. jsonwebtoken checks
 * the expiry unless ignored.
 */
function verify<T extends BaseClaims>(env: Env, token: string, valid: (c: Partial<T>) => boolean, ignoreExpiration = false): T | null {
  try {
    const c = jwt.verify(token, secretKey(env.jwtSecret), { algorithms: ['HS256'], ignoreExpiration });
    return typeof c === 'object' && c !== null && valid(c as Partial<T>) ? (c as T) : null;
  } catch {
    return null;
  }
}

/** Every token we issue carries a version, a non-empty `jti`, `iat` and `exp`: one without them is refused. */
const complete = (c: Partial<BaseClaims>) => Number.isInteger(c.ver) && typeof c.jti === 'string' && !!c.jti && typeof c.iat === 'number' && typeof c.exp === 'number';

/** `ignoreExpiration` lets logout name an expired token. */
export const verifyToken = (env: Env, token: string, type: TokenType, opts: { ignoreExpiration?: boolean } = {}) =>
  verify<TokenClaims>(env, token, (c) => c.token_type === type && Number.isInteger(c.user_id) && complete(c), !!opts.ignoreExpiration);

export const verifyTerminalToken = (env: Env, token: string) =>
  verify<TerminalClaims>(env, token, (c) => c.token_type === 'terminal' && typeof c.tauser_id === 'string' && complete(c));

export const verifyMfaChallenge = (env: Env, token: string) =>
  verify<MfaChallengeClaims>(env, token, (c) => c.token_type === 'mfa' && Number.isInteger(c.user_id) && complete(c));
