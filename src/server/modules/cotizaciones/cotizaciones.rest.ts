import type { Request } from 'express';
import type { RestRoute } from '../../rest/types';

const tag = 'Cotizaciones';
const idOnly = (req: Request) => ({ id: req.params.id });

/** '/cotizaciones/public/' comes before '/cotizaciones/:id/'. */
export const cotizacionesRoutes: RestRoute[] = [
  { method: 'get', path: '/cotizaciones/public/', procedure: 'cotizaciones.public', input: () => undefined, summary: 'Cotizaciones del día (público): codigo, simbolo, flag, compra, venta', tag, public: true },
  { method: 'get', path: '/cotizaciones/', procedure: 'cotizaciones.list', summary: 'Cotizaciones (lista): ?search, ?activo', tag },
  { method: 'post', path: '/cotizaciones/', procedure: 'cotizaciones.create', status: 201, summary: 'Crear la cotización de una divisa', tag },
  { method: 'get', path: '/cotizaciones/:id/historial/', procedure: 'cotizaciones.historial', input: idOnly, summary: 'Historial de precio y comisiones de una cotización', tag },
  { method: 'get', path: '/cotizaciones/:id/', procedure: 'cotizaciones.get', input: idOnly, summary: 'Una cotización', tag },
  { method: 'put', path: '/cotizaciones/:id/', procedure: 'cotizaciones.update', summary: 'Modificar precio base y comisiones', tag },
  { method: 'patch', path: '/cotizaciones/:id/', procedure: 'cotizaciones.patch', summary: 'Modificar parte de una cotización; {"activo": true} la reactiva', tag },
  { method: 'delete', path: '/cotizaciones/:id/', procedure: 'cotizaciones.deactivate', input: idOnly, summary: 'Desactivar una cotización', tag },
];
