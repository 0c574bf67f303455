import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { startTestApp, type TestApp } from '../../test/harness';
import { auditRows, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { MA } from '../../../shared/messagesAdmin';
import { MF } from '../../../shared/messagesMfa';
import { P } from '../../../shared/permissions';
import { challenge, codeAt, enrol, timePasses } from './testMfa';

/** Second factor (TOTP): enrolment, sign-in with a code or a recovery code, disabling, staff reset. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const mfaLogin = (mfa_token: string, code: string) => app.api('POST', '/token/mfa/', { body: { mfa_token, code } });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('enrolment', () => {
  it('setup gives a pending secret, a current code turns it on with ten recovery codes', async () => {
    const u = await userWith(app, []);
    const setup = await app.api('POST', '/auth/mfa/setup/', { token: u.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauth_url).toContain(`otpauth://totp/Cambio:${u.username}?secret=${setup.body.secret}`);
    expect(setup.body.qr_svg).toMatch(/^<svg/);
    // Stored sealed, never in clear.
    const row = await app.db.selectFrom('users').select(['mfa_pending_secret', 'mfa_secret', 'mfa_enabled']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mfa_secret: null, mfa_enabled: false });
    expect(row.mfa_pending_secret).not.toContain(setup.body.secret);
    expect((await app.api('GET', `/auth/mfa/`, { token: u.token })).body).toMatchObject({ mfa_enabled: false });

    const bad = await app.api('POST', '/auth/mfa/enable/', { token: u.token, body: { password: u.password, code: wrong(codeAt(setup.body.secret)) } });
    expect(bad).toMatchObject({ status: 400, body: { code: [MF.codeWrong] } });
    const ok = await app.api('POST', '/auth/mfa/enable/', { token: u.token, body: { password: u.password, code: codeAt(setup.body.secret) } });
    expect(ok.status).toBe(200);
    expect(ok.body.recovery_codes).toHaveLength(10);
    expect(new Set(ok.body.recovery_codes).size).toBe(10);
    for (const c of ok.body.recovery_codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(ok.body).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });

    // Every earlier session ended; the new tokens work; the user record shows it read-only.
    expect((await app.api('GET', `/usuarios/${u.id}/`, { token: u.token })).status).toBe(401);
    const admin = await app.adminToken();
    const rec = await app.api('GET', `/usuarios/${u.id}/`, { token: admin });
    expect(rec.body.mfa_enabled).toBe(true);
    expect(JSON.stringify(rec.body)).not.toContain(setup.body.secret);
    const patch = await app.api('PATCH', `/usuarios/${u.id}/`, { token: admin, body: { mfa_enabled: false } });
    expect(patch.status).toBe(400);
    expect((await app.api('GET', '/auth/mfa/', { token: ok.body.access })).body).toEqual({
      mfa_enabled: true, mfa_required: false, enrollment_required: false, recovery_codes_left: 10,
    });
    // Secrets are sealed at rest, the recovery codes are not stored in clear.
    const after = await app.db.selectFrom('users').select(['mfa_secret', 'mfa_pending_secret']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(after.mfa_pending_secret).toBeNull();
    expect(after.mfa_secret).toMatch(/^v1\./);
    expect(after.mfa_secret).not.toContain(setup.body.secret);
    const hashes = await app.db.selectFrom('mfa_recovery_codes').select('code_hash').where('user_id', '=', u.id).execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(ok.body.recovery_codes[0]);
    expect((await auditRows(app, 'usuario', u.id)).map((r) => r.action)).toEqual(expect.arrayContaining(['mfa_failed', 'mfa_enable']));
    // Setting up again needs turning it off first.
    expect((await app.api('POST', '/auth/mfa/setup/', { token: ok.body.access })).body).toEqual({ detail: MF.alreadyEnabled });
  });

  it('enable without a setup, or with something that is not a 6-digit code, answers 400', async () => {
    const u = await userWith(app, []);
    expect((await app.api('POST', '/auth/mfa/enable/', { token: u.token, body: { password: u.password, code: '123456' } })).body).toEqual({ detail: MF.noPendingSetup });
    expect((await app.api('POST', '/auth/mfa/enable/', { token: u.token, body: { password: u.password, code: 'abc' } })).status).toBe(400);
    expect((await app.api('POST', '/auth/mfa/enable/', { token: u.token, body: {} })).body).toEqual({ password: [M.required], code: [M.required] });
    expect((await app.api('POST', '/auth/mfa/setup/')).status).toBe(401);
  });

  it('enable needs the password: an access token alone puts no second factor on the account', async () => {
    const u = await userWith(app, []);
    const setup = await app.api('POST', '/auth/mfa/setup/', { token: u.token });
    const sinClave = await app.api('POST', '/auth/mfa/enable/', { token: u.token, body: { password: 'no-es-la-clave', code: codeAt(setup.body.secret) } });
    expect(sinClave).toMatchObject({ status: 400, body: { password: [expect.any(String)] } });
    expect((await app.db.selectFrom('users').select('mfa_enabled').where('id', '=', u.id).executeTakeFirstOrThrow()).mfa_enabled).toBe(false);
    expect((await app.api('GET', '/auth/mfa/', { token: u.token })).status).toBe(200);
  });
});

describe('sign-in with a second factor', () => {
  it('the password alone gives a challenge, never tokens; a current code gives the tokens', async () => {
    const u = await userWith(app, []);
    const { secret } = await enrol(app, u);
    const r = await app.api('POST', '/token/', { body: { username: u.username, password: u.password } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['mfa_required', 'mfa_token']);
    expect(r.body.mfa_required).toBe(true);
    // The code of the enrolment was spent: the next step's code signs in.
    const ok = await mfaLogin(r.body.mfa_token, codeAt(secret, 1));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    expect((await app.api('GET', `/usuarios/${u.id}/`, { token: ok.body.access })).status).not.toBe(401);
    // Refresh of this session goes on without a new code.
    const refreshed = await app.api('POST', '/token/refresh/', { body: { refresh: ok.body.refresh } });
    expect(refreshed.status).toBe(200);
  });

  it('a wrong code is 400 (Spanish) and audited; the challenge still serves the right code', async () => {
    const u = await userWith(app, []);
    const { secret } = await enrol(app, u);
    const token = await challenge(app, u);
    const bad = await mfaLogin(token, wrong(codeAt(secret, 1)));
    expect(bad).toMatchObject({ status: 400, body: { code: [MF.codeWrong] } });
    const rows = await auditRows(app, 'usuario', u.id);
    expect(rows.filter((r) => r.action === 'mfa_failed')).toHaveLength(1);
    expect((await mfaLogin(token, codeAt(secret, 1))).status).toBe(200);
  });

  it('a code is accepted once: replayed, or older than the last accepted, it is refused', async () => {
    const u = await userWith(app, []);
    const { secret } = await enrol(app, u);
    const code = codeAt(secret, 1);
    expect((await mfaLogin(await challenge(app, u), code)).status).toBe(200);
    expect(await mfaLogin(await challenge(app, u), code)).toMatchObject({ status: 400, body: { code: [MF.codeWrong] } });
    // The enrolment's code (an earlier step) is refused too.
    expect((await mfaLogin(await challenge(app, u), codeAt(secret, 0))).status).toBe(400);
    // An old code (two minutes ago) is outside the window.
    await timePasses(app, u.id);
    expect((await mfaLogin(await challenge(app, u), codeAt(secret, -4))).status).toBe(400);
  });

  it('a field not sent says so, as on every form: the challenge, the code, the password', async () => {
    const u = await userWith(app, []);
    expect(await app.api('POST', '/token/mfa/', { body: {} })).toMatchObject({ status: 400, body: { mfa_token: [M.required], code: [M.required] } });
    expect(await app.api('POST', '/token/mfa/', { body: { mfa_token: '', code: '' } })).toMatchObject({ status: 400, body: { mfa_token: [MF.challengeInvalid], code: [MF.codeRequired] } });
    expect(await app.api('POST', '/auth/mfa/disable/', { token: u.token, body: {} })).toMatchObject({ status: 400, body: { password: [M.required], code: [M.required] } });
  });

  it('a clock set back behind the last accepted code: codes are refused (400), never a 500', async () => {
    const u = await userWith(app, []);
    const { secret } = await enrol(app, u);
    const ahora = Math.floor(Date.now() / 30_000);
    await app.db.updateTable('users').set({ mfa_last_step: ahora + 3 }).where('id', '=', u.id).execute();
    expect(await mfaLogin(await challenge(app, u), codeAt(secret, 1))).toMatchObject({ status: 400, body: { code: [MF.codeWrong] } });
  });

  it('a recovery code signs in once, in any case and with or without its hyphen', async () => {
    const u = await userWith(app, []);
    const { recovery } = await enrol(app, u);
    const ok = await mfaLogin(await challenge(app, u), recovery[0].toUpperCase().replace('-', ''));
    expect(ok.status).toBe(200);
    expect(await mfaLogin(await challenge(app, u), recovery[0])).toMatchObject({ status: 400, body: { code: [MF.codeWrong] } });
    expect((await mfaLogin(await challenge(app, u), recovery[1])).status).toBe(200);
    expect((await app.api('GET', '/auth/mfa/', { token: ok.body.access })).body.recovery_codes_left).toBe(8);
    expect((await auditRows(app, 'usuario', u.id)).filter((r) => r.action === 'mfa_recovery_used')).toHaveLength(2);
    // Another user's recovery code is no good here.
    const other = await userWith(app, []);
    const theirs = await enrol(app, other);
    expect((await mfaLogin(await challenge(app, u), theirs.recovery[0])).status).toBe(400);
  });

  it('the challenge serves one sign-in, lives five minutes and is refused everywhere else', async () => {
    const u = await userWith(app, []);
    const { secret, recovery } = await enrol(app, u);
    const token = await challenge(app, u);
    expect((await mfaLogin(token, codeAt(secret, 1))).status).toBe(200);
    expect(await mfaLogin(token, recovery[0])).toMatchObject({ status: 400, body: { mfa_token: [MF.challengeInvalid] } });

    const unused = await challenge(app, u);
    expect((await app.api('GET', `/usuarios/${u.id}/`, { token: unused })).status).toBe(401);
    expect((await app.api('GET', '/me/permissions/', { token: unused })).status).toBe(401);
    expect((await app.api('POST', '/token/refresh/', { body: { refresh: unused } })).status).toBe(401);
    expect((await app.api('GET', '/tauser/terminal/yo/', { token: unused })).status).toBe(401);

    const claims = jwt.decode(unused) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(300);
    const expired = jwt.sign({ token_type: 'mfa', user_id: u.id, ver: claims.exp ? (jwt.decode(unused) as { ver: number }).ver : 0, iat: Math.floor(Date.now() / 1000) - 400 }, app.env.jwtSecret, {
      algorithm: 'HS256', expiresIn: 300, jwtid: 'vencido1',
    });
    expect(await mfaLogin(expired, recovery[0])).toMatchObject({ status: 400, body: { mfa_token: [MF.challengeInvalid] } });
    // An access token is not a challenge.
    const access = (await mfaLogin(unused, recovery[0])).body.access;
    expect((await mfaLogin(access, recovery[1])).status).toBe(400);
  });

  it('a password reset in between ends the challenge', async () => {
    const u = await userWith(app, []);
    const { secret } = await enrol(app, u);
    const token = await challenge(app, u);
    await app.db.updateTable('users').set((eb) => ({ token_version: eb('token_version', '+', 1) })).where('id', '=', u.id).execute();
    expect((await mfaLogin(token, codeAt(secret, 1))).status).toBe(400);
  });
});

describe('turning it off, staff reset', () => {
  it('needs the password and a code (or a recovery code); every session ends', async () => {
    const u = await userWith(app, []);
    const { secret, access, recovery } = await enrol(app, u);
    expect(await app.api('POST', '/auth/mfa/disable/', { token: access, body: { password: 'otra', code: codeAt(secret, 1) } })).toMatchObject({
      status: 400, body: { password: [MF.passwordWrong] },
    });
    expect((await app.api('POST', '/auth/mfa/disable/', { token: access, body: { password: u.password, code: wrong(codeAt(secret, 1)) } })).status).toBe(400);
    const off = await app.api('POST', '/auth/mfa/disable/', { token: access, body: { password: u.password, code: recovery[3] } });
    expect(off.status).toBe(200);
    expect((await app.api('GET', '/auth/mfa/', { token: access })).status).toBe(401);
    expect((await app.api('GET', '/auth/mfa/', { token: off.body.access })).body).toMatchObject({ mfa_enabled: false, recovery_codes_left: 0 });
    // The password alone signs in again.
    expect((await app.login(u.username, u.password)).access).toBeTruthy();
    expect((await auditRows(app, 'usuario', u.id)).map((r) => r.action)).toContain('mfa_disable');
    expect(await app.db.selectFrom('mfa_recovery_codes').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
  });

  it('staff with the permission reset another user’s second factor (audited with who); others get 403', async () => {
    const u = await userWith(app, []);
    const { access } = await enrol(app, u);
    const staff = await userWith(app, [P.resetMfa]);
    const other = await userWith(app, [P.changeUser]);
    expect((await app.api('POST', `/usuarios/${u.id}/reset_mfa/`, { token: other.token })).status).toBe(403);
    expect((await app.api('POST', `/usuarios/${staff.id}/reset_mfa/`, { token: staff.token })).status).toBe(400);
    expect((await app.api('POST', `/usuarios/999999/reset_mfa/`, { token: staff.token })).status).toBe(404);
    // The reset takes no fields: an unknown key is refused (after 403), the second factor stays.
    expect((await app.api('POST', `/usuarios/${u.id}/reset_mfa/`, { token: other.token, body: { foo: 1 } })).status).toBe(403);
    const unknown = await app.api('POST', `/usuarios/${u.id}/reset_mfa/`, { token: staff.token, body: { foo: 1 } });
    expect(unknown).toMatchObject({ status: 400, body: { foo: ['Campo no permitido.'] } });
    expect((await app.api('GET', '/auth/mfa/', { token: access })).body).toMatchObject({ mfa_enabled: true });
    const r = await app.api('POST', `/usuarios/${u.id}/reset_mfa/`, { token: staff.token });
    expect(r).toMatchObject({ status: 200, body: { detail: MF.reset } });
    expect((await app.api('GET', '/auth/mfa/', { token: access })).status).toBe(401);
    const row = (await auditRows(app, 'usuario', u.id)).find((x) => x.action === 'mfa_reset')!;
    expect(row.actor_id).toBe(staff.id);
    // They sign in with the password and enrol again.
    const fresh = await app.login(u.username, u.password);
    expect((await enrol(app, { token: fresh.access, password: u.password })).recovery).toHaveLength(10);
    // Administrador holds the permission.
    expect((await app.api('GET', '/me/permissions/', { token: await app.adminToken() })).body.perms).toContain(P.resetMfa);
  });

  it('staff reset only the second factor of users they outrank: never a superuser’s, nor one holding a permission they lack', async () => {
    const staff = await userWith(app, [P.resetMfa]);
    const admin = await app.db.selectFrom('users').select('id').where('is_superuser', '=', true).executeTakeFirstOrThrow();
    const onSuper = await app.api('POST', `/usuarios/${admin.id}/reset_mfa/`, { token: staff.token });
    expect(onSuper).toMatchObject({ status: 403, body: { detail: MA.superuserOnly } });
    const jefe = await userWith(app, [P.resetMfa, P.changeUser]);
    const { access } = await enrol(app, jefe);
    expect((await app.api('POST', `/usuarios/${jefe.id}/reset_mfa/`, { token: staff.token })).status).toBe(403);
    // Nothing changed: the second factor is on and the session lives.
    expect((await app.api('GET', '/auth/mfa/', { token: access })).body).toMatchObject({ mfa_enabled: true });
    expect((await auditRows(app, 'usuario', jefe.id)).map((r) => r.action)).not.toContain('mfa_reset');
    // The other way round it is allowed: jefe holds every permission staff has.
    await enrol(app, staff);
    expect((await app.api('POST', `/usuarios/${staff.id}/reset_mfa/`, { token: access })).status).toBe(200);
  });

  it('a user without a second factor has nothing to reset: 400, their sessions go on and nothing is audited', async () => {
    const staff = await userWith(app, [P.resetMfa]);
    const u = await userWith(app, []);
    const r = await app.api('POST', `/usuarios/${u.id}/reset_mfa/`, { token: staff.token });
    expect(r).toMatchObject({ status: 400, body: { detail: MF.resetNotEnabled } });
    expect((await app.api('GET', '/auth/mfa/', { token: u.token })).status).toBe(200);
    expect((await auditRows(app, 'usuario', u.id)).map((x) => x.action)).not.toContain('mfa_reset');
    // Nor after a setup left unconfirmed: the pending secret stays for the enable step.
    const setup = await app.api('POST', '/auth/mfa/setup/', { token: u.token });
    expect((await app.api('POST', `/usuarios/${u.id}/reset_mfa/`, { token: staff.token })).status).toBe(400);
    expect((await app.api('POST', '/auth/mfa/enable/', { token: u.token, body: { password: u.password, code: codeAt(setup.body.secret) } })).status).toBe(200);
  });
});

describe('role policy', () => {
  it('a member of a role that requires it must enrol before any other call', async () => {
    const admin = await app.adminToken();
    const perms = (await app.api('GET', '/permisos/', { token: admin })).body as { id: number; codename: string }[];
    const viewUser = perms.find((p) => p.codename === 'view_user')!.id;
    const role = await app.api('POST', '/roles/', { token: admin, body: { name: `Tesorería ${Date.now()}`, permissions: [viewUser], requiere_mfa: true } });
    expect(role.status).toBe(201);
    expect(role.body.requiere_mfa).toBe(true);
    const u = await userWith(app, []);
    await app.db.insertInto('user_groups').values({ user_id: u.id, group_id: role.body.id }).execute();

    const login = await app.api('POST', '/token/', { body: { username: u.username, password: u.password } });
    expect(login.body).toMatchObject({ access: expect.any(String), mfa_enrollment_required: true });
    const blocked = await app.api('GET', '/usuarios/', { token: login.body.access });
    expect(blocked).toMatchObject({ status: 403, body: { detail: MF.enrollmentRequired, code: 'mfa_enrollment_required' } });
    expect((await app.api('GET', '/me/permissions/', { token: login.body.access })).body.code).toBe('mfa_enrollment_required');
    expect((await app.api('GET', '/auth/mfa/', { token: login.body.access })).body).toMatchObject({ mfa_required: true, enrollment_required: true });
    expect((await app.api('POST', '/auth/password/change/', { token: login.body.access, body: { current_password: u.password, new_password: 'nueva-clave-9' } })).status).toBe(403);

    const { access, secret } = await enrol(app, { token: login.body.access, password: u.password });
    expect((await app.api('GET', '/usuarios/', { token: access })).status).toBe(200);
    // It cannot be turned off while the role requires it.
    expect((await app.api('POST', '/auth/mfa/disable/', { token: access, body: { password: u.password, code: codeAt(secret, 1) } })).body).toEqual({ detail: MF.requiredByRole });

    // The role drops the requirement (PUT with the echoed record); edits audited.
    const put = await app.api('PUT', `/roles/${role.body.id}/`, { token: admin, body: { ...role.body, requiere_mfa: false } });
    expect(put.status).toBe(200);
    expect(put.body.requiere_mfa).toBe(false);
    // PUT without the flag keeps it.
    expect((await app.api('PUT', `/roles/${role.body.id}/`, { token: admin, body: { name: role.body.name, permissions: [viewUser] } })).body.requiere_mfa).toBe(false);
  });

  it('no seeded role requires it: the admin signs in with a password alone', async () => {
    const roles = await app.db.selectFrom('auth_group').select(['name', 'requiere_mfa']).where('name', 'in', ['Administrador', 'Operador', 'Cliente']).execute();
    expect(roles.map((r) => r.requiere_mfa)).toEqual([false, false, false]);
    const r = await app.api('POST', '/token/', { body: { username: 'admin', password: (await import('../../test/harness')).ADMIN_PASSWORD } });
    expect(Object.keys(r.body).sort()).toEqual(['access', 'refresh']);
  });
});

describe('password change and sessions', () => {
  it('changes the own password with the current one; other sessions end, this one goes on', async () => {
    const u = await userWith(app, []);
    const other = await app.login(u.username, u.password);
    expect(await app.api('POST', '/auth/password/change/', { token: u.token, body: { current_password: 'mala', new_password: 'nueva-clave-9' } })).toMatchObject({
      status: 400, body: { current_password: [MF.passwordWrong] },
    });
    expect((await app.api('POST', '/auth/password/change/', { token: u.token, body: { current_password: u.password, new_password: u.password } })).status).toBe(400);
    expect((await app.api('POST', '/auth/password/change/', { token: u.token, body: { current_password: u.password, new_password: '123' } })).status).toBe(400);
    const ok = await app.api('POST', '/auth/password/change/', { token: u.token, body: { current_password: u.password, new_password: 'nueva-clave-9' } });
    expect(ok).toMatchObject({ status: 200, body: { detail: MF.passwordChanged } });
    expect((await app.api('POST', '/token/refresh/', { body: { refresh: other.refresh } })).status).toBe(401);
    expect((await app.api('GET', '/auth/mfa/', { token: ok.body.access })).status).toBe(200);
    expect((await app.api('POST', '/token/', { body: { username: u.username, password: 'nueva-clave-9' } })).status).toBe(200);
    expect((await auditRows(app, 'usuario', u.id)).map((r) => r.action)).toContain('password_change');
  });

  it('sign out everywhere revokes every token of the user, this one included', async () => {
    const u = await userWith(app, []);
    const a = await app.login(u.username, u.password);
    const b = await app.login(u.username, u.password);
    const r = await app.api('POST', '/auth/logout-all/', { token: a.access });
    expect(r).toMatchObject({ status: 200, body: { detail: MF.loggedOutEverywhere } });
    for (const t of [a.access, b.access]) expect((await app.api('GET', '/auth/mfa/', { token: t })).status).toBe(401);
    for (const t of [a.refresh, b.refresh]) expect((await app.api('POST', '/token/refresh/', { body: { refresh: t } })).status).toBe(401);
    expect((await auditRows(app, 'usuario', u.id)).map((r) => r.action)).toContain('logout_all');
  });

  it('setup and sign out everywhere take no fields: a body key or a body that is not an object answers 400 and does nothing (after 401)', async () => {
    const u = await userWith(app, []);
    const a = await app.login(u.username, u.password);
    for (const path of ['/auth/logout-all/', '/auth/mfa/setup/']) {
      expect((await app.api('POST', path, { body: { foo: 1 } })).status, path).toBe(401);
      expect(await app.api('POST', path, { token: a.access, body: { foo: 1 } }), path).toMatchObject({ status: 400, body: { foo: ['Campo no permitido.'] } });
      for (const raw of ['"x"', '[]', '5']) {
        const r = await app.api('POST', path, { token: a.access, raw });
        expect(r.status, `${path} ${raw}`).toBe(400);
        expect(Object.keys(r.body), `${path} ${raw}`).toEqual(['non_field_errors']);
      }
    }
    // Nothing happened: the session lives, no secret is pending.
    expect((await app.api('GET', '/auth/mfa/', { token: a.access })).status).toBe(200);
    const row = await app.db.selectFrom('users').select('mfa_pending_secret').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.mfa_pending_secret).toBeNull();
    // No body, an empty object or null still do it.
    expect((await app.api('POST', '/auth/mfa/setup/', { token: a.access, body: {} })).status).toBe(200);
    expect((await app.api('POST', '/auth/logout-all/', { token: a.access, raw: 'null' })).status).toBe(200);
  });

  it('the REST paths are listed in the OpenAPI document', async () => {
    const doc = (await app.api('GET', '/schema/')).body as { paths: Record<string, unknown> };
    for (const p of ['/api/token/mfa/', '/api/auth/mfa/', '/api/auth/mfa/setup/', '/api/auth/mfa/enable/', '/api/auth/mfa/disable/', '/api/auth/password/change/', '/api/auth/logout-all/', '/api/usuarios/{id}/reset_mfa/']) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
  });
});
