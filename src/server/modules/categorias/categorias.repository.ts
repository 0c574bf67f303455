import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { contieneSinAcentos } from '../../lib/search';
import type { CategoriaCreateInput, CategoriaRecord } from '../../../shared/schemas/categorias';

type Q = Kysely<Database>;

export function selectCategorias(db: Q) {
  return db
    .selectFrom('categorias_cliente as k')
    .select(['k.id_categoria as idCategoria', 'k.nombre', 'k.descripcion', 'k.descuento', 'k.is_active as isActive']);
}

export const findCategoria = (db: Q, id: string): Promise<CategoriaRecord | undefined> =>
  selectCategorias(db).where('k.id_categoria', '=', id).executeTakeFirst();

export function categoriasMatching(db: Q, search?: string) {
  const q = selectCategorias(db);
  if (!search) return q;
  return q.where(contieneSinAcentos(['k.nombre', 'k.descripcion'], search));
}

export async function nombreTaken(db: Q, nombre: string): Promise<boolean> {
  const row = await db
    .selectFrom('categorias_cliente')
    .select('id_categoria')
    .where((eb) => eb(eb.fn('lower', ['nombre']), '=', nombre.toLowerCase()))
    .executeTakeFirst();
  return !!row;
}

/** The category under a row lock, for a change. */
export const lockCategoria = (db: Q, id: string): Promise<CategoriaRecord | undefined> =>
  selectCategorias(db).where('k.id_categoria', '=', id).forUpdate().executeTakeFirst();

export async function insertCategoria(db: Q, input: CategoriaCreateInput): Promise<string> {
  const { id_categoria } = await db
    .insertInto('categorias_cliente')
    .values({ nombre: input.nombre, descripcion: input.descripcion, descuento: input.descuento, is_active: input.isActive })
    .returning('id_categoria')
    .executeTakeFirstOrThrow();
  return id_categoria;
}

export async function updateCategoriaRow(db: Q, id: string, set: { descripcion: string; descuento: string; is_active: boolean }) {
  await db.updateTable('categorias_cliente').set(set).where('id_categoria', '=', id).execute();
}
