import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../test/harness';
import { userWith } from '../../test/fixtures';
import { MS } from '../../../shared/messagesSecurity';
import { P } from '../../../shared/permissions';

/**
 * Every access and refresh token issued before a password change (by an administrator or by a
 * reset), a deactivation or a reset stops working on the very next request, with and without the
 * price notices listening (nothing of a user is kept in memory either way); forged tokens (no
 * exp, another algorithm) are refused; logout revokes the refresh token it names and refuses a
 * malformed one.
 */
let app: TestApp;
let admin: string;
const open = (notices: boolean) => {
  beforeAll(async () => {
    app = await startTestApp({ notices });
    admin = await app.adminToken();
  });
  afterAll(() => app.close());
};

const me = (token: string) => app.api('GET', '/me/permissions/', { token });
const refresh = (token: string) => app.api('POST', '/token/refresh/', { body: { refresh: token } });

async function signedIn() {
  const u = await userWith(app, [P.viewUser]);
  const tokens = await app.login(u.username, u.password);
  expect((await me(tokens.access)).status).toBe(200);
  expect((await refresh(tokens.refresh)).status).toBe(200);
  return { ...u, ...tokens };
}

async function expectRevoked(t: { access: string; refresh: string }) {
  const r = await me(t.access);
  expect(r.status).toBe(401);
  expect(r.body.code).toBe('token_not_valid');
  const f = await refresh(t.refresh);
  expect(f.status).toBe(401);
  expect(f.body.code).toBe('token_not_valid');
}

describe.each([
  { mode: 'without notices', notices: false },
  { mode: 'with the price notices listening', notices: true },
])('revocation, $mode', ({ notices }) => {
  open(notices);

  it('keeps prices in memory only when notices are on', async () => {
    expect(app.services.prices.isLive).toBe(notices);
  });

  it('a role losing a permission, or the user losing the role, holds on the next request', async () => {
    const perms = async (t: string) => ((await me(t)).body as { perms: string[] }).perms;
    const roleOf = async (id: number) => ((await app.api('GET', `/usuarios/${id}/roles/`, { token: admin })).body as Array<{ id: number }>)[0]!.id;
    const a = await signedIn();
    expect(await perms(a.access)).toEqual([P.viewUser]);
    const roleA = await roleOf(a.id);
    const role = (await app.api('GET', `/roles/${roleA}/`, { token: admin })).body as { name: string };
    expect((await app.api('PUT', `/roles/${roleA}/`, { token: admin, body: { name: role.name, permissions: [] } })).status).toBe(200);
    expect(await perms(a.access)).toEqual([]);
    expect((await app.api('GET', '/usuarios/', { token: a.access })).status).toBe(403);

    const b = await signedIn();
    expect((await app.api('GET', '/usuarios/', { token: b.access })).status).toBe(200);
    expect((await app.api('POST', `/usuarios/${b.id}/asignar_roles/`, { token: admin, body: { roles: [] } })).status).toBe(200);
    expect(await perms(b.access)).toEqual([]);
    expect((await app.api('GET', '/usuarios/', { token: b.access })).status).toBe(403);
  });

  it('an administrator changing the password revokes every token; the new password signs in', async () => {
    const u = await signedIn();
    const other = await app.login(u.username, u.password);
    expect((await app.api('PATCH', `/usuarios/${u.id}/`, { token: admin, body: { password: 'otra-clave-1' } })).status).toBe(200);
    await expectRevoked(u);
    await expectRevoked(other);
    const fresh = await app.login(u.username, 'otra-clave-1');
    expect((await me(fresh.access)).status).toBe(200);
  });

  it('editing other fields does not revoke', async () => {
    const u = await signedIn();
    expect((await app.api('PATCH', `/usuarios/${u.id}/`, { token: admin, body: { last_name: 'Gómez' } })).status).toBe(200);
    expect((await me(u.access)).status).toBe(200);
    expect((await refresh(u.refresh)).status).toBe(200);
  });

  it('deactivating (DELETE or is_active=false) revokes; a refresh token from before still fails after reactivation', async () => {
    for (const deactivate of [
      (id: number) => app.api('DELETE', `/usuarios/${id}/`, { token: admin }),
      (id: number) => app.api('PATCH', `/usuarios/${id}/`, { token: admin, body: { is_active: false } }),
    ]) {
      const u = await signedIn();
      expect((await deactivate(u.id)).status).toBeLessThan(300);
      await expectRevoked(u);
      expect((await app.api('PATCH', `/usuarios/${u.id}/`, { token: admin, body: { is_active: true } })).status).toBe(200);
      await expectRevoked(u);
      expect((await me((await app.login(u.username, u.password)).access)).status).toBe(200);
    }
  });

  it('a password reset revokes every token issued before', async () => {
    const u = await signedIn();
    const email = `${u.username}@test.local`;
    expect((await app.api('POST', '/auth/password-reset/', { body: { email } })).status).toBe(200);
    const code = /(\d{6})/.exec(app.mails.filter((m) => m.to === email).at(-1)!.text)![1];
    const r = await app.api('POST', '/auth/password-reset/confirm/', { body: { email, code, password: 'clave-nueva-9' } });
    expect(r).toMatchObject({ status: 200, body: { detail: MS.resetDone } });
    await expectRevoked(u);
    expect((await app.api('POST', '/token/', { body: { username: u.username, password: u.password } })).status).toBe(401);
    expect((await me((await app.login(u.username, 'clave-nueva-9')).access)).status).toBe(200);
  });
});

