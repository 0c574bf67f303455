import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../test/harness';
import { userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { ALL_PERMISSIONS } from '../../../shared/permissions';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const codeFrom = (text: string) => /(\d{6})/.exec(text)![1];

async function registerAndGetCode(username: string) {
  const email = `${username}@correo.test`;
  const r = await app.api('POST', '/auth/register/', { body: { username, email, first_name: 'Ana', password: 'secreto1' } });
  expect(r.status).toBe(201);
  const mail = app.mails.filter((m) => m.to === email).at(-1)!;
  return { email, code: codeFrom(mail.text), body: r.body };
}

describe('POST /api/token/', () => {
  it('answers access and refresh for the admin, and accepts the path without trailing slash', async () => {
    const r = await app.api('POST', '/token', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(r.status).toBe(200);
    const claims = jwt.decode(r.body.access) as Record<string, unknown>;
    expect(claims).toMatchObject({ token_type: 'access', user_id: 1 });
    expect(claims.jti).toBeTruthy();
    expect(jwt.decode(r.body.refresh)).toMatchObject({ token_type: 'refresh' });
  });

  it('rejects wrong credentials with 401 and a Spanish message', async () => {
    const r = await app.api('POST', '/token/', { body: { username: 'admin', password: 'incorrecta' } });
    expect(r.status).toBe(401);
    expect(r.body.detail).toBe(M.badCredentials);
  });

  it('gives the spec messages for missing fields and rejects unknown fields', async () => {
    const r = await app.api('POST', '/token/', { body: { username: '', password: '', extra: 1 } });
    expect(r.status).toBe(400);
    expect(r.body.username).toEqual([M.loginUsernameRequired]);
    expect(r.body.password).toEqual([M.loginPasswordRequired]);
    expect(r.body.extra).toEqual(['Campo no permitido.']);
  });

  it('answers 400 to malformed JSON and 413 to an oversized body', async () => {
    const bad = await app.api('POST', '/token/', { raw: '{"username": ' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(M.malformedJson);
    const big = await app.api('POST', '/token/', { body: { username: 'x'.repeat(200_000), password: 'y' } });
    expect(big.status).toBe(413);
  });

  it('refuses an inactive user', async () => {
    const u = await userWith(app, []);
    await app.db.updateTable('users').set({ is_active: false }).where('id', '=', u.id).execute();
    const r = await app.api('POST', '/token/', { body: { username: u.username, password: u.password } });
    expect(r.status).toBe(401);
  });
});

describe('tokens', () => {
  it('refreshes an access token and stops after logout revokes the refresh token', async () => {
    const { refresh } = await app.login('admin', ADMIN_PASSWORD);
    const r1 = await app.api('POST', '/token/refresh/', { body: { refresh } });
    expect(r1.status).toBe(200);
    expect((await app.api('GET', '/me/permissions/', { token: r1.body.access })).status).toBe(200);
    expect((await app.api('POST', '/token/logout/', { body: { refresh } })).status).toBe(200);
    const r2 = await app.api('POST', '/token/refresh/', { body: { refresh } });
    expect(r2.status).toBe(401);
    expect(r2.body.code).toBe('token_not_valid');
  });

  it('rejects tampered, expired and wrong-type tokens with 401 token_not_valid', async () => {
    const { access, refresh } = await app.login('admin', ADMIN_PASSWORD);
    const tampered = access.slice(0, -3) + (access.endsWith('abc') ? 'xyz' : 'abc');
    const expired = jwt.sign({ token_type: 'access', user_id: 1, jti: 'x' }, app.env.jwtSecret, { expiresIn: -10 });
    for (const token of [tampered, expired, refresh, 'no-es-un-token']) {
      const r = await app.api('GET', '/me/permissions/', { token });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('token_not_valid');
    }
    const refreshWithAccess = await app.api('POST', '/token/refresh/', { body: { refresh: access } });
    expect(refreshWithAccess.status).toBe(401);
  });

  it('stops accepting the tokens of a user deactivated after login', async () => {
    const u = await userWith(app, []);
    expect((await app.api('GET', '/me/permissions/', { token: u.token })).status).toBe(200);
    await app.db.updateTable('users').set({ is_active: false }).where('id', '=', u.id).execute();
    expect((await app.api('GET', '/me/permissions/', { token: u.token })).status).toBe(401);
  });
});

describe('GET /api/me/permissions/', () => {
  it('answers an empty set without a token (public screens ask before anyone signs in)', async () => {
    const r = await app.api('GET', '/me/permissions/');
    expect(r).toMatchObject({ status: 200, body: { perms: [] } });
  });

  it('still answers 401 token_not_valid for a malformed header or a revoked session', async () => {
    for (const authorization of ['Bearer', 'Bearer a b', 'bearer x.y.z']) {
      const r = await fetch(`${app.url}/api/me/permissions/`, { headers: { authorization } });
      expect(r.status, authorization).toBe(401);
      expect(r.headers.get('www-authenticate'), authorization).toBe('Bearer realm="api"');
      expect(await r.json(), authorization).toMatchObject({ detail: M.tokenInvalid, code: 'token_not_valid' });
    }
  });

  it('reads another scheme (Basic, Token) as no credentials, as a DRF server does', async () => {
    for (const authorization of ['Basic YWRtaW46YWRtaW4=', 'Token abc']) {
      const perms = await fetch(`${app.url}/api/me/permissions/`, { headers: { authorization } });
      expect(await perms.json(), authorization).toEqual({ perms: [] });
      const guarded = await fetch(`${app.url}/api/usuarios/`, { headers: { authorization } });
      expect(guarded.status, authorization).toBe(401);
      expect(guarded.headers.get('www-authenticate'), authorization).toBe('Bearer realm="api"');
      expect(await guarded.json(), authorization).toEqual({ detail: M.notAuthenticated });
    }
  });

  it('lists exactly the permissions of the user roles', async () => {
    const u = await userWith(app, ['clientes.view_cliente', 'tauser.view_tauser']);
    const r = await app.api('GET', '/me/permissions/', { token: u.token });
    expect(r.body).toEqual({ perms: ['clientes.view_cliente', 'tauser.view_tauser'] });
  });

  it('gives a superuser every permission of the catalogue', async () => {
    const r = await app.api('GET', '/me/permissions/', { token: await app.adminToken() });
    expect(r.body.perms).toContain('operaciones.can_use_operacion');
    expect(r.body.perms).toContain('divisas.change_limiteconfig');
    expect(r.body.perms).toHaveLength(ALL_PERMISSIONS.length);
  });
});

describe('registration and e-mail verification', () => {
  it('registers, mails a code, verifies, grants the Cliente role and lets the user log in', async () => {
    const { email, code, body } = await registerAndGetCode('ana');
    expect(body).toMatchObject({ ok: true, email, correo_enviado: true });
    const before = await app.api('POST', '/token/', { body: { username: 'ana', password: 'secreto1' } });
    expect(before.status).toBe(401);
    expect(before.body.detail).toBe(M.notVerified);

    const v = await app.api('POST', '/auth/verify-email/', { body: { email, code } });
    expect(v.status).toBe(200);
    expect(v.body.detail).toBe(M.verifyOk);
    const { access } = await app.login('ana', 'secreto1');
    const perms = await app.api('GET', '/me/permissions/', { token: access });
    expect(perms.body.perms).toEqual(['operaciones.can_use_operacion', 'operaciones.can_use_simulacion']);
  });

  it('an account staff deactivate while it verifies its e-mail stays inactive after the verification; staff activate it again', async () => {
    const { email, code } = await registerAndGetCode('bloqueada');
    const { id } = await app.db.selectFrom('users').select('id').where('username', '=', 'bloqueada').executeTakeFirstOrThrow();
    const admin = await app.adminToken();
    expect((await app.api('DELETE', `/usuarios/${id}/`, { token: admin })).status).toBe(204);
    // Deactivated, it is refused as any inactive account: not sent to verify an e-mail that would not let it in.
    const antes = await app.api('POST', '/token/', { body: { username: 'bloqueada', password: 'secreto1' } });
    expect(antes).toMatchObject({ status: 401, body: { detail: M.badCredentials } });
    expect(antes.body.code).not.toBe('email_not_verified');
    expect((await app.api('POST', '/auth/verify-email/', { body: { email, code } })).status).toBe(200);
    expect((await app.api('POST', '/token/', { body: { username: 'bloqueada', password: 'secreto1' } })).status).toBe(401);
    expect((await app.api('GET', `/usuarios/${id}/`, { token: admin })).body.is_active).toBe(false);
    expect((await app.api('PATCH', `/usuarios/${id}/`, { token: admin, body: { is_active: true } })).status).toBe(200);
    expect((await app.api('POST', '/token/', { body: { username: 'bloqueada', password: 'secreto1' } })).status).toBe(200);
  });

  it('validates the form with the spec messages and refuses duplicates', async () => {
    const r = await app.api('POST', '/auth/register/', { body: { username: 'ab', email: 'no-es-correo', first_name: '', password: '123' } });
    expect(r.status).toBe(400);
    expect(r.body.username).toEqual([M.usernameMin]);
    expect(r.body.email).toEqual([M.invalidEmailRegister]);
    expect(r.body.first_name).toEqual([M.required]);
    expect(r.body.password).toEqual([M.passwordMin]);
    const dup = await app.api('POST', '/auth/register/', { body: { username: 'ADMIN', email: 'admin@cambio.local', first_name: 'X', password: 'secreto1' } });
    expect(dup.status).toBe(400);
    expect(dup.body.username).toEqual([M.usernameTaken]);
    expect(dup.body.email).toEqual([M.emailTaken]);
  });

  it('kills a code after 5 wrong tries, and a new code replaces the old one', async () => {
    const { email, code } = await registerAndGetCode('beto');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await app.api('POST', '/auth/verify-email/', { body: { email, code: wrong } });
      expect(r.status).toBe(400);
      expect(r.body.code).toEqual([M.codeInvalid]);
    }
    expect((await app.api('POST', '/auth/verify-email/', { body: { email, code } })).status).toBe(400);

    const resend = await app.api('POST', '/auth/resend-code/', { body: { email } });
    expect(resend.status).toBe(200);
    const newCode = codeFrom(app.mails.filter((m) => m.to === email).at(-1)!.text);
    if (newCode !== code) expect((await app.api('POST', '/auth/verify-email/', { body: { email, code } })).status).toBe(400);
    expect((await app.api('POST', '/auth/verify-email/', { body: { email, code: newCode } })).status).toBe(200);
  });

  it('rejects an expired code', async () => {
    const { email, code } = await registerAndGetCode('caro');
    await app.db.updateTable('email_verifications').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await app.api('POST', '/auth/verify-email/', { body: { email, code } })).status).toBe(400);
  });

  it('checks the code format', async () => {
    const r = await app.api('POST', '/auth/verify-email/', { body: { email: 'a@b.com', code: '12a' } });
    expect(r.status).toBe(400);
    expect(r.body.code).toEqual([M.codeSixDigits]);
    const missing = await app.api('POST', '/auth/verify-email/', { body: { email: 'a@b.com' } });
    expect(missing.body).toEqual({ code: [M.required] });
  });
});

describe('rate limits and a mail server that is down', () => {
  it('answers 429 with Retry-After after too many failed logins for an account', async () => {
    const limited = await startTestApp({ rateLimits: { loginPerAccount: { points: 3, durationSec: 60 } } });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await limited.api('POST', '/token/', { body: { username: 'admin', password: 'mal' } })).status).toBe(401);
      }
      const r = await limited.api('POST', '/token/', { body: { username: 'admin', password: ADMIN_PASSWORD } });
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      // The right password of an account not yet verified is no failure: once verified, it signs in.
      const nuevo = await userWith(limited, []);
      await limited.db.updateTable('users').set({ email_verified: false }).where('id', '=', nuevo.id).execute();
      for (let i = 0; i < 4; i++) expect((await limited.api('POST', '/token/', { body: { username: nuevo.username, password: nuevo.password } })).body.code).toBe('email_not_verified');
      await limited.db.updateTable('users').set({ email_verified: true }).where('id', '=', nuevo.id).execute();
      expect((await limited.api('POST', '/token/', { body: { username: nuevo.username, password: nuevo.password } })).status).toBe(200);
      // A burst of parallel guesses against another account: no more passwords checked than the limit.
      const burst = await Promise.all(Array.from({ length: 10 }, () => limited.api('POST', '/token/', { body: { username: 'cliente', password: 'mal' } })));
      expect(burst.map((b) => b.status).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('still registers when the mail cannot be sent, and says so', async () => {
    const broken = await startTestApp();
    try {
      const services = broken as unknown as { mails: unknown[] };
      expect(services.mails).toEqual([]);
      // Point the mailer at a closed SMTP port: registration answers clearly, the user can ask for a new code.
      const { createServices } = await import('../../services');
      const { createApp } = await import('../../app');
      const env = { ...broken.env, smtpUrl: 'smtp://127.0.0.1:1' };
      const app2 = createApp({ db: broken.db, env, services: createServices(env) });
      const server = app2.listen(0);
      await new Promise((ok) => server.once('listening', ok));
      const port = (server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'dora', email: 'dora@correo.test', first_name: 'Dora', password: 'secreto1' }),
      });
      const body = await res.json();
      server.close();
      expect(res.status).toBe(201);
      expect(body).toMatchObject({ ok: true, correo_enviado: false, detail: M.registerMailFailed });
      const stored = await broken.db.selectFrom('email_verifications').selectAll().execute();
      expect(stored).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
});

describe('REST surface', () => {
  it('serves health, the OpenAPI document with every route, and 404 in Spanish', async () => {
    expect((await app.api('GET', '/health/')).body).toEqual({ status: 'ok', database: 'ok' });
    const doc = await app.api('GET', '/schema/');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/token/', '/api/me/permissions/', '/api/usuarios/{id}/']));
    const docs = await fetch(`${app.url}/api/docs/`);
    expect(docs.status).toBe(200);
    const missing = await app.api('GET', '/no-existe/');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(M.notFound);
  });

  it('lets a user read their own record but not another one without permission', async () => {
    const u = await userWith(app, []);
    const own = await app.api('GET', `/usuarios/${u.id}/`, { token: u.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: u.id, username: u.username, clientes: [] });
    expect(own.body.password_hash).toBeUndefined();
    expect((await app.api('GET', '/usuarios/1/', { token: u.token })).status).toBe(403);
    expect((await app.api('GET', '/usuarios/abc/', { token: u.token })).status).toBe(400);
  });
});

describe('ids out of range', () => {
  it('answers 400, not 500, to an id beyond the integer range', async () => {
    const r = await app.api('GET', '/usuarios/99999999999/', { token: await app.adminToken() });
    expect(r.status).toBe(400);
    expect(r.body.id).toEqual(['Identificador no válido']);
  });
});

describe('odd HTTP input', () => {
  it('reads ids and pages only from plain digits', async () => {
    const token = await app.adminToken();
    for (const id of ['0x1', '1e0', '+1', '1.0', '%201', '0b1', '99999999999999999999']) {
      const r = await app.api('GET', `/usuarios/${id}/`, { token });
      expect(r.status, id).toBe(400);
      expect(r.body.id).toEqual(['Identificador no válido']);
    }
    expect((await app.api('GET', '/usuarios/1/', { token })).status).toBe(200);
    const page = await app.api('GET', '/clientes/?page=1e2', { token });
    expect(page.status).toBe(400);
    expect(page.body.page).toEqual(['Página no válida']);
    const past = await app.api('GET', '/clientes/?page=50', { token });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ results: [], next: null, previous: `${app.url}/api/clientes/` });
  });

  it('says "Debe ser texto" for a wrong type and the required message for a missing value', async () => {
    const r = await app.api('POST', '/token/', { body: { username: 1, password: ['x'] } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ username: ['Debe ser texto'], password: ['Debe ser texto'] });
    const missing = await app.api('POST', '/token/', { body: {} });
    expect(missing.body).toEqual({ username: [M.loginUsernameRequired], password: [M.loginPasswordRequired] });
    // A list has a length too: it is still only the wrong type, never also "required" or too long.
    const lists = await app.api('POST', '/usuarios/', {
      token: await app.adminToken(),
      body: { username: 'listas', first_name: [], last_name: Array(200).fill('a'), email: 'listas@b.py', password: '123456' },
    });
    expect(lists.body).toEqual({ first_name: ['Debe ser texto'], last_name: ['Debe ser texto'] });
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const r = await app.api('DELETE', '/usuarios/', { token: await app.adminToken() });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, POST');
    expect((await app.api('PUT', '/token/')).status).toBe(405);
    // A fixed path is not the id of its neighbour with a parameter ('/cotizaciones/:id/').
    for (const [method, path] of [['DELETE', '/cotizaciones/public/'], ['PUT', '/divisas/sin_tasa/'], ['DELETE', '/cotizaciones/public']]) {
      const fixed = await app.api(method, path, { token: await app.adminToken() });
      expect(fixed.status, `${method} ${path}`).toBe(405);
      expect(fixed.headers.get('allow'), `${method} ${path}`).toBe('GET');
    }
    expect((await app.api('GET', '/cotizaciones/public/')).status).toBe(200);
  });

  it('answers 415 to a body that is not JSON or not UTF-8, and a clear 400 to JSON that is not an object', async () => {
    const form = await app.api('POST', '/token/', { raw: 'username=admin&password=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const latin = await app.api('POST', '/token/', { raw: '{"username":"a","password":"b"}', headers: { 'content-type': 'application/json; charset=latin1' } });
    expect(latin.status).toBe(415);
    const nul = await app.api('POST', '/token/', { raw: 'null' });
    expect(nul.status).toBe(400);
    expect(nul.body.detail).toBeUndefined();
    expect(Object.keys(nul.body)).toEqual(['non_field_errors']);
  });
});

describe('a body id that contradicts the path', () => {
  it('is refused with 400 and changes nothing; the same id is accepted', async () => {
    const token = await app.adminToken();
    const u = await userWith(app, []);
    const other = await app.api('PATCH', `/usuarios/${u.id}/`, { token, body: { id: 1, first_name: 'Cambiado' } });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ id: ['No coincide con el identificador de la ruta.'] });
    const row = await app.db.selectFrom('users').select('first_name').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Test');
    expect((await app.api('PATCH', `/usuarios/${u.id}/`, { body: { id: 1 } })).status).toBe(401);
    const same = await app.api('PATCH', `/usuarios/${u.id}/`, { token, body: { id: u.id, first_name: 'Cambiado' } });
    expect(same.status).toBe(200);
  });
});
