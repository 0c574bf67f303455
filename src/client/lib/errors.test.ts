import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, SIN_CONEXION } from './errors';

describe('errorMessage', () => {
  it("gives the server's message, and a Spanish connection message when the server did not answer", () => {
    const fromServer = new TRPCClientError('Código incorrecto.', {
      result: { error: { message: 'Código incorrecto.', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } },
    } as never);
    expect(errorMessage(fromServer, 'otro')).toBe('Código incorrecto.');
    expect(errorMessage(new TRPCClientError('Failed to fetch'), 'otro')).toBe(SIN_CONEXION);
    expect(errorMessage(new TRPCClientError(`Unexpected token '<', "<html>" is not valid JSON`), 'otro')).toBe(SIN_CONEXION);
    expect(errorMessage(new Error('Token de acceso ilegible'), 'No se pudo iniciar sesión.')).toBe('No se pudo iniciar sesión.');
  });
});
