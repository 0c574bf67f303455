import { sql } from 'kysely';
import type { Db } from '../../db';

export const userForLogin = (db: Db, usernameLower: string) =>
  db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active', 'email_verified', 'token_version', 'mfa_enabled'])
    .where(sql`lower(username)`, '=', usernameLower)
    .executeTakeFirst();

export async function touchLastLogin(db: Db, userId: number) {
  await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', userId).execute();
}

export const isRevoked = async (db: Db, jti: string) => !!(await db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst());

/** What a refresh needs to know of the user: still active, and the token version of their sessions. */
export const userSessionState = (db: Db, userId: number) =>
  db.selectFrom('users').select(['is_active', 'token_version']).where('id', '=', userId).executeTakeFirst();

/** Revokes a refresh token (again is fine) and forgets revocations that expired anyway. */
export async function revokeToken(db: Db, jti: string, expiresAt: Date) {
  await db.insertInto('revoked_tokens').values({ jti, expires_at: expiresAt }).onConflict((oc) => oc.column('jti').doNothing()).execute();
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', new Date()).execute();
}

/**
 * Stores a one-time code's hash in its table (e-mail verification or password reset), replacing any
 * previous code of the user and its failed attempts. Both tables have the same columns.
 */
async function upsertCode(db: Db, table: 'email_verifications' | 'password_resets', userId: number, codeHash: string, expiresAt: Date) {
  await db
    .insertInto(table as 'email_verifications')
    .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt })
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

export const upsertVerification = (db: Db, userId: number, codeHash: string, expiresAt: Date) =>
  upsertCode(db, 'email_verifications', userId, codeHash, expiresAt);

export const unverifiedUserByEmail = (db: Db, emailLower: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where(sql`lower(email)`, '=', emailLower)
    .where('email_verified', '=', false)
    .executeTakeFirst();

/** The pending verification of an unverified e-mail, under a row lock. */
export const lockPendingVerification = (db: Db, emailLower: string) =>
  db
    .selectFrom('users as u')
    .innerJoin('email_verifications as v', 'v.user_id', 'u.id')
    .select(['u.id', 'v.code_hash', 'v.expires_at', 'v.attempts'])
    .where(sql`lower(u.email)`, '=', emailLower)
    .where('u.email_verified', '=', false)
    .forUpdate()
    .executeTakeFirst();

export async function setVerificationAttempts(db: Db, userId: number, attempts: number) {
  await db.updateTable('email_verifications').set({ attempts }).where('user_id', '=', userId).execute();
}

/** The e-mail is verified: the account is active and the code is gone. */
export async function markVerified(db: Db, userId: number) {
  await db.updateTable('users').set({ email_verified: true, is_active: true }).where('id', '=', userId).execute();
  await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
}

/** Gives the user the named role (if it exists and they do not hold it yet). */
export async function grantRoleByName(db: Db, userId: number, roleName: string) {
  const role = await db.selectFrom('auth_group').select('id').where('name', '=', roleName).executeTakeFirst();
  if (!role) return;
  await db.insertInto('user_groups').values({ user_id: userId, group_id: role.id }).onConflict((oc) => oc.doNothing()).execute();
}

/** An active, verified account by e-mail: who may ask for a password reset. */
export const activeVerifiedUserByEmail = (db: Db, emailLower: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where(sql`lower(email)`, '=', emailLower)
    .where('is_active', '=', true)
    .where('email_verified', '=', true)
    .executeTakeFirst();

/** Stores a reset code's hash, replacing any previous one of the user (and its failed attempts). */
export const upsertPasswordReset = (db: Db, userId: number, codeHash: string, expiresAt: Date) =>
  upsertCode(db, 'password_resets', userId, codeHash, expiresAt);

/** The pending reset of an active account, under a row lock. */
export const lockPendingReset = (db: Db, emailLower: string) =>
  db
    .selectFrom('users as u')
    .innerJoin('password_resets as p', 'p.user_id', 'u.id')
    .select(['u.id', 'p.code_hash', 'p.expires_at', 'p.attempts'])
    .where(sql`lower(u.email)`, '=', emailLower)
    .where('u.is_active', '=', true)
    .forUpdate()
    .executeTakeFirst();

export async function setResetAttempts(db: Db, userId: number, attempts: number) {
  await db.updateTable('password_resets').set({ attempts }).where('user_id', '=', userId).execute();
}

/** The new password, every earlier token revoked (token version up) and the code gone. */
export async function applyPasswordReset(db: Db, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}
