import { type Kysely, sql } from 'kysely';

/**
 * Why a terminal's sessions last ended (docs/decisions.md, "A kiosk's 401 says why"): every raise of
 * `secret_version` records its reason, so a kiosk whose token stopped working can tell staff whether the
 * key was rotated, revoked, or the Tauser was deactivated (and maybe reactivated since).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tausers add column sesion_cerrada_por text
    check (sesion_cerrada_por in ('rotada', 'revocada', 'desactivada'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tausers drop column sesion_cerrada_por`.execute(db);
}
