import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { bodyOfError, messageFromBody, selectorErrorMessage } from './errorMessage';
import { MA } from '../../../shared/messagesAdmin';

describe('client selector error message (spec 000 §8)', () => {
  it('takes the body when it is a string, else detail, else error, else the fallback', () => {
    expect(messageFromBody('Sin conexión con la caja')).toBe('Sin conexión con la caja');
    expect(messageFromBody({ detail: 'El cliente está inactivo.', error: 'x' })).toBe('El cliente está inactivo.');
    expect(messageFromBody({ error: 'rate_changed' })).toBe('rate_changed');
    expect(messageFromBody({ otra: 1 })).toBe(MA.toast.selectorFallback);
    expect(messageFromBody('')).toBe(MA.toast.selectorFallback);
    expect(messageFromBody(null)).toBe(MA.toast.selectorFallback);
  });

  it('reads a tRPC error the server sent as its detail, and a network failure as no body', () => {
    const fromServer = new TRPCClientError('El cliente no está asignado a este usuario.', {
      result: { error: { message: 'El cliente no está asignado a este usuario.', code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403 } } },
    } as never);
    expect(selectorErrorMessage(fromServer)).toBe('El cliente no está asignado a este usuario.');
    const network = new TRPCClientError('Failed to fetch');
    expect(bodyOfError(network)).toBeUndefined();
    expect(selectorErrorMessage(network)).toBe(MA.toast.selectorFallback);
    expect(selectorErrorMessage({ body: { error: 'conflict' } })).toBe('conflict');
  });
});
