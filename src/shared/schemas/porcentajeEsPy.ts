import { z } from '../zod';
import { leerMonto } from '../montoEsPy';
import { MONTO_MSG } from '../montoMsg';

/*
 * A form whose figures people type es-PY, read by the amounts' reader (`leerMonto`, shared/montoEsPy.ts).
 * Apart from the domain schema (which the server and most screens load): only the forms' screens
 * carry it. The REST API keeps reading percentages as decimal text with a point ("7.35").
 */

/**
 * A percentage typed on screen, read es-PY with 2 decimals before the field's own schema checks it:
 * "7.350" is seven thousand three hundred fifty (above 100, refused), never 7,35; "7,35" and "7.35"
 * are 7,35; "0" stays a valid zero. A text the reader refuses (a sign, 3 decimals, letters) goes on
 * unchanged, so the field's schema answers it with its own message.
 */
export function porcentajeEsPy(texto: unknown): unknown {
  if (typeof texto !== 'string') return texto;
  const r = leerMonto(texto, { decimales: 2 });
  if (r.ok) return r.monto;
  return r.error === MONTO_MSG.positivo ? '0' : texto;
}

/** The form's schema with its percentage fields read es-PY first (porcentajeEsPy). */
export function conPorcentajesEsPy<T extends z.ZodType>(schema: T, campos: readonly string[]) {
  return z.preprocess((v) => {
    if (typeof v !== 'object' || v === null) return v;
    const o: Record<string, unknown> = { ...(v as Record<string, unknown>) };
    for (const c of campos) if (c in o) o[c] = porcentajeEsPy(o[c]);
    return o;
  }, schema);
}
