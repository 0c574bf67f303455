import type { Db } from '../../db';
import { AppError, type FieldErrors } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { withUniqueFields } from '../../lib/unique';
import { requirePerms } from '../../lib/permissions';
import { M } from '../../../shared/messages';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';
import type { ClienteActualResult, UserCreateInput, UserPatchBody, UserRecord } from '../../../shared/schemas/usuarios';
import { hashPassword } from '../auth/passwords';
import { revokeUserTokens } from '../auth/revocation';
import { loadPermissions } from '../auth/permissions.repository';
import { clientesOfUser } from '../clientes/clientes.repository';
import { codesOfRoles, rolesOfUser } from '../roles/roles.repository';
import { assertWithinOwn } from '../roles/roles.service';
import { currentClient, findUser, listUsers, takenFields } from './usuarios.repository';

export const ENTITY = 'usuario';

const UNIQUE = {
  users_username_uq: ['username', M.usernameTaken],
  users_email_uq: ['email', M.emailTaken],
} as const satisfies Record<string, [string, string]>;

const notFound = () => new AppError('not_found', M.notFound);

/** A user may always act on their own record; on others only with the permission. */
function assertSelfOr(actor: Actor, id: number, perm: string) {
  if (actor.id !== id) requirePerms(actor, { all: [perm] });
}

/** Only a superuser changes a superuser (edit, state, assignments, current client). */
function assertMayChange(actor: Actor, target: { is_superuser: boolean }) {
  if (target.is_superuser && !actor.isSuperuser) throw new AppError('forbidden', MA.superuserOnly);
}

/**
 * A non-superuser changes another user (edit, state, assignments, current client) only when that
 * user holds no permission the caller lacks: otherwise resetting their password or e-mail and
 * signing in as them would be a privilege escalation. Call after lockUser (and assertMayChange).
 */
async function assertOutranks(db: Db, actor: Actor, id: number) {
  if (actor.isSuperuser || actor.id === id) return;
  const held = await loadPermissions(db, { id, isSuperuser: false });
  for (const p of held) if (!actor.perms.has(p)) throw new AppError('forbidden', M.apiForbidden);
}

async function lockUser(db: Db, id: number) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'is_superuser', 'is_active', 'cliente_actual_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function assertExists(db: Db, id: number) {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
}

async function checkTaken(db: Db, v: { username?: string; email?: string }, exceptId?: number) {
  const taken = await takenFields(db, v, exceptId);
  const fields: FieldErrors = {};
  if (taken.username) fields.username = [M.usernameTaken];
  if (taken.email) fields.email = [M.emailTaken];
  if (Object.keys(fields).length) throw new AppError('validation', 'Datos inválidos.', fields);
}

export const list = (db: Db, search?: string) => listUsers(db, search);

/** Anyone may read their own record (the login flow needs it); others need view permission. */
export async function getUser(db: Db, actor: Actor, id: number) {
  assertSelfOr(actor, id, P.viewUser);
  const user = await findUser(db, id);
  if (!user) throw notFound();
  return user;
}

/** Users created by staff are verified already: they sign in without a code. */
export async function create(db: Db, actor: Actor, input: UserCreateInput): Promise<UserRecord> {
  await checkTaken(db, input);
  const password_hash = await hashPassword(input.password);
  return withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('users')
          .values({
            username: input.username, email: input.email, first_name: input.first_name, last_name: input.last_name,
            password_hash, is_active: input.is_active, email_verified: true,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const after = (await findUser(trx, id))!;
        await audit(trx, { actorId: actor.id, action: 'create', entity: ENTITY, entityId: id, after });
        return after;
      }),
    UNIQUE,
  );
}

/**
 * PATCH: any field. Editing needs change; switching `is_active` (either way) needs delete, as the
 * screen's toggle does; an empty password keeps the current one. Nobody deactivates themselves.
 */
