import { type Kysely, sql } from 'kysely';

/**
 * Reports (issue 30): the low-stock threshold staff set per currency (a Tauser holding less than
 * `minimo` of that currency, in its own units, is flagged). The figures themselves are plain
 * aggregates over `transacciones` on the per-state partial indexes (docs/decisions.md, "Reports").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('umbrales_stock')
    .addColumn('divisa_id', 'integer', (c) => c.primaryKey().references('divisas.id'))
    .addColumn('minimo', 'numeric', (c) => c.notNull().check(sql`minimo >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // An installation seeded before this permission existed: its Administrador role (given every
  // permission when it was created) receives it too. New installations get it from the seed.
  await sql`insert into auth_permission (app_label, codename, name, name_es)
    values ('reportes', 'view_reporte', 'Can view reporte', 'Ver reportes de ganancias y terminales')
    on conflict (app_label, codename) do nothing`.execute(db);
  await sql`insert into auth_group_permissions (group_id, permission_id)
    select g.id, p.id from auth_group g, auth_permission p
    where lower(g.name) = 'administrador' and p.app_label = 'reportes' and p.codename = 'view_reporte'
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from auth_group_permissions where permission_id in (select id from auth_permission where app_label = 'reportes')`.execute(db);
  await sql`delete from auth_permission where app_label = 'reportes'`.execute(db);
  await db.schema.dropTable('umbrales_stock').ifExists().execute();
}
