import { z } from '../zod';
import { M } from '../messages';
import { searchQuery, text } from './fields';
import { intId } from './common';

export const roleRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Permission ids. */
  permissions: z.array(z.number().int()),
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

/** POST and PUT /roles/: the name is trimmed on save. */
export const roleBody = z.strictObject({
  name: text({ max: 150 }),
  permissions: z
    .array(intId('Identificador de permiso no válido'), {
      error: (iss) => (iss.input === undefined ? M.required : 'Debe ser una lista de permisos'),
    })
    .max(1000, 'Demasiados elementos')
    .default([]),
});
export type RoleBody = z.infer<typeof roleBody>;

/** The role form of the screens. */
export const roleForm = roleBody;

export const rolesListInput = searchQuery;
