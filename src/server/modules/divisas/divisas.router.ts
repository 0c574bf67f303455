import { z } from '../../../shared/zod';
import { router, baseProcedure, permProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { listQuery, pagedOrAll } from '../../lib/pagination';
import { P } from '../../../shared/permissions';
import {
  denominacionCreateInput, denominacionPatchInput, denominacionRecord, denominacionUpdateInput, divisaCreateInput,
  divisaListFilters, divisaPatchInput, divisaRecord, divisaUpdateInput, limitesInput, limitesRecord, serialId,
} from '../../../shared/schemas/divisas';
import * as divisas from './divisas.service';
import * as denominaciones from './denominaciones.service';
import * as limites from './limites.service';

const byId = z.object({ id: serialId });
/** A toggle takes no fields: a body key other than the id is refused (`Campo no permitido.`). */
const toggleInput = z.strictObject({ id: serialId });
const DENOMINACION_PERMS = [P.viewDenominacion, P.addDenominacion, P.changeDenominacion, P.deleteDenominacion];

const denominacionesRouter = router({
  get: permProcedure({ any: DENOMINACION_PERMS })
    .input(byId)
    .output(denominacionRecord)
    .query(({ ctx, input }) => denominaciones.getDenominacion(serviceCtx(ctx), input.id)),
  create: permProcedure({ all: [P.addDenominacion] })
    .input(denominacionCreateInput)
    .output(denominacionRecord)
    .mutation(({ ctx, input }) => denominaciones.createDenominacion(serviceCtx(ctx), input)),
  update: permProcedure({ any: [P.changeDenominacion, P.deleteDenominacion] })
    .input(denominacionUpdateInput)
    .output(denominacionRecord)
    .mutation(({ ctx, input }) => denominaciones.updateDenominacion(serviceCtx(ctx), input)),
  patch: permProcedure({ any: [P.changeDenominacion, P.deleteDenominacion] })
    .input(denominacionPatchInput)
    .output(denominacionRecord)
    .mutation(({ ctx, input }) => denominaciones.updateDenominacion(serviceCtx(ctx), input)),
  deactivate: permProcedure({ all: [P.deleteDenominacion] })
    .input(byId)
    .output(denominacionRecord)
    .mutation(({ ctx, input }) => denominaciones.deactivateDenominacion(serviceCtx(ctx), input.id)),
  toggleActive: permProcedure({ any: [P.changeDenominacion, P.deleteDenominacion] })
    .input(toggleInput)
    .output(denominacionRecord)
    .mutation(({ ctx, input }) => denominaciones.toggleDenominacion(serviceCtx(ctx), input.id)),
});

const limitesRouter = router({
  get: permProcedure({ all: [P.viewLimites] }).output(limitesRecord).query(({ ctx }) => limites.readLimites(serviceCtx(ctx))),
  update: permProcedure({ all: [P.changeLimites] })
    .input(limitesInput)
    .output(limitesRecord)
    .mutation(({ ctx, input }) => limites.updateLimites(serviceCtx(ctx), input)),
});

export const divisasRouter = router({
  list: permProcedure({ all: [P.viewDivisa] })
    .input(listQuery.extend(divisaListFilters))
    .output(pagedOrAll(divisaRecord))
    .query(({ ctx, input }) => divisas.listDivisas(serviceCtx(ctx), input)),
  get: permProcedure({ all: [P.viewDivisa] })
    .input(byId)
    .output(divisaRecord)
    .query(({ ctx, input }) => divisas.getDivisa(serviceCtx(ctx), input.id)),
  /** Active foreign currencies without a rate: the choices of the create-rate form. */
  sinTasa: permProcedure({ any: [P.viewDivisa, P.viewTasa, P.addTasa] })
    .input(listQuery)
    .output(pagedOrAll(divisaRecord))
    .query(({ ctx, input }) => divisas.sinTasa(serviceCtx(ctx), input)),
  /** Public: the base currency and the active currencies with an active rate (what simulators offer). */
  conTasa: baseProcedure
    .input(listQuery)
    .output(pagedOrAll(divisaRecord))
    .query(({ ctx, input }) => divisas.conTasa(ctx, input)),
  create: permProcedure({ all: [P.addDivisa] })
    .input(divisaCreateInput)
    .output(divisaRecord)
    .mutation(({ ctx, input }) => divisas.createDivisa(serviceCtx(ctx), input)),
  update: permProcedure({ any: [P.changeDivisa, P.deleteDivisa] })
    .input(divisaUpdateInput)
    .output(divisaRecord)
    .mutation(({ ctx, input }) => divisas.updateDivisa(serviceCtx(ctx), input)),
  patch: permProcedure({ any: [P.changeDivisa, P.deleteDivisa] })
    .input(divisaPatchInput)
    .output(divisaRecord)
    .mutation(({ ctx, input }) => divisas.updateDivisa(serviceCtx(ctx), input)),
  deactivate: permProcedure({ all: [P.deleteDivisa] })
    .input(byId)
    .output(divisaRecord)
    .mutation(({ ctx, input }) => divisas.deactivateDivisa(serviceCtx(ctx), input.id)),
  toggleActive: permProcedure({ any: [P.changeDivisa, P.deleteDivisa] })
    .input(toggleInput)
    .output(divisaRecord)
    .mutation(({ ctx, input }) => divisas.toggleDivisa(serviceCtx(ctx), input.id)),
  denominacionesDe: permProcedure({ any: DENOMINACION_PERMS })
    .input(byId)
    .output(z.array(denominacionRecord))
    .query(({ ctx, input }) => divisas.getDenominacionesDeDivisa(serviceCtx(ctx), input.id)),
  denominaciones: denominacionesRouter,
  limites: limitesRouter,
});
