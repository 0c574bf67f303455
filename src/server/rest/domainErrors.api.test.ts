import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRPCError } from '@trpc/server';
import { baseProcedure, router } from '../trpc/init';
import { createContext } from '../trpc/context';
import { conflict, invalidTransition, rateChanged } from '../lib/errors';
import { restRouter } from './adapter';
import type { ProcedurePath, RestRoute } from './types';
import type { Db } from '../db';
import type { Env } from '../env';
import type { Services } from '../services';
import { MSG_BASE_REQUIRED, PricingError, quoteRates } from '../../shared/pricing';

/**
 * Domain failures of shared code (PricingError) and the 409 family reach REST and tRPC through the
 * one mapping table: a PricingError answers 400 with its Spanish message, not 500.
 */
const testRouter = router({
  pricing: baseProcedure.query(() => {
    throw new PricingError(MSG_BASE_REQUIRED);
  }),
  quote: baseProcedure.query(() => quoteRates({ precioBase: '100', comisionBaseCompra: '150', comisionBaseVenta: '1' })),
  conflict: baseProcedure.query(() => {
    throw conflict('Ya existe.', { campo: 'x' });
  }),
  transition: baseProcedure.query(() => {
    throw invalidTransition('completada', 'La transacción ya fue completada.');
  }),
  rate: baseProcedure.query(() => {
    throw rateChanged('La cotización cambió.', { tasa_nueva: '7300.0000' });
  }),
  crash: baseProcedure.query(() => {
    throw new Error('boom');
  }),
});

const logError = vi.fn();
const base = { db: undefined as unknown as Db, env: undefined as unknown as Env, services: { log: { error: logError } } as unknown as Services };
const get = (path: string, procedure: string): RestRoute => ({ method: 'get', path, procedure: procedure as ProcedurePath, summary: '', tag: 'test', public: true });

let server: Server;
let url: string;
beforeAll(async () => {
  const app = express();
  app.use(
    '/api',
    restRouter(testRouter, [
      get('/pricing/', 'pricing'),
      get('/quote/', 'quote'),
      get('/conflict/', 'conflict'),
      get('/transition/', 'transition'),
      get('/rate/', 'rate'),
      get('/crash/', 'crash'),
    ], base),
  );
  server = await new Promise((ok) => {
    const s = app.listen(0, () => ok(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const call = async (path: string) => {
  const r = await fetch(`${url}${path}`);
  return { status: r.status, body: await r.json() };
};

describe('domain errors over REST', () => {
  it('a PricingError escaping a procedure answers 400 with its Spanish message', async () => {
    expect(await call('/pricing/')).toEqual({ status: 400, body: { detail: MSG_BASE_REQUIRED } });
    expect(await call('/quote/')).toEqual({ status: 400, body: { detail: 'La comisión no puede ser mayor al precio base.' } });
  });

  it('conflict, invalid_transition and rate_changed answer 409 with their code and extra fields', async () => {
    expect(await call('/conflict/')).toEqual({ status: 409, body: { error: 'conflict', detail: 'Ya existe.', campo: 'x' } });
    expect(await call('/transition/')).toEqual({
      status: 409,
      body: { error: 'invalid_transition', detail: 'La transacción ya fue completada.', estado: 'completada' },
    });
    expect(await call('/rate/')).toEqual({ status: 409, body: { error: 'rate_changed', detail: 'La cotización cambió.', tasa_nueva: '7300.0000' } });
  });

  it('an unexpected failure still answers 500 without details, and is logged', async () => {
    logError.mockClear();
    expect(await call('/crash/')).toEqual({ status: 500, body: { detail: 'Error interno' } });
    expect(logError).toHaveBeenCalledOnce();
  });
});

describe('domain errors over tRPC', () => {
  it('a PricingError is a BAD_REQUEST carrying the message', async () => {
    const ctx = await createContext(base, { ip: '127.0.0.1' });
    const caller = testRouter.createCaller(ctx);
    const err = await caller.pricing().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: MSG_BASE_REQUIRED });
    await expect(caller.transition()).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