describe('forged tokens', () => {
  open(false);

  const secret = () => app.env.jwtSecret;
  const claims = (type: string) => ({ token_type: type, user_id: 1, ver: 0, jti: 'abcdef0123456789' });

  it('refuses a token without exp, even correctly signed', async () => {
    const access = jwt.sign(claims('access'), secret(), { algorithm: 'HS256' });
    expect(jwt.decode(access)).not.toHaveProperty('exp');
    expect(await me(access)).toMatchObject({ status: 401, body: { code: 'token_not_valid' } });
    const refreshToken = jwt.sign(claims('refresh'), secret(), { algorithm: 'HS256' });
    expect((await refresh(refreshToken)).status).toBe(401);
  });

  it('refuses another algorithm (HS512, none) with the same key', async () => {
    const hs512 = jwt.sign(claims('access'), secret(), { algorithm: 'HS512', expiresIn: '5m' });
    expect((await me(hs512)).status).toBe(401);
    const none = jwt.sign(claims('access'), '', { algorithm: 'none', expiresIn: '5m' } as jwt.SignOptions);
    expect((await me(none)).status).toBe(401);
  });

  it('refuses a token without a version (issued before versions existed)', async () => {
    const old = jwt.sign({ token_type: 'access', user_id: 1, jti: 'x1' }, secret(), { algorithm: 'HS256', expiresIn: '5m' });
    expect((await me(old)).status).toBe(401);
  });
});

describe('logout', () => {
  open(false);

  it('answers 400 with a field error for a malformed or foreign token', async () => {
    const access = (await app.login('admin', ADMIN_PASSWORD)).access;
    const foreign = jwt.sign(claims2(), 'otra-clave-otra-clave-otra-clave-123456', { algorithm: 'HS256', expiresIn: '5m' });
    for (const bad of ['no-es-un-token', 'a.b.c', access, foreign]) {
      const r = await app.api('POST', '/token/logout/', { body: { refresh: bad } });
      expect(r.status, bad).toBe(400);
      expect(r.body).toEqual({ refresh: [MS.refreshMalformed] });
    }
    expect((await app.api('POST', '/token/logout/', { body: {} })).status).toBe(400);
  });

  it('revokes the refresh token it names, and only that one', async () => {
    const a = await app.login('admin', ADMIN_PASSWORD);
    const b = await app.login('admin', ADMIN_PASSWORD);
    expect((await app.api('POST', '/token/logout/', { body: { refresh: a.refresh } })).status).toBe(200);
    expect((await refresh(a.refresh)).status).toBe(401);
    expect((await refresh(b.refresh)).status).toBe(200);
    const again = await app.api('POST', '/token/logout/', { body: { refresh: a.refresh } });
    expect(again.status).toBe(200);
  });
});

function claims2() {
  return { token_type: 'refresh', user_id: 1, ver: 0, jti: 'fedcba9876543210' };
}
