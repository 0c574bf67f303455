import { textError, z } from '../zod';
import { M } from '../messages';
import { MF } from '../messagesMfa';
import { cleanText } from '../text';
import { idParam } from './common';
import { mismaContrasena, tokenPair } from './auth';

/** What the sign-in answers: the tokens, or the request for a second factor. */
export const loginResult = z.union([
  tokenPair.extend({
    /** The user's role requires a second factor they have not set up: enrolment comes before anything else. */
    mfa_enrollment_required: z.literal(true).optional(),
  }),
  z.object({ mfa_required: z.literal(true), mfa_token: z.string() }),
]);
export type LoginResult = z.infer<typeof loginResult>;

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`, any case, hyphen optional); missing, the required message of every field. */
export const secondFactorCode = cleanText({ error: textError(M.required) })
  .trim()
  .min(1, MF.codeRequired)
  .max(32, MF.codeWrong);

/**
 * Only a code of the authenticator app (enrolment proves the app works). Apps show it as "123 456":
 * typed with that space (or any blank) it is the same code.
 */
export const totpCode = z
  .string({ error: textError(M.required) })
  .overwrite((s) => s.replace(/\s/g, ''))
  .regex(/^\d{6}$/, M.codeSixDigits);

export const mfaLoginInput = z.strictObject({
  mfa_token: z.string({ error: textError(M.required) }).min(1, MF.challengeInvalid).max(2048, MF.challengeInvalid),
  code: secondFactorCode,
});

export const mfaSetupResult = z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() });

const password = (field: string) => z.string({ error: textError(M.required) }).min(1, M.required).max(128, field);

/** The password too: an access token alone (a device left signed in) must not put a second factor on someone's account. */
export const mfaEnableInput = z.strictObject({ password: password('Máximo 128 caracteres'), code: totpCode });
/** The recovery codes are shown once; the new tokens replace the session's (every earlier session ended). */
export const mfaEnableResult = tokenPair.extend({ detail: z.string(), recovery_codes: z.array(z.string()) });

export const mfaDisableInput = z.strictObject({ password: password('Máximo 128 caracteres'), code: secondFactorCode });
export const sessionRenewed = tokenPair.extend({ detail: z.string() });

export const mfaStatus = z.object({
  mfa_enabled: z.boolean(),
  /** A role of the user requires the second factor. */
  mfa_required: z.boolean(),
  /** Required and not set up: every other call answers 403 `mfa_enrollment_required`. */
  enrollment_required: z.boolean(),
  recovery_codes_left: z.number().int(),
});

export const passwordChangeInput = z.strictObject({
  current_password: password('Máximo 128 caracteres'),
  new_password: z.string({ error: textError(M.required) }).min(1, M.required).min(6, M.passwordMin).max(128, 'Máximo 128 caracteres'),
});

/** The change-password form of the screens (the API never receives the confirmation). */
export const passwordChangeForm = passwordChangeInput
  .extend({ confirm_password: z.string().min(1, M.required) })
  .refine(...mismaContrasena('new_password'));

export const resetUserMfaInput = z.strictObject({ id: idParam });

/**
 * The input of an action on oneself that takes no fields (setup, sign out everywhere): a key sent is
 * refused. The web client sends `{}`: tRPC reads a POST's body as JSON once a procedure has an input,
 * and an empty body is not JSON.
 */
export const sinCampos = z.strictObject({}).optional();
