import type { Db } from '../../db';
import type { Env } from '../../env';
import type { Services } from '../../services';
import { fieldError, invalidFields, unauthorized } from '../../lib/errors';
import { withUniqueFields } from '../../lib/unique';
import { consume, ensureNotBlocked } from '../../lib/rateLimit';
import { M } from '../../../shared/messages';
import { ROLE_CLIENTE } from '../../../shared/permissions';
import type { LoginInput, RegisterInput } from '../../../shared/schemas/auth';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords';
import { issueAccess, issueTokens, verifyToken } from './tokens';
import { insertUser, takenFields } from '../usuarios/usuarios.repository';
import {
  grantRoleByName, isRevoked, isUserActive, lockPendingVerification, markVerified, revokeToken, setVerificationAttempts, touchLastLogin,
  unverifiedUserByEmail, upsertVerification, userForLogin,
} from './auth.repository';
import { CODE_TTL_MS, codeMatches, hashCode, MAX_CODE_ATTEMPTS, newCode, verificationMail } from './verification';

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
  await touchLastLogin(db, user.id);
  return issueTokens(env, user.id);
}

/** A new access token for a valid, unrevoked refresh token of an active user. */
export async function refresh(deps: Pick<AuthDeps, 'db' | 'env'>, refreshToken: string) {
  const claims = verifyToken(deps.env, refreshToken, 'refresh');
  const invalid = unauthorized(M.tokenInvalid, { code: 'token_not_valid' });
  if (!claims) throw invalid;
  if (await isRevoked(deps.db, claims.jti)) throw invalid;
  if (!(await isUserActive(deps.db, claims.user_id))) throw invalid;
  return { access: issueAccess(deps.env, claims.user_id) };
}

/** Revokes the refresh token; an unreadable or already revoked token is simply ignored. */
export async function logout(deps: Pick<AuthDeps, 'db' | 'env'>, refreshToken: string) {
  const claims = verifyToken(deps.env, refreshToken, 'refresh');
  if (claims) await revokeToken(deps.db, claims.jti, new Date(claims.exp * 1000));
  return { detail: 'Sesión cerrada.' };
}

export async function register(deps: AuthDeps, input: RegisterInput) {
  const { db } = deps;
  const taken = await takenFields(db, { username: input.username, email: input.email });
  const fields: Record<string, string[]> = {};
  if (taken.username) fields.username = [M.usernameTaken];
  if (taken.email) fields.email = [M.emailTaken];
  if (Object.keys(fields).length) throw invalidFields(fields);

  const password_hash = await hashPassword(input.password);
  // A registration racing another with the same username or e-mail answers as the pre-check would.
  const userId = await withUniqueFields(
    () =>
      insertUser(db, {
        username: input.username,
        email: input.email,
        first_name: input.first_name,
        password_hash,
        is_active: false,
        email_verified: false,
      }),
    REGISTER_UNIQUE,
  );
  const sent = await sendNewCode(deps, userId, input.email, input.first_name);
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
  await upsertVerification(deps.db, userId, hashCode(deps.env.jwtSecret, userId, code), new Date(Date.now() + CODE_TTL_MS));
  try {
    await deps.services.mailer.send({ to: email, ...verificationMail(firstName, code) });
    return true;
  } catch (e) {
    console.error(`[correo] no se pudo enviar el código a ${email}:`, (e as Error).message);
    return false;
  }
}

export async function resendCode(deps: AuthDeps, email: string) {
  await consume(deps.services.limiters.verifyPerIp, deps.ip);
  await consume(deps.services.limiters.verifyPerAccount, `resend:${email.toLowerCase()}`);
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
