import { z } from '../../../shared/zod';
import { router, permProcedure } from '../../trpc/init';
import { serviceCtx } from '../../lib/context';
import { P } from '../../../shared/permissions';
import { uuidParam } from '../../../shared/schemas/common';
import {
  categoriaCreateInput, categoriaPatchBody, categoriaRecord, categoriasListInput,
} from '../../../shared/schemas/categorias';
import * as svc from './categorias.service';
import { pagedOrAll } from '../../lib/pagination';

const byId = z.object({ id: uuidParam });
/** Whoever sees clients sees their categories (the client form needs them). */
const canView = { any: [P.viewCategoria, P.viewCliente] };

export const categoriasRouter = router({
  list: permProcedure(canView)
    .input(categoriasListInput)
    .output(pagedOrAll(categoriaRecord))
    .query(({ ctx, input }) => svc.list(serviceCtx(ctx), input)),
  get: permProcedure(canView)
    .input(byId)
    .output(categoriaRecord)
    .query(({ ctx, input }) => svc.get(serviceCtx(ctx), input.id)),
  create: permProcedure({ all: [P.addCategoria] })
    .input(categoriaCreateInput)
    .output(categoriaRecord)
    .mutation(({ ctx, input }) => svc.create(serviceCtx(ctx), input)),
  /** Edit, activate and deactivate: the catalogue has no delete permission for categories. */
  update: permProcedure({ all: [P.changeCategoria] })
    .input(categoriaPatchBody.extend({ id: uuidParam }))
    .output(categoriaRecord)
    .mutation(({ ctx, input: { id, ...body } }) => svc.update(serviceCtx(ctx), id, body)),
  deactivate: permProcedure({ all: [P.changeCategoria] })
    .input(byId)
    .output(categoriaRecord)
    .mutation(({ ctx, input }) => svc.deactivate(serviceCtx(ctx), input.id)),
});
