import type { RestRoute } from '../../rest/types';

const tag = 'Roles y permisos';

export const rolesRoutes: RestRoute[] = [
  { method: 'get', path: '/roles/', procedure: 'roles.list', summary: 'Roles con sus permisos (ids); `search` filtra por nombre', tag },
  { method: 'post', path: '/roles/', procedure: 'roles.create', status: 201, summary: 'Crear un rol: nombre (se recorta) y permisos', tag },
  { method: 'get', path: '/roles/:id/', procedure: 'roles.get', input: (req) => ({ id: req.params.id }), summary: 'Un rol', tag },
  { method: 'put', path: '/roles/:id/', procedure: 'roles.update', summary: 'Modificar nombre y permisos de un rol', tag },
  { method: 'delete', path: '/roles/:id/', procedure: 'roles.delete', input: (req) => ({ id: req.params.id }), status: 204, summary: 'Eliminar un rol (quienes lo tenían pierden sus permisos)', tag },
  { method: 'get', path: '/permisos/', procedure: 'roles.permisos', input: () => undefined, summary: 'Catálogo de permisos', tag },
];