export async function update(db: Db, actor: Actor, id: number, input: UserPatchBody): Promise<UserRecord> {
  const { is_active, password, ...rest } = input;
  const newPassword = password ? password : undefined;
  const editsFields = Object.keys(rest).length > 0 || newPassword !== undefined;
  const password_hash = newPassword !== undefined ? await hashPassword(newPassword) : undefined;
  return withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const cur = await lockUser(trx, id);
        const toggles = is_active !== undefined && is_active !== cur.is_active;
        if (editsFields || !toggles) requirePerms(actor, { all: [P.changeUser] });
        if (toggles) requirePerms(actor, { all: [P.deleteUser] });
        assertMayChange(actor, cur);
        await assertOutranks(trx, actor, id);
        if (toggles && !is_active && actor.id === id) throw new AppError('validation', MA.cannotDeactivateSelf);
        await checkTaken(trx, rest, id);

        const before = (await findUser(trx, id))!;
        const set = { ...rest, ...(toggles ? { is_active } : {}), ...(password_hash ? { password_hash } : {}) };
        if (Object.keys(set).length) await trx.updateTable('users').set(set).where('id', '=', id).execute();
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
export async function deactivate(db: Db, actor: Actor, id: number): Promise<UserRecord> {
  if (actor.id === id) throw new AppError('validation', MA.cannotDeactivateSelf);
  return db.transaction().execute(async (trx) => {
    const cur = await lockUser(trx, id);
    assertMayChange(actor, cur);
    await assertOutranks(trx, actor, id);
    const before = (await findUser(trx, id))!;
    if (!cur.is_active) return before;
    await trx.updateTable('users').set({ is_active: false }).where('id', '=', id).execute();
    await revokeUserTokens(trx, id);
    const after = (await findUser(trx, id))!;
    await audit(trx, { actorId: actor.id, action: 'deactivate', entity: ENTITY, entityId: id, before, after });
    return after;
  });
}

/** Replaces the user's clients. When the current client is no longer among them it is cleared. */
export async function asignarClientes(db: Db, actor: Actor, id: number, clientes: string[]): Promise<UserRecord> {
  const ids = [...new Set(clientes)];
  return db.transaction().execute(async (trx) => {
    const cur = await lockUser(trx, id);
    assertMayChange(actor, cur);
    await assertOutranks(trx, actor, id);
    const found = ids.length
      ? (await trx.selectFrom('clientes').select('id_cliente').where('id_cliente', 'in', ids).execute()).map((r) => r.id_cliente)
      : [];
    const missing = ids.filter((c) => !found.includes(c));
    if (missing.length) throw new AppError('validation', 'Datos inválidos.', { clientes: missing.map(MA.clienteNotFound) });

    const beforeIds = (await trx.selectFrom('user_clientes').select('cliente_id').where('user_id', '=', id).execute()).map((r) => r.cliente_id);
    const removed = beforeIds.filter((c) => !ids.includes(c));
    const added = ids.filter((c) => !beforeIds.includes(c));
    if (removed.length) await trx.deleteFrom('user_clientes').where('user_id', '=', id).where('cliente_id', 'in', removed).execute();
    if (added.length) await trx.insertInto('user_clientes').values(added.map((c) => ({ user_id: id, cliente_id: c }))).execute();
    const clearCurrent = cur.cliente_actual_id !== null && !ids.includes(cur.cliente_actual_id);
    if (clearCurrent) await trx.updateTable('users').set({ cliente_actual_id: null }).where('id', '=', id).execute();

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

export async function clientesAsignados(db: Db, actor: Actor, id: number) {
  assertSelfOr(actor, id, P.viewUser);
  await assertExists(db, id);
  return clientesOfUser(db, id);
}

export async function clienteActual(db: Db, actor: Actor, id: number): Promise<ClienteActualResult> {
  assertSelfOr(actor, id, P.viewUser);
  await assertExists(db, id);
  return { clienteActual: (await currentClient(db, id)) ?? null };
}

/**
 * Only a client assigned to that user, and active. A user sets their own current client without
 * any permission; staff need change permission over users to set another user's.
 */
export async function setClienteActual(db: Db, actor: Actor, id: number, clienteId: string): Promise<ClienteActualResult> {
  assertSelfOr(actor, id, P.changeUser);
  return db.transaction().execute(async (trx) => {
    const cur = await lockUser(trx, id);
    assertMayChange(actor, cur);
    await assertOutranks(trx, actor, id);
    const cliente = await trx
      .selectFrom('user_clientes as uc')
      .innerJoin('clientes as c', 'c.id_cliente', 'uc.cliente_id')
      .select(['c.id_cliente as idCliente', 'c.nombre', 'c.is_active'])
      .where('uc.user_id', '=', id)
      .where('uc.cliente_id', '=', clienteId)
      // A deactivation of that client (which clears it as current client) waits, or is waited for.
      .forShare()
      .executeTakeFirst();
    if (!cliente) throw new AppError('forbidden', MA.clienteNotAssigned);
    if (!cliente.is_active) throw new AppError('validation', MA.clienteInactive);
    if (cur.cliente_actual_id !== clienteId) {
      await trx.updateTable('users').set({ cliente_actual_id: clienteId }).where('id', '=', id).execute();
      await audit(trx, {
        actorId: actor.id, action: 'update', entity: ENTITY, entityId: id,
        before: { cliente_actual_id: cur.cliente_actual_id }, after: { cliente_actual_id: clienteId },
      });
    }
    return { clienteActual: { idCliente: cliente.idCliente, nombre: cliente.nombre } };
  });
}

export async function roles(db: Db, actor: Actor, id: number) {
  assertSelfOr(actor, id, P.viewUser);
  await assertExists(db, id);
  return rolesOfUser(db, id);
}

/**
 * Replaces the user's roles. Staff who are not superusers cannot change their own roles, nor add
 * or remove roles carrying permissions they do not hold themselves.
 */
export async function asignarRoles(db: Db, actor: Actor, id: number, roleIds: number[]) {
  const ids = [...new Set(roleIds)];
  return db.transaction().execute(async (trx) => {
    const cur = await lockUser(trx, id);
    assertMayChange(actor, cur);
    await assertOutranks(trx, actor, id);
    if (!actor.isSuperuser && actor.id === id) throw new AppError('forbidden', MA.cannotChangeOwnRoles);
    // Key-share locks: a role deleted meanwhile waits for this assignment (then takes it away with it).
    const found = ids.length ? (await trx.selectFrom('auth_group').select('id').where('id', 'in', ids).forKeyShare().execute()).map((r) => r.id) : [];
    const missing = ids.filter((r) => !found.includes(r));
    if (missing.length) throw new AppError('validation', 'Datos inválidos.', { roles: missing.map(MA.roleNotFound) });

    const before = await rolesOfUser(trx, id);
    const beforeIds = before.map((r) => r.id);
    const removed = beforeIds.filter((r) => !ids.includes(r));
    const added = ids.filter((r) => !beforeIds.includes(r));
    assertWithinOwn(actor, await codesOfRoles(trx, [...added, ...removed]), MA.roleExceedsOwnPerms);
    if (removed.length) await trx.deleteFrom('user_groups').where('user_id', '=', id).where('group_id', 'in', removed).execute();
    if (added.length) await trx.insertInto('user_groups').values(added.map((g) => ({ user_id: id, group_id: g }))).execute();
    const after = await rolesOfUser(trx, id);
    if (added.length || removed.length) {
      const brief = (rs: typeof after) => rs.map((r) => ({ id: r.id, name: r.name }));
      await audit(trx, { actorId: actor.id, action: 'assign', entity: ENTITY, entityId: id, before: { roles: brief(before) }, after: { roles: brief(after) } });
    }
    return after;
  });
}
