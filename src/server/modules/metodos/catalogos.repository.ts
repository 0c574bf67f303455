import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db';
import { contieneSinAcentos } from '../../lib/search';

/**
 * The three catalogues share their columns except the name (`nombre`, or `marca` for card brands)
 * and the bank's CVU; each has the instance table that points at it.
 */
export interface CatalogoTable {
  table: 'bancos' | 'billeteras_catalogo' | 'tarjetas_catalogo';
  nameCol: 'nombre' | 'marca';
  instTable: 'cuentas_bancarias' | 'billeteras_digitales' | 'tarjetas';
  fk: 'banco_id' | 'plataforma_id' | 'marca_id';
}

export type CatalogoRow = {
  id: number;
  nombre?: string;
  marca?: string;
  cvu?: string | null;
  comision_compra: string;
  comision_venta: string;
  comision_personalizada_compra: boolean;
  comision_personalizada_venta: boolean;
  is_active: boolean;
};

// The tables differ only in the name column: queries are typed against `bancos` and name the column at run time.
const from = (db: Db, t: CatalogoTable) => db.selectFrom(t.table as 'bancos');

export function filteredCatalogo(db: Db, t: CatalogoTable, f: { search?: string; is_active?: boolean }, soloActivos = false) {
  let q = from(db, t);
  if (soloActivos) q = q.where('is_active', '=', true);
  if (f.search) {
    q = q.where(contieneSinAcentos([t.nameCol, ...(t.table === 'bancos' ? ['cvu'] : [])], f.search));
  }
  if (f.is_active !== undefined) q = q.where('is_active', '=', f.is_active);
  return q;
}

export const findCatalogo = (db: Db, t: CatalogoTable, id: number) =>
  from(db, t).selectAll().where('id', '=', id).executeTakeFirst() as Promise<CatalogoRow | undefined>;

export const lockCatalogo = (db: Db, t: CatalogoTable, id: number, mode: 'update' | 'share' = 'update') => {
  const q = from(db, t).selectAll().where('id', '=', id);
  return (mode === 'update' ? q.forUpdate() : q.forShare()).executeTakeFirst() as Promise<CatalogoRow | undefined>;
};

export const activosCatalogo = (db: Db, t: CatalogoTable) =>
  from(db, t).selectAll().where('is_active', '=', true).orderBy(sql.ref(t.nameCol)).execute() as Promise<CatalogoRow[]>;

export async function nombreTomado(db: Db, t: CatalogoTable, nombre: string, exceptId?: number): Promise<boolean> {
  let q = from(db, t).select('id').where(sql`lower(${sql.ref(t.nameCol)})`, '=', nombre.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Another bank already holds this fixed CVU. */
export async function cvuTomado(db: Db, cvu: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('bancos').select('id').where('cvu', '=', cvu);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export const insertCatalogo = (db: Db, t: CatalogoTable, values: Record<string, unknown>) =>
  db.insertInto(t.table as 'bancos').values(values as never).returningAll().executeTakeFirstOrThrow() as Promise<CatalogoRow>;

export const updateCatalogoRow = (db: Db, t: CatalogoTable, id: number, set: Record<string, unknown>) =>
  db
    .updateTable(t.table as 'bancos')
    .set({ ...(set as object), updated_at: sql`now()` } as never)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow() as Promise<CatalogoRow>;

const detallesDe = (t: CatalogoTable, id: number): RawBuilder<unknown> =>
  sql`(select x.metodo_financiero_detalle_id from ${sql.table(t.instTable)} x where ${sql.ref(`x.${t.fk}`)} = ${id})`;

/** Deactivates the entry's active instances, marking them as taken down by the catalogue; answers their ids. */
export async function desactivarInstanciasDe(db: Db, t: CatalogoTable, id: number): Promise<number[]> {
  const rows = await db
    .updateTable('metodo_financiero_detalle')
    .set({ is_active: false, desactivado_por_catalogo: true, updated_at: sql`now()` })
    .where('is_active', '=', true)
    .where('id', 'in', detallesDe(t, id) as never)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Reactivates exactly the instances the entry's deactivation took down (and no others). */
export async function restaurarInstanciasDe(db: Db, t: CatalogoTable, id: number): Promise<number[]> {
  const rows = await db
    .updateTable('metodo_financiero_detalle')
    .set({ is_active: true, desactivado_por_catalogo: false, updated_at: sql`now()` })
    .where('desactivado_por_catalogo', '=', true)
    .where('id', 'in', detallesDe(t, id) as never)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
