import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Env } from '../../env';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  jti: string;
  iat: number;
  exp: number;
}

function sign(env: Env, userId: number, type: TokenType): string {
  const ttl = (type === 'access' ? env.accessTtl : env.refreshTtl) as jwt.SignOptions['expiresIn'];
  return jwt.sign({ token_type: type, user_id: userId }, env.jwtSecret, {
    algorithm: 'HS256',
    expiresIn: ttl,
    jwtid: randomUUID().replace(/-/g, ''),
  });
}

export function issueTokens(env: Env, userId: number): { access: string; refresh: string } {
  return { access: sign(env, userId, 'access'), refresh: sign(env, userId, 'refresh') };
}

export function issueAccess(env: Env, userId: number): string {
  return sign(env, userId, 'access');
}

/** The claims of a valid, unexpired token of the given type, or null. */
export function verifyToken(env: Env, token: string, type: TokenType): TokenClaims | null {
  try {
    const claims = jwt.verify(token, env.jwtSecret, { algorithms: ['HS256'] }) as Partial<TokenClaims>;
    if (claims.token_type !== type || typeof claims.user_id !== 'number' || !claims.jti) return null;
    return claims as TokenClaims;
  } catch {
    return null;
  }
}
