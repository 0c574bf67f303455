import type { Db } from '../../db';
import type { ServiceCtx } from '../../lib/context';
import { forbidden, invalidFields, notFound, type FieldErrors } from '../../lib/errors';
import { can, requirePerms } from '../../lib/permissions';
import { audit, type AuditAction } from '../../lib/audit';
import { changeIntent } from '../../lib/changeIntent';
import { TOTAL, listOrPage, mapPage, paginateStatement, pageWith, withoutTotal, type ListQuery } from '../../lib/pagination';
import { withUniqueFields } from '../../lib/unique';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';
import { documentoField, otherDocumentError, type ClienteBody, type ClientePatchBody, type ClienteRecord } from '../../../shared/schemas/clientes';
import { historialDeCliente, verTodas } from '../transacciones/transacciones.service';
import type { TransaccionListQuery } from '../transacciones/transacciones.router';

import {
  BUSQUEDA_TOPE, busquedaAcotada, categoriaActiva, categoriasMatching, paginaDeClientes, clearCurrentClient, clienteExists, countClientesQuery, documentTaken, findCliente, insertCliente,
  isAssigned, lockClienteRow, searchClientes, toCliente, updateClienteRow, usuariosDeCliente,
} from './clientes.repository';

export const ENTITY = 'cliente';

const UNIQUE = {
  clientes_cedula_uq: ['cedula', MA.cedulaTaken],
  clientes_ruc_uq: ['ruc', MA.rucTaken],
} as const satisfies Record<string, [string, string]>;

/** Editing and reactivating need change, deactivating needs delete (spec 000 §6). */
const INTENTS = { edit: P.changeCliente, deactivate: P.deleteCliente };

/** A page of the list or of a search (by name, document, e-mail or category), or every client with `all`. */
export async function listClientes(ctx: ServiceCtx, q: ListQuery & { is_active?: boolean }) {
  const { db } = ctx;
  if (q.is_active !== undefined) {
    const cats = q.search ? await categoriasMatching(db, q.search) : [];
    return listOrPage(searchClientes(db, q.search, cats, q.is_active).orderBy('c.nombre').orderBy('c.id_cliente'), q, countClientesQuery(db, q.search, cats, q.is_active), toCliente);
  }
  if (!q.search && !q.all) {
    const count = countClientesQuery(db, undefined);
    return mapPage(paginateStatement(db, paginaDeClientes(db, q.page, count), q.page, count, { alreadyPaged: true }), toCliente);
  }
  const cats = q.search ? await categoriasMatching(db, q.search) : [];
  if (q.search && !q.all) {
    // Most searches match few clients: page and exact total from one scan (see busquedaAcotada).
    const rows = await busquedaAcotada(db, q.search, cats, q.page).execute();
    const total = rows.length > 0 ? Number(rows[0][TOTAL]) : q.page === 1 ? 0 : undefined;
    if (total !== undefined && total <= BUSQUEDA_TOPE) return pageWith(total, q.page, withoutTotal(rows).map(toCliente));
  }
  return listOrPage(searchClientes(db, q.search, cats).orderBy('c.nombre').orderBy('c.id_cliente'), q, countClientesQuery(db, q.search, cats), toCliente);
}

/** Staff with view permission over clients, or a user the client is assigned to (spec: a customer acts only for their clients). */
export async function assertClienteAccess(ctx: ServiceCtx, id: string) {
  if (can(ctx, P.viewCliente)) return;
  if (!(await isAssigned(ctx.db, ctx.actor.id, id))) throw forbidden();
}

