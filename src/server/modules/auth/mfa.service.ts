import type { Db } from '../../db';
import { audit } from '../../lib/audit';
import { badRequest, fieldError, notFound, unauthorized } from '../../lib/errors';
import { requirePerms } from '../../lib/permissions';
import { consume } from '../../lib/rateLimit';
import type { ServiceCtx } from '../../lib/context';
import { MF } from '../../../shared/messagesMfa';
import { P } from '../../../shared/permissions';
import type { AuthDeps } from './auth.service';
import { touchLastLogin, isRevoked } from './auth.repository';
import { hashPassword, verifyPassword } from './passwords';
import { issueMfaChallenge, issueTokens, verifyMfaChallenge } from './tokens';
import { openSecret, sealSecret } from './mfaSecrets';
import { enrolmentOf, hashRecovery, looksLikeRecovery, newRecoveryCodes, newTotpSecret, totpStep } from './totp';
import * as repo from './mfa.repository';
import { revokeUserTokens } from './revocation';
import { assertMayChange } from './outranking';

const ENTITY = 'usuario';
/** The signed-in user as the auth procedures pass them. */
export type Me = AuthDeps & { userId: number };

const accountKey = (userId: number) => `u${userId}`;

type Locked = NonNullable<Awaited<ReturnType<typeof repo.mfaStateForUpdate>>>;

/**
 * Checks a second-factor code against the user's (locked) row and spends it: a TOTP code of a step
 * later than the last accepted one, or an unused recovery code. Null when it is not good.
 */
async function spendSecondFactor(deps: AuthDeps, trx: Db, user: Locked, typed: string): Promise<'totp' | 'recovery' | null> {
  // An app's code as the app shows it ("123 456") is the same code.
  const code = /^\d{3}\s+\d{3}$/.test(typed) ? typed.replace(/\s/g, '') : typed;
  if (/^\d{6}$/.test(code)) {
    const secret = user.mfa_secret ? openSecret(deps.env.mfaKey, user.id, user.mfa_secret) : null;
    if (!secret) {
      deps.services.log.error({ userId: user.id }, 'el secreto del segundo factor no se puede abrir con la clave configurada');
      return null;
    }
    const step = await totpStep(secret, code, user.mfa_last_step);
    return step !== null && (await repo.spendStep(trx, user.id, step)) ? 'totp' : null;
  }
  if (looksLikeRecovery(code) && (await repo.spendRecoveryCode(trx, user.id, hashRecovery(deps.env.mfaKey, user.id, code)))) return 'recovery';
  return null;
}

/**
 * The result of a transaction that checked a code: null is a wrong code (its point was spent before
 * the check, by guardAttempt), audited, then 400; anything else clears the account's failures.
 */
async function settleCode<T>(deps: AuthDeps, userId: number, where: string, r: T | null): Promise<T> {
  if (!r) {
    await audit(deps.db, { actorId: userId, action: 'mfa_failed', entity: ENTITY, entityId: userId, after: { paso: where, ip: deps.ip } });
    deps.services.log.info({ userId, where }, 'código de segundo factor rechazado');
    throw fieldError('code', MF.codeWrong);
  }
  await deps.services.limiters.mfaPerAccount.delete(accountKey(userId));
  return r;
}

/** Every attempt counts per IP; per account it spends a point before the code is checked (lib/rateLimit.ts). */
async function guardAttempt(deps: AuthDeps, userId: number) {
  await consume(deps.services.limiters.mfaPerIp, deps.ip);
  await consume(deps.services.limiters.mfaPerAccount, accountKey(userId));
}

/** The user's current password, else 400 on `field`; the attempt spends its point first, the right password clears the count. */
async function checkPassword(deps: Me, password: string, field: string) {
  const limiter = deps.services.limiters.passwordCheckPerAccount;
  await consume(limiter, accountKey(deps.userId));
  const current = await repo.passwordHashOf(deps.db, deps.userId);
  if (!current) throw unauthorized();
  if (!(await verifyPassword(current.password_hash, password))) throw fieldError(field, MF.passwordWrong);
  await limiter.delete(accountKey(deps.userId));
}

