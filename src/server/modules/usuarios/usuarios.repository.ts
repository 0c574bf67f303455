import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Db } from '../../db';
import { containsPattern } from '../../lib/search';

type Q = Kysely<Database>;

/** The public user record: never the password hash. */
export function selectUsers(db: Q) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.email', 'u.is_active', 'u.is_superuser',
      sql<string[]>`coalesce((select array_agg(uc.cliente_id::text order by uc.cliente_id) from user_clientes uc where uc.user_id = u.id), '{}')`.as('clientes'),
    ]);
}

export const findUser = (db: Db | Q, id: number) => selectUsers(db).where('u.id', '=', id).executeTakeFirst();

/** Username, first or last name, or e-mail containing the text, case-insensitively. */
export function listUsers(db: Q, search?: string) {
  let q = selectUsers(db);
  if (search) {
    const p = containsPattern(search);
    q = q.where((eb) => eb.or([eb('u.username', 'ilike', p), eb('u.first_name', 'ilike', p), eb('u.last_name', 'ilike', p), eb('u.email', 'ilike', p)]));
  }
  return q.orderBy('u.username').execute();
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
