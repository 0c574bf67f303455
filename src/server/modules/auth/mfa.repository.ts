import { sql } from 'kysely';
import type { Db } from '../../db';

/** What the second factor needs of a user; the secrets are sealed (mfaSecrets.ts). */
export const passwordHashOf = (db: Db, userId: number) => db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();

export const mfaEnabledOf = (db: Db, userId: number) => db.selectFrom('users').select('mfa_enabled').where('id', '=', userId).executeTakeFirst();

export const mfaStateForUpdate = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash', 'is_active', 'is_superuser', 'token_version', 'mfa_enabled', 'mfa_secret', 'mfa_pending_secret', 'mfa_last_step'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();

export const roleRequiresMfa = async (db: Db, userId: number) =>
  !!(await db
    .selectFrom('user_groups as ug')
    .innerJoin('auth_group as g', 'g.id', 'ug.group_id')
    .select('g.id')
    .where('ug.user_id', '=', userId)
    .where('g.requiere_mfa', '=', true)
    .limit(1)
    .executeTakeFirst());

export async function setPendingSecret(db: Db, userId: number, sealed: string) {
  await db.updateTable('users').set({ mfa_pending_secret: sealed }).where('id', '=', userId).execute();
}

/** The pending secret becomes the active one; the step of the enrolling code is spent; sessions before end. */
export async function activateMfa(db: Db, userId: number, sealed: string, step: number) {
  return db
    .updateTable('users')
    .set((eb) => ({
      mfa_enabled: true,
      mfa_secret: sealed,
      mfa_pending_secret: null,
      mfa_last_step: step,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirstOrThrow();
}

/** Second factor off: secret, pending secret and recovery codes gone; every session before ends. */
export async function clearMfa(db: Db, userId: number) {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  return db
    .updateTable('users')
    .set((eb) => ({ mfa_enabled: false, mfa_secret: null, mfa_pending_secret: null, mfa_last_step: null, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirst();
}

/** Spends a TOTP step: only a step later than the last accepted one is taken (no replay, even racing). */
export async function spendStep(db: Db, userId: number, step: number): Promise<boolean> {
  return !!(await db
    .updateTable('users')
    .set({ mfa_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('mfa_last_step', 'is', null), eb('mfa_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst());
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await db.insertInto('mfa_recovery_codes').values(hashes.map((code_hash) => ({ user_id: userId, code_hash }))).execute();
}

/** Spends an unused recovery code; false when there is none with that hash. */
export async function spendRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  return !!(await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst());
}

export const recoveryCodesLeft = async (db: Db, userId: number) => {
  const { n } = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
};

/** Spends a sign-in challenge (its jti): false when it was spent already. */
export async function spendChallenge(db: Db, jti: string, expiresAt: Date): Promise<boolean> {
  return !!(await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .returning('jti')
    .executeTakeFirst());
}

export async function setPasswordAndRevoke(db: Db, userId: number, passwordHash: string) {
  return db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirstOrThrow();
}
