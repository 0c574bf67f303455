import type { Db } from '../../db';
import { contieneSinAcentos } from '../../lib/search';

export function selectTasas(db: Db) {
  return db
    .selectFrom('tasas as t')
    .innerJoin('divisas as d', 'd.id', 't.divisa_id')
    .select([
      't.id', 't.divisa_id', 't.precio_base', 't.comision_base_compra', 't.comision_base_venta', 't.activo', 't.updated_at',
      'd.codigo', 'd.nombre', 'd.simbolo', 'd.flag', 'd.is_active as divisa_activa',
    ]);
}
export type TasaRow = Awaited<ReturnType<ReturnType<typeof selectTasas>['executeTakeFirstOrThrow']>>;

export function tasasMatching(db: Db, f: { search?: string; activo?: boolean }) {
  let q = selectTasas(db);
  if (f.search) {
    q = q.where(contieneSinAcentos(['d.codigo', 'd.nombre'], f.search));
  }
  return f.activo === undefined ? q : q.where('t.activo', '=', f.activo);
}

export const findTasaRow = (db: Db, id: number) => selectTasas(db).where('t.id', '=', id).executeTakeFirst();

/** Active rates of active currencies, in the order the currencies were created (USD first in the demo). */
export const publicTasaRows = (db: Db) =>
  selectTasas(db).where('t.activo', '=', true).where('d.is_active', '=', true).where('d.es_base', '=', false).orderBy('d.id').execute();

export const lockTasa = (db: Db, id: number) =>
  db
    .selectFrom('tasas')
    .select(['id', 'divisa_id', 'precio_base', 'comision_base_compra', 'comision_base_venta', 'activo'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const historialRows = (db: Db, tasaId: number) =>
  db
    .selectFrom('tasa_historial as h')
    .leftJoin('users as u', 'u.id', 'h.changed_by')
    .select(['h.id', 'h.tasa_id', 'h.precio_base', 'h.comision_base_compra', 'h.comision_base_venta', 'h.changed_by', 'u.username', 'h.changed_at'])
    .where('h.tasa_id', '=', tasaId)
    .orderBy('h.changed_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();

export const tasaExists = async (db: Db, id: number) => !!(await db.selectFrom('tasas').select('id').where('id', '=', id).executeTakeFirst());

export const divisaHasTasa = async (db: Db, divisaId: number) =>
  !!(await db.selectFrom('tasas').select('id').where('divisa_id', '=', divisaId).executeTakeFirst());

export interface TasaFiguresRow {
  precio_base: string;
  comision_base_compra: string;
  comision_base_venta: string;
}

export async function insertTasa(db: Db, v: TasaFiguresRow & { divisa_id: number; activo: boolean }) {
  const { id } = await db.insertInto('tasas').values(v).returning('id').executeTakeFirstOrThrow();
  return id;
}

export const updateTasaRow = (db: Db, id: number, v: TasaFiguresRow & { activo: boolean }) =>
  db.updateTable('tasas').set({ ...v, updated_at: new Date() }).where('id', '=', id).execute();

/** One row of the price history, written in the transaction of the change. */
export const insertHistorial = (db: Db, tasaId: number, figures: TasaFiguresRow, changedBy: number) =>
  db.insertInto('tasa_historial').values({ tasa_id: tasaId, ...figures, changed_by: changedBy }).execute();
