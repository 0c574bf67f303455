import type { RestRoute } from '../../rest/types';

export const auditoriaRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/auditoria/',
    procedure: 'auditoria.list',
    summary: 'Registro de auditoría (solo superusuarios), más reciente primero: filtros `entity`, `entity_id`, `actor_id`; paginado',
    tag: 'Auditoría',
  },
];
