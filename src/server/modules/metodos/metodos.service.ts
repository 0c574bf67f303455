import type { ServiceCtx } from '../../lib/context';
import { audit } from '../../lib/audit';
import { changeIntent, definedOnly, togglePatch } from '../../lib/changeIntent';
import { notFound, throwIfFieldErrors } from '../../lib/errors';
import { paginate, type ListQuery } from '../../lib/pagination';
import { can, requirePerms } from '../../lib/permissions';
import { withUniqueFields } from '../../lib/unique';
import { P } from '../../../shared/permissions';
import { METODO_MSG, type MetodoCreateInput, type MetodoUpdateInput } from '../../../shared/schemas/metodos';
import { esDetallePropio, toggleDetalle } from './instancias.service';
import { filteredMetodos, findMetodo, findMetodoPorNombre, insertMetodo, lockMetodo, METODO_COLUMNS, updateMetodoRow } from './metodos.repository';

const ENTITY = 'metodo_financiero';
const UNIQUE = { metodos_financieros_nombre_key: ['nombre', METODO_MSG.nombreDuplicado] } as const;
/** Edits and reactivation need change, deactivation delete (spec 001 §6). */
const INTENTS = { edit: P.changeMetodo, deactivate: P.deleteMetodo };

/** Staff with the view permission read every method; any other signed-in user only the active ones. */
const soloActivos = (ctx: ServiceCtx) => !can(ctx, P.viewMetodo);

export async function listMetodos(ctx: ServiceCtx, input: ListQuery & { is_active?: boolean }) {
  const base = filteredMetodos(ctx.db, input, soloActivos(ctx));
  const rows = base.select(METODO_COLUMNS).orderBy('id');
  return input.all ? rows.execute() : paginate(rows, input.page, base);
}

export async function getMetodo(ctx: ServiceCtx, id: number) {
  const row = await findMetodo(ctx.db, id);
  if (!row || (!row.is_active && soloActivos(ctx))) throw notFound();
  return row;
}

export async function createMetodo(ctx: ServiceCtx, input: MetodoCreateInput) {
  if (await findMetodoPorNombre(ctx.db, input.nombre)) throwIfFieldErrors({ nombre: [METODO_MSG.nombreDuplicado] });
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const row = await insertMetodo(trx, input);
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: ENTITY, entityId: row.id, after: row });
        return row;
      }),
    UNIQUE,
  );
}

type MetodoChange = Omit<MetodoUpdateInput, 'id'>;

/** PUT, DELETE and toggle of a method: the permission follows the intent; the name never changes. */
export function changeMetodo(ctx: ServiceCtx, id: number, change: MetodoChange | ((before: { is_active: boolean }) => MetodoChange)) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockMetodo(trx, id);
    if (!before) throw notFound();
    const { nombre, ...patch } = typeof change === 'function' ? change(before) : change;
    const intent = changeIntent(before, patch, { active: 'is_active', perms: INTENTS });
    requirePerms(ctx, { all: intent.perms });
    if (nombre !== undefined && nombre !== before.nombre) throwIfFieldErrors({ nombre: [METODO_MSG.nombreNoCambia] });
    const set = definedOnly(patch);
    if (Object.keys(set).length === 0) return before;
    const after = await updateMetodoRow(trx, id, set);
    if (JSON.stringify(after) === JSON.stringify(before)) return after;
    await audit(trx, { actorId: ctx.actor.id, action: intent.action ?? 'update', entity: ENTITY, entityId: id, before, after });
    return after;
  });
}

export const updateMetodo = (ctx: ServiceCtx, { id, ...change }: MetodoUpdateInput) => changeMetodo(ctx, id, change);
export const deactivateMetodo = (ctx: ServiceCtx, id: number) => changeMetodo(ctx, id, { is_active: false });
export const toggleMetodo = (ctx: ServiceCtx, id: number) => changeMetodo(ctx, id, (before) => togglePatch(before, 'is_active'));

/**
 * POST metodos/{id}/toggle_active/. Spec 001 §7: "toggling an instance goes through the method toggle
 * with the detail id". {id} names a detail with `instancia: true`, and also, unsaid, for a caller who
 * may not change methods when it is an instance of their own client (a customer: the spec's call);
 * otherwise, or with `instancia: false`, the method. Method and detail ids overlap: staff who manage
 * instances never flip a customer's by a method's id.
 */
export async function toggleDesdeMetodo(ctx: ServiceCtx, id: number, instancia?: boolean) {
  const esInstancia = instancia ?? (!(can(ctx, P.changeMetodo) || can(ctx, P.deleteMetodo)) && (await esDetallePropio(ctx, id)));
  return esInstancia ? toggleDetalle(ctx, id) : toggleMetodo(ctx, id);
}
