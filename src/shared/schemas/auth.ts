import { textError, z } from '../zod';
import { M } from '../messages';
import { cleanText } from '../text';
import { USERNAME_CHARS, USERNAME_CHARS_MSG } from './fields';

export const loginInput = z.strictObject({
  username: cleanText({ error: textError(M.loginUsernameRequired) }).trim().min(1, M.loginUsernameRequired),
  password: z.string({ error: textError(M.loginPasswordRequired) }).min(1, M.loginPasswordRequired),
});
export type LoginInput = z.infer<typeof loginInput>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export const refreshInput = z.strictObject({ refresh: z.string({ error: textError(M.required) }).min(1, M.required) });
export const accessOnly = z.object({ access: z.string() });

const username = cleanText({ error: textError(M.required) })
  .trim()
  .min(1, { error: M.required, abort: true })
  .min(3, { error: M.usernameMin, abort: true })
  .max(150, 'Máximo 150 caracteres')
  .regex(USERNAME_CHARS, USERNAME_CHARS_MSG);

export const registerInput = z.strictObject({
  username,
  email: z.string({ error: textError(M.required) }).trim().min(1, M.required).pipe(z.email(M.invalidEmailRegister)),
  first_name: cleanText({ error: textError(M.required) }).trim().min(1, M.required).max(150),
  password: z.string({ error: textError(M.required) }).min(1, M.required).min(6, M.passwordMin).max(128),
});
export type RegisterInput = z.infer<typeof registerInput>;

/**
 * A form's "repeat the password" check ('Las contraseñas no coinciden.'), said together with the other
 * field errors: by default a refinement waits until every field is valid, so a short password and a
 * different confirmation showed only the length, and the mismatch came at the next attempt.
 */
export const mismaContrasena = <K extends string>(campo: K): [(v: Record<K | 'confirm_password', string>) => boolean, z.core.$ZodCustomParams] => [
  (v) => v[campo] === v.confirm_password,
  {
    path: ['confirm_password'],
    message: M.passwordsDontMatch,
    when: (p: { value: unknown }) => {
      const v = p.value as Record<string, unknown> | null;
      return typeof v?.[campo] === 'string' && typeof v.confirm_password === 'string' && v.confirm_password !== '';
    },
  },
];

/** The form adds confirm_password; the API never receives it. */
export const registerForm = registerInput.extend({ confirm_password: z.string().min(1, M.required) }).refine(...mismaContrasena('password'));
export type RegisterForm = z.infer<typeof registerForm>;

export const registerResult = z.object({
  ok: z.boolean(),
  email: z.string(),
  correo_enviado: z.boolean(),
  detail: z.string(),
});

/** The 6-digit code mailed for a verification or a reset: missing → the required message. */
const emailCode = z.string({ error: textError(M.required) }).regex(/^\d{6}$/, M.codeSixDigits);

export const verifyInput = z.strictObject({
  email: z.string({ error: textError(M.required) }).trim().pipe(z.email(M.invalidEmailRegister)),
  code: emailCode,
});

export const resendInput = z.strictObject({
  email: z.string({ error: textError(M.required) }).trim().pipe(z.email(M.invalidEmailRegister)),
});

export const permsResult = z.object({ perms: z.array(z.string()) });

export const passwordResetInput = z.strictObject({
  email: z.string({ error: textError(M.required) }).trim().pipe(z.email(M.invalidEmailRegister)),
});

export const passwordResetConfirmInput = z.strictObject({
  email: z.string({ error: textError(M.required) }).trim().pipe(z.email(M.invalidEmailRegister)),
  code: emailCode,
  password: z.string({ error: textError(M.required) }).min(1, M.required).min(6, M.passwordMin).max(128),
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmInput>;
