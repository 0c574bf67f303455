import { z } from '../zod';
import { M } from '../messages';

/**
 * A trimmed text field with the spec's messages: one message when it is missing or empty
 * (`required`), then an optional minimum length and a maximum. Only the first failing rule speaks.
 */
export function text(opts: { required?: string; min?: readonly [number, string]; max: number }) {
  const required = opts.required ?? M.required;
  let s = z.string({ error: required }).trim().min(1, { error: required, abort: true });
  if (opts.min) s = s.min(opts.min[0], { error: opts.min[1], abort: true });
  return s.max(opts.max, `Máximo ${opts.max} caracteres`);
}

/** A required e-mail with the given invalid-address message. */
export const emailField = (invalid: string) => text({ max: 254 }).pipe(z.email(invalid));

/** `?search=…` of the unpaged lists; other query keys are ignored. */
export const searchQuery = z.object({ search: z.string().trim().max(100, 'Máximo 100 caracteres').optional() });
