import { type Kysely, sql } from 'kysely';

/**
 * Reports (issue 30): the low-stock threshold staff set per currency (a Tauser holding less than
 * `minimo` of that currency, in its own units, is flagged), the margin of an operation as a SQL
 * function, and the hourly totals of completed operations the reports add up (docs/decisions.md, "Reports").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The house's margin on one operation (docs/decisions.md, "Reports: the margin"): one definition
  // for the listing and the hourly totals below.
  await sql`
    create function margen_pyg(operacion varchar, monto_origen numeric, monto_destino numeric, monto_pyg numeric, precio_base numeric)
    returns numeric language sql immutable parallel safe as $$
      select round(case when operacion = 'compra' then monto_pyg - monto_destino * precio_base else monto_origen * precio_base - monto_pyg end, 0)
    $$`.execute(db);

  // Completed operations summed per UTC hour and every dimension a report filters or groups by. A
  // business day of any zone with whole-hour offsets is a whole number of these hours, so the
  // reports of a period add up hours instead of reading every operation. Kept by the trigger below
  // in the transaction that completes (or, never in practice, un-completes) an operation.
  await db.schema
    .createTable('ganancias_horarias')
    .addColumn('hora', 'timestamptz', (c) => c.notNull())
    .addColumn('divisa_id', 'integer', (c) => c.notNull())
    .addColumn('operacion', 'varchar(6)', (c) => c.notNull())
    .addColumn('metodo_id', 'integer', (c) => c.notNull())
    .addColumn('operador_id', 'integer', (c) => c.notNull())
    .addColumn('tauser_id', 'uuid', (c) => c.notNull())
    .addColumn('categoria', 'varchar(100)', (c) => c.notNull())
    .addColumn('operaciones', 'bigint', (c) => c.notNull())
    .addColumn('volumen_pyg', 'numeric', (c) => c.notNull())
    .addColumn('margen_pyg', 'numeric', (c) => c.notNull())
    .addColumn('volumen_divisa', 'numeric', (c) => c.notNull())
    /** Σ foreign × applied rate: the weighted average rate is volumen_tasa / volumen_divisa. */
    .addColumn('volumen_tasa', 'numeric', (c) => c.notNull())
    .addPrimaryKeyConstraint('ganancias_horarias_pk', ['hora', 'divisa_id', 'operacion', 'metodo_id', 'operador_id', 'tauser_id', 'categoria'])
    .execute();

  await sql`
    create function ganancias_horarias_sumar(t transacciones, signo integer) returns void language sql as $$
      insert into ganancias_horarias as g
        (hora, divisa_id, operacion, metodo_id, operador_id, tauser_id, categoria, operaciones, volumen_pyg, margen_pyg, volumen_divisa, volumen_tasa)
      select date_trunc('hour', t.fecha_inicio at time zone 'UTC') at time zone 'UTC',
        case when t.operacion_cliente = 'compra' then t.divisa_destino_id else t.divisa_origen_id end,
        t.operacion_cliente, t.metodo_financiero_id, t.operador_id, t.tauser_id, t.nombre_categoria,
        signo, signo * t.monto_pyg, signo * margen_pyg(t.operacion_cliente, t.monto_origen, t.monto_destino, t.monto_pyg, t.precio_base),
        signo * f.monto, signo * f.monto * t.tasa_aplicada
      from (select case when t.operacion_cliente = 'compra' then t.monto_destino else t.monto_origen end as monto) f
      on conflict (hora, divisa_id, operacion, metodo_id, operador_id, tauser_id, categoria) do update set
        operaciones = g.operaciones + excluded.operaciones, volumen_pyg = g.volumen_pyg + excluded.volumen_pyg,
        margen_pyg = g.margen_pyg + excluded.margen_pyg, volumen_divisa = g.volumen_divisa + excluded.volumen_divisa,
        volumen_tasa = g.volumen_tasa + excluded.volumen_tasa
    $$`.execute(db);
  await sql`
    create function ganancias_horarias_trg() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.estado = 'completada' then perform ganancias_horarias_sumar(old, -1); end if;
      if tg_op <> 'DELETE' and new.estado = 'completada' then perform ganancias_horarias_sumar(new, 1); end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ganancias_horarias_alta after insert on transacciones for each row when (new.estado = 'completada') execute function ganancias_horarias_trg()`.execute(db);
  await sql`create trigger ganancias_horarias_cambio after update on transacciones for each row when (old.estado = 'completada' or new.estado = 'completada') execute function ganancias_horarias_trg()`.execute(db);
  await sql`create trigger ganancias_horarias_baja after delete on transacciones for each row when (old.estado = 'completada') execute function ganancias_horarias_trg()`.execute(db);
  // The totals recomputed from the operations: here for the operations completed before this
  // migration, and after a bulk load that ran with the trigger disabled (the benchmark's seed).
  await sql`
    create function ganancias_horarias_recalcular() returns void language sql as $$
      delete from ganancias_horarias;
      insert into ganancias_horarias
      select date_trunc('hour', t.fecha_inicio at time zone 'UTC') at time zone 'UTC',
        case when t.operacion_cliente = 'compra' then t.divisa_destino_id else t.divisa_origen_id end,
        t.operacion_cliente, t.metodo_financiero_id, t.operador_id, t.tauser_id, t.nombre_categoria, count(*), sum(t.monto_pyg),
        sum(margen_pyg(t.operacion_cliente, t.monto_origen, t.monto_destino, t.monto_pyg, t.precio_base)),
        sum(case when t.operacion_cliente = 'compra' then t.monto_destino else t.monto_origen end),
        sum(case when t.operacion_cliente = 'compra' then t.monto_destino else t.monto_origen end * t.tasa_aplicada)
      from transacciones t where t.estado = 'completada'
      group by 1, 2, 3, 4, 5, 6, 7
    $$`.execute(db);
  await sql`select ganancias_horarias_recalcular()`.execute(db);

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
  for (const t of ['alta', 'cambio', 'baja']) await sql`drop trigger if exists ${sql.id(`ganancias_horarias_${t}`)} on transacciones`.execute(db);
  await sql`drop function if exists ganancias_horarias_trg()`.execute(db);
  await sql`drop function if exists ganancias_horarias_recalcular()`.execute(db);
  await sql`drop function if exists ganancias_horarias_sumar(transacciones, integer)`.execute(db);
  await db.schema.dropTable('ganancias_horarias').ifExists().execute();
  await sql`drop function if exists margen_pyg(varchar, numeric, numeric, numeric, numeric)`.execute(db);
  await db.schema.dropTable('umbrales_stock').ifExists().execute();
}
