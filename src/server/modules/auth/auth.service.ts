import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Env } from '../../env';
import type { Services } from '../../services';
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors';
import { consume, ensureNotBlocked } from '../../lib/rateLimit';
import { M } from '../../../shared/messages';
import { MS } from '../../../shared/messagesSecurity';
import { ROLE_CLIENTE } from '../../../shared/permissions';
import type { LoginInput, PasswordResetConfirmInput, RegisterInput } from '../../../shared/schemas/auth';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords';
import { issueAccess, issueTokens, verifyToken } from './tokens';
import { CODE_TTL_MS, codeMatches, hashCode, MAX_CODE_ATTEMPTS, newCode, resetMail, verificationMail } from './verification';

export interface AuthDeps {
  db: Db;
  env: Env;
  services: Services;
  ip: string;
}


export async function login(deps: AuthDeps, input: LoginInput) {
  const { db, env, services } = deps;
  const accountKey = input.username.toLowerCase();
  await consume(services.limiters.loginPerIp, deps.ip);
  await ensureNotBlocked(services.limiters.loginPerAccount, accountKey);

  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active', 'email_verified', 'token_version'])
    .where(sql`lower(username)`, '=', accountKey)
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? (await timingDummyHash()), input.password);
  if (!user || !ok) {
    await consume(services.limiters.loginPerAccount, accountKey);
    throw new AppError('unauthorized', M.badCredentials);
  }
  if (!user.email_verified) throw new AppError('unauthorized', M.notVerified, undefined, { code: 'email_not_verified' });
  if (!user.is_active) throw new AppError('unauthorized', M.badCredentials);

  await services.limiters.loginPerAccount.delete(accountKey);
  await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', user.id).execute();
  return issueTokens(env, user.id, user.token_version);
}

/** A new access token for a valid, unrevoked refresh token of an active user. */
export async function refresh(deps: Pick<AuthDeps, 'db' | 'env'>, refreshToken: string) {
  const claims = verifyToken(deps.env, refreshToken, 'refresh');
  const invalid = new AppError('unauthorized', M.tokenInvalid, undefined, { code: 'token_not_valid' });
  if (!claims) throw invalid;
  const revoked = await deps.db.selectFrom('revoked_tokens').select('jti').where('jti', '=', claims.jti).executeTakeFirst();
  if (revoked) throw invalid;
  const user = await deps.db
    .selectFrom('users')
    .select(['is_active', 'token_version'])
    .where('id', '=', claims.user_id)
    .executeTakeFirst();
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
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('revoked_tokens')
      .values({ jti: claims.jti, expires_at: new Date(claims.exp * 1000) })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
    await trx.deleteFrom('revoked_tokens').where('expires_at', '<', new Date()).execute();
  });
  return { detail: 'Sesión cerrada.' };
}

export async function register(deps: AuthDeps, input: RegisterInput) {
  const { db, services } = deps;
  await consume(services.limiters.registerPerIp, deps.ip);
  await consume(services.limiters.registerPerEmail, input.email.toLowerCase());
  const taken = await db
    .selectFrom('users')
    .select([
      sql<boolean>`lower(username) = ${input.username.toLowerCase()}`.as('same_username'),
      sql<boolean>`lower(email) = ${input.email.toLowerCase()}`.as('same_email'),
    ])
    .where((eb) =>
      eb.or([eb(sql`lower(username)`, '=', input.username.toLowerCase()), eb(sql`lower(email)`, '=', input.email.toLowerCase())]),
    )
    .execute();
  const fields: Record<string, string[]> = {};
  if (taken.some((r) => r.same_username)) fields.username = [M.usernameTaken];
  if (taken.some((r) => r.same_email)) fields.email = [M.emailTaken];
  if (Object.keys(fields).length) throw new AppError('validation', 'Datos inválidos.', fields);

  const password_hash = await hashPassword(input.password);
  const code = newCode();
  let userId: number;
  try {
    // The user and their code are one change: a crash between them must not leave a user without a code.
    userId = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          username: input.username,
          email: input.email,
          first_name: input.first_name,
          password_hash,
          is_active: false,
          email_verified: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await storeCode(trx, deps.env.jwtSecret, row.id, code);
      return row.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('validation', 'Datos inválidos.', { username: [M.usernameTaken] });
    throw e;
  }
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

async function storeCode(db: Db, secret: string, userId: number, code: string) {
  await db
    .insertInto('email_verifications')
    .values({ user_id: userId, code_hash: hashCode(secret, userId, code), expires_at: new Date(Date.now() + CODE_TTL_MS) })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        code_hash: (eb) => eb.ref('excluded.code_hash'),
        expires_at: (eb) => eb.ref('excluded.expires_at'),
        attempts: 0,
        created_at: new Date(),
      }),
    )
    .execute();
}

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
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('email_verified', '=', false)
    .executeTakeFirst();
  if (user) await sendNewCode(deps, user.id, user.email, user.first_name);
  return { detail: M.codeResent };
}

