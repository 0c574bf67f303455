import { randomBytes } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { UsersTable } from '../types';
import type { Db } from '../index';
import {
  CLIENTE_ROLE_PERMISSIONS, OPERADOR_ROLE_PERMISSIONS, PERMISSION_CATALOGUE, ROLE_ADMIN, ROLE_CLIENTE, ROLE_OPERADOR,
} from '../../../shared/permissions';

export { ROLE_ADMIN, ROLE_CLIENTE, ROLE_OPERADOR };
import { hashPassword } from '../../modules/auth/passwords';


/** The permission catalogue; new codes are added, existing names refreshed. */
export async function seedPermissions(db: Db) {
  await db
    .insertInto('auth_permission')
    .values(PERMISSION_CATALOGUE.map(([app_label, codename, name_es, name]) => ({ app_label, codename, name_es, name })))
    .onConflict((oc) =>
      oc.columns(['app_label', 'codename']).doUpdateSet({ name: (eb) => eb.ref('excluded.name'), name_es: (eb) => eb.ref('excluded.name_es') }),
    )
    .execute();
}

/** Creates the role when missing; its permissions are only set on creation so staff edits survive restarts. */
export async function ensureRole(db: Db, name: string, perms: 'all' | string[]) {
  // Role names are unique regardless of case (migration 2026112205_admin).
  const existing = await db.selectFrom('auth_group').select('id').where(sql`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
  if (existing) return existing.id;
  const { id } = await db.insertInto('auth_group').values({ name }).returning('id').executeTakeFirstOrThrow();
  let q = db.selectFrom('auth_permission').select('id');
  if (perms !== 'all') {
    if (perms.length === 0) return id;
    q = q.where(sql<string>`app_label || '.' || codename`, 'in', perms);
  }
  const rows = await q.execute();
  if (rows.length) {
    await db.insertInto('auth_group_permissions').values(rows.map((r) => ({ group_id: id, permission_id: r.id }))).execute();
  }
  return id;
}

export interface AdminInfo {
  username: string;
  /** Only when it was generated now. */
  generatedPassword?: string;
  created: boolean;
}

/** A seeded user (active, e-mail verified) with the named role; answers the new id. */
export async function insertUserWithRole(db: Db, user: Omit<Insertable<UsersTable>, 'is_active' | 'email_verified'>, role: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('users').values({ ...user, is_active: true, email_verified: true }).returning('id').executeTakeFirstOrThrow();
    // Role names are unique regardless of case (ensureRole); staff may have changed the case.
    const group = await trx.selectFrom('auth_group').select('id').where(sql`lower(name)`, '=', role.toLowerCase()).executeTakeFirstOrThrow();
    await trx.insertInto('user_groups').values({ user_id: id, group_id: group.id }).execute();
    return id;
  });
}

/** The first superuser, created only when no user exists. */
export async function ensureAdmin(db: Db, admin: { username: string; password?: string; email: string }): Promise<AdminInfo> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return { username: admin.username, created: false };
  const password = admin.password ?? randomBytes(12).toString('base64url');
  const user = { username: admin.username, email: admin.email, first_name: 'Administrador', last_name: 'del sistema', password_hash: await hashPassword(password), is_superuser: true };
  await insertUserWithRole(db, user, ROLE_ADMIN);
  return { username: admin.username, created: true, generatedPassword: admin.password ? undefined : password };
}

export async function seedBase(db: Db, admin: { username: string; password?: string; email: string }) {
  await seedPermissions(db);
  await ensureRole(db, ROLE_ADMIN, 'all');
  await ensureRole(db, ROLE_OPERADOR, OPERADOR_ROLE_PERMISSIONS);
  await ensureRole(db, ROLE_CLIENTE, CLIENTE_ROLE_PERMISSIONS);
  return ensureAdmin(db, admin);
}
