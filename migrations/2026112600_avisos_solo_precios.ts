import { type Kysely, sql } from 'kysely';
import * as avisosAcceso from './2026112418_avisos_acceso';
import * as avisosClientes from './2026112419_avisos_clientes';
import * as avisosDirectorio from './2026112421_avisos_directorio';
import * as avisosOperaciones from './2026112422_avisos_operaciones';

/**
 * Only the public rates and the pricing catalogue are kept in memory now (cambio_precios): the
 * notices on users, clients and operations reach nobody, so their triggers go.
 *
 * The totals per state (transacciones_conteo) are kept by one trigger function per statement for
 * insert, delete and update: it adds up each state's change, takes one slot drawn per statement and
 * locks that slot's rows in the order of the state before updating them. Two statements (two expiry
 * sweepers, a sweeper and a payment) then lock in the same order and never deadlock; the per-row
 * trigger took a slot per row, so a sweep of many rows locked slots in a random order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const f of ['cambio_acceso_aviso', 'cambio_clientes_aviso', 'cambio_operaciones_aviso']) {
    await sql`drop function if exists ${sql.raw(f)}() cascade`.execute(db);
  }

  await sql`drop trigger if exists transacciones_conteo_upd on transacciones`.execute(db);
  await sql`drop trigger if exists transacciones_conteo_alta on transacciones`.execute(db);
  await sql`drop trigger if exists transacciones_conteo_baja on transacciones`.execute(db);
  await sql`
    create function transacciones_conteo_sentencia() returns trigger language plpgsql as $$
    declare
      s int := floor(random() * 8)::int;
      e text[];
      k bigint[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(estado order by estado), array_agg(d order by estado) into e, k
        from (select estado, count(*) as d from nuevas group by estado) x;
      elsif tg_op = 'DELETE' then
        select array_agg(estado order by estado), array_agg(d order by estado) into e, k
        from (select estado, -count(*) as d from viejas group by estado) x;
      else
        select array_agg(estado order by estado), array_agg(d order by estado) into e, k
        from (
          select estado, sum(d) as d from (
            select n.estado, 1 as d from nuevas n join viejas o on o.id = n.id where n.estado <> o.estado
            union all
            select o.estado, -1 from nuevas n join viejas o on o.id = n.id where n.estado <> o.estado
          ) c group by estado
        ) x where d <> 0;
      end if;
      if e is null then
        return null;
      end if;
      perform 1 from transacciones_conteo where slot = s and estado = any(e) order by estado for update;
      update transacciones_conteo c set n = c.n + u.d
      from unnest(e, k) as u(estado, d)
      where c.estado = u.estado and c.slot = s;
      return null;
    end $$`.execute(db);
  await sql`create trigger transacciones_conteo_alta after insert on transacciones
    referencing new table as nuevas for each statement execute function transacciones_conteo_sentencia()`.execute(db);
  await sql`create trigger transacciones_conteo_baja after delete on transacciones
    referencing old table as viejas for each statement execute function transacciones_conteo_sentencia()`.execute(db);
  await sql`create trigger transacciones_conteo_cambio after update on transacciones
    referencing old table as viejas new table as nuevas for each statement execute function transacciones_conteo_sentencia()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['cambio', 'baja', 'alta']) await sql`drop trigger if exists ${sql.raw(`transacciones_conteo_${t}`)} on transacciones`.execute(db);
  await sql`drop function if exists transacciones_conteo_sentencia()`.execute(db);
  await sql`create trigger transacciones_conteo_alta after insert on transacciones
    referencing new table as nuevas for each statement execute function transacciones_conteo_alta()`.execute(db);
  await sql`create trigger transacciones_conteo_baja after delete on transacciones
    referencing old table as viejas for each statement execute function transacciones_conteo_baja()`.execute(db);
  await sql`
    create trigger transacciones_conteo_upd after update of estado on transacciones
    for each row when (old.estado is distinct from new.estado) execute function transacciones_conteo_trg()`.execute(db);
  await avisosAcceso.up(db);
  await avisosClientes.up(db);
  await avisosDirectorio.up(db);
  await avisosOperaciones.up(db);
}
