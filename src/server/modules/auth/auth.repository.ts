import { sql } from 'kysely';
import type { Db } from '../../db';

export const userForLogin = (db: Db, usernameLower: string) =>
  db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active', 'email_verified'])
    .where(sql`lower(username)`, '=', usernameLower)
    .executeTakeFirst();

export async function touchLastLogin(db: Db, userId: number) {
  await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', userId).execute();
}

export const isRevoked = async (db: Db, jti: string) => !!(await db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst());

export const isUserActive = async (db: Db, userId: number) =>
  !!(await db.selectFrom('users').select('is_active').where('id', '=', userId).executeTakeFirst())?.is_active;

/** Revokes a refresh token (again is fine) and forgets revocations that expired anyway. */
export async function revokeToken(db: Db, jti: string, expiresAt: Date) {
  await db.insertInto('revoked_tokens').values({ jti, expires_at: expiresAt }).onConflict((oc) => oc.column('jti').doNothing()).execute();
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', new Date()).execute();
}

/** Stores the code's hash, replacing any previous code of the user (and its failed attempts). */
export async function upsertVerification(db: Db, userId: number, codeHash: string, expiresAt: Date) {
  await db
    .insertInto('email_verifications')
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
