import { sql } from 'kysely';
import type { Db } from '../../db';
import { ALL_PERMISSIONS } from '../../../shared/permissions';

/** `app_label.codename` strings the user holds through their roles; a superuser holds all. */
export async function loadPermissions(db: Db, user: { id: number; isSuperuser: boolean }): Promise<Set<string>> {
  if (user.isSuperuser) return new Set(ALL_PERMISSIONS);
  const rows = await db
    .selectFrom('user_groups as ug')
    .innerJoin('auth_group_permissions as gp', 'gp.group_id', 'ug.group_id')
    .innerJoin('auth_permission as p', 'p.id', 'gp.permission_id')
    .select(sql<string>`p.app_label || '.' || p.codename`.as('perm'))
    .where('ug.user_id', '=', user.id)
    .execute();
  return new Set(rows.map((r) => r.perm));
}
