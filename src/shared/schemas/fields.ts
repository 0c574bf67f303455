import { textError, z } from '../zod';
import { M } from '../messages';
import { cleanText } from '../text';
import { pageOptional } from './common';

/**
 * A trimmed text field with the spec's messages: one message when it is missing or empty
 * (`required`), then an optional minimum length and a maximum. Only the first failing rule speaks.
 */
export function text(opts: { required?: string; min?: readonly [number, string]; max: number }) {
  const required = opts.required ?? M.required;
  let s = cleanText({ error: textError(required) }).trim().min(1, { error: required, abort: true });
  if (opts.min) s = s.min(opts.min[0], { error: opts.min[1], abort: true });
  return s.max(opts.max, `Máximo ${opts.max} caracteres`);
}

/** Django's username rule, Unicode letters included (josé, ñandutí): letters, digits and @ . + - _. */
export const USERNAME_CHARS = /^[\p{L}\p{N}_.@+-]+$/u;
export const USERNAME_CHARS_MSG = 'Solo letras, números y los caracteres @ . + - _';

const NOT_BOOLEAN = 'Debe ser verdadero o falso';

/** A true/false field (an optional or defaulted flag such as isActive). */
export const flag = () => z.boolean({ error: NOT_BOOLEAN });

/** A required true/false field: the required message when missing, another when not a boolean. */
export const requiredFlag = () => z.boolean({ error: (iss) => (iss.input === undefined ? M.required : NOT_BOOLEAN) });

/** A phone number: digits, with an optional leading + (clients, wallets). */
export const TELEFONO_RE = /^\+?\d+$/;

/** A required e-mail with the given invalid-address message. */
export const emailField = (invalid: string) => text({ max: 254 }).pipe(z.email(invalid));

/** `?search=…` of every list. */
export const searchField = cleanText().trim().max(100, 'Máximo 100 caracteres').optional();

/** `?search=…` of a list; other query keys are ignored. */
export const searchQuery = z.object({ search: searchField });

const SI_NO = new Map<string, boolean>([['true', true], ['1', true], ['false', false], ['0', false]]);

/** A yes/no of a query string (`?all=true`, `?is_active=FALSE`, `?es_base=1`) or a boolean through tRPC. */
export const queryFlag = z.preprocess((v) => (typeof v === 'string' ? (SI_NO.get(v.trim().toLowerCase()) ?? v) : v), z.boolean({ error: 'Use true o false' }));

/** The query of a list answered whole unless a page is asked (`?page=N`; `?all=true` is the whole list anyway). */
export const wholeOrPage = { page: pageOptional, all: queryFlag.optional() };
