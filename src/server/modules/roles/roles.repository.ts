import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { contieneSinAcentos } from '../../lib/search';
import type { RoleRecord } from '../../../shared/schemas/roles';

type Q = Kysely<Database>;

/** A role with its permission ids, in id order. */
export function selectRoles(db: Q) {
  return db
    .selectFrom('auth_group as g')
    .select([
      'g.id',
      'g.name',
      'g.requiere_mfa',
      sql<number[]>`coalesce((select array_agg(gp.permission_id order by gp.permission_id) from auth_group_permissions gp where gp.group_id = g.id), '{}')`.as('permissions'),
    ]);
}

export const findRole = (db: Q, id: number): Promise<RoleRecord | undefined> => selectRoles(db).where('g.id', '=', id).executeTakeFirst();

export function rolesMatching(db: Q, search?: string) {
  const q = selectRoles(db);
  return search ? q.where(contieneSinAcentos(['g.name'], search)) : q;
}

export function rolesOfUser(db: Q, userId: number): Promise<RoleRecord[]> {
  return selectRoles(db).innerJoin('user_groups as ug', 'ug.group_id', 'g.id').where('ug.user_id', '=', userId).orderBy('g.name').execute();
}

export async function roleNameTaken(db: Q, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('auth_group').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/** `app_label.codename` of the given permission ids. */
export async function permissionCodes(db: Q, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('auth_permission')
    .select(['id', sql<string>`app_label || '.' || codename`.as('code')])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** Permission codes held through each of the given roles. */
export async function codesOfRoles(db: Q, roleIds: number[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('auth_group_permissions as gp')
    .innerJoin('auth_permission as p', 'p.id', 'gp.permission_id')
    .select(sql<string>`p.app_label || '.' || p.codename`.as('code'))
    .where('gp.group_id', 'in', roleIds)
    .execute();
  return new Set(rows.map((r) => r.code));
}

export function listPermisos(db: Q) {
  return db
    .selectFrom('auth_permission')
    .select(['id', 'name', 'codename', 'app_label', 'name_es'])
    .orderBy('app_label')
    .orderBy('codename')
    .execute();
}

/** The role's row under a lock, for a change or a delete. */
export const lockRoleRow = (db: Q, id: number) => db.selectFrom('auth_group').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();

export async function insertRole(db: Q, name: string, requiereMfa = false): Promise<number> {
  const { id } = await db.insertInto('auth_group').values({ name, requiere_mfa: requiereMfa }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateRoleRow(db: Q, id: number, set: { name?: string; requiere_mfa?: boolean }) {
  if (Object.keys(set).length) await db.updateTable('auth_group').set(set).where('id', '=', id).execute();
}

export async function addRolePermissions(db: Q, roleId: number, permissionIds: number[]) {
  if (permissionIds.length === 0) return;
  await db.insertInto('auth_group_permissions').values(permissionIds.map((p) => ({ group_id: roleId, permission_id: p }))).execute();
}

export async function removeRolePermissions(db: Q, roleId: number, permissionIds: number[]) {
  if (permissionIds.length === 0) return;
  await db.deleteFrom('auth_group_permissions').where('group_id', '=', roleId).where('permission_id', 'in', permissionIds).execute();
}

/** Ids of the users holding the role. */
export async function roleHolders(db: Q, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_groups').select('user_id').where('group_id', '=', roleId).orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}

/** Its permission links and user assignments go with it (foreign keys cascade). */
export async function deleteRole(db: Q, id: number) {
  await db.deleteFrom('auth_group').where('id', '=', id).execute();
}
