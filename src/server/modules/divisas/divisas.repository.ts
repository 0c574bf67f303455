import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { contieneSinAcentos } from '../../lib/search';
import type { DivisaCreateInput } from '../../../shared/schemas/divisas';

export const DIVISA_COLUMNS = ['d.id', 'd.nombre', 'd.codigo', 'd.simbolo', 'd.max_digitos', 'd.precision', 'd.es_base', 'd.is_active', 'd.flag'] as const;

export function selectDivisas(db: Db) {
  return db.selectFrom('divisas as d').select(DIVISA_COLUMNS);
}

export interface DivisaFilters {
  search?: string;
  es_base?: boolean;
  is_active?: boolean;
}

export function filteredDivisas(db: Db, f: DivisaFilters) {
  let q = db.selectFrom('divisas as d');
  if (f.search) {
    q = q.where(contieneSinAcentos(['d.nombre', 'd.codigo', 'd.simbolo'], f.search));
  }
  if (f.es_base !== undefined) q = q.where('d.es_base', '=', f.es_base);
  if (f.is_active !== undefined) q = q.where('d.is_active', '=', f.is_active);
  return q;
}

/** What the write queries answer (the record, without table prefixes). */
const RETURNING = ['id', 'nombre', 'codigo', 'simbolo', 'max_digitos', 'precision', 'es_base', 'is_active', 'flag'] as const;

export const findDivisa = (db: Db, id: number) => selectDivisas(db).where('d.id', '=', id).executeTakeFirst();

/**
 * The row locked for the rest of the transaction (updates, and rate creation against deactivation).
 * `noKeyUpdate` waits for payments in the currency (shareLockDivisas) without blocking new operations' foreign keys.
 */
export const lockDivisa = (db: Db, id: number, mode: 'update' | 'noKeyUpdate' | 'share' = 'update') => {
  const q = selectDivisas(db).where('d.id', '=', id);
  return (mode === 'update' ? q.forUpdate() : mode === 'noKeyUpdate' ? q.forNoKeyUpdate() : q.forShare()).executeTakeFirst();
};

const hasRate = (activeOnly: boolean): Expression<SqlBool> =>
  activeOnly
    ? sql<SqlBool>`exists (select 1 from tasas t where t.divisa_id = d.id and t.activo)`
    : sql<SqlBool>`exists (select 1 from tasas t where t.divisa_id = d.id)`;

/** Active foreign currencies with no rate at all: the ones a new rate can be created for. */
export const divisasSinTasa = (db: Db, search?: string) =>
  filteredDivisas(db, { search, is_active: true, es_base: false }).where(sql<SqlBool>`not ${hasRate(false)}`);

/** The currencies that can be quoted: the base one and every active currency with an active rate. */
export const divisasConTasa = (db: Db, search?: string) =>
  filteredDivisas(db, { search, is_active: true }).where((eb) => eb.or([eb('d.es_base', '=', true), hasRate(true)]));

export const DENOMINACION_COLUMNS = ['n.id', 'n.denominacion', 'n.divisa_id as divisa', 'n.is_active'] as const;

export const selectDenominaciones = (db: Db) => db.selectFrom('denominaciones as n').select(DENOMINACION_COLUMNS);

export const findDenominacion = (db: Db, id: number) => selectDenominaciones(db).where('n.id', '=', id).executeTakeFirst();

export const denominacionesDe = (db: Db, divisaId: number) =>
  selectDenominaciones(db).where('n.divisa_id', '=', divisaId).orderBy('n.denominacion').execute();

export const getLimites = (db: Db) =>
  db.selectFrom('limite_config').select(['limite_diario', 'limite_mensual']).where('id', '=', 1).executeTakeFirst();

/** Rows already holding this code, or the base flag when a new base currency is asked for. */
export const divisaClashes = (db: Db, codigo: string, esBase: boolean) =>
  db
    .selectFrom('divisas')
    .select(['codigo', 'es_base'])
    .where((eb) => (esBase ? eb.or([eb('codigo', '=', codigo), eb('es_base', '=', true)]) : eb('codigo', '=', codigo)))
    .execute();

export async function codigoTakenByOther(db: Db, codigo: string, exceptId: number): Promise<boolean> {
  return !!(await db.selectFrom('divisas').select('id').where('codigo', '=', codigo).where('id', '<>', exceptId).executeTakeFirst());
}

type Eb = ExpressionBuilder<Database, never>;

