import { sql } from 'kysely';
import type { Db } from '../../db';

export const userForLogin = (db: Db, usernameLower: string) =>
  db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active', 'bloqueado', 'email_verified', 'token_version', 'mfa_enabled'])
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

/** The one-time codes: e-mail verification and password reset. Both tables have the same columns. */
export type CodeTable = 'email_verifications' | 'password_resets';

/** Stores a code's hash, replacing any previous code of the user and its failed attempts. */
export async function upsertCode(db: Db, table: CodeTable, userId: number, codeHash: string, expiresAt: Date) {
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

/** The pending code of an e-mail, under a row lock: a verification of an unverified account, a reset of an active one. */
export const lockPendingCode = (db: Db, table: CodeTable, emailLower: string) =>
  db
    .selectFrom('users as u')
    .innerJoin(`${table} as c` as 'email_verifications as c', 'c.user_id', 'u.id')
    .select(['u.id', 'c.code_hash', 'c.expires_at', 'c.attempts'])
    .where(sql`lower(u.email)`, '=', emailLower)
    .where((eb) => (table === 'email_verifications' ? eb('u.email_verified', '=', false) : eb('u.is_active', '=', true)))
    .forUpdate()
    .executeTakeFirst();

export async function setCodeAttempts(db: Db, table: CodeTable, userId: number, attempts: number) {
  await db.updateTable(table as 'email_verifications').set({ attempts }).where('user_id', '=', userId).execute();
}

export async function deleteCode(db: Db, table: CodeTable, userId: number) {
  await db.deleteFrom(table as 'email_verifications').where('user_id', '=', userId).execute();
}

export const unverifiedUserByEmail = (db: Db, emailLower: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where(sql`lower(email)`, '=', emailLower)
    .where('email_verified', '=', false)
    .executeTakeFirst();

/** An active, verified account by e-mail: who may ask for a password reset. */
export const activeVerifiedUserByEmail = (db: Db, emailLower: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where(sql`lower(email)`, '=', emailLower)
    .where('is_active', '=', true)
    .where('email_verified', '=', true)
    .executeTakeFirst();

/** The e-mail is verified; the account becomes active unless staff deactivated it meanwhile. */
export async function markVerified(db: Db, userId: number) {
  await db.updateTable('users').set({ email_verified: true, is_active: sql<boolean>`not bloqueado` }).where('id', '=', userId).execute();
}

/** Gives the user the named role (if it exists and they do not hold it yet). */
export async function grantRoleByName(db: Db, userId: number, roleName: string) {
  const role = await db.selectFrom('auth_group').select('id').where('name', '=', roleName).executeTakeFirst();
  if (!role) return;
  await db.insertInto('user_groups').values({ user_id: userId, group_id: role.id }).onConflict((oc) => oc.doNothing()).execute();
}
