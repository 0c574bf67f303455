import type { RestRoute } from '../../rest/types';
import { crudRoutes } from '../../rest/crud';
import { publicTasasAnswer } from './cotizaciones.service';

const tag = 'Cotizaciones';

/** '/cotizaciones/public/' comes before '/cotizaciones/:id/'. */
export const cotizacionesRoutes: RestRoute[] = [
  { method: 'get', path: '/cotizaciones/public/', procedure: 'cotizaciones.public', input: () => undefined, summary: 'Cotizaciones del día (público): codigo, simbolo, flag, compra, venta', tag, public: true,
    cachedAnswer: publicTasasAnswer },
  { method: 'get', path: '/cotizaciones/:id/historial/', procedure: 'cotizaciones.historial', input: (req) => ({ id: req.params.id }), summary: 'Historial de precio y comisiones de una cotización', tag },
  ...crudRoutes('cotizaciones', '/cotizaciones/', tag, {
    list: { summary: 'Cotizaciones en un arreglo: ?search, ?activo; con `?page=N`, la página {count, next, previous, results}', wholeUnlessPaged: true },
    create: 'Crear la cotización de una divisa',
    get: 'Una cotización',
    update: 'Modificar precio base y comisiones',
    patch: 'Modificar parte de una cotización; {"activo": true} la reactiva',
    delete: 'Desactivar una cotización',
  }),
];
