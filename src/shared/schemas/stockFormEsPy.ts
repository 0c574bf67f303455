import { z } from '../zod';
import { leerMonto } from '../montoEsPy';
import { TERMINAL_MSG } from './terminal';

/*
 * A form whose figures people type es-PY, read by the amounts' reader (`leerMonto`, shared/montoEsPy.ts).
 * Apart from the domain schema (which the server and most screens load): only this form's screen
 * carries it (first-page budget: a module shared by several screens becomes a chunk of its own).
 */

/**
 * The stock form ('Cargar o retirar billetes') as typed: a note chosen, the count read es-PY by the
 * amounts' reader ("1.000" is a thousand), a reason. Answers the body of stockMovimientoBody.
 */
export const stockMovimientoForm = z.object({
  denominacion_id: z.string().regex(/^[1-9]\d{0,9}$/, TERMINAL_MSG.elegiBillete).transform(Number),
  operacion: z.enum(['cargar', 'retirar'], { error: TERMINAL_MSG.operacionInvalida }),
  cantidad: z
    .string()
    .transform((v, ctx) => {
      const r = leerMonto(v, { decimales: 0, cantidad: true });
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.error });
        return z.NEVER;
      }
      // A count of notes (a whole number up to 100 000), not an amount of money.
      return Number(r.monto);
    })
    .pipe(z.number().max(100_000, TERMINAL_MSG.cantidadInvalida)),
  motivo: z.string().trim().min(1, TERMINAL_MSG.motivoRequerido).max(500, 'Máximo 500 caracteres'),
});
export type StockMovimientoForm = z.input<typeof stockMovimientoForm>;
