import { z } from '../zod';
import { M } from '../messages';
import { ESTADOS } from '../transacciones';
import { enumParam, idParam, optionalText, pageParam, uuidParam } from './common';
import { FECHAS_MSG, estadoParam, fecha } from './operaciones';

import { AGRUPACIONES, FORMATOS } from '../reportes';


export { AGRUPACIONES, DIMENSIONES, FORMATOS, type Agrupacion, type Dimension, type Formato } from '../reportes';

/**
 * The filters every report takes (dates are business days of TZ_BUSINESS, inclusive; without them,
 * this month up to today). The state is COMPLETADA unless asked otherwise. Words of a fixed set
 * (estado, operacion, agrupacion, formato) take any letter case. `categoria` names a client category
 * by its id (`idCategoria`, any letter case) or, as links written before did, by its name; the
 * service resolves it to the id and refuses one that names no category.
 */
export const reporteFiltrosShape = {
  fecha_desde: fecha.optional(),
  fecha_hasta: fecha.optional(),
  divisa: idParam.optional(),
  operacion: enumParam(['compra', 'venta'], 'Operación no válida').optional(),
  metodo: idParam.optional(),
  operador: idParam.optional(),
  tauser: uuidParam.optional(),
  categoria: optionalText(100).optional(),
  estado: estadoParam.default('completada'),
};

const fechasEnOrden = (f: { fecha_desde?: string; fecha_hasta?: string }) => !f.fecha_desde || !f.fecha_hasta || f.fecha_desde <= f.fecha_hasta;
const fechasRule = { message: FECHAS_MSG, path: ['fecha_hasta'] };

export const reporteFiltros = z.object(reporteFiltrosShape).refine(fechasEnOrden, fechasRule);
export type ReporteFiltrosInput = z.input<typeof reporteFiltros>;
/** The filters with the period resolved (what every answer echoes). */
export type ReporteFiltros = z.output<typeof reporteFiltros> & { fecha_desde: string; fecha_hasta: string };

export const evolucionInput = z
  .object({ ...reporteFiltrosShape, agrupacion: enumParam(AGRUPACIONES, 'Agrupación no válida (dia, semana o mes)').default('dia') })
  .refine(fechasEnOrden, fechasRule);
export const listadoInput = z.object({ ...reporteFiltrosShape, page: pageParam }).refine(fechasEnOrden, fechasRule);
export const exportInput = z
  .object({ ...reporteFiltrosShape, formato: enumParam(FORMATOS, 'Formato no válido (csv, xlsx o pdf)').default('csv') })
  .refine(fechasEnOrden, fechasRule);

export const MINIMO_MSG = 'Ingresá un mínimo en unidades enteras (0 o más).';
/**
 * The low-stock threshold of a currency, in whole units of it (terminals hold notes); 0 turns it off.
 * An amount of money: digits as text, as GET answers it; a JSON number is told to travel as text.
 */
export const umbralInput = z.strictObject({
  divisa_id: idParam,
  minimo: z.string({ error: (iss) => (typeof iss.input === 'number' ? M.enteroComoTexto : MINIMO_MSG) }).regex(/^\d{1,15}$/, MINIMO_MSG),
});
export type UmbralInput = z.infer<typeof umbralInput>;

// ---- answers (money and rates as decimal strings) ----

const decimal = z.string();

const filtrosEco = z.object({
  fecha_desde: z.string(),
  fecha_hasta: z.string(),
  divisa: z.number().int().optional(),
  operacion: z.enum(['compra', 'venta']).optional(),
  metodo: z.number().int().optional(),
  operador: z.number().int().optional(),
  tauser: z.string().optional(),
  categoria: z.string().optional(),
  estado: z.enum(ESTADOS),
});

/** Count, PYG volume, margin in PYG (the sum of each operation's rounded margin) and the average margin. */
const cifras = {
  operaciones: z.number().int(),
  volumen_pyg: decimal,
  margen_pyg: decimal,
};

export const resumenRecord = z.object({
  filtros: filtrosEco,
  ...cifras,
  /** margen_pyg / operaciones, rounded to guaraníes (0 without operations). */
  margen_promedio_pyg: decimal,
});
export type ResumenRecord = z.infer<typeof resumenRecord>;

export const grupoRecord = z.object({
  clave: z.string(),
  etiqueta: z.string(),
  ...cifras,
  /** Only `por_divisa` (one row per currency and operation): foreign volume, its code and the weighted average applied rate. */
  divisa: z.string().nullable(),
  operacion: z.enum(['compra', 'venta']).nullable(),
  volumen_divisa: decimal.nullable(),
  tasa_promedio: decimal.nullable(),
});
export type GrupoRecord = z.infer<typeof grupoRecord>;
export const gruposRecord = z.object({ filtros: filtrosEco, resultados: z.array(grupoRecord) });

export const periodoRecord = z.object({ periodo: z.string(), ...cifras });
export type PeriodoRecord = z.infer<typeof periodoRecord>;
export const evolucionRecord = z.object({ filtros: filtrosEco, agrupacion: z.enum(AGRUPACIONES), resultados: z.array(periodoRecord) });

export const lineaRecord = z.object({
  id: z.number().int(),
  codigo: z.string(),
  fecha_inicio: z.string(),
  operacion_cliente: z.enum(['compra', 'venta']),
  divisa: z.string(),
  monto_divisa: decimal,
  monto_pyg: decimal,
  tasa_aplicada: decimal,
  precio_base: decimal,
  margen_pyg: decimal,
  metodo: z.string(),
  operador: z.string(),
  tauser: z.string(),
  categoria: z.string(),
});
export type LineaRecord = z.infer<typeof lineaRecord>;
export const listadoRecord = z.object({
  count: z.number().int(),
  next: z.number().int().nullable(),
  previous: z.number().int().nullable(),
  results: z.array(lineaRecord),
});

export const stockRecord = z.object({
  tauser_id: z.string(),
  tauser_codigo: z.string(),
  tauser_nombre: z.string(),
  divisa_id: z.number().int(),
  divisa: z.string(),
  billetes: z.number().int(),
  valor: decimal,
  minimo: decimal.nullable(),
  bajo: z.boolean(),
});
export type StockRecord = z.infer<typeof stockRecord>;
export const umbralRecord = z.object({ divisa_id: z.number().int(), divisa: z.string(), minimo: decimal });

export const exportPlan = z.object({ formato: z.enum(FORMATOS), filtros: filtrosEco });
export type ExportPlan = z.infer<typeof exportPlan>;
