import { audit } from '../../lib/audit';
import type { Db } from '../../db';
import type { Env } from '../../env';
import type { Services } from '../../services';
import { fieldError, invalidFields, unauthorized } from '../../lib/errors';
import { withUniqueFields } from '../../lib/unique';
import { consume } from '../../lib/rateLimit';
import { M } from '../../../shared/messages';
import { MS } from '../../../shared/messagesSecurity';
import { ROLE_CLIENTE } from '../../../shared/permissions';
import type { LoginInput, PasswordResetConfirmInput, RegisterInput } from '../../../shared/schemas/auth';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords';
import { issueAccess, issueTokens, verifyToken } from './tokens';
import { insertUser, takenFields } from '../usuarios/usuarios.repository';
import {
  activeVerifiedUserByEmail, type CodeTable, deleteCode, grantRoleByName, isRevoked, lockPendingCode, markVerified, revokeToken,
  setCodeAttempts, touchLastLogin, unverifiedUserByEmail, upsertCode, userForLogin, userSessionState,
} from './auth.repository';
import { challengeFor } from './mfa.service';
import { roleRequiresMfa, setPasswordAndRevoke } from './mfa.repository';
import { CODE_TTL_MS, codeMatches, hashCode, MAX_CODE_ATTEMPTS, newCode, resetMail, verificationMail } from './verification';

export interface AuthDeps {
  db: Db;
  env: Env;
  services: Services;
  ip: string;
}

const REGISTER_UNIQUE = {
  users_username_uq: ['username', M.usernameTaken],
  users_email_uq: ['email', M.emailTaken],
} as const;

export async function login(deps: AuthDeps, input: LoginInput) {
  const { db, env, services } = deps;
  const accountKey = input.username.toLowerCase();
  await consume(services.limiters.loginPerIp, deps.ip);
  // Spent before the check (lib/rateLimit.ts); a successful sign-in clears the account's count.
  await consume(services.limiters.loginPerAccount, accountKey);

  const user = await userForLogin(db, accountKey);
  const ok = await verifyPassword(user?.password_hash ?? (await timingDummyHash()), input.password);
  if (!user || !ok) throw unauthorized(M.badCredentials);
  // The right password of an unverified account is no failure (the answer says so anyway); one staff
  // deactivated is refused like any inactive one: verifying would not let it in.
  if (!user.email_verified && !user.bloqueado) {
    await services.limiters.loginPerAccount.delete(accountKey);
    throw unauthorized(M.notVerified, { code: 'email_not_verified' });
  }
  if (!user.is_active) throw unauthorized(M.badCredentials);

  await services.limiters.loginPerAccount.delete(accountKey);
  // With a second factor the password only opens the challenge (mfa.service.ts).
  if (user.mfa_enabled) return challengeFor(deps, user.id, user.token_version);
  await touchLastLogin(db, user.id);
  const tokens = issueTokens(env, user.id, user.token_version);
  return (await roleRequiresMfa(db, user.id)) ? { ...tokens, mfa_enrollment_required: true as const } : tokens;
}

/** A new access token for a valid, unrevoked refresh token of an active user. */
export async function refresh(deps: Pick<AuthDeps, 'db' | 'env'>, refreshToken: string) {
  const claims = verifyToken(deps.env, refreshToken, 'refresh');
  const invalid = unauthorized(M.tokenInvalid, { code: 'token_not_valid' });
  if (!claims) throw invalid;
  if (await isRevoked(deps.db, claims.jti)) throw invalid;
  const user = await userSessionState(deps.db, claims.user_id);
  if (!user?.is_active || user.token_version !== claims.ver) throw invalid;
  return { access: issueAccess(deps.env, claims.user_id, user.token_version) };
}

/**
 * Revokes the refresh token it names (an expired or already revoked one is fine: it is useless
 * anyway). Something that is not one of our refresh tokens is bad input: 400.
 */
export async function logout(deps: Pick<AuthDeps, 'db' | 'env'>, refreshToken: string) {
  const claims = verifyToken(deps.env, refreshToken, 'refresh', { ignoreExpiration: true });
  if (!claims) throw fieldError('refresh', MS.refreshMalformed);
  await revokeToken(deps.db, claims.jti, new Date(claims.exp * 1000));
  return { detail: 'Sesión cerrada.' };
}

export async function register(deps: AuthDeps, input: RegisterInput) {
  const { db, services } = deps;
  await consume(services.limiters.registerPerIp, deps.ip);
  await consume(services.limiters.registerPerEmail, input.email.toLowerCase());
  const taken = await takenFields(db, { username: input.username, email: input.email });
  const fields: Record<string, string[]> = {};
  if (taken.username) fields.username = [M.usernameTaken];
  if (taken.email) fields.email = [M.emailTaken];
  if (Object.keys(fields).length) throw invalidFields(fields);

  const password_hash = await hashPassword(input.password);
  // The user and their code are one change: a crash between them must not leave a user without a code.
  // A registration racing another with the same username or e-mail answers as the pre-check would.
  const created = await withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const id = await insertUser(trx, { username: input.username, email: input.email, first_name: input.first_name, password_hash, is_active: false, email_verified: false });
        return { id, code: await storeNewCode(deps, trx, 'email_verifications', id) };
      }),
    REGISTER_UNIQUE,
  );
  const sent = await mailCode(deps, 'email_verifications', { id: created.id, email: input.email, first_name: input.first_name }, created.code);
  return { ok: true, email: input.email, correo_enviado: sent, detail: sent ? M.registerOk : M.registerMailFailed };
}

