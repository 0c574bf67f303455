import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db';

export const DIVISA_COLUMNS = ['d.id', 'd.nombre', 'd.codigo', 'd.simbolo', 'd.max_digitos', 'd.precision', 'd.es_base', 'd.is_active', 'd.flag'] as const;

/** `%` and `_` typed by the user are literal characters in a search, not wildcards. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
    const pattern = likeContains(f.search);
    q = q.where((eb) => eb.or([eb('d.nombre', 'ilike', pattern), eb('d.codigo', 'ilike', pattern), eb('d.simbolo', 'ilike', pattern)]));
  }
  if (f.es_base !== undefined) q = q.where('d.es_base', '=', f.es_base);
  if (f.is_active !== undefined) q = q.where('d.is_active', '=', f.is_active);
  return q;
}

export const findDivisa = (db: Db, id: number) => selectDivisas(db).where('d.id', '=', id).executeTakeFirst();

/** The row locked for the rest of the transaction (updates, and rate creation against deactivation). */
export const lockDivisa = (db: Db, id: number, mode: 'update' | 'share' = 'update') => {
  const q = selectDivisas(db).where('d.id', '=', id);
  return (mode === 'update' ? q.forUpdate() : q.forShare()).executeTakeFirst();
};

const hasRate = (activeOnly: boolean): Expression<SqlBool> =>
  activeOnly
    ? sql<SqlBool>`exists (select 1 from tasas t where t.divisa_id = d.id and t.activo)`
    : sql<SqlBool>`exists (select 1 from tasas t where t.divisa_id = d.id)`;

/** Active foreign currencies with no rate at all: the ones a new rate can be created for. */
export const divisasSinTasa = (db: Db) =>
  selectDivisas(db).where('d.is_active', '=', true).where('d.es_base', '=', false).where(sql<SqlBool>`not ${hasRate(false)}`).orderBy('d.codigo').execute();

/** The currencies that can be quoted: the base one and every active currency with an active rate. */
export const divisasConTasa = (db: Db) =>
  selectDivisas(db)
    .where('d.is_active', '=', true)
    .where((eb) => eb.or([eb('d.es_base', '=', true), hasRate(true)]))
    .orderBy('d.es_base', 'desc')
    .orderBy('d.codigo')
    .execute();

export const DENOMINACION_COLUMNS = ['n.id', 'n.denominacion', 'n.divisa_id as divisa', 'n.is_active'] as const;

export const selectDenominaciones = (db: Db) => db.selectFrom('denominaciones as n').select(DENOMINACION_COLUMNS);

export const findDenominacion = (db: Db, id: number) => selectDenominaciones(db).where('n.id', '=', id).executeTakeFirst();

export const denominacionesDe = (db: Db, divisaId: number) =>
  selectDenominaciones(db).where('n.divisa_id', '=', divisaId).orderBy('n.denominacion').execute();

export const getLimites = (db: Db) =>
  db.selectFrom('limite_config').select(['limite_diario', 'limite_mensual']).where('id', '=', 1).executeTakeFirst();
