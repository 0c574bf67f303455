import type { Db } from '../../db';
import type { ServiceCtx } from '../../lib/context';
import { badRequest, forbidden, invalidFields, notFound, type FieldErrors } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { changeIntent } from '../../lib/changeIntent';
import { withUniqueFields } from '../../lib/unique';
import { arrayOrPage } from '../../lib/pagination';
import { requirePerms } from '../../lib/permissions';
import { M } from '../../../shared/messages';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';
import { nameEditErrors, type ClienteActualResult, type UserCreateInput, type UserPatchBody, type UserRecord } from '../../../shared/schemas/usuarios';
import { hashPassword } from '../auth/passwords';
import { revokeUserTokens } from '../auth/revocation';
import { assertMayChange } from '../auth/outranking';
import { clientesOfUser } from '../clientes/clientes.repository';
import { codesOfRoles, rolesOfUser } from '../roles/roles.repository';
import { assertWithinOwn } from '../roles/roles.service';
import {
  addUserClientes, addUserRoles, assignedClienteForShare, clienteIdsOfUser, currentClient, existingClienteIds, existingRoleIdsLocked, findUser,
  insertUser, usersMatching, lockUserRow, removeUserClientes, removeUserRoles, takenFields, updateUserRow, userExists,
} from './usuarios.repository';

export const ENTITY = 'usuario';

const UNIQUE = {
  users_username_uq: ['username', M.usernameTaken],
  users_email_uq: ['email', M.emailTaken],
} as const satisfies Record<string, [string, string]>;

/** Editing needs change; switching `is_active` either way needs delete, as the screen's toggle does. */
const INTENTS = { edit: P.changeUser, activate: P.deleteUser, deactivate: P.deleteUser };

/** A user may always act on their own record; on others only with the permission. */
function assertSelfOr(actor: Actor, id: number, perm: string) {
  if (actor.id !== id) requirePerms(actor, { all: [perm] });
}

async function lockUser(db: Db, id: number) {
  const row = await lockUserRow(db, id);
  if (!row) throw notFound();
  return row;
}

async function assertExists(db: Db, id: number) {
  if (!(await userExists(db, id))) throw notFound();
}

async function takenErrors(db: Db, v: { username?: string; email?: string }, exceptId?: number): Promise<FieldErrors> {
  const taken = await takenFields(db, v, exceptId);
  const fields: FieldErrors = {};
  if (taken.username) fields.username = [M.usernameTaken];
  if (taken.email) fields.email = [M.emailTaken];
  return fields;
}

async function checkTaken(db: Db, v: { username?: string; email?: string }, exceptId?: number) {
  const fields = await takenErrors(db, v, exceptId);
  if (Object.keys(fields).length) throw invalidFields(fields);
}

/** Every id names a client: 400 on `clientes` with one message per unknown id otherwise. */
async function assertClientesExisten(db: Db, ids: string[]) {
  const found = await existingClienteIds(db, ids);
  const missing = ids.filter((c) => !found.includes(c));
  if (missing.length) throw invalidFields({ clientes: missing.map(MA.clienteNotFound) });
}

/**
 * Every user whose username, name or e-mail contains `search` (in the state `is_active`, when given),
 * or one page of them when `page` is asked.
 */
export function list(ctx: ServiceCtx, q: { search?: string; page?: number; all?: boolean; is_active?: boolean }) {
  const todos = usersMatching(ctx.db, q.search);
  const matching = q.is_active === undefined ? todos : todos.where('u.is_active', '=', q.is_active);
  return arrayOrPage(matching.orderBy('u.username').orderBy('u.id'), q, matching, (u) => u);
}

/** Anyone may read their own record (the login flow needs it); others need view permission. */
export async function getUser(ctx: ServiceCtx, id: number) {
  assertSelfOr(ctx.actor, id, P.viewUser);
  const user = await findUser(ctx.db, id);
  if (!user) throw notFound();
  return user;
}

/** Users created by staff are verified already: they sign in without a code. */
export async function create(ctx: ServiceCtx, input: UserCreateInput): Promise<UserRecord> {
  const clientes = [...new Set(input.clientes ?? [])];
  if (clientes.length) requirePerms(ctx, P.assignClients);
  await checkTaken(ctx.db, input);
  const password_hash = await hashPassword(input.password);
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await assertClientesExisten(trx, clientes);
        const id = await insertUser(trx, {
          username: input.username, email: input.email, first_name: input.first_name, last_name: input.last_name,
          password_hash, is_active: input.is_active, email_verified: true,
        });
        await addUserClientes(trx, id, clientes);
        const after = (await findUser(trx, id))!;
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: ENTITY, entityId: id, after });
        return after;
      }),
    UNIQUE,
  );
}

