import { z } from '../zod';
import { MONTO_TEXTO_MSG, leerMonto } from '../montoEsPy';
import { MONTO_MSG } from '../montoMsg';
import { MINIMO_MSG } from './reportes';

/*
 * A form whose figures people type es-PY, read by the amounts' reader (`leerMonto`, shared/montoEsPy.ts).
 * Apart from the domain schema (which the server and most screens load): only this form's screen
 * carries it (first-page budget: a module shared by several screens becomes a chunk of its own).
 */

export const UMBRAL_MSG = { divisa: 'Elegí una divisa.', minimo: MINIMO_MSG } as const;

/**
 * The minimum form of Reportes as typed: a currency chosen and the minimum read es-PY by the amounts'
 * reader with 0 decimals ("10.000" is ten thousand; 0 allowed, it turns the flag off). Answers umbralInput's body.
 */
export const umbralForm = z.object({
  divisa_id: z.string().regex(/^[1-9]\d{0,9}$/, UMBRAL_MSG.divisa).transform(Number),
  minimo: z.string().transform((v, ctx) => {
    const r = leerMonto(v, { decimales: 0 });
    if (r.ok) return r.monto;
    // The reader says "mayor a cero" only of a well-written zero: 0 turns the flag off.
    if (r.error === MONTO_MSG.positivo) return '0';
    const enteros: string[] = [MONTO_TEXTO_MSG.vacio, MONTO_TEXTO_MSG.negativo, MONTO_TEXTO_MSG.sinDecimales];
    ctx.addIssue({ code: 'custom', message: enteros.includes(r.error) ? MINIMO_MSG : r.error });
    return z.NEVER;
  }),
});
