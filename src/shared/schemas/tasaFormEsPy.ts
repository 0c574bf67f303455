import { z } from '../zod';
import { M } from '../messages';
import { Decimal, toFixedString } from '../money';
import { leerMonto, montoATexto } from '../montoEsPy';
import { MONTO_MSG } from '../montoMsg';
import { divisaRef } from './divisas';
import { RATE_DECIMALS, tasaFigureErrors } from './cotizaciones';

/*
 * A form whose figures people type es-PY, read by the amounts' reader (`leerMonto`, shared/montoEsPy.ts).
 * Apart from the domain schema (which the server and most screens load): only this form's screen
 * carries it (first-page budget: a module shared by several screens becomes a chunk of its own).
 */

/**
 * A rate figure typed on screen (the rates form): es-PY as every amount, read by `leerMonto` with 4
 * decimals ("1.360,5" → "1360.5000", "7300,5", "0"); an ambiguous "1.360" is refused with the reader's
 * message, never read as 1,36. Zero is a rate's valid commission; the reader's 15 integer digits
 * apply (the API takes 16). Answers the canonical 4-decimal string, as `rateFigure` does. The REST
 * API keeps `rateFigure` (decimal text with a point, "7300.50").
 */
export const rateFigureEsPy = z
  .string({ error: M.required })
  .trim()
  .min(1, { message: M.required, abort: true })
  .transform((v, ctx) => {
    const r = leerMonto(v, { decimales: RATE_DECIMALS });
    // The reader says "mayor a cero" only of a well-written zero: a commission may be zero.
    if (!r.ok && r.error === MONTO_MSG.positivo) return toFixedString('0', RATE_DECIMALS);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.error });
      return z.NEVER;
    }
    return toFixedString(new Decimal(r.monto), RATE_DECIMALS);
  });

/** A stored figure ("1350.0000") as the rates form shows it, which rateFigureEsPy reads back exactly: "1.350,0000". */
export const tasaATexto = (valor: string) => montoATexto(valor, RATE_DECIMALS);

/** The browser form: the create input read es-PY (rateFigureEsPy) plus the cross-field rules. */
export const tasaForm = z
  .strictObject({ divisa: divisaRef, precioBase: rateFigureEsPy, comisionBaseCompra: rateFigureEsPy, comisionBaseVenta: rateFigureEsPy })
  .superRefine((v, ctx) => {
    for (const [path, messages] of Object.entries(tasaFigureErrors(v))) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
export type TasaForm = z.input<typeof tasaForm>;
