import type { Db } from '../../db';
import type { Env } from '../../env';
import type { Services } from '../../services';
import { fieldError, invalidFields, unauthorized } from '../../lib/errors';
import { withUniqueFields } from '../../lib/unique';
import { consume, ensureNotBlocked } from '../../lib/rateLimit';
import { M } from '../../../shared/messages';
import { MS } from '../../../shared/messagesSecurity';
import { ROLE_CLIENTE } from '../../../shared/permissions';
import type { LoginInput, PasswordResetConfirmInput, RegisterInput } from '../../../shared/schemas/auth';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords';
import { issueAccess, issueTokens, verifyToken } from './tokens';
import { insertUser, takenFields } from '../usuarios/usuarios.repository';
import {
  grantRoleByName, isRevoked, lockPendingVerification, markVerified, revokeToken, setVerificationAttempts, touchLastLogin,
  unverifiedUserByEmail, upsertVerification, userForLogin, userSessionState, activeVerifiedUserByEmail, upsertPasswordReset,
  lockPendingReset, setResetAttempts, applyPasswordReset,
} from './auth.repository';
import { challengeFor } from './mfa.service';
import { roleRequiresMfa } from './mfa.repository';
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
  await ensureNotBlocked(services.limiters.loginPerAccount, accountKey);

  const user = await userForLogin(db, accountKey);
  const ok = await verifyPassword(user?.password_hash ?? (await timingDummyHash()), input.password);
  if (!user || !ok) {
    await consume(services.limiters.loginPerAccount, accountKey);
    throw unauthorized(M.badCredentials);
  }
  if (!user.email_verified) throw unauthorized(M.notVerified, { code: 'email_not_verified' });
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
  const code = newCode();
  // The user and their code are one change: a crash between them must not leave a user without a code.
  // A registration racing another with the same username or e-mail answers as the pre-check would.
  const userId = await withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const id = await insertUser(trx, {
          username: input.username,
          email: input.email,
          first_name: input.first_name,
          password_hash,
          is_active: false,
          email_verified: false,
        });
        await storeCode(trx, deps.env.jwtSecret, id, code);
        return id;
      }),
    REGISTER_UNIQUE,
  );
  const sent = await mailCode(deps, userId, input.email, input.first_name, code);
  return {
    ok: true,
    email: input.email,
    correo_enviado: sent,
    detail: sent ? M.registerOk : M.registerMailFailed,
  };
}

/** Stores a fresh code (replacing any previous one) and mails it; false when the mail could not be sent. */
async function sendNewCode(deps: AuthDeps, userId: number, email: string, firstName: string): Promise<boolean> {
  const code = newCode();
  await storeCode(deps.db, deps.env.jwtSecret, userId, code);
  return mailCode(deps, userId, email, firstName, code);
}

const storeCode = (db: Db, secret: string, userId: number, code: string) =>
  upsertVerification(db, userId, hashCode(secret, userId, code), new Date(Date.now() + CODE_TTL_MS));

async function mailCode(deps: AuthDeps, userId: number, email: string, firstName: string, code: string): Promise<boolean> {
  try {
    await deps.services.mailer.send({ to: email, ...verificationMail(firstName, code) });
    return true;
  } catch (e) {
    deps.services.log.warn({ userId, err: (e as Error).message }, 'no se pudo enviar el código de verificación');
    return false;
  }
}

export async function resendCode(deps: AuthDeps, email: string) {
  await consume(deps.services.limiters.resendPerIp, deps.ip);
  await consume(deps.services.limiters.resendPerEmail, email.toLowerCase());
  const user = await unverifiedUserByEmail(deps.db, email.toLowerCase());
  if (user) await sendNewCode(deps, user.id, user.email, user.first_name);
  return { detail: M.codeResent };
}

export async function verifyEmail(deps: AuthDeps, input: { email: string; code: string }) {
  const { db, env, services } = deps;
  await consume(services.limiters.verifyPerIp, deps.ip);
  await consume(services.limiters.verifyPerAccount, input.email.toLowerCase());
  const invalid = fieldError('code', M.codeInvalid);

  return db.transaction().execute(async (trx) => {
    const row = await lockPendingVerification(trx, input.email.toLowerCase());
    if (!row || row.attempts >= MAX_CODE_ATTEMPTS || new Date(row.expires_at) < new Date()) throw invalid;
    if (!codeMatches(env.jwtSecret, row.id, input.code, row.code_hash)) {
      await setVerificationAttempts(trx, row.id, row.attempts + 1);
      return { failed: true as const };
    }
    await markVerified(trx, row.id);
    await grantRoleByName(trx, row.id, ROLE_CLIENTE);
    return { failed: false as const };
  }).then((r) => {
    // The failed attempt must be counted, so the error is raised after the transaction committed it.
    if (r.failed) throw invalid;
    return { detail: M.verifyOk };
  });
}

/**
 * Step 1 of a password reset: mails a 6-digit code to an active, verified account. The answer is
 * the same whether the account exists or not.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string) {
  await consume(deps.services.limiters.resetPerIp, deps.ip);
  await consume(deps.services.limiters.resetPerEmail, email.toLowerCase());
  const user = await activeVerifiedUserByEmail(deps.db, email.toLowerCase());
  if (user) {
    const code = newCode();
    await upsertPasswordReset(deps.db, user.id, hashCode(deps.env.jwtSecret, -user.id, code), new Date(Date.now() + CODE_TTL_MS));
    try {
      await deps.services.mailer.send({ to: user.email, ...resetMail(user.first_name, code) });
    } catch (e) {
      deps.services.log.warn({ userId: user.id, err: (e as Error).message }, 'no se pudo enviar el código de restablecimiento');
    }
  }
  return { detail: MS.resetRequested };
}

/** Step 2: the code sets a new password and revokes every token issued before, in one transaction. */
export async function confirmPasswordReset(deps: AuthDeps, input: PasswordResetConfirmInput) {
  const { db, env, services } = deps;
  await consume(services.limiters.resetPerIp, deps.ip);
  await consume(services.limiters.resetPerEmail, input.email.toLowerCase());
  const invalid = fieldError('code', M.codeInvalid);
  const password_hash = await hashPassword(input.password);
  const r = await db.transaction().execute(async (trx) => {
    const row = await lockPendingReset(trx, input.email.toLowerCase());
    if (!row || row.attempts >= MAX_CODE_ATTEMPTS || new Date(row.expires_at) < new Date()) throw invalid;
    if (!codeMatches(env.jwtSecret, -row.id, input.code, row.code_hash)) {
      await setResetAttempts(trx, row.id, row.attempts + 1);
      return { failed: true as const };
    }
    await applyPasswordReset(trx, row.id, password_hash);
    return { failed: false as const };
  });
  // The failed attempt must be counted, so the error is raised after the transaction committed it.
  if (r.failed) throw invalid;
  return { detail: MS.resetDone };
}
