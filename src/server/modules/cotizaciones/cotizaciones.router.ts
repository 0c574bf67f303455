import { z } from '../../../shared/zod';
import { router, baseProcedure, permProcedure } from '../../trpc/init';
import { publicCtx, serviceCtx } from '../../lib/context';
import { P } from '../../../shared/permissions';
import { serialId } from '../../../shared/schemas/divisas';
import { queryFlag, wholeOrPage } from '../../../shared/schemas/fields';
import { tasaCreateInput, tasaHistorialRecord, tasaPatchInput, tasaPublica, tasaRecord, tasaUpdateInput } from '../../../shared/schemas/cotizaciones';
import * as cotizaciones from './cotizaciones.service';
import { pagedOrAll } from '../../lib/pagination';

const byId = z.object({ id: serialId });

export const cotizacionesRouter = router({
  list: permProcedure({ all: [P.viewTasa] })
    .input(z.object({ search: z.string().trim().max(100).optional(), activo: queryFlag.optional(), ...wholeOrPage }).optional())
    .output(pagedOrAll(tasaRecord))
    .query(({ ctx, input }) => cotizaciones.listTasas(serviceCtx(ctx), input ?? {})),
  get: permProcedure({ all: [P.viewTasa] })
    .input(byId)
    .output(tasaRecord)
    .query(({ ctx, input }) => cotizaciones.getTasa(serviceCtx(ctx), input.id)),
  /** Anonymous: the home page's 'Cotizaciones del día'. */
  public: baseProcedure.output(z.array(tasaPublica)).query(({ ctx }) => cotizaciones.publicTasas(publicCtx(ctx))),
  historial: permProcedure({ all: [P.viewTasa] })
    .input(byId)
    .output(z.array(tasaHistorialRecord))
    .query(({ ctx, input }) => cotizaciones.historialTasa(serviceCtx(ctx), input.id)),
  create: permProcedure({ all: [P.addTasa] })
    .input(tasaCreateInput)
    .output(tasaRecord)
    .mutation(({ ctx, input }) => cotizaciones.createTasa(serviceCtx(ctx), input)),
  update: permProcedure({ any: [P.changeTasa, P.deleteTasa] })
    .input(tasaUpdateInput)
    .output(tasaRecord)
    .mutation(({ ctx, input }) => cotizaciones.updateTasa(serviceCtx(ctx), input)),
  patch: permProcedure({ any: [P.changeTasa, P.deleteTasa] })
    .input(tasaPatchInput)
    .output(tasaRecord)
    .mutation(({ ctx, input }) => cotizaciones.updateTasa(serviceCtx(ctx), input)),
  deactivate: permProcedure({ all: [P.deleteTasa] })
    .input(byId)
    .output(tasaRecord)
    .mutation(({ ctx, input }) => cotizaciones.deactivateTasa(serviceCtx(ctx), input.id)),
});
