import { z } from '../../../shared/zod';
import { router, baseProcedure, permProcedure, terminalProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { pageOf } from '../../lib/pagination';
import { pageParam } from '../../../shared/schemas/common';
import { P } from '../../../shared/permissions';
import { transaccionRecord } from '../../../shared/schemas/operaciones';
import {
  codigoInput, entregaSchema, fallarInput, movimientoRecord, puedePagarInput, puedePagarRow, secretoRespuesta, stockMovimientoBody,
  stockRespuesta, tauserIdInput, terminalInfo, terminalLoginInput, terminalLoginOutput, terminalTransaccion,
} from '../../../shared/schemas/terminal';
import * as svc from './terminal.service';

export const terminalRouter = router({
  /** The terminal signs in with its código and device secret (public). */
  login: baseProcedure.input(terminalLoginInput).output(terminalLoginOutput).mutation(({ ctx, input }) => svc.login(ctx, input)),
  yo: terminalProcedure.input(z.object({}).optional()).output(terminalInfo).query(({ ctx }) => svc.yo(ctx.db, ctx.terminal.tauserId)),
  consultar: terminalProcedure
    .input(codigoInput)
    .output(terminalTransaccion)
    .query(({ ctx, input }) => svc.consultar(ctx.db, ctx.terminal.tauserId, input.codigo)),
  procesar: terminalProcedure
    .input(codigoInput)
    .output(z.object({ transaccion: transaccionRecord, entrega: entregaSchema }))
    .mutation(({ ctx, input }) => svc.procesar({ db: ctx.db, mailer: ctx.services.mailer, log: ctx.services.log }, ctx.terminal.tauserId, input.codigo)),

  generarSecreto: permProcedure({ all: [P.changeTauser] })
    // Nothing to send but the path's id: a body with other keys is refused, not ignored.
    .input(z.strictObject(tauserIdInput.shape))
    .output(secretoRespuesta)
    .mutation(({ ctx, input }) => svc.generarSecreto(serviceCtx(ctx), input.id)),
  revocarSecreto: permProcedure({ all: [P.changeTauser] })
    .input(tauserIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => svc.revocarSecreto(serviceCtx(ctx), input.id)),
  stock: permProcedure({ all: [P.changeTauser] })
    .input(tauserIdInput)
    .output(stockRespuesta)
    .query(({ ctx, input }) => svc.getStock(serviceCtx(ctx), input.id)),
  moverStock: permProcedure({ all: [P.changeTauser] })
    .input(stockMovimientoBody.extend(tauserIdInput.shape))
    .output(stockRespuesta)
    .mutation(({ ctx, input: { id, ...body } }) => svc.moverStock(serviceCtx(ctx), id, body)),
  movimientos: permProcedure({ all: [P.changeTauser] })
    .input(tauserIdInput.extend({ page: pageParam }))
    .output(pageOf(movimientoRecord))
    .query(({ ctx, input }) => svc.listMovimientos(serviceCtx(ctx), input.id, input.page)),
  puedePagar: permProcedure({ any: [P.viewTauser, P.useOperacion] })
    .input(puedePagarInput)
    .output(z.array(puedePagarRow))
    .query(({ ctx, input }) => svc.puedePagar(serviceCtx(ctx), input)),
  fallar: permProcedure({ all: [P.viewTransaccion, P.changeTauser] })
    .input(fallarInput)
    .output(transaccionRecord)
    .mutation(({ ctx, input }) => svc.fallar(serviceCtx(ctx), input.id, input.motivo)),
});
