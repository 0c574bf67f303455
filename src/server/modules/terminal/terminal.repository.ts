import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db';

const selectTauser = (db: Db) =>
  db.selectFrom('tausers').select(['id_tauser', 'codigo', 'nombre', 'direccion', 'ciudad', 'is_active', 'secret_hash', 'secret_version']);

/** The Tauser a terminal signs in as (código regardless of case). */
export const findTauserPorCodigo = (db: Db, codigo: string) => selectTauser(db).where(sql<SqlBool>`lower(codigo) = lower(${codigo})`).executeTakeFirst();

export const findTauserInfo = (db: Db, id: string) => selectTauser(db).where('id_tauser', '=', id).executeTakeFirst();

/** New secret (or none): the version is raised either way, so earlier tokens stop working. */
export const setSecret = (db: Db, id: string, hash: string | null) =>
  db
    .updateTable('tausers')
    .set({ secret_hash: hash, secret_version: sql`secret_version + 1`, sesion_cerrada_por: hash ? 'rotada' : 'revocada', updated_at: sql`now()` })
    .where('id_tauser', '=', id)
    .returning(['codigo', 'secret_version'])
    .executeTakeFirst();

/**
 * Notes reserved per Tauser (one, or every one) and denomination: the payouts of paid operations
 * still to be collected (en_proceso, not overdue), but `excepto`'s own (0: none; ids start at 1).
 * The partial index of migration 2026113000 holds the paid rows with a reservation: few, whatever the history.
 */
const reservados = (excepto: number, tauserId?: string) => sql`
  select t.tauser_id, r.denominacion_id, sum(r.cantidad)::int as cantidad
  from transacciones t cross join lateral jsonb_to_recordset(t.reserva) as r(denominacion_id int, cantidad int)
  where t.estado = 'en_proceso' and t.reserva is not null and t.expira_en > now() and t.id <> ${excepto}
    ${tauserId === undefined ? sql`` : sql`and t.tauser_id = ${tauserId}`}
  group by t.tauser_id, r.denominacion_id`;

