import { z } from '../../../shared/zod';
import { router, authedProcedure, permProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { pagedOrAll } from '../../lib/pagination';
import { P } from '../../../shared/permissions';
import { idParam } from '../../../shared/schemas/common';
import { roleRecord } from '../../../shared/schemas/roles';
import {
  asignarClientesBody, asignarRolesBody, clienteActualResult, clientesAsignados, setClienteActualBody,
  userCreateInput, userPatchBody, userRecord, usuariosListInput,
} from '../../../shared/schemas/usuarios';
import * as svc from './usuarios.service';

const byId = z.object({ id: idParam });

export const usuariosRouter = router({
  list: permProcedure({ all: [P.viewUser] })
    .input(usuariosListInput)
    .output(pagedOrAll(userRecord))
    .query(({ ctx, input }) => svc.list(serviceCtx(ctx), input)),
  /** Own record always; others with view permission. */
  get: authedProcedure
    .input(byId)
    .output(userRecord)
    .query(({ ctx, input }) => svc.getUser(serviceCtx(ctx), input.id)),
  create: permProcedure({ all: [P.addUser] })
    .input(userCreateInput)
    .output(userRecord)
    .mutation(({ ctx, input }) => svc.create(serviceCtx(ctx), input)),
  update: permProcedure({ any: [P.changeUser, P.deleteUser] })
    .input(userPatchBody.extend({ id: idParam }))
    .output(userRecord)
    .mutation(({ ctx, input: { id, ...body } }) => svc.update(serviceCtx(ctx), id, body)),
  deactivate: permProcedure({ all: [P.deleteUser] })
    .input(byId)
    .output(userRecord)
    .mutation(({ ctx, input }) => svc.deactivate(serviceCtx(ctx), input.id)),
  asignarClientes: permProcedure({ all: [P.assignClients] })
    .input(asignarClientesBody.extend({ id: idParam }))
    .output(userRecord)
    .mutation(({ ctx, input }) => svc.asignarClientes(serviceCtx(ctx), input.id, input.clientes)),
  clientesAsignados: authedProcedure
    .input(byId)
    .output(clientesAsignados)
    .query(({ ctx, input }) => svc.clientesAsignados(serviceCtx(ctx), input.id)),
  clienteActual: authedProcedure
    .input(byId)
    .output(clienteActualResult)
    .query(({ ctx, input }) => svc.clienteActual(serviceCtx(ctx), input.id)),
  setClienteActual: authedProcedure
    .input(setClienteActualBody.extend({ id: idParam }))
    .output(clienteActualResult)
    .mutation(({ ctx, input }) => svc.setClienteActual(serviceCtx(ctx), input.id, input.cliente_id)),
  roles: authedProcedure
    .input(byId)
    .output(z.array(roleRecord))
    .query(({ ctx, input }) => svc.roles(serviceCtx(ctx), input.id)),
  asignarRoles: permProcedure({ all: [P.assignRoles] })
    .input(asignarRolesBody.extend({ id: idParam }))
    .output(z.array(roleRecord))
    .mutation(({ ctx, input }) => svc.asignarRoles(serviceCtx(ctx), input.id, input.roles)),
});
