import { type Kysely, sql } from 'kysely';

/**
 * Token revocation per user and password reset codes. `token_version` travels in every JWT: raising
 * it (password change, deactivation, reset) makes every token issued before it fail at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('password_resets')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
