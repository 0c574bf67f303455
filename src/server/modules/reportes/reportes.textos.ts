import type { Agrupacion, Dimension, ReporteFiltros } from '../../../shared/schemas/reportes';
import { agrupacionQueCabe } from '../../../shared/reportes';
import { ESTADO_LABEL } from '../../../shared/transacciones';
import { diaEsPy } from '../../../shared/fechas';
import type { NombresDeFiltros } from './reportes.repository';

/** Titles and headings of the exports (Spanish, as the screen shows them). */
export const TITULO_DIMENSION: Record<Dimension, string> = {
  divisa: 'Por divisa',
  metodo: 'Por método',
  operador: 'Por operador',
  tauser: 'Por Tauser',
  categoria: 'Por categoría',
};

/** The files' evolution: its grouping (the finest that fits the period), title and first column. */
export function evolucionDeArchivo(f: ReporteFiltros): { agrupacion: Agrupacion; titulo: string; columna: string } {
  const agrupacion = agrupacionQueCabe(f.fecha_desde, f.fecha_hasta) ?? 'mes';
  const [titulo, columna] = { dia: ['Evolución por día', 'Día'], semana: ['Evolución por semana', 'Semana (lunes)'], mes: ['Evolución por mes', 'Mes'] }[agrupacion];
  return { agrupacion, titulo, columna };
}

export const ENCABEZADO_LINEAS = [
  'Código', 'Fecha', 'Operación del cliente', 'Divisa', 'Monto divisa', 'Monto PYG', 'Tasa aplicada', 'Precio base', 'Margen PYG',
  'Método', 'Operador', 'Tauser', 'Categoría',
];

export const OPERACION = { compra: 'Compra', venta: 'Venta' } as const;

/**
 * The filters as label and value, for the head of the XLSX and PDF files: records by the name the
 * screen shows (`nombres`, from `nombresDeFiltros`), an id that names nothing by its number, and the
 * period's dates as people here write them (both files are read by people; the CSV keeps ISO dates).
 */
export function filtrosLegibles(f: ReporteFiltros, nombres: NombresDeFiltros = {}): [string, string][] {
  const nombre = (n: string | null | undefined, id: number | string) => n ?? `n.º ${id} (no existe)`;
  const out: [string, string][] = [
    ['Desde', diaEsPy(f.fecha_desde)],
    ['Hasta', diaEsPy(f.fecha_hasta)],
    ['Estado', (ESTADO_LABEL as Record<string, string>)[f.estado] ?? f.estado],
  ];
  if (f.divisa !== undefined) out.push(['Divisa', nombre(nombres.divisa, f.divisa)]);
  if (f.operacion) out.push(['Operación del cliente', OPERACION[f.operacion]]);
  if (f.metodo !== undefined) out.push(['Método', nombre(nombres.metodo, f.metodo)]);
  if (f.operador !== undefined) out.push(['Operador', nombre(nombres.operador, f.operador)]);
  if (f.tauser) out.push(['Tauser', nombre(nombres.tauser, f.tauser)]);
  if (f.categoria) out.push(['Categoría de cliente', nombre(nombres.categoria, f.categoria)]);
  return out;
}

/** es-PY grouping of a decimal string without going through a float: 1234567.5 → 1.234.567,5. */
export function numeroEsPy(v: string): string {
  const [ent, dec] = v.split('.');
  const neg = ent.startsWith('-');
  const digits = neg ? ent.slice(1) : ent;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}${grouped}${dec ? `,${dec}` : ''}`;
}
