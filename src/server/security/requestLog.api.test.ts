import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../test/harness';
import { userWith } from '../test/fixtures';
import { createLogger } from '../lib/logger';
import { P } from '../../shared/permissions';

/**
 * The request log: one JSON line per request with id, method, path (no query), status, time and
 * user id; and, after a run through every path that handles a secret (sign-in, refresh, logout,
 * registration, code verification, password reset, user creation with a password, failures), not
 * one password, token or code anywhere in it.
 */
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ log: createLogger('debug', sink) });
});
afterAll(() => app.close());

const codeOf = (text: string) => /(\d{6})/.exec(text)![1];
const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('request log', () => {
  it('writes one line per request with id, method, path without query, status, ms and user id', async () => {
    const { access } = await app.login('admin', ADMIN_PASSWORD);
    const r = await app.api('GET', '/usuarios/?search=secreto-en-la-query&page=1', { token: access, headers: { 'X-Request-Id': 'req-42' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('req-42');
    const line = parsed().find((l) => l.reqId === 'req-42')!;
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/api/usuarios/', status: 200, userId: 1 });
    expect(typeof line.ms).toBe('number');
    expect(typeof line.time).toBe('string');
    expect(JSON.stringify(parsed())).not.toContain('secreto-en-la-query');
    const anon = await app.api('GET', '/usuarios/');
    expect(parsed().find((l) => l.reqId === anon.headers.get('x-request-id'))).toMatchObject({ status: 401, userId: null });
  });

  it('holds no password, token or code after a run through every secret-bearing path', async () => {
    const secrets: string[] = [ADMIN_PASSWORD];
    const keep = (...s: string[]) => secrets.push(...s);

    const a = await app.login('admin', ADMIN_PASSWORD);
    keep(a.access, a.refresh);
    const refreshed = await app.api('POST', '/token/refresh/', { body: { refresh: a.refresh } });
    keep(refreshed.body.access);
    await app.api('POST', '/token/', { body: { username: 'admin', password: 'clave-equivocada-123' } });
    keep('clave-equivocada-123');

    const email = 'logs@correo.test';
    await app.api('POST', '/auth/register/', { body: { username: 'logs_user', email, first_name: 'Log', password: 'clave-registro-77' } });
    keep('clave-registro-77');
    const verifyCode = codeOf(app.mails.at(-1)!.text);
    keep(verifyCode);
    await app.api('POST', '/auth/verify-email/', { body: { email, code: verifyCode } });
    await app.api('POST', '/auth/password-reset/', { body: { email } });
    const resetCode = codeOf(app.mails.at(-1)!.text);
    keep(resetCode);
    await app.api('POST', '/auth/password-reset/confirm/', { body: { email, code: resetCode, password: 'clave-reset-88' } });
    keep('clave-reset-88');
    const u = await app.login('logs_user', 'clave-reset-88');
    keep(u.access, u.refresh);

    const created = await app.api('POST', '/usuarios/', {
      token: a.access,
      body: { username: 'logs_admin_made', first_name: 'Otro', last_name: 'Usuario', email: 'otro@correo.test', password: 'clave-admin-99', is_active: true },
    });
    expect(created.status).toBe(201);
    keep('clave-admin-99');
    await app.api('PATCH', `/usuarios/${created.body.id}/`, { token: a.access, body: { password: 'clave-admin-100' } });
    keep('clave-admin-100');
    const someone = await userWith(app, [P.viewUser]);
    keep(someone.token, someone.password);
    await app.api('GET', '/usuarios/', { token: someone.token });
    await app.api('POST', '/token/logout/', { body: { refresh: u.refresh } });
    await app.api('POST', '/token/logout/', { body: { refresh: 'no-es-un-token-secreto' } });
    keep('no-es-un-token-secreto');
    await app.api('POST', '/token/', { raw: '{"username": "admin", "password": "clave-json-roto' });
    keep('clave-json-roto');

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(15);
    for (const s of secrets) expect(log.includes(s), `secret found in the log: ${s.slice(0, 12)}…`).toBe(false);
    // Tokens share their header; no JWT-looking string appears at all.
    expect(log).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
  });
});
