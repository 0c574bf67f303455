import { z } from '../zod';
import { M } from '../messages';
import { Decimal, parseDecimalInput, toFixedString } from '../money';
import { MSG_COMISION_MAYOR_PRECIO } from '../pricing';
import { DIVISA_MSG, divisaRef, serialId } from './divisas';

import { RATE_DECIMALS, RATE_INT_DIGITS, TASA_LOAD_MSG } from '../rates';

export { RATE_DECIMALS, RATE_INT_DIGITS };

/** Spanish messages of the rates area (spec 001 §5, §8). */
export const TASA_MSG = {
  numero: 'Ingrese un número válido.',
  decimales: `Asegúrese de que no haya más de ${RATE_DECIMALS} decimales.`,
  enteros: `Asegúrese de que no haya más de ${RATE_INT_DIGITS} dígitos antes del punto decimal.`,
  precioCero: 'El precio base debe ser mayor a cero.',
  comisionMayor: MSG_COMISION_MAYOR_PRECIO,
  ventaEnteros: `La tasa de venta (precio base + comisión de venta) no puede tener más de ${RATE_INT_DIGITS} dígitos antes del punto decimal.`,
  divisaRequerida: DIVISA_MSG.divisaRequerida,
  divisaNoExiste: DIVISA_MSG.divisaNoExiste,
  divisaInactiva: 'La divisa no está activa.',
  divisaBase: 'No se puede crear una cotización para la divisa base.',
  duplicada: 'Ya existe una cotización para esta divisa.',
  divisaFija: 'La divisa de una cotización no se puede cambiar.',
  // Toasts of the screens (spec 001 §8).
  crearError: 'Error creando tasa',
  desactivarError: 'Ha ocurrido un error al desactivar la Cotización',
  ...TASA_LOAD_MSG,
  creada: 'Tasa creada con éxito',
  actualizada: 'Cotización actualizada con éxito',
  desactivada: 'Cotización desactivada con éxito',
  activada: 'Tasa activada con éxito',
  // Not in the spec (it names only the create and deactivate failures): same wording as deactivation.
  actualizarError: 'Ha ocurrido un error al actualizar la Cotización',
  activarError: 'Ha ocurrido un error al activar la Cotización',
} as const;

/**
 * A rate figure typed by staff: digits with one decimal point or comma ("7300,5"), at most 4
 * decimals and 16 integer digits. Answers the canonical 4-decimal string ("7300.5000").
 */
export const rateFigure = z
  .string({ error: (iss) => (iss.input === undefined ? M.required : typeof iss.input === 'number' ? M.decimalComoTexto : TASA_MSG.numero) })
  .trim()
  .min(1, { message: M.required, abort: true })
  .transform((v, ctx) => {
    const parsed = parseDecimalInput(v);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: TASA_MSG.numero });
      return z.NEVER;
    }
    const d = new Decimal(parsed);
    if (d.decimalPlaces() > RATE_DECIMALS) {
      ctx.addIssue({ code: 'custom', message: TASA_MSG.decimales });
      return z.NEVER;
    }
    if (d.gte(new Decimal(10).pow(RATE_INT_DIGITS))) {
      ctx.addIssue({ code: 'custom', message: TASA_MSG.enteros });
      return z.NEVER;
    }
    return toFixedString(d, RATE_DECIMALS);
  });


const activo = z.boolean({ error: 'Use true o false' });

export const tasaCreateInput = z.strictObject({
  divisa: divisaRef,
  precioBase: rateFigure,
  comisionBaseCompra: rateFigure,
  comisionBaseVenta: rateFigure,
  activo: activo.default(true),
});
export type TasaCreateInput = z.infer<typeof tasaCreateInput>;

/** PUT /cotizaciones/:id/: the three figures; divisa may be repeated but never changed. */
export const tasaUpdateInput = z.strictObject({
  id: serialId,
  divisa: divisaRef.optional(),
  precioBase: rateFigure,
  comisionBaseCompra: rateFigure,
  comisionBaseVenta: rateFigure,
  /** true needs the change permission, false the delete permission. */
  activo: activo.optional(),
});
/** PATCH /cotizaciones/:id/: any subset, e.g. {"activo": true} to reactivate. */
export const tasaPatchInput = tasaUpdateInput.partial().required({ id: true });
export type TasaPatchInput = z.infer<typeof tasaPatchInput>;

export interface TasaFigures {
  precioBase: string;
  comisionBaseCompra: string;
  comisionBaseVenta: string;
}

/** The first value a rate figure may not reach: 10^16 (numeric(20,4) holds 16 integer digits). */
const RATE_LIMIT = new Decimal(10).pow(RATE_INT_DIGITS);

/**
 * The cross-field rules on canonical figures: the base price is above zero, neither commission
 * exceeds it (DESIGN §6 for the buy commission; the sell commission follows the same rule) and the
 * sell rate P + Cv fits the same 16 integer digits as the inputs (P − Cc never exceeds P).
 */
export function tasaFigureErrors(f: TasaFigures): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const p = new Decimal(f.precioBase);
  if (!p.gt(0)) errors.precioBase = [TASA_MSG.precioCero];
  if (new Decimal(f.comisionBaseCompra).gt(p)) errors.comisionBaseCompra = [TASA_MSG.comisionMayor];
  const cv = new Decimal(f.comisionBaseVenta);
  if (cv.gt(p)) errors.comisionBaseVenta = [TASA_MSG.comisionMayor];
  else if (p.plus(cv).gte(RATE_LIMIT)) errors.comisionBaseVenta = [TASA_MSG.ventaEnteros];
  return errors;
}

export const divisaResumen = z.object({
  id: z.number().int(),
  codigo: z.string(),
  nombre: z.string(),
  simbolo: z.string(),
  flag: z.string().nullable(),
  is_active: z.boolean(),
});

export const tasaRecord = z.object({
  id: z.number().int(),
  divisa: z.number().int(),
  divisa_detalle: divisaResumen,
  precioBase: z.string(),
  comisionBaseCompra: z.string(),
  comisionBaseVenta: z.string(),
  activo: z.boolean(),
  /** precioBase − comisionBaseCompra: what the house pays for one unit. */
  tasaCompra: z.string(),
  /** precioBase + comisionBaseVenta: what the house charges for one unit. */
  tasaVenta: z.string(),
  updated_at: z.string(),
});
export type TasaRecord = z.infer<typeof tasaRecord>;

/** A row of the public table 'Cotizaciones del día'. */
export const tasaPublica = z.object({
  codigo: z.string(),
  simbolo: z.string(),
  flag: z.string().nullable(),
  compra: z.string(),
  venta: z.string(),
});
export type TasaPublica = z.infer<typeof tasaPublica>;

export const tasaHistorialRecord = z.object({
  id: z.number().int(),
  tasa: z.number().int(),
  precioBase: z.string(),
  comisionBaseCompra: z.string(),
  comisionBaseVenta: z.string(),
  tasaCompra: z.string(),
  tasaVenta: z.string(),
  changed_by: z.number().int().nullable(),
  changed_by_username: z.string().nullable(),
  changed_at: z.string(),
});
export type TasaHistorialRecord = z.infer<typeof tasaHistorialRecord>;
