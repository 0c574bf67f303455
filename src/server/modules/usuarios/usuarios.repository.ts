import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/types';
import type { Db } from '../../db';
import { contieneSinAcentos } from '../../lib/search';

type Q = Kysely<Database>;

/** The public user record: never the password hash. */
export function selectUsers(db: Q) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.email', 'u.is_active', 'u.is_superuser', 'u.mfa_enabled',
      sql<string[]>`coalesce((select array_agg(uc.cliente_id::text order by uc.cliente_id) from user_clientes uc where uc.user_id = u.id), '{}')`.as('clientes'),
    ]);
}

export const findUser = (db: Db | Q, id: number) => selectUsers(db).where('u.id', '=', id).executeTakeFirst();

/** Username, first or last name, or e-mail containing the text, case-insensitively. */
export function usersMatching(db: Q, search?: string) {
  const q = selectUsers(db);
  if (!search) return q;
  return q.where(contieneSinAcentos(['u.username', 'u.first_name', 'u.last_name', 'u.email'], search));
}

/** Which of username and e-mail another user already has (case-insensitive). */
export async function takenFields(db: Q, v: { username?: string; email?: string }, exceptId?: number) {
  if (!v.username && !v.email) return { username: false, email: false };
  let q = db
    .selectFrom('users')
    .select([
      sql<boolean>`lower(username) = ${(v.username ?? '').toLowerCase()}`.as('same_username'),
      sql<boolean>`lower(email) = ${(v.email ?? '').toLowerCase()}`.as('same_email'),
    ])
    .where((eb) => {
      const ors = [];
      if (v.username) ors.push(eb(sql`lower(username)`, '=', v.username.toLowerCase()));
      if (v.email) ors.push(eb(sql`lower(email)`, '=', v.email.toLowerCase()));
      return eb.or(ors);
    });
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  const rows = await q.execute();
  return { username: !!v.username && rows.some((r) => r.same_username), email: !!v.email && rows.some((r) => r.same_email) };
}

export async function currentClient(db: Q, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('clientes as c', 'c.id_cliente', 'u.cliente_actual_id')
    .select(['c.id_cliente as idCliente', 'c.nombre'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** What a change of the user has to know, under a row lock. */
export const lockUserRow = (db: Q, id: number) =>
  db.selectFrom('users').select(['id', 'is_superuser', 'is_active', 'bloqueado', 'cliente_actual_id']).where('id', '=', id).forUpdate().executeTakeFirst();

export const userExists = async (db: Q, id: number) => !!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());

export async function insertUser(db: Q, values: Insertable<UsersTable>): Promise<number> {
  const { id } = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateUserRow(db: Q, id: number, set: Updateable<UsersTable>) {
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

/** Which of the given client ids exist. */
export async function existingClienteIds(db: Q, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('clientes').select('id_cliente').where('id_cliente', 'in', ids).execute()).map((r) => r.id_cliente);
}

export async function clienteIdsOfUser(db: Q, userId: number): Promise<string[]> {
  return (await db.selectFrom('user_clientes').select('cliente_id').where('user_id', '=', userId).execute()).map((r) => r.cliente_id);
}

export async function removeUserClientes(db: Q, userId: number, clienteIds: string[]) {
  if (clienteIds.length) await db.deleteFrom('user_clientes').where('user_id', '=', userId).where('cliente_id', 'in', clienteIds).execute();
}

export async function addUserClientes(db: Q, userId: number, clienteIds: string[]) {
  if (clienteIds.length) await db.insertInto('user_clientes').values(clienteIds.map((c) => ({ user_id: userId, cliente_id: c }))).execute();
}

/**
 * The client if it is assigned to the user. A deactivation of that client (which clears it as
 * current client) waits, or is waited for.
 */
export const assignedClienteForShare = (db: Q, userId: number, clienteId: string) =>
  db
    .selectFrom('user_clientes as uc')
    .innerJoin('clientes as c', 'c.id_cliente', 'uc.cliente_id')
    .select(['c.id_cliente as idCliente', 'c.nombre', 'c.is_active'])
    .where('uc.user_id', '=', userId)
    .where('uc.cliente_id', '=', clienteId)
    .forShare()
    .executeTakeFirst();

/** Which of the given role ids exist, key-share locked: a role deleted meanwhile waits for the assignment. */
export async function existingRoleIdsLocked(db: Q, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('auth_group').select('id').where('id', 'in', ids).forKeyShare().execute()).map((r) => r.id);
}

export async function removeUserRoles(db: Q, userId: number, roleIds: number[]) {
  if (roleIds.length) await db.deleteFrom('user_groups').where('user_id', '=', userId).where('group_id', 'in', roleIds).execute();
}

export async function addUserRoles(db: Q, userId: number, roleIds: number[]) {
  if (roleIds.length) await db.insertInto('user_groups').values(roleIds.map((g) => ({ user_id: userId, group_id: g }))).execute();
}
