import { AppError } from '../../lib/errors';
import { MF } from '../../../shared/messagesMfa';

/**
 * What a user whose role requires a second factor may call before enrolling: their security state,
 * the enrolment itself and ending their sessions. Everything else answers 403 `mfa_enrollment_required`.
 */
export const ENROLMENT_PATHS: ReadonlySet<string> = new Set(['auth.mfaStatus', 'auth.mfaSetup', 'auth.mfaEnable', 'auth.logoutAll']);

export const mfaEnrollmentRequired = () => new AppError('forbidden', MF.enrollmentRequired, undefined, { code: 'mfa_enrollment_required' });

/** Throws for a call the pending enrolment does not allow. */
export function checkEnrolment(ctx: { mfaEnrollment?: boolean }, path: string) {
  if (ctx.mfaEnrollment && !ENROLMENT_PATHS.has(path)) throw mfaEnrollmentRequired();
}
