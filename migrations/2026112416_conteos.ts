import { type Kysely, sql } from 'kysely';

/**
 * Exact counts for the lists without counting rows on every page (issue 14): the number of clients
 * and of transactions per stored state, kept by triggers in the same transaction as the change.
 * Each total is spread over 8 slots picked at random, so concurrent inserts do not queue on one
 * row; a reader adds the slots up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table clientes_conteo (slot smallint primary key, n bigint not null)`.execute(db);
  await sql`insert into clientes_conteo select s, case when s = 0 then (select count(*) from clientes) else 0 end from generate_series(0, 7) s`.execute(db);
  await sql`create table transacciones_conteo (estado varchar(12) not null, slot smallint not null, n bigint not null, primary key (estado, slot))`.execute(db);
  await sql`
    insert into transacciones_conteo
    select e, s, case when s = 0 then (select count(*) from transacciones where estado = e) else 0 end
    from unnest(array['pendiente', 'en_proceso', 'completada', 'cancelada', 'expirada', 'fallida']) e, generate_series(0, 7) s`.execute(db);

  await sql`
    create function clientes_conteo_trg() returns trigger language plpgsql as $$
    declare s int := floor(random() * 8)::int;
    begin
      -- The slot is drawn once: random() in the WHERE clause would be drawn again for every row.
      if tg_op = 'INSERT' then
        update clientes_conteo set n = n + 1 where slot = s;
      elsif tg_op = 'DELETE' then
        update clientes_conteo set n = n - 1 where slot = s;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger clientes_conteo after insert or delete on clientes for each row execute function clientes_conteo_trg()`.execute(db);

  await sql`
    create function transacciones_conteo_trg() returns trigger language plpgsql as $$
    declare s int := floor(random() * 8)::int;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update transacciones_conteo set n = n - 1 where estado = old.estado and slot = s;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update transacciones_conteo set n = n + 1 where estado = new.estado and slot = s;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger transacciones_conteo_ins after insert or delete on transacciones for each row execute function transacciones_conteo_trg()`.execute(db);
  await sql`
    create trigger transacciones_conteo_upd after update of estado on transacciones
    for each row when (old.estado is distinct from new.estado) execute function transacciones_conteo_trg()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists transacciones_conteo_upd on transacciones`.execute(db);
  await sql`drop trigger if exists transacciones_conteo_ins on transacciones`.execute(db);
  await sql`drop trigger if exists clientes_conteo on clientes`.execute(db);
  await sql`drop function if exists transacciones_conteo_trg()`.execute(db);
  await sql`drop function if exists clientes_conteo_trg()`.execute(db);
  await sql`drop table if exists transacciones_conteo`.execute(db);
  await sql`drop table if exists clientes_conteo`.execute(db);
}