export async function getCliente(ctx: ServiceCtx, id: string) {
  await assertClienteAccess(ctx, id);
  const c = await findCliente(ctx.db, id);
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

async function checkCategoria(db: Db, idCategoria: string, fields: FieldErrors) {
  const activa = await categoriaActiva(db, idCategoria);
  if (activa === undefined) fields.idCategoria = [MA.categoriaInvalid];
  else if (!activa) fields.idCategoria = [MA.categoriaInactive];
}

async function checkDocumentFree(db: Db, doc: { cedula: string | null; ruc: string | null }, fields: FieldErrors, exceptId?: string) {
  if (!doc.cedula && !doc.ruc) return;
  const taken = await documentTaken(db, doc, exceptId);
  if (taken.cedula) fields.cedula = [MA.cedulaTaken];
  if (taken.ruc) fields.ruc = [MA.rucTaken];
}

function throwFields(fields: FieldErrors) {
  if (Object.keys(fields).length) throw invalidFields(fields);
}

/** POST /clientes/: always saved active (spec 000 §4). */
export async function createCliente(ctx: ServiceCtx, input: ClienteBody): Promise<ClienteRecord> {
  const { db } = ctx;
  const fields: FieldErrors = {};
  const doc = documentOf(input.isPersonaFisica, input.cedula, input.ruc, fields);
  Object.assign(fields, otherDocumentError(input.isPersonaFisica, input));
  await checkCategoria(db, input.idCategoria, fields);
  await checkDocumentFree(db, doc, fields);
  throwFields(fields);
  return withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const id_cliente = await insertCliente(trx, {
          nombre: input.nombre, is_persona_fisica: input.isPersonaFisica, ...doc, id_categoria: input.idCategoria,
          correo: input.correo, telefono: input.telefono, direccion: input.direccion, is_active: true,
        });
        const after = (await findCliente(trx, id_cliente))!;
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: ENTITY, entityId: id_cliente, after });
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
  ctx: ServiceCtx,
  id: string,
  input: ClienteBody | ClientePatchBody,
  mode: 'put' | 'patch',
): Promise<ClienteRecord> {
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const cur = await lockClienteRow(trx, id);
        if (!cur) throw notFound();
        const before = (await findCliente(trx, id))!;

        const isActive = input.isActive ?? (mode === 'put' ? true : cur.is_active);
        const edits = mode === 'put' || Object.keys(input).some((k) => k !== 'isActive');
        const intent = changeIntent(cur, { is_active: isActive }, { active: 'is_active', perms: INTENTS, edits });
        requirePerms(ctx, { all: intent.perms });

        const fields: FieldErrors = {};
        const isPersonaFisica = input.isPersonaFisica ?? cur.is_persona_fisica;
        const doc = documentOf(
          isPersonaFisica,
          input.cedula !== undefined ? input.cedula : cur.cedula,
          input.ruc !== undefined ? input.ruc : cur.ruc,
          fields,
        );
        Object.assign(fields, otherDocumentError(isPersonaFisica, input));
        const idCategoria = input.idCategoria ?? cur.id_categoria;
        if (idCategoria !== cur.id_categoria) await checkCategoria(trx, idCategoria, fields);
        await checkDocumentFree(trx, doc, fields, id);
        throwFields(fields);

        await updateClienteRow(trx, id, {
          nombre: input.nombre ?? cur.nombre,
          is_persona_fisica: isPersonaFisica,
          ...doc,
          id_categoria: idCategoria,
          correo: input.correo ?? cur.correo,
          telefono: input.telefono ?? cur.telefono,
          direccion: input.direccion ?? cur.direccion,
          is_active: isActive,
        });
        const cleared = !isActive && cur.is_active ? await clearCurrentClient(trx, id) : [];
        const after = (await findCliente(trx, id))!;
        if (JSON.stringify(after) === JSON.stringify(before)) return after; // a no-op writes no audit row
        await audit(trx, {
          actorId: ctx.actor.id,
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
export async function deactivateCliente(ctx: ServiceCtx, id: string): Promise<ClienteRecord> {
  return ctx.db.transaction().execute(async (trx) => {
    const cur = await lockClienteRow(trx, id);
    if (!cur) throw notFound();
    const before = (await findCliente(trx, id))!;
    if (!cur.is_active) return before;
    await updateClienteRow(trx, id, { is_active: false });
    const cleared = await clearCurrentClient(trx, id);
    const after = (await findCliente(trx, id))!;
    await audit(trx, {
      actorId: ctx.actor.id, action: 'deactivate', entity: ENTITY, entityId: id, before,
      after: cleared.length ? { ...after, usuarios_sin_cliente_actual: cleared } : after,
    });
    return after;
  });
}

/** The users (operators) assigned to a client. */
export async function usuariosAsignados(ctx: ServiceCtx, id: string) {
  if (!(await clienteExists(ctx.db, id))) throw notFound();
  return usuariosDeCliente(ctx.db, id);
}

/** The client's transactions (paged, filters of the transactions module); the operations module decides who sees them. */
export async function historialTransacciones(ctx: ServiceCtx, id: string, query: Omit<TransaccionListQuery, 'cliente_id'>, tz: string) {
  // Without the view of every transaction the list itself refuses a client not assigned (403).
  if (verTodas(ctx)) await assertClienteAccess(ctx, id);
  const page = await historialDeCliente(ctx, id, query, tz);
  // Rows prove the client exists; only an empty answer must tell "none yet" from "no such client".
  const empty = Array.isArray(page) ? page.length === 0 : page.results.length === 0;
  if (empty && !(await clienteExists(ctx.db, id))) throw notFound();
  return page;
}
