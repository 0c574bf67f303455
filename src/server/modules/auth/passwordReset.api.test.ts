import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { auditRows, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { MS } from '../../../shared/messagesSecurity';

/** POST /api/auth/password-reset/ and /api/auth/password-reset/confirm/. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const codeFor = (email: string) => /(\d{6})/.exec(app.mails.filter((m) => m.to === email).at(-1)!.text)![1];
const ask = (email: string) => app.api('POST', '/auth/password-reset/', { body: { email } });
const confirm = (email: string, code: string, password = 'clave-nueva-1') =>
  app.api('POST', '/auth/password-reset/confirm/', { body: { email, code, password } });

describe('password reset', () => {
  it('mails a code to an active account and answers the same for an unknown one', async () => {
    const u = await userWith(app, []);
    const email = `${u.username}@test.local`;
    const before = app.mails.length;
    const known = await ask(email.toUpperCase());
    const unknown = await ask('nadie@test.local');
    expect(known).toMatchObject({ status: 200, body: { detail: MS.resetRequested } });
    expect(unknown).toMatchObject({ status: 200, body: known.body });
    expect(app.mails.length).toBe(before + 1);
    expect(app.mails.at(-1)!.subject).toBe('Restablecer tu contraseña');
  });

  it('sets the new password with the right code, once', async () => {
    const u = await userWith(app, []);
    const email = `${u.username}@test.local`;
    await ask(email);
    const code = codeFor(email);
    expect((await confirm(email, code)).status).toBe(200);
    expect((await app.login(u.username, 'clave-nueva-1')).access).toBeTruthy();
    expect(await confirm(email, code, 'otra-clave-2')).toMatchObject({ status: 400, body: { code: [M.codeInvalid] } });
    // Audited as the owner's password change.
    expect((await auditRows(app, 'usuario', u.id)).filter((r) => r.action === 'password_change')).toHaveLength(1);
  });

  it('counts wrong codes: after five even the right one is refused', async () => {
    const u = await userWith(app, []);
    const email = `${u.username}@test.local`;
    await ask(email);
    const code = codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await confirm(email, wrong)).toMatchObject({ status: 400, body: { code: [M.codeInvalid] } });
    expect((await confirm(email, code)).status).toBe(400);
    expect((await app.api('POST', '/token/', { body: { username: u.username, password: u.password } })).status).toBe(200);
  });

  it('refuses an expired code and sends nothing to a deactivated account', async () => {
    const u = await userWith(app, []);
    const email = `${u.username}@test.local`;
    await ask(email);
    const code = codeFor(email);
    await app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', u.id).execute();
    expect((await confirm(email, code)).status).toBe(400);

    const off = await userWith(app, []);
    await app.db.updateTable('users').set({ is_active: false }).where('id', '=', off.id).execute();
    const before = app.mails.length;
    expect((await ask(`${off.username}@test.local`)).status).toBe(200);
    expect(app.mails.length).toBe(before);
  });

  it('answers 400 for malformed input, with the field messages', async () => {
    expect(await ask('no-es-correo')).toMatchObject({ status: 400, body: { email: [M.invalidEmailRegister] } });
    const r = await app.api('POST', '/auth/password-reset/confirm/', { body: { email: 'a@b.py', code: '12', password: '1' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: [M.codeSixDigits], password: [M.passwordMin] });
    const missing = await app.api('POST', '/auth/password-reset/confirm/', { body: {} });
    expect(missing.body).toEqual({ email: [M.required], code: [M.required], password: [M.required] });
    expect((await app.api('POST', '/auth/password-reset/', { body: { email: 'a@b.py', extra: 1 } })).status).toBe(400);
  });
});
