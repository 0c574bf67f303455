import { type Kysely, sql } from 'kysely';

/**
 * Currencies, denominations, the limits row, rates and their history (spec 001 §3, DESIGN §4, §6).
 * Money columns are numeric: rates with 4 decimals (the wire format is "7300.0000"), limits
 * unconstrained (whatever non-negative decimal staff typed, up to 30 characters).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('divisas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre', 'varchar(30)', (c) => c.notNull())
    .addColumn('codigo', sql`char(3)`, (c) => c.notNull().unique().check(sql`codigo ~ '^[A-Z]{3}$'`))
    .addColumn('simbolo', 'varchar(3)', (c) => c.notNull())
    .addColumn('max_digitos', 'integer', (c) => c.notNull().defaultTo(30).check(sql`max_digitos between 3 and 30`))
    // The API asks for more than 2; the seeded base currency keeps its ISO 4217 minor unit (PYG: 0).
    .addColumn('precision', 'integer', (c) => c.notNull().defaultTo(6).check(sql`"precision" between 0 and 20`))
    .addColumn('es_base', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // ISO 3166-1 alpha-2 country code (EU for the euro); the client turns it into an emoji flag.
    .addColumn('flag', 'varchar(2)', (c) => c.check(sql`flag ~ '^[A-Z]{2}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one base currency, whatever the application does.
  await sql`create unique index divisas_una_base_uq on divisas (es_base) where es_base`.execute(db);
  // The base currency is always active.
  await sql`alter table divisas add constraint divisas_base_activa_ck check (not es_base or is_active)`.execute(db);

  await db.schema
    .createTable('denominaciones')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('denominacion', 'integer', (c) => c.notNull().check(sql`denominacion > 0`))
    .addColumn('divisa_id', 'integer', (c) => c.notNull().references('divisas.id'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('denominaciones_divisa_valor_uq', ['divisa_id', 'denominacion'])
    .execute();

  await db.schema
    .createTable('limite_config')
    .addColumn('id', 'integer', (c) => c.primaryKey().defaultTo(1).check(sql`id = 1`))
    .addColumn('limite_diario', 'numeric', (c) => c.check(sql`limite_diario >= 0`))
    .addColumn('limite_mensual', 'numeric', (c) => c.check(sql`limite_mensual >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('tasas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('divisa_id', 'integer', (c) => c.notNull().references('divisas.id'))
    .addColumn('precio_base', sql`numeric(20,4)`, (c) => c.notNull().check(sql`precio_base > 0`))
    .addColumn('comision_base_compra', sql`numeric(20,4)`, (c) => c.notNull().check(sql`comision_base_compra >= 0`))
    .addColumn('comision_base_venta', sql`numeric(20,4)`, (c) => c.notNull().check(sql`comision_base_venta >= 0`))
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tasas_divisa_uq', ['divisa_id'])
    .addCheckConstraint('tasas_comision_compra_ck', sql`comision_base_compra <= precio_base`)
    .addCheckConstraint('tasas_comision_venta_ck', sql`comision_base_venta <= precio_base`)
    .execute();

  await db.schema
    .createTable('tasa_historial')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tasa_id', 'integer', (c) => c.notNull().references('tasas.id'))
    .addColumn('precio_base', sql`numeric(20,4)`, (c) => c.notNull())
    .addColumn('comision_base_compra', sql`numeric(20,4)`, (c) => c.notNull())
    .addColumn('comision_base_venta', sql`numeric(20,4)`, (c) => c.notNull())
    .addColumn('changed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('tasa_historial_tasa_idx').on('tasa_historial').columns(['tasa_id', 'changed_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['tasa_historial', 'tasas', 'limite_config', 'denominaciones', 'divisas']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
