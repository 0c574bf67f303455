import { type Kysely, sql } from 'kysely';

/**
 * Every change to who may do what (a user's state, token version, superuser flag or name; role
 * membership; a role's permissions) sends a NOTIFY on `cambio_acceso` at commit, whoever made it:
 * the server processes drop the users they keep for the auth check (lib/readCache.ts). A user's
 * other columns (last login, current client…) change often and do not notify.
 */
const ALL_CHANGES = ['user_groups', 'auth_group', 'auth_group_permissions', 'auth_permission'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function cambio_acceso_aviso() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cambio_acceso', tg_table_name);
      return null;
    end $$`.execute(db);
  await sql`create trigger users_aviso_acceso after insert or delete or truncate or update of is_active, token_version, is_superuser, username
    on users for each statement execute function cambio_acceso_aviso()`.execute(db);
  for (const t of ALL_CHANGES) {
    await sql`create trigger ${sql.raw(`${t}_aviso_acceso`)} after insert or update or delete or truncate on ${sql.table(t)}
      for each statement execute function cambio_acceso_aviso()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_aviso_acceso on users`.execute(db);
  for (const t of ALL_CHANGES) await sql`drop trigger if exists ${sql.raw(`${t}_aviso_acceso`)} on ${sql.table(t)}`.execute(db);
  await sql`drop function if exists cambio_acceso_aviso()`.execute(db);
}
