import { router, authedProcedure } from '../../trpc/init';
import { actorOf } from '../../lib/actor';
import { pageOf } from '../../lib/pagination';
import { auditQuery, auditRecord } from '../../../shared/schemas/auditoria';
import * as svc from './auditoria.service';

export const auditoriaRouter = router({
  list: authedProcedure
    .input(auditQuery)
    .output(pageOf(auditRecord))
    .query(({ ctx, input }) => svc.list(ctx.db, actorOf(ctx), input)),
});
