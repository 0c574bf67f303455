import { MONTO_TEXTO_MSG, leerMonto } from '../montoEsPy';
import { MONTO_MSG } from '../montoMsg';
import { DIVISA_MSG } from './divisas';

/*
 * A form whose figures people type es-PY, read by the amounts' reader (`leerMonto`, shared/montoEsPy.ts).
 * Apart from the domain schema (which the server and most screens load): only this form's screen
 * carries it (first-page budget: a module shared by several screens becomes a chunk of its own).
 */

/**
 * A denomination typed on screen ('Gestionar denominaciones'): es-PY whole units read by the
 * amounts' reader ("200.000" is 200000, "US$ 100" in a USD field is 100); a decimal ("2,5"), zero or
 * a sign says the denomination's own message, never another number. Answers the digits' text.
 */
export function leerDenominacion(texto: string, codigo?: string): { ok: true; valor: string } | { ok: false; error: string } {
  const r = leerMonto(texto, { decimales: 0, codigo });
  if (r.ok) return { ok: true, valor: r.monto };
  if (r.error === MONTO_TEXTO_MSG.vacio) return { ok: false, error: DIVISA_MSG.denominacionRequerida };
  if (r.error === MONTO_MSG.grande) return { ok: false, error: DIVISA_MSG.denominacionTope };
  const entero = [MONTO_MSG.positivo, MONTO_TEXTO_MSG.negativo, MONTO_TEXTO_MSG.sinDecimales, codigo ? MONTO_MSG.sinDecimales(codigo) : ''];
  return { ok: false, error: entero.includes(r.error) ? DIVISA_MSG.denominacion : r.error };
}
