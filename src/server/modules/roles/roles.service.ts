import type { Db } from '../../db';
import type { ServiceCtx } from '../../lib/context';
import { badRequest, forbidden, notFound, invalidFields, type FieldErrors } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { withUniqueFields } from '../../lib/unique';
import { MA } from '../../../shared/messagesAdmin';
import type { RoleBody, RoleRecord } from '../../../shared/schemas/roles';
import { ROLE_CLIENTE } from '../../../shared/permissions';
import {
  addRolePermissions, codesOfRoles, deleteRole, findRole, insertRole, listPermisos, rolesMatching, lockRoleRow, permissionCodes, removeRolePermissions,
  updateRoleRow, roleHolders, roleNameTaken,
} from './roles.repository';
import { arrayOrPage } from '../../lib/pagination';

export const ENTITY = 'rol';

const UNIQUE = {
  auth_group_name_ci_uq: ['name', MA.roleNameTaken],
  auth_group_name_key: ['name', MA.roleNameTaken],
} as const satisfies Record<string, [string, string]>;

/** Every role matching `search` by name, or one page of them when `page` is asked. */
export function list(ctx: ServiceCtx, q: { search?: string; page?: number; all?: boolean }) {
  const matching = rolesMatching(ctx.db, q.search);
  return arrayOrPage(matching.orderBy('g.name').orderBy('g.id'), q, matching, (r): RoleRecord => r);
}
export const permisos = (ctx: ServiceCtx) => listPermisos(ctx.db);

export async function get(ctx: ServiceCtx, id: number) {
  const r = await findRole(ctx.db, id);
  if (!r) throw notFound();
  return r;
}

/**
 * Staff who are not superusers may only grant or withdraw permissions they hold themselves, so
 * that a role editor or assigner cannot raise their own (or anyone's) rights past their own.
 */
export function assertWithinOwn(actor: Actor, codes: Iterable<string>, message: string) {
  if (actor.isSuperuser) return;
  for (const c of codes) if (!actor.perms.has(c)) throw forbidden(message);
}

async function checkPermissions(db: Db, ids: number[], fields: FieldErrors) {
  const codes = await permissionCodes(db, ids);
  const missing = ids.filter((id) => !codes.has(id));
  if (missing.length) fields.permissions = missing.map(MA.permissionNotFound);
  return codes;
}

const withCodes = (r: RoleRecord, codes: Map<number, string>) => ({ ...r, permission_codes: r.permissions.map((id) => codes.get(id) ?? String(id)) });

export async function create(ctx: ServiceCtx, input: RoleBody): Promise<RoleRecord> {
  const ids = [...new Set(input.permissions)];
  const fields: FieldErrors = {};
  if (await roleNameTaken(ctx.db, input.name)) fields.name = [MA.roleNameTaken];
  const codes = await checkPermissions(ctx.db, ids, fields);
  if (Object.keys(fields).length) throw invalidFields(fields);
  assertWithinOwn(ctx.actor, codes.values(), MA.permsExceedOwn);
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const id = await insertRole(trx, input.name, input.requiere_mfa ?? false);
        await addRolePermissions(trx, id, ids);
        const after = (await findRole(trx, id))!;
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: ENTITY, entityId: id, after: withCodes(after, codes) });
        return after;
      }),
    UNIQUE,
  );
}

/**
 * PUT: name and the whole permission set. The Cliente role keeps its name (registration gives it). A
 * non-superuser changes only what they could create: permissions they hold, on a role holding no others.
 */
export async function update(ctx: ServiceCtx, id: number, input: RoleBody): Promise<RoleRecord> {
  const ids = [...new Set(input.permissions)];
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const row = await lockRoleRow(trx, id);
        if (!row) throw notFound();
        const before = (await findRole(trx, id))!;
        const fields: FieldErrors = {};
        if (row.name === ROLE_CLIENTE && input.name !== row.name) fields.name = [MA.roleProtected];
        else if (await roleNameTaken(trx, input.name, id)) fields.name = [MA.roleNameTaken];
        const codes = await checkPermissions(trx, ids, fields);
        if (Object.keys(fields).length) throw invalidFields(fields);

        const added = ids.filter((p) => !before.permissions.includes(p));
        const removed = before.permissions.filter((p) => !ids.includes(p));
        const allCodes = await permissionCodes(trx, [...ids, ...removed]);
        assertWithinOwn(ctx.actor, [...added, ...removed].map((p) => allCodes.get(p)!), MA.permsExceedOwn);
        const mfaChanged = input.requiere_mfa !== undefined && input.requiere_mfa !== before.requiere_mfa;
        const cambia = added.length > 0 || removed.length > 0 || input.name !== row.name || mfaChanged;
        // As for users and deleting a role: one holding permissions the editor lacks is changed only by
        // whoever holds them all (its name, its second-factor rule, the permissions the editor does hold).
        // Saving it unchanged changes nothing and is answered as such.
        if (cambia) assertWithinOwn(ctx.actor, before.permissions.map((p) => allCodes.get(p)!), MA.roleOutranks);

        // Lifting the rule from one's own role would lift it from oneself (as changing one's own roles is refused).
        if (mfaChanged && !ctx.actor.isSuperuser && (await roleHolders(trx, id)).includes(ctx.actor.id)) throw forbidden(MA.ownRoleMfa);
        await updateRoleRow(trx, id, { ...(input.name !== row.name && { name: input.name }), ...(mfaChanged && { requiere_mfa: input.requiere_mfa }) });
        await removeRolePermissions(trx, id, removed);
        await addRolePermissions(trx, id, added);
        const after = (await findRole(trx, id))!;
        if (cambia) {
          await audit(trx, { actorId: ctx.actor.id, action: 'update', entity: ENTITY, entityId: id, before: withCodes(before, allCodes), after: withCodes(after, codes) });
        }
        return after;
      }),
    UNIQUE,
  );
}

/**
 * A real delete: the role's permission links and its assignments to users go with it (users
 * holding it lose those permissions at once). The audit row keeps the role and who held it.
 */
export async function remove(ctx: ServiceCtx, id: number): Promise<RoleRecord> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockRoleRow(trx, id);
    if (!row) throw notFound();
    if (row.name === ROLE_CLIENTE) throw badRequest(MA.roleProtected);
    const before = (await findRole(trx, id))!;
    assertWithinOwn(ctx.actor, await codesOfRoles(trx, [id]), MA.permsExceedOwn);
    const holders = await roleHolders(trx, id);
    await deleteRole(trx, id);
    const codes = await permissionCodes(trx, before.permissions);
    await audit(trx, {
      actorId: ctx.actor.id, action: 'delete', entity: ENTITY, entityId: id,
      before: { ...withCodes(before, codes), usuarios: holders },
    });
    return before;
  });
}
