import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { issueMfaChallenge, issueTerminalToken, issueTokens, verifyMfaChallenge, verifyTerminalToken, verifyToken } from './tokens';

const env = loadEnv({ JWT_SECRET: 'tokens-test-secret-tokens-test-secret-0123', DATA_DIR: '/tmp/cambio-tokens-test' });
const forge = (payload: object, opts: jwt.SignOptions = {}) => jwt.sign(payload, env.jwtSecret, { algorithm: 'HS256', ...opts });

describe('tokens', () => {
  it('each kind is accepted only where it belongs', () => {
    const { access, refresh } = issueTokens(env, 7, 3);
    expect(verifyToken(env, access, 'access')).toMatchObject({ user_id: 7, ver: 3, token_type: 'access' });
    expect(verifyToken(env, refresh, 'access')).toBeNull();
    expect(verifyToken(env, refresh, 'refresh')).toMatchObject({ user_id: 7 });
    const terminal = issueTerminalToken(env, 'b5f2b6a4-0000-4000-8000-000000000001', 2);
    expect(verifyTerminalToken(env, terminal)).toMatchObject({ tauser_id: 'b5f2b6a4-0000-4000-8000-000000000001', ver: 2 });
    expect(verifyToken(env, terminal, 'access')).toBeNull();
    const mfa = issueMfaChallenge(env, 7, 3);
    expect(verifyMfaChallenge(env, mfa)).toMatchObject({ user_id: 7, ver: 3 });
    expect(verifyMfaChallenge(env, access)).toBeNull();
    expect(verifyTerminalToken(env, mfa)).toBeNull();
  });

  it('a token signed with our key but without jti, iat, exp or version is refused, of every kind', () => {
    const cases: Array<[object, (t: string) => unknown]> = [
      [{ token_type: 'access', user_id: 1 }, (t) => verifyToken(env, t, 'access')],
      [{ token_type: 'terminal', tauser_id: 'x' }, (t) => verifyTerminalToken(env, t)],
      [{ token_type: 'mfa', user_id: 1 }, (t) => verifyMfaChallenge(env, t)],
    ];
    for (const [claims, check] of cases) {
      expect(check(forge({ ...claims, ver: 0 }, { expiresIn: 60, jwtid: 'j' }))).not.toBeNull();
      expect(check(forge({ ...claims, ver: 0 }, { expiresIn: 60 }))).toBeNull();
      expect(check(forge({ ...claims, ver: 0 }, { jwtid: 'j' }))).toBeNull();
      expect(check(forge({ ...claims, ver: 0 }, { expiresIn: 60, jwtid: 'j', noTimestamp: true }))).toBeNull();
      expect(check(forge(claims, { expiresIn: 60, jwtid: 'j' }))).toBeNull();
    }
  });

  it('only HS256 with our key; an expired token only where expiry is ignored', () => {
    expect(verifyToken(env, jwt.sign({ token_type: 'access', user_id: 1, ver: 0 }, env.jwtSecret, { algorithm: 'HS512', expiresIn: 60, jwtid: 'j' }), 'access')).toBeNull();
    expect(verifyToken(env, jwt.sign({ token_type: 'access', user_id: 1, ver: 0 }, 'another-key-another-key-another-key', { algorithm: 'HS256', expiresIn: 60, jwtid: 'j' }), 'access')).toBeNull();
    const expired = forge({ token_type: 'refresh', user_id: 1, ver: 0, exp: Math.floor(Date.now() / 1000) - 10 }, { jwtid: 'j' });
    expect(verifyToken(env, expired, 'refresh')).toBeNull();
    expect(verifyToken(env, expired, 'refresh', { ignoreExpiration: true })).toMatchObject({ user_id: 1 });
  });
});
