import { z } from '../zod';
import { M } from '../messages';
import { flag, searchQuery, text, wholeOrPage } from './fields';
import { intId } from './common';

export const roleRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Permission ids. */
  permissions: z.array(z.number().int()),
  /** Members must sign in with a second factor (and set it up before anything else). */
  requiere_mfa: z.boolean(),
});
export type RoleRecord = z.infer<typeof roleRecord>;

export const permisoRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  codename: z.string(),
  app_label: z.string(),
  name_es: z.string(),
});
export type PermisoRecord = z.infer<typeof permisoRecord>;

const permissionIds = z
  .array(intId('Identificador de permiso no válido'), {
    error: (iss) => (iss.input === undefined ? M.required : 'Debe ser una lista de permisos'),
  })
  .max(1000, 'Demasiados elementos');

/** POST /roles/: the name is trimmed on save; absent permissions mean none. */
export const roleBody = z.strictObject({
  name: text({ max: 150 }),
  permissions: permissionIds.default([]),
  /** Absent on create: false; absent on update: unchanged. */
  requiere_mfa: flag().optional(),
});
export type RoleBody = z.infer<typeof roleBody>;

/** PUT /roles/: replaces the whole set, so `permissions` is required (absent must not wipe them). */
export const roleUpdateBody = roleBody.extend({ permissions: permissionIds });

/** The role form of the screens. */
export const roleForm = roleBody;

export const rolesListInput = searchQuery.extend(wholeOrPage);
