import { router, baseProcedure, permProcedure } from '../../trpc/init';
import { publicCtx, serviceCtx } from '../../lib/context';
import { P } from '../../../shared/permissions';
import {
  metodosClienteInput, metodosDisponiblesInput, metodosDisponiblesRespuesta, metodosRespuesta, simulacionPrivadaInput, simulacionPublicaInput, simulacionResultado,
} from '../../../shared/schemas/operaciones';
import * as svc from './simulacion.service';

/** The simulation wizard and the operation wizard (which simulates before creating) both quote for a client. */
const QUOTE_FOR_CLIENT = { any: [P.useSimulacion, P.useOperacion] };

export const simulacionRouter = router({
  /** Public: the home page simulator (generic method, no discount). */
  publica: baseProcedure
    .input(simulacionPublicaInput)
    .output(simulacionResultado)
    .mutation(({ ctx, input }) => svc.simularPublica(publicCtx(ctx), input)),
  privada: permProcedure(QUOTE_FOR_CLIENT)
    .input(simulacionPrivadaInput)
    .output(simulacionResultado)
    .mutation(({ ctx, input }) => svc.simularPrivada(serviceCtx(ctx), input)),
  /** Public: the methods a direction allows. */
  metodosDisponibles: baseProcedure
    .input(metodosDisponiblesInput)
    .output(metodosDisponiblesRespuesta)
    .query(({ ctx, input }) => svc.metodosDisponibles(publicCtx(ctx), input)),
  metodosCliente: permProcedure(QUOTE_FOR_CLIENT)
    .input(metodosClienteInput)
    .output(metodosRespuesta)
    .query(({ ctx, input }) => svc.metodosCliente(serviceCtx(ctx), input)),
});
