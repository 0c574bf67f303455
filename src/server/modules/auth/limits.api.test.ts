import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../test/harness';
import { M } from '../../../shared/messages';
import { hashOptions, hashPool } from './passwords';

/**
 * Registration, resend-code and password reset are limited per IP and per e-mail: past the limit
 * 429 with Retry-After and a Spanish message, and the limit recovers once its window passes. The
 * test app trusts loopback as a proxy, so X-Forwarded-For stands for the client's address.
 */
// A window long enough for three calls on a loaded machine.
const tight = { points: 2, durationSec: 4 };
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    rateLimits: { registerPerIp: tight, registerPerEmail: tight, resendPerIp: tight, resendPerEmail: tight, resetPerIp: tight, resetPerEmail: tight },
  });
});
afterAll(() => app.close());

let n = 0;
const ip = () => `10.9.${Math.floor(++n / 250)}.${n % 250}`;
const from = (addr: string) => ({ 'X-Forwarded-For': addr });

type Call = (email: string, addr: string) => Promise<{ status: number; body: any; headers: Headers }>;
const ENDPOINTS: [string, Call][] = [
  ['register', (email, addr) => app.api('POST', '/auth/register/', { headers: from(addr), body: { username: `u${++n}x`, email, first_name: 'Ana', password: 'secreto1' } })],
  ['resend-code', (email, addr) => app.api('POST', '/auth/resend-code/', { headers: from(addr), body: { email } })],
  ['password-reset', (email, addr) => app.api('POST', '/auth/password-reset/', { headers: from(addr), body: { email } })],
  ['password-reset/confirm', (email, addr) => app.api('POST', '/auth/password-reset/confirm/', { headers: from(addr), body: { email, code: '000000', password: 'secreto2' } })],
];

function expect429(r: { status: number; body: any; headers: Headers }, what: string) {
  expect(r.status, what).toBe(429);
  expect(r.body.detail, what).toBe(M.tooManyRequests);
  expect(Number(r.headers.get('retry-after')), what).toBeGreaterThanOrEqual(1);
}

/** Calls until the answer is not 429 (the window passed), failing after `ms`. */
async function recovers(call: () => ReturnType<Call>, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const r = await call();
    if (r.status !== 429) return r;
    if (Date.now() > end) throw new Error('the limit did not recover');
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

describe.each(ENDPOINTS)('%s', (name, call) => {
  it('is limited per IP: other addresses still pass; it recovers', async () => {
    const addr = ip();
    for (let i = 0; i < 2; i++) expect((await call(`ip${++n}@x.py`, addr)).status, name).not.toBe(429);
    expect429(await call(`ip${++n}@x.py`, addr), name);
    expect((await call(`ip${++n}@x.py`, ip())).status, name).not.toBe(429);
    expect((await recovers(() => call(`ip${++n}@x.py`, addr))).status).not.toBe(429);
  });

  it('is limited per e-mail, whatever the address; it recovers', async () => {
    const email = `mail${++n}@x.py`;
    for (let i = 0; i < 2; i++) expect((await call(email, ip())).status, name).not.toBe(429);
    expect429(await call(email.toUpperCase(), ip()), name);
    expect((await call(`otro${++n}@x.py`, ip())).status, name).not.toBe(429);
    expect((await recovers(() => call(email, ip()))).status).not.toBe(429);
  });
});

describe('password hashing under a burst of registrations', () => {
  it('runs in a bounded pool, and a login does not wait behind the burst', async () => {
    const burst = await startTestApp();
    // Registrations hash at a real cost here (tests otherwise hash at the smallest), so they queue.
    const testCost = { ...hashOptions };
    Object.assign(hashOptions, { memoryCost: 8192, timeCost: 2 });
    try {
      await burst.login('admin', ADMIN_PASSWORD); // warm up
      let maxRunning = 0;
      const sampler = setInterval(() => (maxRunning = Math.max(maxRunning, hashPool.running)), 5);
      const finished: number[] = [];
      const registrations = Array.from({ length: 16 }, (_, i) =>
        burst
          .api('POST', '/auth/register/', { body: { username: `burst${i}`, email: `burst${i}@x.py`, first_name: 'B', password: 'secreto1' } })
          .then((r) => {
            expect(r.status).toBe(201);
            finished.push(Date.now());
          }),
      );
      await new Promise((ok) => setTimeout(ok, 50));
      const t0 = Date.now();
      await burst.login('admin', ADMIN_PASSWORD);
      const loginDone = Date.now();
      await Promise.all(registrations);
      clearInterval(sampler);
      expect(maxRunning).toBeLessThanOrEqual(hashPool.size);
      // The login overtook the queue: most registrations were still waiting when it answered.
      expect(finished.filter((t) => t > loginDone).length).toBeGreaterThan(8);
      expect(loginDone - t0).toBeLessThan(Math.max(...finished) - t0);
    } finally {
      Object.assign(hashOptions, testCost);
      await burst.close();
    }
  }, 90_000);
});
