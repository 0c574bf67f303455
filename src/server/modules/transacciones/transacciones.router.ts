import { z } from '../../../shared/zod';
import { router, authedProcedure, permProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { listQuery, pagedOrAll } from '../../lib/pagination';
import { P } from '../../../shared/permissions';
import { uuidParam } from '../../../shared/schemas/common';
import {
  confirmarPagoInput, crearTransaccionInput, cupo, cupoInput, reconfirmacion, transaccionFiltros, transaccionIdInput, transaccionRecord,
} from '../../../shared/schemas/operaciones';
import * as svc from './transacciones.service';
import { cupoCliente } from './cupo.service';

const OPERAR = { all: [P.useOperacion] };

export const transaccionListInput = listQuery.extend({ cliente_id: uuidParam.optional(), ...transaccionFiltros });

export const transaccionesRouter = router({
  crear: permProcedure(OPERAR)
    .input(crearTransaccionInput)
    .output(transaccionRecord)
    .mutation(({ ctx, input }) =>
      svc.crearTransaccion(serviceCtx(ctx), input, { tz: ctx.env.tzBusiness, idempotencyKey: ctx.idempotencyKey }),
    ),
  /** What is left of the client's limits; only for a user the client is assigned to. */
  cupo: permProcedure(OPERAR)
    .input(cupoInput)
    .output(cupo)
    .query(({ ctx, input }) => cupoCliente(serviceCtx(ctx), input.cliente_id, ctx.env.tzBusiness)),
  reconfirmarTasa: permProcedure(OPERAR)
    .input(transaccionIdInput)
    .output(reconfirmacion)
    .query(({ ctx, input }) => svc.reconfirmarTasa(serviceCtx(ctx), input.id)),
  confirmarPago: permProcedure(OPERAR)
    .input(confirmarPagoInput)
    .output(transaccionRecord)
    .mutation(({ ctx, input }) => svc.confirmarPago(serviceCtx(ctx), input, { tz: ctx.env.tzBusiness, idempotencyKey: ctx.idempotencyKey })),
  cancelar: permProcedure(OPERAR)
    .input(transaccionIdInput)
    .output(transaccionRecord)
    .mutation(({ ctx, input }) => svc.cancelarTransaccion(serviceCtx(ctx), input.id)),
  /** Signed in: a customer reads their assigned clients' transactions, staff with view_transaccion every one. */
  get: authedProcedure
    .input(transaccionIdInput)
    .output(transaccionRecord)
    .query(({ ctx, input }) => svc.getTransaccion(serviceCtx(ctx), input.id)),
  list: authedProcedure
    .input(transaccionListInput)
    .output(pagedOrAll(transaccionRecord))
    .query(({ ctx, input }) => svc.listTransacciones(serviceCtx(ctx), input, ctx.env.tzBusiness)),
});

export type TransaccionListQuery = z.infer<typeof transaccionListInput>;
