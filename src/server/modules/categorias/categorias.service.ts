import type { ServiceCtx } from '../../lib/context';
import { fieldError, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { changeIntent } from '../../lib/changeIntent';
import { requirePerms } from '../../lib/permissions';
import { withUniqueFields } from '../../lib/unique';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';
import type { CategoriaCreateInput, CategoriaPatchBody, CategoriaRecord } from '../../../shared/schemas/categorias';
import { categoriasMatching, findCategoria, insertCategoria, lockCategoria, nombreTaken, updateCategoriaRow } from './categorias.repository';
import { arrayOrPage } from '../../lib/pagination';

export const ENTITY = 'categoria_cliente';

const UNIQUE = {
  categorias_cliente_nombre_ci_uq: ['nombre', MA.categoriaNombreTaken],
  categorias_cliente_nombre_key: ['nombre', MA.categoriaNombreTaken],
} as const satisfies Record<string, [string, string]>;

/** The catalogue has no delete permission for categories: edit, activate and deactivate need change. */
const INTENTS = { edit: P.changeCategoria };

/** Every category (or those in the state `is_active`, when given) as an array, or one page of them when `page` is asked. */
export function list(ctx: ServiceCtx, q: { search?: string; page?: number; all?: boolean; is_active?: boolean }) {
  const todas = categoriasMatching(ctx.db, q.search);
  const matching = q.is_active === undefined ? todas : todas.where('k.is_active', '=', q.is_active);
  return arrayOrPage(matching.orderBy('k.descuento').orderBy('k.nombre').orderBy('k.id_categoria'), q, matching, (c): CategoriaRecord => c);
}

export async function get(ctx: ServiceCtx, id: string) {
  const c = await findCategoria(ctx.db, id);
  if (!c) throw notFound();
  return c;
}

export async function create(ctx: ServiceCtx, input: CategoriaCreateInput): Promise<CategoriaRecord> {
  if (await nombreTaken(ctx.db, input.nombre)) throw fieldError('nombre', MA.categoriaNombreTaken);
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const idCategoria = await insertCategoria(trx, input);
        const after = (await findCategoria(trx, idCategoria))!;
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: ENTITY, entityId: idCategoria, after });
        return after;
      }),
    UNIQUE,
  );
}

/** PATCH: descripcion, descuento, isActive. The name is locked; echoing it unchanged is accepted. */
export async function update(ctx: ServiceCtx, id: string, input: CategoriaPatchBody): Promise<CategoriaRecord> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockCategoria(trx, id);
    if (!before) throw notFound();
    if (input.idCategoria !== undefined && input.idCategoria !== id) throw fieldError('idCategoria', MA.toast.categoriaInvalidId);
    if (input.nombre !== undefined && input.nombre !== before.nombre) throw fieldError('nombre', MA.categoriaNombreLocked);
    const set = {
      descripcion: input.descripcion ?? before.descripcion,
      descuento: input.descuento ?? before.descuento,
      is_active: input.isActive ?? before.isActive,
    };
    // Only a real change of the figures is an edit: a toggle that echoes them is audited as (de)activation.
    const edits = set.descripcion !== before.descripcion || set.descuento !== before.descuento;
    const intent = changeIntent(before, { isActive: set.is_active }, { active: 'isActive', perms: INTENTS, edits });
    requirePerms(ctx, { all: intent.perms });
    if (!intent.action) return before;
    await updateCategoriaRow(trx, id, set);
    const after = (await findCategoria(trx, id))!;
    await audit(trx, { actorId: ctx.actor.id, action: intent.action, entity: ENTITY, entityId: id, before, after });
    return after;
  });
}

/** DELETE: deactivates. Clients keep their category; an inactive category cannot be given to a client. */
export const deactivate = (ctx: ServiceCtx, id: string) => update(ctx, id, { isActive: false });
