import type { RestRoute } from '../../rest/types';

const tag = 'Usuarios';

export const usuariosRoutes: RestRoute[] = [
  { method: 'get', path: '/usuarios/:id/', procedure: 'usuarios.get', input: (req) => ({ id: req.params.id }), summary: 'Un usuario (el propio siempre; otros con permiso de ver usuarios)', tag },
];
