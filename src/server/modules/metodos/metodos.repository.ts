import { sql } from 'kysely';
import type { Db } from '../../db';
import { contieneSinAcentos } from '../../lib/search';
import type { MetodoCreateInput } from '../../../shared/schemas/metodos';

export const METODO_COLUMNS = [
  'id', 'nombre', 'nombre_display', 'permite_cobro', 'permite_pago', 'comision_cobro_porcentaje', 'comision_pago_porcentaje', 'is_active',
] as const;

export function filteredMetodos(db: Db, f: { search?: string; is_active?: boolean }, soloActivos = false) {
  let q = db.selectFrom('metodos_financieros');
  if (soloActivos) q = q.where('is_active', '=', true);
  if (f.search) {
    q = q.where(contieneSinAcentos(['nombre', 'nombre_display'], f.search));
  }
  if (f.is_active !== undefined) q = q.where('is_active', '=', f.is_active);
  return q;
}

export const findMetodo = (db: Db, id: number) => db.selectFrom('metodos_financieros').select(METODO_COLUMNS).where('id', '=', id).executeTakeFirst();
export const findMetodoPorNombre = (db: Db, nombre: string) =>
  db.selectFrom('metodos_financieros').select(METODO_COLUMNS).where('nombre', '=', nombre).executeTakeFirst();
export const lockMetodo = (db: Db, id: number) =>
  db.selectFrom('metodos_financieros').select(METODO_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();

export const insertMetodo = (db: Db, v: MetodoCreateInput) =>
  db.insertInto('metodos_financieros').values(v).returning(METODO_COLUMNS).executeTakeFirstOrThrow();

export type MetodoSet = Partial<Omit<MetodoCreateInput, 'nombre'>>;
export const updateMetodoRow = (db: Db, id: number, set: MetodoSet) =>
  db.updateTable('metodos_financieros').set({ ...set, updated_at: sql`now()` }).where('id', '=', id).returning(METODO_COLUMNS).executeTakeFirstOrThrow();
