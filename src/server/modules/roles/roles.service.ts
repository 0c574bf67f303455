import type { Db } from '../../db';
import { AppError, type FieldErrors } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { withUniqueFields } from '../../lib/unique';
import { M } from '../../../shared/messages';
import { MA } from '../../../shared/messagesAdmin';
import type { RoleBody, RoleRecord } from '../../../shared/schemas/roles';
import { ROLE_CLIENTE } from '../../../shared/permissions';
import { codesOfRoles, findRole, listPermisos, listRoles, permissionCodes, roleNameTaken } from './roles.repository';

export const ENTITY = 'rol';

const UNIQUE = {
  auth_group_name_ci_uq: ['name', MA.roleNameTaken],
  auth_group_name_key: ['name', MA.roleNameTaken],
} as const satisfies Record<string, [string, string]>;

const notFound = () => new AppError('not_found', M.notFound);

export const list = (db: Db, search?: string) => listRoles(db, search);
export const permisos = (db: Db) => listPermisos(db);

export async function get(db: Db, id: number) {
  const r = await findRole(db, id);
  if (!r) throw notFound();
  return r;
}

/**
 * Staff who are not superusers may only grant or withdraw permissions they hold themselves, so
 * that a role editor or assigner cannot raise their own (or anyone's) rights past their own.
 */
export function assertWithinOwn(actor: Actor, codes: Iterable<string>, message: string) {
  if (actor.isSuperuser) return;
  for (const c of codes) if (!actor.perms.has(c)) throw new AppError('forbidden', message);
}

async function checkPermissions(db: Db, ids: number[], fields: FieldErrors) {
  const codes = await permissionCodes(db, ids);
  const missing = ids.filter((id) => !codes.has(id));
  if (missing.length) fields.permissions = missing.map(MA.permissionNotFound);
  return codes;
}

const withCodes = (r: RoleRecord, codes: Map<number, string>) => ({ ...r, permission_codes: r.permissions.map((id) => codes.get(id) ?? String(id)) });

export async function create(db: Db, actor: Actor, input: RoleBody): Promise<RoleRecord> {
  const ids = [...new Set(input.permissions)];
  const fields: FieldErrors = {};
  if (await roleNameTaken(db, input.name)) fields.name = [MA.roleNameTaken];
  const codes = await checkPermissions(db, ids, fields);
  if (Object.keys(fields).length) throw new AppError('validation', 'Datos inválidos.', fields);
  assertWithinOwn(actor, codes.values(), MA.permsExceedOwn);
  return withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('auth_group').values({ name: input.name }).returning('id').executeTakeFirstOrThrow();
        if (ids.length) await trx.insertInto('auth_group_permissions').values(ids.map((p) => ({ group_id: id, permission_id: p }))).execute();
        const after = (await findRole(trx, id))!;
        await audit(trx, { actorId: actor.id, action: 'create', entity: ENTITY, entityId: id, after: withCodes(after, codes) });
        return after;
      }),
    UNIQUE,
  );
}

/** PUT: name and the whole permission set. The Cliente role keeps its name (registration gives it). */
export async function update(db: Db, actor: Actor, id: number, input: RoleBody): Promise<RoleRecord> {
  const ids = [...new Set(input.permissions)];
  return withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('auth_group').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) throw notFound();
        const before = (await findRole(trx, id))!;
        const fields: FieldErrors = {};
        if (row.name === ROLE_CLIENTE && input.name !== row.name) fields.name = [MA.roleProtected];
        else if (await roleNameTaken(trx, input.name, id)) fields.name = [MA.roleNameTaken];
        const codes = await checkPermissions(trx, ids, fields);
        if (Object.keys(fields).length) throw new AppError('validation', 'Datos inválidos.', fields);

        const added = ids.filter((p) => !before.permissions.includes(p));
        const removed = before.permissions.filter((p) => !ids.includes(p));
        const allCodes = await permissionCodes(trx, [...ids, ...removed]);
        assertWithinOwn(actor, [...added, ...removed].map((p) => allCodes.get(p)!), MA.permsExceedOwn);

        if (input.name !== row.name) await trx.updateTable('auth_group').set({ name: input.name }).where('id', '=', id).execute();
        if (removed.length) await trx.deleteFrom('auth_group_permissions').where('group_id', '=', id).where('permission_id', 'in', removed).execute();
        if (added.length) await trx.insertInto('auth_group_permissions').values(added.map((p) => ({ group_id: id, permission_id: p }))).execute();
        const after = (await findRole(trx, id))!;
        if (added.length || removed.length || input.name !== row.name) {
          await audit(trx, { actorId: actor.id, action: 'update', entity: ENTITY, entityId: id, before: withCodes(before, allCodes), after: withCodes(after, codes) });
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
export async function remove(db: Db, actor: Actor, id: number): Promise<RoleRecord> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('auth_group').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (row.name === ROLE_CLIENTE) throw new AppError('validation', MA.roleProtected);
    const before = (await findRole(trx, id))!;
    assertWithinOwn(actor, await codesOfRoles(trx, [id]), MA.permsExceedOwn);
    const holders = await trx.selectFrom('user_groups').select('user_id').where('group_id', '=', id).orderBy('user_id').execute();
    await trx.deleteFrom('auth_group').where('id', '=', id).execute();
    const codes = await permissionCodes(trx, before.permissions);
    await audit(trx, {
      actorId: actor.id, action: 'delete', entity: ENTITY, entityId: id,
      before: { ...withCodes(before, codes), usuarios: holders.map((h) => h.user_id) },
    });
    return before;
  });
}
