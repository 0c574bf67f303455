import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authedProcedure, baseProcedure, permProcedure, router, terminalProcedure } from '../trpc/init';
import type { Ctx } from '../trpc/context';
import { badRequest } from '../lib/errors';
import { procedureInvoker } from './invoke';

const appRouter = router({
  eco: baseProcedure
    .input(z.object({ n: z.number().int() }))
    .output(z.object({ doble: z.number() }))
    .query(({ input }) => ({ doble: input.n * 2 })),
  salidaMala: baseProcedure.output(z.object({ ok: z.boolean() })).query(() => ({ ok: 'si' }) as unknown as { ok: boolean }),
  falla: baseProcedure.mutation(() => {
    throw badRequest('No se puede.');
  }),
  explota: baseProcedure.query(() => {
    throw new Error('boom');
  }),
  quienSoy: authedProcedure.query(({ ctx }) => ctx.user.username),
  conPermiso: permProcedure({ all: ['clientes.view_cliente'] }).query(() => 'visto'),
  terminal: terminalProcedure.query(({ ctx }) => ctx.terminal.tauserId),
});

const ctxOf = (over: Partial<Ctx>) => ({ user: null, perms: new Set<string>(), tokenProblem: false, ip: '127.0.0.1', services: {}, ...over }) as unknown as Ctx;
const usuario = { id: 3, username: 'ana', isSuperuser: false };

/** What createCaller answers: the value, or the error's class, code, message and cause. */
async function outcome(run: () => Promise<unknown>) {
  try {
    return { value: await run() };
  } catch (e) {
    const err = e as { name: string; code: string; message: string; cause?: { constructor: { name: string } } };
    return { name: err.name, code: err.code, message: err.message, cause: err.cause?.constructor.name };
  }
}

const cases: Array<[string, Ctx, unknown]> = [
  ['eco', ctxOf({}), { n: 21 }],
  ['eco', ctxOf({}), { n: 'x' }],
  ['eco', ctxOf({}), undefined],
  ['salidaMala', ctxOf({}), undefined],
  ['falla', ctxOf({}), undefined],
  ['explota', ctxOf({}), undefined],
  ['quienSoy', ctxOf({}), undefined],
  ['quienSoy', ctxOf({ tokenProblem: true }), undefined],
  ['quienSoy', ctxOf({ user: usuario as never }), undefined],
  ['quienSoy', ctxOf({ terminal: { tauserId: 't1' } }), undefined],
  ['conPermiso', ctxOf({ user: usuario as never }), undefined],
  ['conPermiso', ctxOf({ user: usuario as never, perms: new Set(['clientes.view_cliente']) }), undefined],
  ['terminal', ctxOf({ terminal: { tauserId: 't1' } }), undefined],
  ['terminal', ctxOf({ user: usuario as never }), undefined],
];

describe('procedureInvoker', () => {
  it.each(cases)('%s answers as createCaller does', async (path, ctx, input) => {
    const procedure = (appRouter._def.procedures as Record<string, unknown>)[path];
    const viaCaller = await outcome(() => (appRouter.createCaller(ctx) as unknown as Record<string, (i: unknown) => Promise<unknown>>)[path]!(input));
    const viaInvoker = await outcome(() => procedureInvoker(procedure, path)(ctx, input));
    expect(viaInvoker).toEqual(viaCaller);
  });

  it('gives the resolver the parsed input and the context a middleware adds', async () => {
    const procedures = appRouter._def.procedures as Record<string, unknown>;
    expect(await procedureInvoker(procedures.eco, 'eco')(ctxOf({}), { n: 4 })).toEqual({ doble: 8 });
    expect(await procedureInvoker(procedures.terminal, 'terminal')(ctxOf({ terminal: { tauserId: 'T-9' } }), undefined)).toBe('T-9');
  });

  it('refuses what is not a procedure', () => {
    expect(() => procedureInvoker({}, 'nada')).toThrow(/nada/);
  });
});
