import { router, superuserProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { pageOf } from '../../lib/pagination';
import { auditQuery, auditRecord } from '../../../shared/schemas/auditoria';
import * as svc from './auditoria.service';

export const auditoriaRouter = router({
  /** Superusers only: it holds personal data of every change. */
  list: superuserProcedure
    .input(auditQuery)
    .output(pageOf(auditRecord))
    .query(({ ctx, input }) => svc.list(serviceCtx(ctx), input)),
});
