import type { Request } from 'express';
import type { RestRoute } from '../../rest/types';

const tag = 'Divisas';
const idOnly = (req: Request) => ({ id: req.params.id });

/** Fixed paths come before '/divisas/:id/' so 'sin_tasa' is never read as an id. */
export const divisasRoutes: RestRoute[] = [
  { method: 'get', path: '/divisas/sin_tasa/', procedure: 'divisas.sinTasa', input: () => undefined, summary: 'Divisas activas (no base) sin cotización', tag },
  { method: 'get', path: '/divisas/con_tasa/', procedure: 'divisas.conTasa', input: () => undefined, summary: 'Divisa base y divisas activas con cotización activa (público)', tag, public: true },
  { method: 'get', path: '/divisas/', procedure: 'divisas.list', summary: 'Divisas: ?search, ?page, ?es_base, ?is_active; ?all=true da una lista', tag },
  { method: 'post', path: '/divisas/', procedure: 'divisas.create', status: 201, summary: 'Crear una divisa', tag },
  { method: 'get', path: '/divisas/:id/get_denominaciones/', procedure: 'divisas.denominacionesDe', input: idOnly, summary: 'Denominaciones de una divisa', tag },
  { method: 'post', path: '/divisas/:id/toggle_active/', procedure: 'divisas.toggleActive', input: idOnly, summary: 'Activar o desactivar una divisa (cambia el estado)', tag },
  { method: 'get', path: '/divisas/:id/', procedure: 'divisas.get', input: idOnly, summary: 'Una divisa', tag },
  { method: 'put', path: '/divisas/:id/', procedure: 'divisas.update', summary: 'Modificar una divisa', tag },
  { method: 'patch', path: '/divisas/:id/', procedure: 'divisas.patch', summary: 'Modificar parte de una divisa; {"is_active": true} la reactiva', tag },
  { method: 'delete', path: '/divisas/:id/', procedure: 'divisas.deactivate', input: idOnly, summary: 'Desactivar una divisa (la base no)', tag },

  { method: 'post', path: '/denominaciones/', procedure: 'divisas.denominaciones.create', status: 201, summary: 'Crear una denominación', tag },
  { method: 'post', path: '/denominaciones/:id/toggle_active/', procedure: 'divisas.denominaciones.toggleActive', input: idOnly, summary: 'Activar o desactivar una denominación', tag },
  { method: 'put', path: '/denominaciones/:id/', procedure: 'divisas.denominaciones.update', summary: 'Modificar una denominación', tag },
  { method: 'patch', path: '/denominaciones/:id/', procedure: 'divisas.denominaciones.patch', summary: 'Modificar parte de una denominación; {"is_active": true} la reactiva', tag },
  { method: 'delete', path: '/denominaciones/:id/', procedure: 'divisas.denominaciones.deactivate', input: idOnly, summary: 'Desactivar una denominación', tag },

  { method: 'get', path: '/limite-config/', procedure: 'divisas.limites.get', input: () => undefined, summary: 'Límites diario y mensual (PYG; null = sin límite)', tag },
  { method: 'put', path: '/limite-config/', procedure: 'divisas.limites.update', summary: 'Modificar los límites', tag },
];
