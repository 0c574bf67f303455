import type { Request } from 'express';
import type { RestRoute } from '../../rest/types';
import { crudRoutes } from '../../rest/crud';

const tag = 'Divisas';
const idOnly = (req: Request) => ({ id: req.params.id });

/** Fixed paths come before '/divisas/:id/' so 'sin_tasa' is never read as an id. */
export const divisasRoutes: RestRoute[] = [
  { method: 'get', path: '/divisas/sin_tasa/', procedure: 'divisas.sinTasa', summary: 'Divisas activas (no base) sin cotización: ?search, ?page; ?all=true da una lista', tag },
  { method: 'get', path: '/divisas/con_tasa/', procedure: 'divisas.conTasa', summary: 'Divisa base y divisas activas con cotización activa (público): ?search, ?page; ?all=true da una lista', tag, public: true },
  { method: 'get', path: '/divisas/:id/get_denominaciones/', procedure: 'divisas.denominacionesDe', input: idOnly, summary: 'Denominaciones de una divisa', tag },
  ...crudRoutes('divisas', '/divisas/', tag, {
    list: 'Divisas: ?search, ?page, ?es_base, ?is_active; ?all=true da una lista',
    create: 'Crear una divisa',
    toggle: 'Activar o desactivar una divisa (cambia el estado)',
    get: 'Una divisa',
    update: 'Modificar una divisa',
    patch: 'Modificar parte de una divisa; {"is_active": true} la reactiva',
    delete: 'Desactivar una divisa (la base no)',
  }),
  ...crudRoutes('divisas.denominaciones', '/denominaciones/', tag, {
    create: 'Crear una denominación',
    get: 'Una denominación',
    toggle: 'Activar o desactivar una denominación',
    update: 'Modificar una denominación',
    patch: 'Modificar parte de una denominación; {"is_active": true} la reactiva',
    delete: 'Desactivar una denominación',
  }),
  { method: 'get', path: '/limite-config/', procedure: 'divisas.limites.get', input: () => undefined, summary: 'Límites diario y mensual (PYG; null = sin límite)', tag },
  { method: 'put', path: '/limite-config/', procedure: 'divisas.limites.update', summary: 'Modificar los límites', tag },
];
