import { z } from '../zod';
import { M } from '../messages';

/** A required text: trimmed, with the spec's required message when empty. */
export const requiredText = (max = 150) =>
  z.string({ error: M.required }).trim().min(1, M.required).max(max, `Máximo ${max} caracteres`);

/** The largest integer id (PostgreSQL `integer`). */
export const INT4_MAX = 2_147_483_647;

/** An integer id in a body (a list of role or permission ids): positive and within `integer`. */
export const intId = (message: string) => z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);

export const idParam = z.coerce
  .number({ error: 'Identificador no válido' })
  .int('Identificador no válido')
  .positive('Identificador no válido')
  .max(INT4_MAX, 'Identificador no válido');
export const uuidParam = z.uuid({ error: 'Identificador no válido' });

export const detailSchema = z.object({ detail: z.string() });
