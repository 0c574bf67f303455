import { textError, z } from '../zod';
import { M } from '../messages';
import { cleanText } from '../text';
import { MAX_PAGE } from '../paginas';

/** A required text: trimmed, with the spec's required message when empty. */
export const requiredText = (max = 150) =>
  cleanText({ error: textError(M.required) }).trim().min(1, M.required).max(max, `Máximo ${max} caracteres`);

/** A multi-line text (notes, reasons): like requiredText, but line breaks are allowed. */
export const requiredMultilineText = (max = 500) =>
  cleanText({ error: textError(M.required) }, { multiline: true }).trim().min(1, M.required).max(max, `Máximo ${max} caracteres`);

/** An optional text (may be empty), with the same character rules. */
export const optionalText = (max = 150, opts: { multiline?: boolean } = {}) =>
  cleanText({ error: textError(M.required) }, opts).trim().max(max, `Máximo ${max} caracteres`);

/** The largest integer id (PostgreSQL `integer`). */
export const INT4_MAX = 2_147_483_647;

/** Digits only ("12"), so "0x4", "4e0" or " 4" are not read as 4; numbers pass through. */
export const fromDigits = (max: number) => (v: unknown) => (typeof v === 'string' && new RegExp(`^[1-9]\\d{0,${max - 1}}$`).test(v) ? Number(v) : v);

/** An integer id in a body (a list of role or permission ids): positive and within `integer`; "3" reads as 3, as idParam does. */
export const intId = (message: string) =>
  z.preprocess(fromDigits(10), z.number({ error: message }).int({ error: message, abort: true }).positive({ error: message, abort: true }).max(INT4_MAX, message));

const ID_MSG = 'Identificador no válido';
/** An id left out (or null) is required, not invalid: the message a caller can act on. */
const idError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? M.required : ID_MSG);
const PAGE_MSG = 'Página no válida';

/** A positive int4 id from a path, query or body. */
export const idParam = z.preprocess(
  fromDigits(10),
  z.number({ error: idError }).int({ message: ID_MSG, abort: true }).positive({ message: ID_MSG, abort: true }).max(2_147_483_647, ID_MSG),
);

const page = z.preprocess(fromDigits(10), z.number({ error: PAGE_MSG }).int(PAGE_MSG).min(1, PAGE_MSG).max(MAX_PAGE, PAGE_MSG));
/** `?page=N`: a page number from 1. */
export const pageParam = page.default(1);
/** `?page=N` of a list answered whole unless a page is asked (users, roles, categories, rates). */
export const pageOptional = page.optional();
/**
 * A UUID in any letter case (iOS and .NET print them upper-case), given on as the lower-case spelling
 * PostgreSQL answers: no service ever sees two spellings of one record.
 */
export const uuidField = (error: Parameters<typeof z.uuid>[0]) => z.uuid(error).transform((s) => s.toLowerCase());
export const uuidParam = uuidField({ error: idError });

/**
 * A query value of a fixed set of lower-case words in any letter case (`?estado=PENDIENTE`,
 * `?operacion=COMPRA`, `?agrupacion=Mes`): query strings are typed by people and copied from screens
 * that show them in upper case. Given on in the set's (lower-case) spelling. JSON bodies keep their
 * exact values.
 */
export const enumParam = <const T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(values, { error }));

export const detailSchema = z.object({ detail: z.string() });
