import { z } from '../../../shared/zod';
import { router, permProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { P } from '../../../shared/permissions';
import { idParam } from '../../../shared/schemas/common';
import { permisoRecord, roleBody, roleRecord, roleUpdateBody, rolesListInput } from '../../../shared/schemas/roles';
import * as svc from './roles.service';
import { pagedOrAll } from '../../lib/pagination';

const byId = z.object({ id: idParam });

export const rolesRouter = router({
  /** Role viewers, and whoever assigns roles to users (they choose among them). */
  list: permProcedure({ any: [P.viewGroup, P.assignRoles] })
    .input(rolesListInput)
    .output(pagedOrAll(roleRecord))
    .query(({ ctx, input }) => svc.list(serviceCtx(ctx), input)),
  get: permProcedure({ all: [P.viewGroup] })
    .input(byId)
    .output(roleRecord)
    .query(({ ctx, input }) => svc.get(serviceCtx(ctx), input.id)),
  create: permProcedure({ all: [P.addGroup] })
    .input(roleBody)
    .output(roleRecord)
    .mutation(({ ctx, input }) => svc.create(serviceCtx(ctx), input)),
  update: permProcedure({ all: [P.changeGroup] })
    .input(roleUpdateBody.extend({ id: idParam }))
    .output(roleRecord)
    .mutation(({ ctx, input: { id, ...body } }) => svc.update(serviceCtx(ctx), id, body)),
  delete: permProcedure({ all: [P.deleteGroup] })
    .input(byId)
    .output(roleRecord)
    .mutation(({ ctx, input }) => svc.remove(serviceCtx(ctx), input.id)),
  permisos: permProcedure({ all: [P.viewGroup] })
    .output(z.array(permisoRecord))
    .query(({ ctx }) => svc.permisos(serviceCtx(ctx))),
});
