import { type Kysely, sql } from 'kysely';

/**
 * Second factor (TOTP, RFC 6238) for users, the roles that require it, and one-time recovery codes.
 * Secrets are stored encrypted (AES-256-GCM, modules/auth/mfaSecrets.ts); recovery codes as HMACs.
 * `mfa_last_step` is the last TOTP time step accepted: a code is never accepted twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users
    add column mfa_enabled boolean not null default false,
    add column mfa_secret text,
    add column mfa_pending_secret text,
    add column mfa_last_step integer`.execute(db);
  await sql`alter table auth_group add column requiere_mfa boolean not null default false`.execute(db);
  await sql`create table mfa_recovery_codes (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    created_at timestamptz not null default now(),
    unique (user_id, code_hash)
  )`.execute(db);
  // The new permission, granted to an existing Administrador role (a fresh install seeds it with all).
  await sql`insert into auth_permission (app_label, codename, name, name_es)
    values ('usuarios', 'reset_mfa_user', 'Can reset second factor', 'Restablecer el segundo factor de usuarios')
    on conflict (app_label, codename) do nothing`.execute(db);
  await sql`insert into auth_group_permissions (group_id, permission_id)
    select g.id, p.id from auth_group g, auth_permission p
    where g.name = 'Administrador' and p.app_label = 'usuarios' and p.codename = 'reset_mfa_user'
      and not exists (select 1 from auth_group_permissions x where x.group_id = g.id and x.permission_id = p.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists mfa_recovery_codes`.execute(db);
  await sql`alter table auth_group drop column if exists requiere_mfa`.execute(db);
  await sql`alter table users drop column if exists mfa_enabled, drop column if exists mfa_secret,
    drop column if exists mfa_pending_secret, drop column if exists mfa_last_step`.execute(db);
}
