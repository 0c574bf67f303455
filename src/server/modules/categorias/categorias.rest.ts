import type { RestRoute } from '../../rest/types';

const tag = 'Categorías de cliente';

export const categoriasRoutes: RestRoute[] = [
  { method: 'get', path: '/categorias/', procedure: 'categorias.list', summary: 'Todas las categorías (activas e inactivas) en un arreglo; `search` filtra por nombre o descripción; `all` se acepta', tag },
  { method: 'post', path: '/categorias/', procedure: 'categorias.create', status: 201, summary: 'Crear una categoría (descuento 0–100, hasta 2 decimales)', tag },
  { method: 'get', path: '/categorias/:id/', procedure: 'categorias.get', input: (req) => ({ id: req.params.id }), summary: 'Una categoría', tag },
  { method: 'patch', path: '/categorias/:id/', procedure: 'categorias.update', summary: 'Modificar descripción, descuento o estado (el nombre no se modifica)', tag },
  { method: 'delete', path: '/categorias/:id/', procedure: 'categorias.deactivate', input: (req) => ({ id: req.params.id }), status: 204, summary: 'Desactivar una categoría', tag },
];
