import type { Db } from '../../db';
import { AppError, type FieldErrors } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { can } from '../../lib/permissions';
import { audit, type AuditAction } from '../../lib/audit';
import { paginate, type ListQuery } from '../../lib/pagination';
import { withUniqueFields } from '../../lib/unique';
import { requirePerms } from '../../lib/permissions';
import { M } from '../../../shared/messages';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';
import { documentoField, type ClienteBody, type ClientePatchBody, type ClienteRecord } from '../../../shared/schemas/clientes';
import { selectUsers } from '../usuarios/usuarios.repository';
import { historialDeCliente, type TransaccionListInput } from '../transacciones/transacciones.service';

type HistorialQuery = Omit<TransaccionListInput, 'cliente_id'>;
import {
  categoriasMatching, clearCurrentClient, countClientesQuery, documentTaken, findCliente, isAssigned, searchClientes, toCliente,
} from './clientes.repository';

export const ENTITY = 'cliente';

const UNIQUE = {
  clientes_cedula_uq: ['cedula', MA.cedulaTaken],
  clientes_ruc_uq: ['ruc', MA.rucTaken],
} as const satisfies Record<string, [string, string]>;

const notFound = () => new AppError('not_found', M.notFound);

export async function listClientes(db: Db, q: ListQuery) {
  const cats = q.search ? await categoriasMatching(db, q.search) : [];
  const query = searchClientes(db, q.search, cats).orderBy('c.nombre').orderBy('c.id_cliente');
  if (q.all) return (await query.execute()).map(toCliente);
  const page = await paginate(query, q.page, countClientesQuery(db, q.search, cats));
  return { ...page, results: page.results.map(toCliente) };
}

/** Staff with view permission over clients, or a user the client is assigned to (spec: a customer acts only for their clients). */
export async function assertClienteAccess(db: Db, actor: Actor, id: string) {
  if (can(actor, P.viewCliente)) return;
  if (!(await isAssigned(db, actor.id, id))) throw new AppError('forbidden', M.apiForbidden);
}

export async function getCliente(db: Db, actor: Actor, id: string) {
  await assertClienteAccess(db, actor, id);
  const c = await findCliente(db, id);
  if (!c) throw notFound();
  return c;
}

/** The document that belongs to the type, checked; the other one is stored null. */
function documentOf(isPersonaFisica: boolean, cedula: string | null | undefined, ruc: string | null | undefined, fields: FieldErrors) {
  const key = isPersonaFisica ? 'cedula' : 'ruc';
  const r = documentoField.safeParse((isPersonaFisica ? cedula : ruc) ?? '');
  if (!r.success) {
    fields[key] = [r.error.issues[0].message];
    return { cedula: null, ruc: null };
  }
  return isPersonaFisica ? { cedula: r.data, ruc: null } : { cedula: null, ruc: r.data };
}

/** The document of the other type, when sent, must be empty or null: it is refused, never dropped silently. */
function refuseOtherDocument(isPersonaFisica: boolean, input: { cedula?: string | null; ruc?: string | null }, fields: FieldErrors) {
  const other = isPersonaFisica ? input.ruc : input.cedula;
  if (other == null || other.trim() === '') return;
  if (isPersonaFisica) fields.ruc = [MA.rucNotForPersonaFisica];
  else fields.cedula = [MA.cedulaNotForJuridica];
}

async function checkCategoria(db: Db, idCategoria: string, fields: FieldErrors) {
  const cat = await db.selectFrom('categorias_cliente').select('is_active').where('id_categoria', '=', idCategoria).executeTakeFirst();
  if (!cat) fields.idCategoria = [MA.categoriaInvalid];
  else if (!cat.is_active) fields.idCategoria = [MA.categoriaInactive];
}

async function checkDocumentFree(db: Db, doc: { cedula: string | null; ruc: string | null }, fields: FieldErrors, exceptId?: string) {
  if (!doc.cedula && !doc.ruc) return;
  const taken = await documentTaken(db, doc, exceptId);
  if (taken.cedula) fields.cedula = [MA.cedulaTaken];
  if (taken.ruc) fields.ruc = [MA.rucTaken];
}

function throwFields(fields: FieldErrors) {
  if (Object.keys(fields).length) throw new AppError('validation', 'Datos inválidos.', fields);
}

/** POST /clientes/: always saved active (spec 000 §4). */
export async function createCliente(db: Db, actor: Actor, input: ClienteBody): Promise<ClienteRecord> {
  const fields: FieldErrors = {};
  const doc = documentOf(input.isPersonaFisica, input.cedula, input.ruc, fields);
  refuseOtherDocument(input.isPersonaFisica, input, fields);
  await checkCategoria(db, input.idCategoria, fields);
  await checkDocumentFree(db, doc, fields);
  throwFields(fields);
  return withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const { id_cliente } = await trx
          .insertInto('clientes')
          .values({
            nombre: input.nombre, is_persona_fisica: input.isPersonaFisica, ...doc, id_categoria: input.idCategoria,
            correo: input.correo, telefono: input.telefono, direccion: input.direccion, is_active: true,
          })
          .returning('id_cliente')
          .executeTakeFirstOrThrow();
        const after = (await findCliente(trx, id_cliente))!;
        await audit(trx, { actorId: actor.id, action: 'create', entity: ENTITY, entityId: id_cliente, after });
        return after;
      }),
    UNIQUE,
  );
}

