import type { RestRoute } from '../../rest/types';
import { crudRoutes } from '../../rest/crud';

const tag = 'Roles y permisos';

export const rolesRoutes: RestRoute[] = [
  ...crudRoutes('roles', '/roles/', tag, {
    list: { summary: 'Roles con sus permisos (ids), en un arreglo; `search` filtra por nombre; con `?page=N`, la página {count, next, previous, results}', wholeUnlessPaged: true },
    create: 'Crear un rol: nombre (se recorta) y permisos',
    get: 'Un rol',
    update: 'Modificar nombre y permisos de un rol',
    delete: { summary: 'Eliminar un rol (quienes lo tenían pierden sus permisos)', procedure: 'roles.delete', status: 204 },
  }),
  { method: 'get', path: '/permisos/', procedure: 'roles.permisos', input: () => undefined, summary: 'Catálogo de permisos', tag },
];