/** A fresh code for the user, replacing any previous one and its failed attempts. */
async function storeNewCode(deps: Pick<AuthDeps, 'env'>, db: Db, table: CodeTable, userId: number) {
  const code = newCode();
  await upsertCode(db, table, userId, hashCode(deps.env.jwtSecret, codeKey(table, userId), code), new Date(Date.now() + CODE_TTL_MS));
  return code;
}

// A verification code's hash is keyed by the user id, a reset code's by its negative: neither passes for the other.
const codeKey = (table: CodeTable, userId: number) => (table === 'password_resets' ? -userId : userId);

const CODE_MAIL = {
  email_verifications: { mail: verificationMail, failure: 'no se pudo enviar el código de verificación' },
  password_resets: { mail: resetMail, failure: 'no se pudo enviar el código de restablecimiento' },
};

/** Mails a code; false (logged) when the mail could not be sent. */
async function mailCode(deps: AuthDeps, table: CodeTable, user: { id: number; email: string; first_name: string }, code: string): Promise<boolean> {
  try {
    await deps.services.mailer.send({ to: user.email, ...CODE_MAIL[table].mail(user.first_name, code) });
    return true;
  } catch (e) {
    deps.services.log.warn({ userId: user.id, err: (e as Error).message }, CODE_MAIL[table].failure);
    return false;
  }
}

/**
 * Checks the pending code of `input.email` under a row lock; a match runs `onMatch` and spends the code in
 * the same transaction. A wrong code counts a failed attempt, so its error is raised only after the commit.
 */
async function spendCode(deps: AuthDeps, table: CodeTable, input: { email: string; code: string }, onMatch: (trx: Db, userId: number) => Promise<unknown>) {
  const invalid = fieldError('code', M.codeInvalid);
  const failed = await deps.db.transaction().execute(async (trx) => {
    const row = await lockPendingCode(trx, table, input.email.toLowerCase());
    if (!row || row.attempts >= MAX_CODE_ATTEMPTS || new Date(row.expires_at) < new Date()) throw invalid;
    if (!codeMatches(deps.env.jwtSecret, codeKey(table, row.id), input.code, row.code_hash)) {
      await setCodeAttempts(trx, table, row.id, row.attempts + 1);
      return true;
    }
    await onMatch(trx, row.id);
    await deleteCode(trx, table, row.id);
    return false;
  });
  if (failed) throw invalid;
}

export async function resendCode(deps: AuthDeps, email: string) {
  await consume(deps.services.limiters.resendPerIp, deps.ip);
  await consume(deps.services.limiters.resendPerEmail, email.toLowerCase());
  const user = await unverifiedUserByEmail(deps.db, email.toLowerCase());
  if (user) await mailCode(deps, 'email_verifications', user, await storeNewCode(deps, deps.db, 'email_verifications', user.id));
  return { detail: M.codeResent };
}

export async function verifyEmail(deps: AuthDeps, input: { email: string; code: string }) {
  await consume(deps.services.limiters.verifyPerIp, deps.ip);
  await consume(deps.services.limiters.verifyPerAccount, input.email.toLowerCase());
  await spendCode(deps, 'email_verifications', input, async (trx, userId) => {
    await markVerified(trx, userId);
    await grantRoleByName(trx, userId, ROLE_CLIENTE);
  });
  return { detail: M.verifyOk };
}

/**
 * Step 1 of a password reset: mails a 6-digit code to an active, verified account. The answer is
 * the same whether the account exists or not.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string) {
  await consume(deps.services.limiters.resetPerIp, deps.ip);
  await consume(deps.services.limiters.resetPerEmail, email.toLowerCase());
  const user = await activeVerifiedUserByEmail(deps.db, email.toLowerCase());
  if (user) await mailCode(deps, 'password_resets', user, await storeNewCode(deps, deps.db, 'password_resets', user.id));
  return { detail: MS.resetRequested };
}

/** Step 2: the code sets a new password and revokes every token issued before, in one transaction. */
export async function confirmPasswordReset(deps: AuthDeps, input: PasswordResetConfirmInput) {
  await consume(deps.services.limiters.resetPerIp, deps.ip);
  await consume(deps.services.limiters.resetPerEmail, input.email.toLowerCase());
  const password_hash = await hashPassword(input.password);
  await spendCode(deps, 'password_resets', input, async (trx, userId) => {
    await setPasswordAndRevoke(trx, userId, password_hash);
    // As a change with the current password: the record says the password was replaced, by its owner's code.
    await audit(trx, { actorId: userId, action: 'password_change', entity: 'usuario', entityId: userId, after: { por_correo: true } });
  });
  return { detail: MS.resetDone };
}