export async function verifyEmail(deps: AuthDeps, input: { email: string; code: string }) {
  const { db, env, services } = deps;
  await consume(services.limiters.verifyPerIp, deps.ip);
  await consume(services.limiters.verifyPerAccount, input.email.toLowerCase());
  const invalid = fieldError('code', M.codeInvalid);

  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users as u')
      .innerJoin('email_verifications as v', 'v.user_id', 'u.id')
      .select(['u.id', 'v.code_hash', 'v.expires_at', 'v.attempts'])
      .where(sql`lower(u.email)`, '=', input.email.toLowerCase())
      .where('u.email_verified', '=', false)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.attempts >= MAX_CODE_ATTEMPTS || new Date(row.expires_at) < new Date()) throw invalid;
    if (!codeMatches(env.jwtSecret, row.id, input.code, row.code_hash)) {
      await trx.updateTable('email_verifications').set({ attempts: row.attempts + 1 }).where('user_id', '=', row.id).execute();
      return { failed: true as const };
    }
    await trx.updateTable('users').set({ email_verified: true, is_active: true }).where('id', '=', row.id).execute();
    await trx.deleteFrom('email_verifications').where('user_id', '=', row.id).execute();
    const role = await trx.selectFrom('auth_group').select('id').where('name', '=', ROLE_CLIENTE).executeTakeFirst();
    if (role) {
      await trx
        .insertInto('user_groups')
        .values({ user_id: row.id, group_id: role.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
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
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('is_active', '=', true)
    .where('email_verified', '=', true)
    .executeTakeFirst();
  if (user) {
    const code = newCode();
    await deps.db
      .insertInto('password_resets')
      .values({ user_id: user.id, code_hash: hashCode(deps.env.jwtSecret, -user.id, code), expires_at: new Date(Date.now() + CODE_TTL_MS) })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          code_hash: (eb) => eb.ref('excluded.code_hash'),
          expires_at: (eb) => eb.ref('excluded.expires_at'),
          attempts: 0,
          created_at: new Date(),
        }),
      )
      .execute();
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
    const row = await trx
      .selectFrom('users as u')
      .innerJoin('password_resets as p', 'p.user_id', 'u.id')
      .select(['u.id', 'p.code_hash', 'p.expires_at', 'p.attempts'])
      .where(sql`lower(u.email)`, '=', input.email.toLowerCase())
      .where('u.is_active', '=', true)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.attempts >= MAX_CODE_ATTEMPTS || new Date(row.expires_at) < new Date()) throw invalid;
    if (!codeMatches(env.jwtSecret, -row.id, input.code, row.code_hash)) {
      await trx.updateTable('password_resets').set({ attempts: row.attempts + 1 }).where('user_id', '=', row.id).execute();
      return { failed: true as const };
    }
    await trx
      .updateTable('users')
      .set((eb) => ({ password_hash, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', row.id).execute();
    return { failed: false as const };
  });
  // The failed attempt must be counted, so the error is raised after the transaction committed it.
  if (r.failed) throw invalid;
  return { detail: MS.resetDone };
}
