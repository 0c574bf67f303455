import { sql } from 'kysely';
import type { Db } from '../../db';

/** The public user record: never the password hash. */
export function selectUsers(db: Db) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.email', 'u.is_active', 'u.is_superuser',
      sql<string[]>`coalesce((select array_agg(uc.cliente_id::text order by uc.cliente_id) from user_clientes uc where uc.user_id = u.id), '{}')`.as('clientes'),
    ]);
}

export const findUser = (db: Db, id: number) => selectUsers(db).where('u.id', '=', id).executeTakeFirst();