// ---- sign-in ----

/** After the right password of a user with a second factor: the challenge `POST /api/token/mfa/` takes. */
export const challengeFor = (deps: AuthDeps, userId: number, version: number) => ({
  mfa_required: true as const,
  mfa_token: issueMfaChallenge(deps.env, userId, version),
});

/** Step 2 of the sign-in: the challenge and a code (TOTP or recovery) give the session's tokens. */
export async function completeLogin(deps: AuthDeps, input: { mfa_token: string; code: string }) {
  await consume(deps.services.limiters.mfaPerIp, deps.ip);
  const claims = verifyMfaChallenge(deps.env, input.mfa_token);
  const invalid = fieldError('mfa_token', MF.challengeInvalid);
  if (!claims) throw invalid;
  await consume(deps.services.limiters.mfaPerAccount, accountKey(claims.user_id));
  const r = await deps.db.transaction().execute(async (trx) => {
    const user = await repo.mfaStateForUpdate(trx, claims.user_id);
    if (!user?.is_active || user.token_version !== claims.ver || !user.mfa_enabled) throw invalid;
    if (await isRevoked(trx, claims.jti)) throw invalid;
    const used = await spendSecondFactor(deps, trx, user, input.code);
    if (!used) return null;
    if (!(await repo.spendChallenge(trx, claims.jti, new Date(claims.exp * 1000)))) throw invalid;
    if (used === 'recovery') {
      await audit(trx, { actorId: user.id, action: 'mfa_recovery_used', entity: ENTITY, entityId: user.id, after: { restantes: await repo.recoveryCodesLeft(trx, user.id) } });
    }
    await touchLastLogin(trx, user.id);
    return issueTokens(deps.env, user.id, user.token_version);
  });
  return settleCode(deps, claims.user_id, 'inicio de sesión', r);
}

// ---- the user's own second factor ----

export async function status(deps: Me) {
  const row = await repo.mfaEnabledOf(deps.db, deps.userId);
  if (!row) throw unauthorized();
  const required = await repo.roleRequiresMfa(deps.db, deps.userId);
  return {
    mfa_enabled: row.mfa_enabled,
    mfa_required: required,
    enrollment_required: required && !row.mfa_enabled,
    recovery_codes_left: row.mfa_enabled ? await repo.recoveryCodesLeft(deps.db, deps.userId) : 0,
  };
}

/** A new secret, kept pending (sealed) until a first code proves the app has it; shown this once. */
export async function setup(deps: Me) {
  return deps.db.transaction().execute(async (trx) => {
    const user = await repo.mfaStateForUpdate(trx, deps.userId);
    if (!user) throw unauthorized();
    if (user.mfa_enabled) throw badRequest(MF.alreadyEnabled);
    const secret = newTotpSecret();
    await repo.setPendingSecret(trx, user.id, sealSecret(deps.env.mfaKey, user.id, secret));
    return enrolmentOf(secret, user.username);
  });
}

/**
 * A current code of the pending secret turns the second factor on: ten recovery codes (shown once,
 * stored as HMACs), every earlier session ended and new tokens for this one.
 */
export async function enable(deps: Me, input: { password: string; code: string }) {
  // As disable: the password first (its own limit), so a wrong one spends no second-factor attempt.
  await checkPassword(deps, input.password, 'password');
  await guardAttempt(deps, deps.userId);
  const r = await deps.db.transaction().execute(async (trx) => {
    const user = await repo.mfaStateForUpdate(trx, deps.userId);
    if (!user) throw unauthorized();
    if (user.mfa_enabled) throw badRequest(MF.alreadyEnabled);
    const secret = user.mfa_pending_secret ? openSecret(deps.env.mfaKey, user.id, user.mfa_pending_secret) : null;
    if (!user.mfa_pending_secret || !secret) throw badRequest(MF.noPendingSetup);
    const step = await totpStep(secret, input.code, null);
    if (step === null) return null;
    const { token_version } = await repo.activateMfa(trx, user.id, user.mfa_pending_secret, step);
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(trx, user.id, codes.map((c) => hashRecovery(deps.env.mfaKey, user.id, c)));
    await audit(trx, { actorId: user.id, action: 'mfa_enable', entity: ENTITY, entityId: user.id, after: { mfa_enabled: true } });
    return { detail: MF.enabled, recovery_codes: codes, ...issueTokens(deps.env, user.id, token_version) };
  });
  return settleCode(deps, deps.userId, 'activación', r);
}

