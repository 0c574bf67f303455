import { type Kysely, sql } from 'kysely';

/**
 * The first superuser was seeded without a last name, which every user edit requires (at least two
 * characters): a client that read it and sent it back was refused. It gets the seed's new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update users set last_name = 'del sistema' where is_superuser and last_name = ''`.execute(db);
}

export async function down(): Promise<void> {
  // A last name once given is kept.
}
