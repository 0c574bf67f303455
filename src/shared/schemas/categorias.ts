import { decimalDoc, z } from '../zod';
import { cleanText } from '../text';
import { MA } from '../messagesAdmin';
import { Decimal, toFixedString } from '../money';
import { flag, queryFlag, searchField, text, wholeOrPage } from './fields';
import { uuidField } from './common';

export const categoriaRecord = z.object({
  idCategoria: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  /** Percent as a decimal string with 2 decimals ("10.00"). */
  descuento: z.string(),
  isActive: z.boolean(),
});
export type CategoriaRecord = z.infer<typeof categoriaRecord>;

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The discount in percent: a number or a decimal string ("10", "12.5", "12,50"), 0–100, step 0.01.
 * Normalised to a string with 2 decimals; never goes through a float on the way to the database.
 */
const descuentoDoc = decimalDoc('Porcentaje de 0 a 100 con hasta 2 decimales (número o texto: "12.5", "12,50")', '10.00');
export const descuentoField = z.unknown().meta(descuentoDoc).transform((v, ctx): string => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (v === undefined || v === null) return fail(MA.descuentoRequired);
  let d: Decimal;
  if (typeof v === 'number') {
    // A JSON number is read as written (1e-7 is a tiny number, not a typing error).
    if (!Number.isFinite(v)) return fail(MA.descuentoNumber);
    d = new Decimal(v);
  } else if (typeof v === 'string') {
    const s = v.trim().replace(',', '.');
    if (s === '') return fail(MA.descuentoRequired);
    if (!NUMBER.test(s)) return fail(MA.descuentoNumber);
    d = new Decimal(s);
  } else return fail(MA.descuentoNumber);
  if (d.lt(0)) return fail(MA.descuentoMin);
  if (d.gt(100)) return fail(MA.descuentoMax);
  if (d.decimalPlaces() > 2) return fail(MA.descuentoStep);
  return toFixedString(d, 2);
});

export const categoriaNombre = text({ required: MA.categoriaNombreRequired, max: 100 });
export const categoriaDescripcion = text({ required: MA.categoriaDescripcionRequired, max: 255 });

/** The category form (create and edit; the name is locked on edit). */
export const categoriaForm = z.strictObject({
  nombre: categoriaNombre,
  descripcion: categoriaDescripcion,
  descuento: descuentoField,
});

/** POST /categorias/ */
export const categoriaCreateInput = categoriaForm.extend({
  isActive: flag().default(true),
});
export type CategoriaCreateInput = z.infer<typeof categoriaCreateInput>;

/**
 * PATCH /categorias/:id/ body: descripcion, descuento, isActive. `nombre` and `idCategoria` may be
 * echoed back unchanged; a different name is refused (the name is locked).
 */
export const categoriaPatchBody = z.strictObject({
  idCategoria: uuidField({ error: MA.toast.categoriaInvalidId }).optional(),
  nombre: cleanText().trim().optional(),
  descripcion: categoriaDescripcion.optional(),
  descuento: descuentoField.optional(),
  isActive: flag().optional(),
});
export type CategoriaPatchBody = z.infer<typeof categoriaPatchBody>;

export const categoriasListInput = z.object({
  search: searchField,
  ...wholeOrPage,
  is_active: queryFlag.optional(),
});
