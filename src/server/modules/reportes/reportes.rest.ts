import type { RestRoute } from '../../rest/types';
import { escribirExport } from './reportes.export';

const tag = 'Reportes';

/** The threshold of the currency the body names, among those GET answers (an id as a number or its digits). */
const umbralDe = (answer: unknown, body: Record<string, unknown>) =>
  Array.isArray(answer) ? answer.find((u: { divisa_id?: unknown }) => body.divisa_id !== undefined && String(u.divisa_id) === String(body.divisa_id)) : undefined;
const FILTROS = '?fecha_desde, ?fecha_hasta (AAAA-MM-DD, por defecto este mes), ?divisa, ?operacion (compra|venta), ?metodo, ?operador, ?tauser, ?categoria (idCategoria; también su nombre), ?estado (por defecto completada); estado, operacion, agrupacion y formato en cualquier combinación de mayúsculas';

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
  {
    method: 'put', path: '/reportes/terminales/umbrales/', procedure: 'reportes.guardarUmbral', tag,
    summary: 'Fijar el mínimo de stock de una divisa (0 lo desactiva): {divisa_id, minimo}; el elemento leído con GET (con `divisa`) también sirve',
    // A client sends back an element of the list it read: its `divisa` (the code, read-only) follows the echo rule.
    current: { procedure: 'reportes.umbrales', input: () => undefined, item: umbralDe },
  },
];
