import { z } from '../../../shared/zod';
import { router, permProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { P } from '../../../shared/permissions';
import { uuidParam } from '../../../shared/schemas/common';
import {
  evolucionInput, evolucionRecord, exportInput, exportPlan, gruposRecord, listadoInput, listadoRecord, reporteFiltros, resumenRecord,
  stockRecord, umbralInput, umbralRecord, type Dimension,
} from '../../../shared/schemas/reportes';
import * as svc from './reportes.service';

const reporte = permProcedure({ all: [P.viewReporte] });

const porDimension = (dim: Dimension) =>
  reporte
    .input(reporteFiltros)
    .output(gruposRecord)
    .query(({ ctx, input }) => svc.porDimension(serviceCtx(ctx), dim, input, ctx.env.tzBusiness));

export const reportesRouter = router({
  resumen: reporte.input(reporteFiltros).output(resumenRecord).query(({ ctx, input }) => svc.resumen(serviceCtx(ctx), input, ctx.env.tzBusiness)),
  porDivisa: porDimension('divisa'),
  porMetodo: porDimension('metodo'),
  porOperador: porDimension('operador'),
  porTauser: porDimension('tauser'),
  porCategoria: porDimension('categoria'),
  evolucion: reporte.input(evolucionInput).output(evolucionRecord).query(({ ctx, input }) => svc.evolucion(serviceCtx(ctx), input, ctx.env.tzBusiness)),
  transacciones: reporte.input(listadoInput).output(listadoRecord).query(({ ctx, input }) => svc.listado(serviceCtx(ctx), input, ctx.env.tzBusiness)),
  /** Validates and resolves an export; the REST route streams the file (reportes.export.ts). */
  exportar: reporte.input(exportInput).output(exportPlan).query(({ ctx, input }) => svc.planDeExport(serviceCtx(ctx), input, ctx.env.tzBusiness)),
  stock: reporte
    .input(z.object({ tauser: uuidParam.optional() }))
    .output(z.array(stockRecord))
    .query(({ ctx, input }) => svc.stock(serviceCtx(ctx), input)),
  umbrales: reporte.output(z.array(umbralRecord)).query(({ ctx }) => svc.listarUmbrales(serviceCtx(ctx))),
  /** Staff who manage the Tausers set the thresholds. */
  guardarUmbral: permProcedure({ all: [P.viewReporte, P.changeTauser] })
    .input(umbralInput)
    .output(umbralRecord)
    .mutation(({ ctx, input }) => svc.guardarUmbral(serviceCtx(ctx), input)),
});
