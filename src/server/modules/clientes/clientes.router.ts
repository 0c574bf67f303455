import { z } from '../../../shared/zod';
import { router, authedProcedure, permProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { listQuery, pagedOrAll } from '../../lib/pagination';
import { queryFlag } from '../../../shared/schemas/fields';
import { P } from '../../../shared/permissions';
import { uuidParam } from '../../../shared/schemas/common';
import {
  clienteBody, clienteBodyShape, clientePatchBody, clienteRecord, requireDocument,
} from '../../../shared/schemas/clientes';
import { userRecord } from '../../../shared/schemas/usuarios';
import { transaccionRecord } from '../../../shared/schemas/operaciones';
import { transaccionListInput } from '../transacciones/transacciones.router';
import * as svc from './clientes.service';

const byId = z.object({ id: uuidParam });

export const clientesRouter = router({
  /** Client viewers, and whoever assigns clients to users (they choose among them). */
  list: permProcedure({ any: [P.viewCliente, P.assignClients] })
    .input(listQuery.extend({ is_active: queryFlag.optional() }))
    .output(pagedOrAll(clienteRecord))
    .query(({ ctx, input }) => svc.listClientes(serviceCtx(ctx), input)),
  get: authedProcedure
    .input(byId)
    .output(clienteRecord)
    .query(({ ctx, input }) => svc.getCliente(serviceCtx(ctx), input.id)),
  create: permProcedure({ all: [P.addCliente] })
    .input(clienteBody)
    .output(clienteRecord)
    .mutation(({ ctx, input }) => svc.createCliente(serviceCtx(ctx), input)),
  update: permProcedure({ any: [P.changeCliente, P.deleteCliente] })
    .input(z.strictObject({ id: uuidParam, ...clienteBodyShape }).superRefine(requireDocument))
    .output(clienteRecord)
    .mutation(({ ctx, input: { id, ...body } }) => svc.updateCliente(serviceCtx(ctx), id, body, 'put')),
  patch: permProcedure({ any: [P.changeCliente, P.deleteCliente] })
    .input(clientePatchBody.extend({ id: uuidParam }))
    .output(clienteRecord)
    .mutation(({ ctx, input: { id, ...body } }) => svc.updateCliente(serviceCtx(ctx), id, body, 'patch')),
  deactivate: permProcedure({ all: [P.deleteCliente] })
    .input(byId)
    .output(clienteRecord)
    .mutation(({ ctx, input }) => svc.deactivateCliente(serviceCtx(ctx), input.id)),
  usuariosAsignados: permProcedure({ all: [P.viewCliente] })
    .input(byId)
    .output(z.array(userRecord))
    .query(({ ctx, input }) => svc.usuariosAsignados(serviceCtx(ctx), input.id)),
  historial: authedProcedure
    .input(transaccionListInput.omit({ cliente_id: true }).extend({ id: uuidParam }))
    .output(pagedOrAll(transaccionRecord))
    .query(({ ctx, input: { id, ...q } }) => svc.historialTransacciones(serviceCtx(ctx), id, q, ctx.env.tzBusiness)),
});
