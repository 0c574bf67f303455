import type { RestRoute } from '../../rest/types';
import { crudRoutes } from '../../rest/crud';

const tag = 'Tausers';

export const tauserRoutes: RestRoute[] = [
  ...crudRoutes('tauser', '/tauser/', tag, {
    list: 'Tausers: ?search (código, nombre, dirección, ciudad, departamento), ?page, ?is_active; ?all=true da un arreglo de todos (inactivos incluidos con permiso de ver; solo activos para clientes)',
    create: 'Crear un Tauser (queda activo)',
    get: 'Un Tauser (cualquier usuario autenticado: los activos; con permiso de ver, cualquiera)',
    patch: 'Modificar parte de un Tauser (el código no cambia); {"isActive": false} lo inactiva',
  }),
];
