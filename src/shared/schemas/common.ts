import { z } from '../zod';
import { M } from '../messages';

/** A required text: trimmed, with the spec's required message when empty. */
export const requiredText = (max = 150) =>
  z.string({ error: M.required }).trim().min(1, M.required).max(max, `Máximo ${max} caracteres`);

export const idParam = z.coerce
  .number({ error: 'Identificador no válido' })
  .int('Identificador no válido')
  .positive('Identificador no válido')
  .max(2_147_483_647, 'Identificador no válido');
export const uuidParam = z.uuid({ error: 'Identificador no válido' });

export const detailSchema = z.object({ detail: z.string() });
