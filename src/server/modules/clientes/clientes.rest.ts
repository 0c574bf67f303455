import type { Request } from 'express';
import type { RestRoute } from '../../rest/types';
import { crudRoutes } from '../../rest/crud';

const tag = 'Clientes';

export const clientesRoutes: RestRoute[] = [
  { method: 'get', path: '/clientes/:id/get_usuarios_asignados/', procedure: 'clientes.usuariosAsignados', summary: 'Usuarios (operadores) asignados al cliente', tag },
  {
    method: 'get', path: '/clientes/:id/get_historial_transacciones/', procedure: 'clientes.historial', tag, wholeUnlessPaged: true,
    // A sub-list of one record answers an array (DESIGN §3); the paged envelope only when a page is asked.
    input: (req: Request) => ({ ...(req.query as object), id: req.params.id, ...(req.query.page === undefined ? { all: true } : {}) }),
    summary: 'Historial de transacciones del cliente, recientes primero (?estado, ?divisa, ?fecha_desde, ?fecha_hasta): un arreglo; con ?page=N, la página {count, next, previous, results}',
  },
  ...crudRoutes('clientes', '/clientes/', tag, {
    list: 'Clientes paginados (10 por página, `search`, `page`, `is_active`); `?all=true` devuelve todos en un arreglo',
    create: 'Crear un cliente (siempre activo; cédula si es persona física, RUC si no)',
    get: 'Un cliente (personal con permiso de ver clientes, o un usuario al que está asignado)',
    update: 'Modificar un cliente; sin `isActive` queda activo',
    patch: 'Modificar campos de un cliente; `{"isActive": true}` lo reactiva',
    delete: { summary: 'Desactivar un cliente (nunca se borra)', status: 204 },
  }),
];
