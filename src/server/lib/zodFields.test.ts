import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodFieldErrors } from './zodFields';

const fieldsOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a failure');
  return { ...zodFieldErrors(r.error) };
};

describe('zodFieldErrors', () => {
  it('puts the message of a list item under the list, once however many items fail', () => {
    const body = z.object({ permissions: z.array(z.number({ error: 'Identificador no válido' }).int().positive('Identificador no válido')) });
    expect(fieldsOf(body, { permissions: [-1] })).toEqual({ permissions: ['Identificador no válido'] });
    expect(fieldsOf(body, { permissions: [1, 'a', -2] })).toEqual({ permissions: ['Identificador no válido'] });
  });

  it('names the list for a field of an object inside it, keeps a nested object dotted, and the body as a whole under non_field_errors', () => {
    const body = z.object({
      notas: z.array(z.object({ cantidad: z.number({ error: 'Cantidad no válida' }) })),
      destino: z.object({ ciudad: z.string({ error: 'Requerido' }) }),
    });
    expect(fieldsOf(body, { notas: [{ cantidad: 'x' }], destino: {} })).toEqual({ notas: ['Cantidad no válida'], 'destino.ciudad': ['Requerido'] });
    expect(fieldsOf(body, 'texto')).toEqual({ non_field_errors: [expect.any(String)] });
  });

  it('names each unknown key of a strict object', () => {
    expect(fieldsOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual({ b: ['Campo no permitido.'], c: ['Campo no permitido.'] });
  });

  it('gives a value of the wrong type only its type message, even where zod also checks its length', () => {
    const body = z.object({ apellido: z.string({ error: 'Debe ser texto' }).trim().min(1, 'Este campo es requerido').max(3, 'Máximo 3 caracteres') });
    expect(fieldsOf(body, { apellido: [] })).toEqual({ apellido: ['Debe ser texto'] });
    expect(fieldsOf(body, { apellido: [1, 2, 3, 4] })).toEqual({ apellido: ['Debe ser texto'] });
    expect(fieldsOf(body, { apellido: '' })).toEqual({ apellido: ['Este campo es requerido'] });
  });
});
