import type { RestRoute } from '../../rest/types';
import { crudRoutes } from '../../rest/crud';

const tag = 'Categorías de cliente';

export const categoriasRoutes: RestRoute[] = crudRoutes('categorias', '/categorias/', tag, {
  list: { summary: 'Todas las categorías (activas e inactivas) en un arreglo; `search` filtra por nombre o descripción, `is_active` por estado; con `?page=N`, la página {count, next, previous, results}', wholeUnlessPaged: true },
  create: 'Crear una categoría (descuento 0–100, hasta 2 decimales)',
  get: 'Una categoría',
  patch: { summary: 'Modificar descripción, descuento o estado (el nombre no se modifica)', procedure: 'categorias.update' },
  delete: { summary: 'Desactivar una categoría', status: 204 },
});
