import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { conMotivo, errorMessage, reglaRechazada, SIN_CONEXION } from './errors';

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

describe('reglaRechazada', () => {
  const answered = (message: string, data: Record<string, unknown>) =>
    new TRPCClientError(message, { result: { error: { message, code: -32600, data } } } as never);
  it('is the message of a 400 without field errors, null for field errors, other statuses or no answer', () => {
    const regla = 'No se puede desactivar mientras haya operaciones pagadas en USD sin completar en un terminal (1). Esperá a que se completen o cancelalas.';
    expect(reglaRechazada(answered(regla, { code: 'BAD_REQUEST', httpStatus: 400 }))).toBe(regla);
    expect(reglaRechazada(answered('Datos inválidos.', { code: 'BAD_REQUEST', httpStatus: 400, fields: { codigo: ['Ya existe.'] } }))).toBeNull();
    expect(reglaRechazada(answered('Error interno', { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 }))).toBeNull();
    expect(reglaRechazada(new TRPCClientError('Failed to fetch'))).toBeNull();
  });
});

describe('conMotivo', () => {
  const answered = (message: string, data: Record<string, unknown>) =>
    new TRPCClientError(message, { result: { error: { message, code: -32600, data } } } as never);
  it("adds the reason of a 403 to the screen's text; any other failure keeps the text alone", () => {
    const motivo = 'Este usuario tiene permisos que usted no tiene: solo puede modificarlo quien los tenga todos.';
    expect(conMotivo('Ha ocurrido un error', answered(motivo, { code: 'FORBIDDEN', httpStatus: 403 }))).toBe(`Ha ocurrido un error. ${motivo}`);
    // A text that already ends a sentence gets no second period.
    expect(conMotivo('Ha ocurrido un error al actualizar el usuario.', answered(motivo, { code: 'FORBIDDEN', httpStatus: 403 }))).toBe(`Ha ocurrido un error al actualizar el usuario. ${motivo}`);
    expect(conMotivo('Ha ocurrido un error', answered('Error interno', { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 }))).toBe('Ha ocurrido un error');
    expect(conMotivo('Ha ocurrido un error', answered('Datos inválidos.', { code: 'BAD_REQUEST', httpStatus: 400 }))).toBe('Ha ocurrido un error');
    expect(conMotivo('Ha ocurrido un error', new TRPCClientError('Failed to fetch'))).toBe('Ha ocurrido un error');
  });
});
