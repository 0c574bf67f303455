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

interface AuthUserRecord {
  id: number;
  username: string;
  is_superuser: boolean;
  is_active: boolean;
  token_version: number;
  mfa_enabled: boolean;
  /** A role of the user requires a second factor (the enrolment check of trpc/init.ts). */
  mfa_required: boolean;
  /** `app_label.codename` of every permission the user's roles give; null for a superuser or without any. */
  perms: string[] | null;
}

/**
 * The request's user and, in the same round trip, the permissions their roles give: one primary-key
 * lookup per request. Nothing is cached, so deactivation, a revoked token (token_version) and any
 * role or permission change take effect on the very next request, in every process. Plain SQL: it
 * runs on every authenticated request, and a constant text costs nothing to build.
 */
async function findAuthUser(db: Db, id: number): Promise<AuthUserRecord | undefined> {
  const { rows } = await sql<AuthUserRecord>`
    select u.id, u.username, u.is_superuser, u.is_active, u.token_version, u.mfa_enabled,
      exists (select 1 from user_groups ug join auth_group g on g.id = ug.group_id where ug.user_id = u.id and g.requiere_mfa) as mfa_required,
      (select array_agg(p.app_label || '.' || p.codename)
        from user_groups ug join auth_group_permissions gp on gp.group_id = ug.group_id join auth_permission p on p.id = gp.permission_id
        where ug.user_id = u.id and not u.is_superuser) as perms
    from users u where u.id = ${id}`.execute(db);
  return rows[0];
}

/** The user with the set of permissions the checks read (a superuser holds all). */
export type AuthUserRow = Readonly<Omit<AuthUserRecord, 'perms'> & { perms: ReadonlySet<string> }>;

const ALL_PERMS: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

/** The request's user for the auth check (active, token version, permissions), read on every request. */
export async function authUser(db: Db, id: number): Promise<AuthUserRow | undefined> {
  const row = await findAuthUser(db, id);
  return row && { ...row, perms: row.is_superuser ? ALL_PERMS : new Set(row.perms ?? []) };
}
