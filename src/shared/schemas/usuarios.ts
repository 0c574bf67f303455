import { textError, z } from '../zod';
import { cleanText } from '../text';
import { M } from '../messages';
import { MA } from '../messagesAdmin';
import { USERNAME_CHARS, USERNAME_CHARS_MSG, emailField, flag, queryFlag, searchQuery, text, wholeOrPage } from './fields';
import { intId, uuidField } from './common';
import { clienteRecord } from './clientes';

export const userRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  /** Second factor active (read-only: the user turns it on in Seguridad; staff may reset it). */
  mfa_enabled: z.boolean(),
  clientes: z.array(z.string()),
});
export type UserRecord = z.infer<typeof userRecord>;

export const usernameField = text({ min: [3, M.usernameMin], max: 150 }).regex(USERNAME_CHARS, USERNAME_CHARS_MSG);
export const passwordField = z
  .string({ error: textError(M.required) })
  .min(1, { error: M.required, abort: true })
  .min(6, { error: M.passwordMin, abort: true })
  .max(128, 'Máximo 128 caracteres');

/** The fields of the user form (spec 000 §5), shared by create and edit. */
export const userFields = {
  username: usernameField,
  first_name: text({ min: [2, MA.firstNameMin], max: 150 }),
  last_name: text({ min: [2, MA.lastNameMin], max: 150 }),
  email: emailField(M.invalidEmailUser),
};

/** A list of ids; missing → the required message. Duplicates are allowed and ignored. */
const listOf = <T extends z.ZodType>(item: T, listMessage: string) =>
  z
    .array(item, { error: (iss) => (iss.input === undefined ? M.required : listMessage) })
    .max(1000, 'Demasiados elementos');

const clienteIds = () => listOf(uuidField({ error: 'Identificador de cliente no válido' }), 'Debe ser una lista de clientes');

/**
 * POST /usuarios/: every field required but `clientes`; active by default. `clientes` (spec 000 §3's
 * User entity) assigns clients in the same transaction; a non-empty list needs the permission to assign.
 */
export const userCreateInput = z.strictObject({
  ...userFields,
  password: passwordField,
  is_active: flag().default(true),
  clientes: clienteIds().optional(),
});
export type UserCreateInput = z.infer<typeof userCreateInput>;

type NameField = 'first_name' | 'last_name';
const NAME_MIN: Record<NameField, string> = { first_name: MA.firstNameMin, last_name: MA.lastNameMin };

/** A name as an edit takes it (clean text, at most 150); its minimum is `nameEditErrors`' business. */
const editedName = cleanText({ error: textError(M.required) }).trim().max(150, 'Máximo 150 caracteres');

/**
 * The names on edit: a new name needs 2 characters (spec 000 §5: the edit has the create form's
 * rules), but the name the user has now may be sent back as it is. Self-registration asks no last name
 * (spec 000 §2 and §7: username, email, first_name, password), so it is stored empty, and its first name
 * may have one letter: a read-then-write-back of such a user, or an edit of their e-mail, must not be
 * refused for a name nobody changed. Without `stored` (no record to compare with) every name follows
 * the rule. Answers the message of each name that breaks it.
 */
export function nameEditErrors(input: Partial<Record<NameField, string>>, stored?: Record<NameField, string>): Partial<Record<NameField, string>> {
  const out: Partial<Record<NameField, string>> = {};
  for (const k of ['first_name', 'last_name'] as const) {
    const v = input[k];
    if (v === undefined || (stored && v === stored[k])) continue;
    if (v === '') out[k] = M.required;
    else if (v.length < 2) out[k] = NAME_MIN[k];
  }
  return out;
}

const userEditShape = {
  username: usernameField,
  first_name: editedName,
  last_name: editedName,
  email: emailField(M.invalidEmailUser),
  password: z
    .string({ error: 'Debe ser texto' })
    .max(128, 'Máximo 128 caracteres')
    .refine((v) => v === '' || v.length >= 6, M.passwordMin)
    .optional(),
  is_active: flag().optional(),
};

/**
 * The edit form of a user: like create, but an empty password keeps the current one, and a name
 * equal to the stored one (`stored`, the record being edited) passes as it is (`nameEditErrors`).
 */
export const userEditFormFor = (stored?: Record<NameField, string>) =>
  z.strictObject(userEditShape).superRefine((v, ctx) => {
    for (const [path, message] of Object.entries(nameEditErrors(v, stored))) ctx.addIssue({ code: 'custom', path: [path], message });
  });
/** The edit form with no record to compare with: every name follows the rule. */
export const userEditForm = userEditFormFor();
export type UserEditForm = z.infer<typeof userEditForm>;

/**
 * PATCH /usuarios/:id/ body: any subset of the edit form. The names' minimum is checked by the service
 * against the locked record (`nameEditErrors`): the schema cannot know the stored names.
 */
export const userPatchBody = z.strictObject(userEditShape).partial();
export type UserPatchBody = z.infer<typeof userPatchBody>;

export const usuariosListInput = searchQuery.extend({ ...wholeOrPage, is_active: queryFlag.optional() });

export const asignarClientesBody = z.strictObject({
  clientes: clienteIds(),
});
export const asignarRolesBody = z.strictObject({
  roles: listOf(intId('Identificador de rol no válido'), 'Debe ser una lista de roles'),
});
export const setClienteActualBody = z.strictObject({
  cliente_id: uuidField({ error: (iss) => (iss.input === undefined ? M.required : 'Identificador de cliente no válido') }),
});

export const clienteActualResult = z.object({
  clienteActual: z.object({ idCliente: z.string(), nombre: z.string() }).nullable(),
});
export type ClienteActualResult = z.infer<typeof clienteActualResult>;

export const clientesAsignados = z.array(clienteRecord);