/** Whether any of the subqueries finds a row: one statement, one round trip. */
async function algunoExiste(db: Db, subqueries: (eb: Eb) => Parameters<Eb['exists']>[0][]): Promise<boolean> {
  const { exists } = await db
    .selectNoFrom((eb) => eb.or(subqueries(eb).map((q) => eb.exists(q))).as('exists'))
    .executeTakeFirstOrThrow();
  return Boolean(exists);
}

/** Whether a rate, a denomination or an operation names the currency (its code then fixes how its amounts are read). */
export const divisaEnUso = (db: Db, id: number) =>
  algunoExiste(db, (eb) => [
    eb.selectFrom('tasas').select('id').where('divisa_id', '=', id),
    eb.selectFrom('denominaciones').select('id').where('divisa_id', '=', id),
    eb.selectFrom('transacciones').select('id').where('divisa_origen_id', '=', id),
    eb.selectFrom('transacciones').select('id').where('divisa_destino_id', '=', id),
  ]);

/** A payment holds its currencies until it commits, so a deactivation waits for it and then counts it. */
export const shareLockDivisas = (db: Db, ids: number[]) => db.selectFrom('divisas').select('id').where('id', 'in', ids).forShare().execute();

export const insertDivisa = (db: Db, input: DivisaCreateInput) =>
  db
    .insertInto('divisas')
    .values({
      nombre: input.nombre,
      codigo: input.codigo,
      simbolo: input.simbolo,
      max_digitos: input.max_digitos,
      precision: input.precision,
      es_base: input.es_base,
      is_active: input.is_active,
      flag: input.flag ?? null,
    })
    .returning(RETURNING)
    .executeTakeFirstOrThrow();

export type DivisaSet = Partial<Omit<DivisaCreateInput, 'es_base' | 'flag'>> & { flag?: string | null };

export const updateDivisaRow = (db: Db, id: number, set: DivisaSet) =>
  db.updateTable('divisas').set({ ...set, updated_at: new Date() }).where('id', '=', id).returning(RETURNING).executeTakeFirstOrThrow();

const DENOMINACION_RETURNING = ['id', 'denominacion', 'divisa_id as divisa', 'is_active'] as const;

export const divisaExists = async (db: Db, id: number) => !!(await db.selectFrom('divisas').select('id').where('id', '=', id).executeTakeFirst());

export async function denominacionTaken(db: Db, divisaId: number, denominacion: number, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('denominaciones').select('id').where('divisa_id', '=', divisaId).where('denominacion', '=', denominacion);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Whether a terminal holds, or ever held, notes of the denomination. */
export const denominacionEnUso = (db: Db, id: number) =>
  algunoExiste(db, (eb) => [
    eb.selectFrom('tauser_stock').select('denominacion_id').where('denominacion_id', '=', id),
    eb.selectFrom('tauser_stock_movimientos').select('denominacion_id').where('denominacion_id', '=', id),
  ]);

/** No key changes: stock rows and movements referencing the note (their foreign keys) are not blocked. */
export const lockDenominacion = (db: Db, id: number) =>
  db.selectFrom('denominaciones').select(DENOMINACION_RETURNING).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();

export const insertDenominacion = (db: Db, v: { denominacion: number; divisa: number; is_active: boolean }) =>
  db
    .insertInto('denominaciones')
    .values({ denominacion: v.denominacion, divisa_id: v.divisa, is_active: v.is_active })
    .returning(DENOMINACION_RETURNING)
    .executeTakeFirstOrThrow();

export const updateDenominacionRow = (db: Db, id: number, v: { denominacion: number; divisa: number; is_active: boolean }) =>
  db
    .updateTable('denominaciones')
    .set({ denominacion: v.denominacion, divisa_id: v.divisa, is_active: v.is_active })
    .where('id', '=', id)
    .returning(DENOMINACION_RETURNING)
    .executeTakeFirstOrThrow();

export const lockLimites = (db: Db) =>
  db.selectFrom('limite_config').select(['limite_diario', 'limite_mensual']).where('id', '=', 1).forUpdate().executeTakeFirst();

export const upsertLimites = (db: Db, v: { limite_diario: string | null; limite_mensual: string | null }) =>
  db
    .insertInto('limite_config')
    .values({ id: 1, ...v })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...v, updated_at: new Date() }))
    .returning(['limite_diario', 'limite_mensual'])
    .executeTakeFirstOrThrow();
