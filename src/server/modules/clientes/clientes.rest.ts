import type { RestRoute } from '../../rest/types';

const tag = 'Clientes';

/** Fixed sub-paths come before the `:id` ones. */
export const clientesRoutes: RestRoute[] = [
  { method: 'get', path: '/clientes/', procedure: 'clientes.list', summary: 'Clientes paginados (10 por página, `search`, `page`); `?all=true` devuelve todos en un arreglo', tag },
  { method: 'post', path: '/clientes/', procedure: 'clientes.create', status: 201, summary: 'Crear un cliente (siempre activo; cédula si es persona física, RUC si no)', tag },
  { method: 'get', path: '/clientes/:id/get_usuarios_asignados/', procedure: 'clientes.usuariosAsignados', summary: 'Usuarios (operadores) asignados al cliente', tag },
  { method: 'get', path: '/clientes/:id/get_historial_transacciones/', procedure: 'clientes.historial', summary: 'Historial de transacciones del cliente, recientes primero (?estado, ?divisa, ?fecha_desde, ?fecha_hasta, ?page; ?all=true da una lista)', tag },
  { method: 'get', path: '/clientes/:id/', procedure: 'clientes.get', input: (req) => ({ id: req.params.id }), summary: 'Un cliente (personal con permiso de ver clientes, o un usuario al que está asignado)', tag },
  { method: 'put', path: '/clientes/:id/', procedure: 'clientes.update', summary: 'Modificar un cliente; sin `isActive` queda activo', tag },
  { method: 'patch', path: '/clientes/:id/', procedure: 'clientes.patch', summary: 'Modificar campos de un cliente; `{"isActive": true}` lo reactiva', tag },
  { method: 'delete', path: '/clientes/:id/', procedure: 'clientes.deactivate', input: (req) => ({ id: req.params.id }), status: 204, summary: 'Desactivar un cliente (nunca se borra)', tag },
];
