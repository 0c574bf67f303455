import { z } from '../../../shared/zod';
import { router, authedProcedure, permProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { listQuery, pagedOrAll } from '../../lib/pagination';
import { P } from '../../../shared/permissions';
import {
  bancoCreateInput, bancoRecord, bancoUpdateInput, billeteraCatalogoCreateInput, billeteraCatalogoRecord, billeteraCatalogoUpdateInput, billeteraCreateInput,
  billeteraRecord, billeteraUpdateInput, catalogoFilters, cuentaCreateInput, cuentaRecord, cuentaUpdateInput, detalleCreadoRecord, detalleCreateInput, detalleRecord,
  detalleUpdateInput, instanciaCreateInput, instanciaFilters, instanciaRecord, metodoCreateInput, metodoRecord, metodoToggleInput, metodoUpdateInput,
  opcionesRecord, serialId, tarjetaCatalogoCreateInput, tarjetaCatalogoRecord, tarjetaCatalogoUpdateInput, tarjetaCreateInput, tarjetaRecord,
  tarjetaUpdateInput, withAffected, type CatalogoKind, type TipoInstancia,
} from '../../../shared/schemas/metodos';
import * as metodos from './metodos.service';
import * as catalogos from './catalogos.service';
import * as instancias from './instancias.service';

const byId = z.strictObject({ id: serialId });

/**
 * The PUT of an instance (`kind`) or a detail (null) answers 404 (absent or not the actor's) and 403
 * (no permission) before its body is parsed, as permProcedure answers 403 before any input is read.
 * A malformed id is left to the input's own message.
 */
const modifica = (kind: TipoInstancia | null) =>
  authedProcedure.use(async ({ ctx, getRawInput, next }) => {
    const raw = await getRawInput();
    const id = serialId.safeParse(raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined);
    if (id.success) await instancias.puedeModificar(serviceCtx(ctx), kind, id.data);
    return next();
  });

function catalogoRouter<C extends z.ZodType, U extends z.ZodType, R extends z.ZodObject>(kind: CatalogoKind, create: C, update: U, record: R) {
  const { perms } = catalogos.CATALOGOS[kind];
  const out = withAffected(record);
  return router({
    /** Any signed-in user reads the active entries (their instance forms offer them); staff with view, all. */
    list: authedProcedure
      .input(listQuery.extend(catalogoFilters))
      .output(pagedOrAll(record))
      .query(({ ctx, input }) => catalogos.listCatalogo(serviceCtx(ctx), kind, input) as never),
    get: authedProcedure
      .input(byId)
      .output(record)
      .query(({ ctx, input }) => catalogos.getCatalogo(serviceCtx(ctx), kind, input.id) as never),
    create: permProcedure({ all: [perms.add] })
      .input(create)
      .output(out)
      .mutation(({ ctx, input }) => catalogos.createCatalogo(serviceCtx(ctx), kind, input as Record<string, unknown>) as never),
    update: permProcedure({ any: [perms.change, perms.delete] })
      .input(update)
      .output(out)
      .mutation(({ ctx, input }) => catalogos.updateCatalogo(serviceCtx(ctx), kind, input as { id: number }) as never),
    toggleActive: permProcedure({ any: [perms.change, perms.delete] })
      .input(byId)
      .output(out)
      .mutation(({ ctx, input }) => catalogos.toggleCatalogo(serviceCtx(ctx), kind, input.id) as never),
  });
}

/**
 * Instances answer to any signed-in user: the service decides (owners of the client, or staff by
 * the kind's permissions); what the actor may not see answers 404.
 */
function instanciaRouter<C extends z.ZodType, U extends z.ZodType, R extends z.ZodType>(kind: TipoInstancia, create: C, update: U, record: R) {
  return router({
    list: authedProcedure
      .input(listQuery.extend(instanciaFilters))
      .output(pagedOrAll(record))
      .query(({ ctx, input }) => instancias.listInstancias(serviceCtx(ctx), kind, input) as never),
    get: authedProcedure
      .input(byId)
      .output(record)
      .query(({ ctx, input }) => instancias.getInstancia(serviceCtx(ctx), kind, input.id) as never),
    create: authedProcedure
      .input(create)
      .output(record)
      .mutation(({ ctx, input }) => instancias.createSobreDetalle(serviceCtx(ctx), kind, input as never) as never),
    update: modifica(kind)
      .input(update)
      .output(record)
      .mutation(({ ctx, input }) => instancias.updateInstancia(serviceCtx(ctx), kind, input as never) as never),
  });
}

export const metodosRouter = router({
  /** Any signed-in user reads the active methods; staff with view, every method. */
  list: authedProcedure
    .input(listQuery.extend(catalogoFilters))
    .output(pagedOrAll(metodoRecord))
    .query(({ ctx, input }) => metodos.listMetodos(serviceCtx(ctx), input)),
  get: authedProcedure
    .input(byId)
    .output(metodoRecord)
    .query(({ ctx, input }) => metodos.getMetodo(serviceCtx(ctx), input.id)),
  create: permProcedure({ all: [P.addMetodo] })
    .input(metodoCreateInput)
    .output(metodoRecord)
    .mutation(({ ctx, input }) => metodos.createMetodo(serviceCtx(ctx), input)),
  update: permProcedure({ any: [P.changeMetodo, P.deleteMetodo] })
    .input(metodoUpdateInput)
    .output(metodoRecord)
    .mutation(({ ctx, input }) => metodos.updateMetodo(serviceCtx(ctx), input)),
  deactivate: permProcedure({ all: [P.deleteMetodo] })
    .input(byId)
    .output(metodoRecord)
    .mutation(({ ctx, input }) => metodos.deactivateMetodo(serviceCtx(ctx), input.id)),
  /** The method's toggle; with `instancia: true` the id is a detail's and its instance is toggled (docs/decisions.md). */
  toggleActive: authedProcedure
    .input(metodoToggleInput)
    .output(z.union([metodoRecord, detalleRecord]))
    .mutation(({ ctx, input }) => metodos.toggleDesdeMetodo(serviceCtx(ctx), input.id, input.instancia)),
  /** Active banks, wallet platforms and card brands: what any signed-in user's forms offer. */
  opciones: authedProcedure.output(opcionesRecord).query(({ ctx }) => catalogos.opciones(serviceCtx(ctx)) as never),
  bancos: catalogoRouter('bancos', bancoCreateInput, bancoUpdateInput, bancoRecord),
  billeterasCatalogo: catalogoRouter('billeterasCatalogo', billeteraCatalogoCreateInput, billeteraCatalogoUpdateInput, billeteraCatalogoRecord),
  tarjetasCatalogo: catalogoRouter('tarjetasCatalogo', tarjetaCatalogoCreateInput, tarjetaCatalogoUpdateInput, tarjetaCatalogoRecord),
  cuentas: instanciaRouter('cuenta_bancaria', cuentaCreateInput, cuentaUpdateInput, cuentaRecord),
  billeteras: instanciaRouter('billetera_digital', billeteraCreateInput, billeteraUpdateInput, billeteraRecord),
  tarjetas: instanciaRouter('tarjeta', tarjetaCreateInput, tarjetaUpdateInput, tarjetaRecord),
  detalles: router({
    list: authedProcedure
      .input(listQuery.extend(instanciaFilters))
      .output(pagedOrAll(detalleRecord))
      .query(({ ctx, input }) => instancias.listDetalles(serviceCtx(ctx), input)),
    get: authedProcedure.input(byId).output(detalleRecord).query(({ ctx, input }) => instancias.getDetalle(serviceCtx(ctx), input.id)),
    /** Answers the detail and `data.id` (spec 001 §7). */
    create: authedProcedure.input(detalleCreateInput).output(detalleCreadoRecord).mutation(({ ctx, input }) => instancias.createDetalle(serviceCtx(ctx), input)),
    update: modifica(null).input(detalleUpdateInput).output(detalleRecord).mutation(({ ctx, input }) => instancias.updateDetalle(serviceCtx(ctx), input)),
    toggleActive: authedProcedure.input(byId).output(detalleRecord).mutation(({ ctx, input }) => instancias.toggleDetalle(serviceCtx(ctx), input.id)),
  }),
  /** The web client's one call: detail + account, wallet or card in one transaction. */
  crearInstancia: authedProcedure
    .input(instanciaCreateInput)
    .output(instanciaRecord)
    .mutation(({ ctx, input }) => instancias.crearInstancia(serviceCtx(ctx), input)),
});