/**
 * PATCH: any field. Editing needs change; switching `is_active` (either way) needs delete, as the
 * screen's toggle does; an empty password keeps the current one. Nobody deactivates themselves.
 */
export async function update(ctx: ServiceCtx, id: number, input: UserPatchBody): Promise<UserRecord> {
  const { actor } = ctx;
  const { is_active, password, ...rest } = input;
  const newPassword = password ? password : undefined;
  const editsFields = Object.keys(rest).length > 0 || newPassword !== undefined;
  const password_hash = newPassword !== undefined ? await hashPassword(newPassword) : undefined;
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const cur = await lockUser(trx, id);
        const toggles = is_active !== undefined && is_active !== cur.is_active;
        // A request that changes nothing is still an edit (it needs change).
        const intent = changeIntent(cur, { is_active }, { active: 'is_active', perms: INTENTS, edits: editsFields || !toggles });
        requirePerms(ctx, { all: intent.perms });
        await assertMayChange(ctx, trx, cur);
        if (intent.deactivating && actor.id === id) throw badRequest(MA.cannotDeactivateSelf);
        const before = (await findUser(trx, id))!;
        // A name sent back as stored passes (a self-registered user has no last name); a new one needs 2 characters.
        const names = Object.entries(nameEditErrors(rest, before)).map(([k, msg]) => [k, [msg]]);
        const errors: FieldErrors = { ...Object.fromEntries(names), ...(await takenErrors(trx, rest, id)) };
        if (Object.keys(errors).length) throw invalidFields(errors);

        // Staff's choice outlives a pending e-mail verification (markVerified): deactivated stays so.
        const bloqueo = is_active === undefined || is_active === !cur.bloqueado ? {} : { bloqueado: !is_active };
        const set = { ...rest, ...(toggles ? { is_active } : {}), ...bloqueo, ...(password_hash ? { password_hash } : {}) };
        if (Object.keys(set).length) await updateUserRow(trx, id, set);
        if (password_hash || (toggles && !is_active)) await revokeUserTokens(trx, id);
        const after = (await findUser(trx, id))!;
        const changed = JSON.stringify(before) !== JSON.stringify(after) || !!password_hash;
        if (changed) {
          const onlyState = toggles && JSON.stringify({ ...before, is_active: null }) === JSON.stringify({ ...after, is_active: null }) && !password_hash;
          await audit(trx, {
            actorId: actor.id,
            action: onlyState ? (after.is_active ? 'activate' : 'deactivate') : 'update',
            entity: ENTITY,
            entityId: id,
            before,
            after: password_hash ? { ...after, password_changed: true } : after,
          });
        }
        return after;
      }),
    UNIQUE,
  );
}

/** DELETE: deactivates (never deletes). Their tokens stop working at once. */
export async function deactivate(ctx: ServiceCtx, id: number): Promise<UserRecord> {
  const { actor } = ctx;
  if (actor.id === id) throw badRequest(MA.cannotDeactivateSelf);
  return ctx.db.transaction().execute(async (trx) => {
    const cur = await lockUser(trx, id);
    await assertMayChange(ctx, trx, cur);
    const before = (await findUser(trx, id))!;
    if (!cur.is_active && cur.bloqueado) return before;
    // An account still verifying its e-mail is inactive already: blocking it keeps it so after the verification.
    await updateUserRow(trx, id, { is_active: false, bloqueado: true });
    await revokeUserTokens(trx, id);
    const after = (await findUser(trx, id))!;
    await audit(trx, { actorId: actor.id, action: 'deactivate', entity: ENTITY, entityId: id, before, after });
    return after;
  });
}

/**
 * Replaces the user's clients. When the current client is no longer among them it is cleared. Not one's
 * own (but a superuser's): acting for a client is given by someone else, as one's roles are.
 */
