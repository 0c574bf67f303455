import { type Kysely, sql } from 'kysely';

/**
 * The terminal side (issue 13): each Tauser's device secret (SHA-256 of a 256-bit random secret;
 * `secret_version` raised on rotation or revocation invalidates its tokens), its banknote stock per
 * denomination, every stock movement (who, when, before, after, why, which transaction) and what a
 * completed transaction paid out (`entrega`: notes and the guaraní remainder).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tausers')
    .addColumn('secret_hash', sql`char(64)`)
    .addColumn('secret_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('tauser_stock')
    .addColumn('tauser_id', 'uuid', (c) => c.notNull().references('tausers.id_tauser'))
    .addColumn('denominacion_id', 'integer', (c) => c.notNull().references('denominaciones.id'))
    .addColumn('cantidad', 'integer', (c) => c.notNull().defaultTo(0).check(sql`cantidad >= 0`))
    .addPrimaryKeyConstraint('tauser_stock_pk', ['tauser_id', 'denominacion_id'])
    .execute();

  await db.schema
    .createTable('tauser_stock_movimientos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tauser_id', 'uuid', (c) => c.notNull().references('tausers.id_tauser'))
    .addColumn('denominacion_id', 'integer', (c) => c.notNull().references('denominaciones.id'))
    // Staff who loaded or withdrew notes; null when the terminal itself moved them (a transaction).
    .addColumn('usuario_id', 'integer', (c) => c.references('users.id'))
    .addColumn('transaccion_id', 'integer', (c) => c.references('transacciones.id'))
    .addColumn('antes', 'integer', (c) => c.notNull())
    .addColumn('despues', 'integer', (c) => c.notNull())
    .addColumn('motivo', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index tauser_stock_mov_idx on tauser_stock_movimientos (tauser_id, created_at desc, id desc)`.execute(db);

  await db.schema.alterTable('transacciones').addColumn('entrega', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transacciones').dropColumn('entrega').execute();
  await db.schema.dropTable('tauser_stock_movimientos').ifExists().execute();
  await db.schema.dropTable('tauser_stock').ifExists().execute();
  await db.schema.alterTable('tausers').dropColumn('secret_hash').dropColumn('secret_version').execute();
}
