import { z } from '../../../shared/zod';
import { router, authedProcedure, baseProcedure, permProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { listQuery, pagedOrAll } from '../../lib/pagination';
import { P } from '../../../shared/permissions';
import { uuidParam } from '../../../shared/schemas/common';
import { tauserCreateInput, tauserListFilters, tauserPatchBody, tauserRecord } from '../../../shared/schemas/tausers';
import * as svc from './tauser.service';

const byId = z.object({ id: uuidParam });

export const tauserRouter = router({
  /** Staff with view: every terminal; customers with the operation permission: the active ones (the wizard's choices). */
  list: permProcedure({ any: [P.viewTauser, P.useOperacion] })
    .input(listQuery.extend(tauserListFilters))
    .output(pagedOrAll(tauserRecord))
    .query(({ ctx, input }) => svc.listTausers(serviceCtx(ctx), input)),
  /** Any signed-in user (the wizard reads the chosen terminal): active ones; staff with view, any. */
  get: authedProcedure
    .input(byId)
    .output(tauserRecord)
    .query(({ ctx, input }) => svc.getTauser(serviceCtx(ctx), input.id)),
  create: permProcedure({ all: [P.addTauser] })
    .input(tauserCreateInput)
    .output(tauserRecord)
    .mutation(({ ctx, input }) => svc.createTauser(serviceCtx(ctx), input)),
  /** Partial update: fields need change, isActive needs delete (the toggle). */
  patch: permProcedure({ any: [P.changeTauser, P.deleteTauser] })
    .input(tauserPatchBody.extend({ id: uuidParam }))
    .output(tauserRecord)
    .mutation(({ ctx, input: { id, ...body } }) => svc.patchTauser(serviceCtx(ctx), id, body)),
  /** Public: which map style the terminal maps load (MAP_STYLE_URL). */
  mapConfig: baseProcedure.output(z.object({ styleUrl: z.string() })).query(({ ctx }) => ({ styleUrl: ctx.env.mapStyleUrl })),
});
