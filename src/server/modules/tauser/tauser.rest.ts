import type { RestRoute } from '../../rest/types';
import { crudRoutes } from '../../rest/crud';

const tag = 'Tausers';

export const tauserRoutes: RestRoute[] = [
  ...crudRoutes('tauser', '/tauser/', tag, {
    list: 'Tausers: ?search (código, nombre, dirección, ciudad, departamento), ?page; ?all=true da un arreglo de los activos (?incluir_inactivos=true con permiso de ver)',
    create: 'Crear un Tauser (queda activo)',
    get: 'Un Tauser',
    patch: 'Modificar parte de un Tauser (el código no cambia); {"isActive": false} lo inactiva',
  }),
];
