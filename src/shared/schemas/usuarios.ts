import { textError, z } from '../zod';
import { M } from '../messages';
import { MA } from '../messagesAdmin';
import { emailField, flag, searchQuery, text, wholeOrPage } from './fields';
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

export const usernameField = text({ min: [3, M.usernameMin], max: 150 }).regex(
  /^[\w.@+-]+$/,
  'Solo letras, números y los caracteres @ . + - _',
);
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

/** POST /usuarios/: every field required; active by default. */
export const userCreateInput = z.strictObject({
  ...userFields,
  password: passwordField,
  is_active: flag().default(true),
});
export type UserCreateInput = z.infer<typeof userCreateInput>;

/** The edit form: like create, but an empty password keeps the current one. */
export const userEditForm = z.strictObject({
  ...userFields,
  password: z
    .string({ error: 'Debe ser texto' })
    .max(128, 'Máximo 128 caracteres')
    .refine((v) => v === '' || v.length >= 6, M.passwordMin)
    .optional(),
  is_active: flag().optional(),
});
export type UserEditForm = z.infer<typeof userEditForm>;

/** PATCH /usuarios/:id/ body: any subset of the edit form. */
export const userPatchBody = userEditForm.partial();
export type UserPatchBody = z.infer<typeof userPatchBody>;

export const usuariosListInput = searchQuery.extend(wholeOrPage);

/** A list of ids; missing → the required message. Duplicates are allowed and ignored. */
const listOf = <T extends z.ZodType>(item: T, listMessage: string) =>
  z
    .array(item, { error: (iss) => (iss.input === undefined ? M.required : listMessage) })
    .max(1000, 'Demasiados elementos');

export const asignarClientesBody = z.strictObject({
  clientes: listOf(uuidField({ error: 'Identificador de cliente no válido' }), 'Debe ser una lista de clientes'),
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