export async function asignarClientes(ctx: ServiceCtx, id: number, clientes: string[]): Promise<UserRecord> {
  const { actor } = ctx;
  if (!actor.isSuperuser && actor.id === id) throw forbidden(MA.cannotChangeOwnClientes);
  const ids = [...new Set(clientes)];
  return ctx.db.transaction().execute(async (trx) => {
    const cur = await lockUser(trx, id);
    await assertMayChange(ctx, trx, cur);
    await assertClientesExisten(trx, ids);

    const beforeIds = await clienteIdsOfUser(trx, id);
    const removed = beforeIds.filter((c) => !ids.includes(c));
    const added = ids.filter((c) => !beforeIds.includes(c));
    await removeUserClientes(trx, id, removed);
    await addUserClientes(trx, id, added);
    const clearCurrent = cur.cliente_actual_id !== null && !ids.includes(cur.cliente_actual_id);
    if (clearCurrent) await updateUserRow(trx, id, { cliente_actual_id: null });

    if (added.length || removed.length) {
      await audit(trx, {
        actorId: actor.id, action: 'assign', entity: ENTITY, entityId: id,
        before: { clientes: [...beforeIds].sort(), cliente_actual_id: cur.cliente_actual_id },
        after: { clientes: [...ids].sort(), cliente_actual_id: clearCurrent ? null : cur.cliente_actual_id },
      });
    }
    return (await findUser(trx, id))!;
  });
}

export async function clientesAsignados(ctx: ServiceCtx, id: number) {
  assertSelfOr(ctx.actor, id, P.viewUser);
  await assertExists(ctx.db, id);
  return clientesOfUser(ctx.db, id);
}

export async function clienteActual(ctx: ServiceCtx, id: number): Promise<ClienteActualResult> {
  assertSelfOr(ctx.actor, id, P.viewUser);
  await assertExists(ctx.db, id);
  return { clienteActual: (await currentClient(ctx.db, id)) ?? null };
}

/**
 * Only a client assigned to that user, and active. A user sets their own current client without
 * any permission; staff need change permission over users to set another user's.
 */
export async function setClienteActual(ctx: ServiceCtx, id: number, clienteId: string): Promise<ClienteActualResult> {
  const { actor } = ctx;
  assertSelfOr(actor, id, P.changeUser);
  return ctx.db.transaction().execute(async (trx) => {
    const cur = await lockUser(trx, id);
    await assertMayChange(ctx, trx, cur);
    const cliente = await assignedClienteForShare(trx, id, clienteId);
    if (!cliente) throw forbidden(MA.clienteNotAssigned);
    if (!cliente.is_active) throw badRequest(MA.clienteInactive);
    if (cur.cliente_actual_id !== clienteId) {
      await updateUserRow(trx, id, { cliente_actual_id: clienteId });
      await audit(trx, {
        actorId: actor.id, action: 'update', entity: ENTITY, entityId: id,
        before: { cliente_actual_id: cur.cliente_actual_id }, after: { cliente_actual_id: clienteId },
      });
    }
    return { clienteActual: { idCliente: cliente.idCliente, nombre: cliente.nombre } };
  });
}

export async function roles(ctx: ServiceCtx, id: number) {
  assertSelfOr(ctx.actor, id, P.viewUser);
  await assertExists(ctx.db, id);
  return rolesOfUser(ctx.db, id);
}

/**
 * Replaces the user's roles. Staff who are not superusers cannot change their own roles, nor add
 * or remove roles carrying permissions they do not hold themselves.
 */
export async function asignarRoles(ctx: ServiceCtx, id: number, roleIds: number[]) {
  const { actor } = ctx;
  const ids = [...new Set(roleIds)];
  return ctx.db.transaction().execute(async (trx) => {
    const cur = await lockUser(trx, id);
    await assertMayChange(ctx, trx, cur);
    if (!actor.isSuperuser && actor.id === id) throw forbidden(MA.cannotChangeOwnRoles);
    // Key-share locks: a role deleted meanwhile waits for this assignment (then takes it away with it).
    const found = await existingRoleIdsLocked(trx, ids);
    const missing = ids.filter((r) => !found.includes(r));
    if (missing.length) throw invalidFields({ roles: missing.map(MA.roleNotFound) });

    const before = await rolesOfUser(trx, id);
    const beforeIds = before.map((r) => r.id);
    const removed = beforeIds.filter((r) => !ids.includes(r));
    const added = ids.filter((r) => !beforeIds.includes(r));
    assertWithinOwn(actor, await codesOfRoles(trx, [...added, ...removed]), MA.roleExceedsOwnPerms);
    await removeUserRoles(trx, id, removed);
    await addUserRoles(trx, id, added);
    const after = await rolesOfUser(trx, id);
    if (added.length || removed.length) {
      const brief = (rs: typeof after) => rs.map((r) => ({ id: r.id, name: r.name }));
      await audit(trx, { actorId: actor.id, action: 'assign', entity: ENTITY, entityId: id, before: { roles: brief(before) }, after: { roles: brief(after) } });
    }
    return after;
  });
}
