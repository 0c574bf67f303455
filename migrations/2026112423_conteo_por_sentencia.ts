import { type Kysely, sql } from 'kysely';

/**
 * Several operations can be stored by one statement (transacciones/lotes.ts). The totals per state
 * are then updated once per statement, on one slot, instead of once per row on a slot drawn for each:
 * two such statements running at once would otherwise lock slots in different orders and deadlock.
 * Operations are inserted in one state (pendiente); a delete may span several and locks them in order.
 * State changes keep their per-row trigger (2026112416_conteos).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger transacciones_conteo_ins on transacciones`.execute(db);
  await sql`
    create function transacciones_conteo_alta() returns trigger language plpgsql as $$
    declare s int := floor(random() * 8)::int;
    begin
      update transacciones_conteo c set n = c.n + d.k
      from (select estado, count(*) as k from nuevas group by estado) d
      where c.estado = d.estado and c.slot = s;
      return null;
    end $$`.execute(db);
  await sql`
    create function transacciones_conteo_baja() returns trigger language plpgsql as $$
    declare s int := floor(random() * 8)::int;
    begin
      -- A delete may span several states: their totals are locked in one order, so two deletes never deadlock.
      perform 1 from transacciones_conteo where slot = s and estado in (select estado from viejas) order by estado for update;
      update transacciones_conteo c set n = c.n - d.k
      from (select estado, count(*) as k from viejas group by estado) d
      where c.estado = d.estado and c.slot = s;
      return null;
    end $$`.execute(db);
  await sql`create trigger transacciones_conteo_alta after insert on transacciones
    referencing new table as nuevas for each statement execute function transacciones_conteo_alta()`.execute(db);
  await sql`create trigger transacciones_conteo_baja after delete on transacciones
    referencing old table as viejas for each statement execute function transacciones_conteo_baja()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists transacciones_conteo_baja on transacciones`.execute(db);
  await sql`drop trigger if exists transacciones_conteo_alta on transacciones`.execute(db);
  await sql`drop function if exists transacciones_conteo_baja()`.execute(db);
  await sql`drop function if exists transacciones_conteo_alta()`.execute(db);
  await sql`create trigger transacciones_conteo_ins after insert or delete on transacciones for each row execute function transacciones_conteo_trg()`.execute(db);
}
