import type { RestRoute } from '../../rest/types';
import { escribirExport } from './reportes.export';

const tag = 'Reportes';
const FILTROS = '?fecha_desde, ?fecha_hasta (AAAA-MM-DD, por defecto este mes), ?divisa, ?operacion (compra|venta), ?metodo, ?operador, ?tauser, ?categoria, ?estado (por defecto completada)';

export const reportesRoutes: RestRoute[] = [
  { method: 'get', path: '/reportes/ganancias/resumen/', procedure: 'reportes.resumen', summary: `Operaciones, volumen y margen en PYG: ${FILTROS}`, tag },
  { method: 'get', path: '/reportes/ganancias/por_divisa/', procedure: 'reportes.porDivisa', summary: 'Cifras por divisa y operación, con volumen en divisa y tasa promedio ponderada', tag },
  { method: 'get', path: '/reportes/ganancias/por_metodo/', procedure: 'reportes.porMetodo', summary: 'Cifras por método financiero', tag },
  { method: 'get', path: '/reportes/ganancias/por_operador/', procedure: 'reportes.porOperador', summary: 'Cifras por operador', tag },
  { method: 'get', path: '/reportes/ganancias/por_tauser/', procedure: 'reportes.porTauser', summary: 'Cifras por Tauser', tag },
  { method: 'get', path: '/reportes/ganancias/por_categoria/', procedure: 'reportes.porCategoria', summary: 'Cifras por categoría de cliente', tag },
  { method: 'get', path: '/reportes/ganancias/evolucion/', procedure: 'reportes.evolucion', summary: 'Cifras por período: ?agrupacion=dia|semana|mes', tag },
  { method: 'get', path: '/reportes/ganancias/transacciones/', procedure: 'reportes.transacciones', summary: 'Las operaciones detrás de las cifras, con su margen: ?page', tag },
  {
    method: 'get', path: '/reportes/ganancias/export/', procedure: 'reportes.exportar', summary: 'Exportar las cifras y operaciones: ?formato=csv|xlsx|pdf', tag,
    file: { types: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'], write: escribirExport },
  },
  { method: 'get', path: '/reportes/terminales/stock/', procedure: 'reportes.stock', summary: 'Billetes y valor por Tauser y divisa, con aviso de stock bajo: ?tauser', tag },
  { method: 'get', path: '/reportes/terminales/umbrales/', procedure: 'reportes.umbrales', input: () => undefined, summary: 'Mínimos de stock por divisa', tag },
  { method: 'put', path: '/reportes/terminales/umbrales/', procedure: 'reportes.guardarUmbral', summary: 'Fijar el mínimo de stock de una divisa (0 lo desactiva)', tag },
];
