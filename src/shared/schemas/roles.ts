import { z } from '../zod';
import { M } from '../messages';
import { text } from './fields';

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
    .array(z.number({ error: 'Identificador de permiso no válido' }).int('Identificador de permiso no válido').positive('Identificador de permiso no válido'), {
      error: (iss) => (iss.input === undefined ? M.required : 'Debe ser una lista de permisos'),
    })
    .max(1000, 'Demasiados elementos')
    .default([]),
});
export type RoleBody = z.infer<typeof roleBody>;

/** The role form of the screens. */
export const roleForm = roleBody;

export const rolesListInput = z.object({ search: z.string().trim().max(100, 'Máximo 100 caracteres').optional() });
