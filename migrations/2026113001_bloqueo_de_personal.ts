import { type Kysely, sql } from 'kysely';

/**
 * Staff's deactivation survives the e-mail verification (docs/decisions.md, "A deactivated
 * registration stays inactive"): a self-registered account is inactive until it verifies its
 * e-mail, so deactivating it changed nothing and the verification then activated it. `bloqueado`
 * records staff's decision; the verification activates only an account staff have not deactivated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column bloqueado boolean not null default false`.execute(db);
}
