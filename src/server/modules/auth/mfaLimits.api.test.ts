import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { auditRows, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { MF } from '../../../shared/messagesMfa';
import { P } from '../../../shared/permissions';
import { tauser } from '../transacciones/testFixtures';
import { challenge, codeAt, enrol } from './testMfa';

/**
 * Attempt limits of the second factor (per account and per IP) and of the terminal sign-in (per
 * Tauser and per IP): past them 429 with Retry-After. X-Forwarded-For stands for the client's address.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    rateLimits: {
      mfaPerAccount: { points: 3, durationSec: 60 },
      mfaPerIp: { points: 8, durationSec: 60 },
      terminalPerTauser: { points: 5, durationSec: 60 },
      terminalPerIp: { points: 10, durationSec: 60 },
      passwordCheckPerAccount: { points: 2, durationSec: 60 },
    },
  });
});
afterAll(() => app.close());

let n = 0;
const ip = () => ({ 'X-Forwarded-For': `10.7.${Math.floor(++n / 250)}.${n % 250}` });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

function expect429(r: { status: number; body: any; headers: Headers }) {
  expect(r.status).toBe(429);
  expect(r.body.detail).toBe(M.tooManyRequests);
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

describe('second factor', () => {
  it('wrong codes are limited per account, from any address; then even the right code waits', async () => {
    const u = await userWith(app, []);
    const { secret } = await enrol(app, u);
    const token = await challenge(app, u, ip());
    for (let i = 0; i < 3; i++) {
      const r = await app.api('POST', '/token/mfa/', { headers: ip(), body: { mfa_token: token, code: wrong(codeAt(secret, 1)) } });
      expect(r).toMatchObject({ status: 400, body: { code: [MF.codeWrong] } });
    }
    expect429(await app.api('POST', '/token/mfa/', { headers: ip(), body: { mfa_token: token, code: codeAt(secret, 1) } }));
    // Another account is not affected.
    const v = await userWith(app, []);
    const other = await enrol(app, v);
    expect((await app.api('POST', '/token/mfa/', { headers: ip(), body: { mfa_token: await challenge(app, v, ip()), code: other.recovery[0] } })).status).toBe(200);
  });

  it('a burst of parallel wrong codes from many addresses checks no more codes than the limit', async () => {
    const u = await userWith(app, []);
    const { secret } = await enrol(app, u);
    const token = await challenge(app, u, ip());
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => app.api('POST', '/token/mfa/', { headers: ip(), body: { mfa_token: token, code: wrong(codeAt(secret, 1)) } })),
    );
    expect(answers.filter((r) => r.status === 400)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(9);
    // Only three codes were checked (each checked wrong code is audited).
    expect(await auditRows(app, 'usuario', u.id).then((rows) => rows.filter((r) => r.action === 'mfa_failed'))).toHaveLength(3);
  });

  it('every attempt counts per IP, whatever the account', async () => {
    const addr = ip();
    const users = await Promise.all([userWith(app, []), userWith(app, [])]);
    const secrets = [];
    for (const u of users) secrets.push((await enrol(app, u)).secret);
    let last;
    for (let i = 0; i < 9; i++) {
      const k = i % 2;
      last = await app.api('POST', '/token/mfa/', { headers: addr, body: { mfa_token: 'x', code: wrong(codeAt(secrets[k], 1)) } });
      if (i < 8) expect(last.status).toBe(400);
    }
    expect429(last!);
  });

  it('a wrong current password (change, disable) is limited per account', async () => {
    const u = await userWith(app, []);
    for (let i = 0; i < 2; i++) {
      const r = await app.api('POST', '/auth/password/change/', { token: u.token, body: { current_password: 'mala', new_password: 'nueva-clave-9' } });
      expect(r.status).toBe(400);
    }
    expect429(await app.api('POST', '/auth/password/change/', { token: u.token, body: { current_password: u.password, new_password: 'nueva-clave-9' } }));
  });

  it('wrong passwords when turning the factor off spend no second-factor attempt: the sign-in code still works', async () => {
    const u = await userWith(app, []);
    const { secret, access } = await enrol(app, u);
    for (let i = 0; i < 3; i++) {
      const r = await app.api('POST', '/auth/mfa/disable/', { token: access, headers: ip(), body: { password: 'mala', code: codeAt(secret, 1) } });
      expect(r.status).not.toBe(200);
    }
    const token = await challenge(app, u, ip());
    expect((await app.api('POST', '/token/mfa/', { headers: ip(), body: { mfa_token: token, code: codeAt(secret, 1) } })).status).toBe(200);
  });

  it('the right current password clears the count, and a burst of wrong ones checks no more than the limit', async () => {
    const u = await userWith(app, []);
    const bad = { current_password: 'mala', new_password: 'nueva-clave-9' };
    expect((await app.api('POST', '/auth/password/change/', { token: u.token, body: bad })).status).toBe(400);
    const ok = await app.api('POST', '/auth/password/change/', { token: u.token, body: { current_password: u.password, new_password: 'nueva-clave-9' } });
    expect(ok.status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.api('POST', '/auth/password/change/', { token: ok.body.access, body: bad })));
    expect(answers.map((r) => r.status).sort()).toEqual([400, 400, 429, 429, 429, 429]);
  });
});

describe('terminal sign-in', () => {
  it('wrong secrets are limited per Tauser; a right sign-in from another address still waits', async () => {
    const staff = (await userWith(app, [P.viewTauser, P.changeTauser])).token;
    const id = await tauser(app);
    const cred = (await app.api('POST', `/tauser/${id}/secreto/`, { token: staff, body: {} })).body as { codigo: string; secreto: string };
    for (let i = 0; i < 5; i++) expect((await app.api('POST', '/tauser/terminal/login/', { headers: ip(), body: { ...cred, secreto: 'malo' } })).status).toBe(401);
    expect429(await app.api('POST', '/tauser/terminal/login/', { headers: ip(), body: cred }));
  });

  it('a burst of parallel wrong secrets checks no more secrets than the limit', async () => {
    const staff = (await userWith(app, [P.viewTauser, P.changeTauser])).token;
    const cred = (await app.api('POST', `/tauser/${await tauser(app)}/secreto/`, { token: staff, body: {} })).body as { codigo: string };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => app.api('POST', '/tauser/terminal/login/', { headers: ip(), body: { codigo: cred.codigo, secreto: 'malo' } })),
    );
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it('every attempt counts per IP (25 wrong secrets from one address do not all answer 401)', async () => {
    const addr = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await app.api('POST', '/tauser/terminal/login/', { headers: addr, body: { codigo: `NOEXISTE${i}`, secreto: 'malo' } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });
});