/** Notes of the denomination reserved at every Tauser for paid operations' payouts. */
export async function notasReservadas(db: Db, denominacionId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select coalesce(sum(r.cantidad), 0)::int as n from (${reservados(0)}) r where r.denominacion_id = ${denominacionId}`.execute(db);
  return rows[0]!.n;
}

export interface StockRow {
  denominacion_id: number;
  denominacion: number;
  divisa_id: number;
  codigo: string;
  simbolo: string;
  es_base: boolean;
  /** Notes in the terminal. */
  cantidad: number;
  /** Of those, reserved for other paid operations' payouts. */
  reservados: number;
  /** The denomination and its currency are in use (only these are loaded and paid out). */
  activa: boolean;
}

/**
 * Every active denomination of every active currency, with this Tauser's count (0 when none) and how many of them
 * are reserved. `conFueraDeUso` adds the notes the terminal still holds of a denomination or currency taken out of
 * use (staff see and withdraw them; plans never use them).
 */
export const stockDeTauserQuery = (tauserId: string, excepto = 0, conFueraDeUso = false) => sql<StockRow>`
  with reservados as (${reservados(excepto, tauserId)})
  select d.id as denominacion_id, d.denominacion, v.id as divisa_id, v.codigo, v.simbolo, v.es_base,
         coalesce(s.cantidad, 0) as cantidad, coalesce(r.cantidad, 0) as reservados, (d.is_active and v.is_active) as activa
  from denominaciones d
  join divisas v on v.id = d.divisa_id
  left join tauser_stock s on s.denominacion_id = d.id and s.tauser_id = ${tauserId}
  left join reservados r on r.denominacion_id = d.id and r.tauser_id = ${tauserId}
  where (d.is_active and v.is_active)${conFueraDeUso ? sql` or s.cantidad > 0` : sql``}
  order by v.es_base desc, v.codigo, d.denominacion desc`;
export const stockDeTauser = async (db: Db, tauserId: string, excepto = 0, conFueraDeUso = false) =>
  (await stockDeTauserQuery(tauserId, excepto, conFueraDeUso).execute(db)).rows;

/** The unreserved notes of the given currencies at every Tauser (the wizard's picker). */
export const stockLibreDeDivisas = async (db: Db, divisaIds: number[]) =>
  (
    await sql<{ tauser_id: string; divisa_id: number; denominacion: number; cantidad: number }>`
      with reservados as (${reservados(0)})
      select s.tauser_id, d.divisa_id, d.denominacion, s.cantidad - coalesce(r.cantidad, 0) as cantidad
      from tauser_stock s
      join denominaciones d on d.id = s.denominacion_id
      left join reservados r on r.tauser_id = s.tauser_id and r.denominacion_id = s.denominacion_id
      where d.is_active and d.divisa_id in (${sql.join(divisaIds)}) and s.cantidad - coalesce(r.cantidad, 0) > 0`.execute(db)
  ).rows;

/** Payments, completions and withdrawals at one Tauser take turns (its reserved notes are counted under this lock). */
export const lockTauser = (db: Db, id: string) =>
  db.selectFrom('tausers').select(['id_tauser', 'is_active']).where('id_tauser', '=', id).forNoKeyUpdate().executeTakeFirst();

export const tausersActivos = (db: Db) =>
  db.selectFrom('tausers').select(['id_tauser', 'codigo', 'nombre']).where('is_active', '=', true).orderBy('nombre').execute();

/** A denomination with its currency's code, and whether both are in use (`activa`). */
export const findDenominacion = (db: Db, id: number) =>
  db
    .selectFrom('denominaciones as d')
    .innerJoin('divisas as v', 'v.id', 'd.divisa_id')
    .select((eb) => ['d.id', 'd.denominacion', 'd.divisa_id', 'v.codigo', eb.and([eb.ref('d.is_active'), eb.ref('v.is_active')]).as('activa')])
    .where('d.id', '=', id)
    .executeTakeFirst();

export const activeDenominaciones = (db: Db, divisaId: number) =>
  db.selectFrom('denominaciones').select(['id', 'denominacion']).where('divisa_id', '=', divisaId).where('is_active', '=', true).execute();

/** Locks (creating at 0 if absent) the stock rows of these denominations for the Tauser; answers their counts. */
export async function lockStock(db: Db, tauserId: string, denominacionIds: number[]) {
  if (denominacionIds.length === 0) return new Map<number, number>();
  await db
    .insertInto('tauser_stock')
    .values(denominacionIds.map((denominacion_id) => ({ tauser_id: tauserId, denominacion_id, cantidad: 0 })))
    .onConflict((oc) => oc.columns(['tauser_id', 'denominacion_id']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('tauser_stock')
    .select(['denominacion_id', 'cantidad'])
    .where('tauser_id', '=', tauserId)
    .where('denominacion_id', 'in', denominacionIds)
    .orderBy('denominacion_id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.denominacion_id, r.cantidad]));
}

export const setStock = (db: Db, tauserId: string, denominacionId: number, cantidad: number) =>
  db
    .updateTable('tauser_stock')
    .set({ cantidad })
    .where('tauser_id', '=', tauserId)
    .where('denominacion_id', '=', denominacionId)
    .execute();

export const insertMovimiento = (
  db: Db,
  m: { tauser_id: string; denominacion_id: number; usuario_id: number | null; transaccion_id: number | null; antes: number; despues: number; motivo: string },
) => db.insertInto('tauser_stock_movimientos').values(m).execute();

export const movimientos = (db: Db, tauserId: string, limit: number, offset: number) =>
  db
    .selectFrom('tauser_stock_movimientos as m')
    .innerJoin('denominaciones as d', 'd.id', 'm.denominacion_id')
    .innerJoin('divisas as v', 'v.id', 'd.divisa_id')
    .leftJoin('users as u', 'u.id', 'm.usuario_id')
    .leftJoin('transacciones as t', 't.id', 'm.transaccion_id')
    .select(['m.id', 'm.denominacion_id', 'v.codigo as divisa', 'd.denominacion', 'u.username as usuario', 't.codigo as transaccion_codigo', 'm.antes', 'm.despues', 'm.motivo', 'm.created_at'])
    .where('m.tauser_id', '=', tauserId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const countMovimientos = (db: Db, tauserId: string) =>
  db.selectFrom('tauser_stock_movimientos').select((eb) => eb.fn.countAll<string>().as('n')).where('tauser_id', '=', tauserId).executeTakeFirstOrThrow();

/** Codes are stored in upper case (codigo.ts): the one typed in any case is found through the unique index. */
export const porCodigo = (db: Db, codigo: string) => db.selectFrom('transacciones').select(['id']).where('codigo', '=', codigo.toUpperCase());
export const findTransaccionPorCodigo = (db: Db, codigo: string) => porCodigo(db, codigo).executeTakeFirst();

export const findDivisa = (db: Db, id: number) => db.selectFrom('divisas').select(['codigo', 'es_base']).where('id', '=', id).executeTakeFirst();

/** The completing UPDATE: only en_proceso, not overdue, and only at its own Tauser. */
export const completar = (db: Db, id: number, tauserId: string) =>
  db
    .updateTable('transacciones')
    .set({ estado: 'completada', fecha_fin: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('estado', '=', 'en_proceso')
    .where('tauser_id', '=', tauserId)
    .where(sql<SqlBool>`expira_en > now()`)
    .returning('id')
    .executeTakeFirst();

export const setEntrega = (db: Db, id: number, entrega: unknown) =>
  db.updateTable('transacciones').set({ entrega: JSON.stringify(entrega) }).where('id', '=', id).execute();