/**
 * PUT (whole client; `isActive` absent means active, as the screens always save) or PATCH (the given
 * fields). Editing needs change; reactivating needs change; deactivating needs delete.
 */
export async function updateCliente(
  db: Db,
  actor: Actor,
  id: string,
  input: ClienteBody | ClientePatchBody,
  mode: 'put' | 'patch',
): Promise<ClienteRecord> {
  return withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('clientes').selectAll().where('id_cliente', '=', id).forUpdate().executeTakeFirst();
        if (!cur) throw notFound();
        const before = (await findCliente(trx, id))!;

        const isActive = input.isActive ?? (mode === 'put' ? true : cur.is_active);
        const editsFields = mode === 'put' || Object.keys(input).some((k) => k !== 'isActive');
        if (editsFields) requirePerms(actor, { all: [P.changeCliente] });
        if (isActive !== cur.is_active) requirePerms(actor, { all: [isActive ? P.changeCliente : P.deleteCliente] });

        const fields: FieldErrors = {};
        const isPersonaFisica = input.isPersonaFisica ?? cur.is_persona_fisica;
        const doc = documentOf(
          isPersonaFisica,
          input.cedula !== undefined ? input.cedula : cur.cedula,
          input.ruc !== undefined ? input.ruc : cur.ruc,
          fields,
        );
        refuseOtherDocument(isPersonaFisica, input, fields);
        const idCategoria = input.idCategoria ?? cur.id_categoria;
        if (idCategoria !== cur.id_categoria) await checkCategoria(trx, idCategoria, fields);
        await checkDocumentFree(trx, doc, fields, id);
        throwFields(fields);

        await trx
          .updateTable('clientes')
          .set({
            nombre: input.nombre ?? cur.nombre,
            is_persona_fisica: isPersonaFisica,
            ...doc,
            id_categoria: idCategoria,
            correo: input.correo ?? cur.correo,
            telefono: input.telefono ?? cur.telefono,
            direccion: input.direccion ?? cur.direccion,
            is_active: isActive,
          })
          .where('id_cliente', '=', id)
          .execute();
        const cleared = !isActive && cur.is_active ? await clearCurrentClient(trx, id) : [];
        const after = (await findCliente(trx, id))!;
        if (JSON.stringify(after) === JSON.stringify(before)) return after; // a no-op writes no audit row
        await audit(trx, {
          actorId: actor.id,
          action: actionOf(before, after),
          entity: ENTITY,
          entityId: id,
          before,
          after: cleared.length ? { ...after, usuarios_sin_cliente_actual: cleared } : after,
        });
        return after;
      }),
    UNIQUE,
  );
}

function actionOf(before: ClienteRecord, after: ClienteRecord): AuditAction {
  if (before.isActive === after.isActive) return 'update';
  const same = JSON.stringify({ ...before, isActive: null }) === JSON.stringify({ ...after, isActive: null });
  if (!same) return 'update';
  return after.isActive ? 'activate' : 'deactivate';
}

/** DELETE /clientes/:id/: deactivates (never deletes); users who had it as current client lose it. */
export async function deactivateCliente(db: Db, actor: Actor, id: string): Promise<ClienteRecord> {
  return db.transaction().execute(async (trx) => {
    const cur = await trx.selectFrom('clientes').select('is_active').where('id_cliente', '=', id).forUpdate().executeTakeFirst();
    if (!cur) throw notFound();
    const before = (await findCliente(trx, id))!;
    if (!cur.is_active) return before;
    await trx.updateTable('clientes').set({ is_active: false }).where('id_cliente', '=', id).execute();
    const cleared = await clearCurrentClient(trx, id);
    const after = (await findCliente(trx, id))!;
    await audit(trx, {
      actorId: actor.id, action: 'deactivate', entity: ENTITY, entityId: id, before,
      after: cleared.length ? { ...after, usuarios_sin_cliente_actual: cleared } : after,
    });
    return after;
  });
}

/** The users (operators) assigned to a client. */
export async function usuariosAsignados(db: Db, id: string) {
  const c = await db.selectFrom('clientes').select('id_cliente').where('id_cliente', '=', id).executeTakeFirst();
  if (!c) throw notFound();
  return selectUsers(db)
    .innerJoin('user_clientes as uc2', 'uc2.user_id', 'u.id')
    .where('uc2.cliente_id', '=', id)
    .orderBy('u.username')
    .execute();
}

/** The client's transactions (paged, filters of the transactions module); the operations module decides who sees them. */
export async function historialTransacciones(db: Db, actor: Actor, id: string, query: HistorialQuery, tz: string) {
  await getCliente(db, actor, id);
  return historialDeCliente({ db, actor }, id, query, tz);
}
