import { generateSync } from 'otplib';
import type { TestApp } from '../../test/harness';
import type { TestUser } from '../../test/fixtures';

/** The TOTP code of `secret` `steps` periods from now (as an authenticator app shows it). */
export const codeAt = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

/** As if the user's last accepted code were from a minute ago: the codes of now are new again. */
export async function timePasses(app: Pick<TestApp, 'db'>, userId: number) {
  const row = await app.db.selectFrom('users').select('mfa_last_step').where('id', '=', userId).executeTakeFirstOrThrow();
  if (row.mfa_last_step !== null) await app.db.updateTable('users').set({ mfa_last_step: row.mfa_last_step - 3 }).where('id', '=', userId).execute();
}

/** Enrols the user (setup + enable with a current code): the secret, the recovery codes and the new tokens. */
export async function enrol(app: TestApp, user: Pick<TestUser, 'token' | 'password'>) {
  const setup = await app.api('POST', '/auth/mfa/setup/', { token: user.token });
  if (setup.status !== 200) throw new Error(`setup ${setup.status} ${JSON.stringify(setup.body)}`);
  const secret = setup.body.secret as string;
  const enable = await app.api('POST', '/auth/mfa/enable/', { token: user.token, body: { password: user.password, code: codeAt(secret) } });
  if (enable.status !== 200) throw new Error(`enable ${enable.status} ${JSON.stringify(enable.body)}`);
  return { secret, recovery: enable.body.recovery_codes as string[], access: enable.body.access as string, refresh: enable.body.refresh as string };
}

/** Password step of the sign-in: the challenge token (the user has a second factor). */
export async function challenge(app: TestApp, user: Pick<TestUser, 'username' | 'password'>, headers?: Record<string, string>) {
  const r = await app.api('POST', '/token/', { body: { username: user.username, password: user.password }, headers });
  if (r.status !== 200 || !r.body.mfa_token) throw new Error(`login ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.mfa_token as string;
}