/** The password and a code (or a recovery code) turn it off, unless a role of the user requires it. */
export async function disable(deps: Me, input: { password: string; code: string }) {
  if (await repo.roleRequiresMfa(deps.db, deps.userId)) throw badRequest(MF.requiredByRole);
  // The password first (its own limit): a wrong one spends no second-factor attempt.
  await checkPassword(deps, input.password, 'password');
  await guardAttempt(deps, deps.userId);
  const r = await deps.db.transaction().execute(async (trx) => {
    const user = await repo.mfaStateForUpdate(trx, deps.userId);
    if (!user) throw unauthorized();
    if (!user.mfa_enabled) throw badRequest(MF.notEnabled);
    if (!(await spendSecondFactor(deps, trx, user, input.code))) return null;
    const cleared = await repo.clearMfa(trx, user.id);
    await audit(trx, { actorId: user.id, action: 'mfa_disable', entity: ENTITY, entityId: user.id, before: { mfa_enabled: true }, after: { mfa_enabled: false } });
    return { detail: MF.disabled, ...issueTokens(deps.env, user.id, cleared!.token_version) };
  });
  return settleCode(deps, deps.userId, 'desactivación', r);
}

// ---- password and sessions ----

/** The current password and a new one: every session ends, this one goes on with new tokens. */
export async function changePassword(deps: Me, input: { current_password: string; new_password: string }) {
  await checkPassword(deps, input.current_password, 'current_password');
  if (input.current_password === input.new_password) throw fieldError('new_password', MF.passwordSame);
  const hash = await hashPassword(input.new_password);
  return deps.db.transaction().execute(async (trx) => {
    const { token_version } = await repo.setPasswordAndRevoke(trx, deps.userId, hash);
    await audit(trx, { actorId: deps.userId, action: 'password_change', entity: ENTITY, entityId: deps.userId });
    return { detail: MF.passwordChanged, ...issueTokens(deps.env, deps.userId, token_version) };
  });
}

/** Every token of the user stops working, this session's included. */
export async function logoutEverywhere(deps: Me) {
  await deps.db.transaction().execute(async (trx) => {
    await revokeUserTokens(trx, deps.userId);
    await audit(trx, { actorId: deps.userId, action: 'logout_all', entity: ENTITY, entityId: deps.userId });
  });
  return { detail: MF.loggedOutEverywhere };
}

// ---- staff ----

/**
 * Staff turn another user's second factor off (they enrol again); their sessions end. Audited with who did it.
 * Outranked users only (outranking.ts). A user without it has nothing to reset: 400, their sessions go on.
 */
export async function resetUserMfa(ctx: ServiceCtx, id: number) {
  requirePerms(ctx, P.resetMfa);
  if (id === ctx.actor.id) throw badRequest(MF.resetSelf);
  return ctx.db.transaction().execute(async (trx) => {
    const user = await repo.mfaStateForUpdate(trx, id);
    if (!user) throw notFound();
    await assertMayChange(ctx, trx, user);
    if (!user.mfa_enabled) throw badRequest(MF.resetNotEnabled);
    await repo.clearMfa(trx, id);
    const after = { mfa_enabled: false, restablecido_por: ctx.actor.id };
    await audit(trx, { actorId: ctx.actor.id, action: 'mfa_reset', entity: ENTITY, entityId: id, before: { mfa_enabled: true }, after });
    return { detail: MF.reset };
  });
}
