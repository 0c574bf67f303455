import { type Kysely, sql } from 'kysely';

/** Self-service terminals (spec 001 §3): UUID ids, código unique regardless of case, coordinates at 6 decimals. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tausers')
    .addColumn('id_tauser', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('codigo', 'varchar(20)', (c) => c.notNull())
    .addColumn('nombre', 'varchar(100)', (c) => c.notNull())
    .addColumn('direccion', 'varchar(200)', (c) => c.notNull())
    .addColumn('ciudad', 'varchar(100)', (c) => c.notNull())
    .addColumn('departamento', 'varchar(100)', (c) => c.notNull())
    .addColumn('latitud', sql`numeric(9,6)`, (c) => c.notNull().check(sql`latitud between -90 and 90`))
    .addColumn('longitud', sql`numeric(9,6)`, (c) => c.notNull().check(sql`longitud between -180 and 180`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index tausers_codigo_ci_uq on tausers (lower(codigo))`.execute(db);
  await sql`create index tausers_activos_idx on tausers (nombre) where is_active`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tausers').ifExists().execute();
}
