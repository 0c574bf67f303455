import { sql } from 'kysely';
import type { Db } from '../../db';
import { contieneSinAcentos } from '../../lib/search';
import type { TauserCreateInput } from '../../../shared/schemas/tausers';

/** The record on the wire (spec 001 §3): idTauser, codigo, nombre, …, latitud/longitud as numeric strings, isActive. */
export const TAUSER_COLUMNS = ['id_tauser as idTauser', 'codigo', 'nombre', 'direccion', 'ciudad', 'departamento', 'latitud', 'longitud', 'is_active as isActive'] as const;

export interface TauserFilters {
  search?: string;
  soloActivos?: boolean;
  is_active?: boolean;
}

/** Search over código, nombre, dirección, ciudad and departamento (case-insensitive, wildcards literal). */
export function filteredTausers(db: Db, f: TauserFilters) {
  let q = db.selectFrom('tausers as t');
  if (f.search) {
    q = q.where(contieneSinAcentos(['t.codigo', 't.nombre', 't.direccion', 't.ciudad', 't.departamento'], f.search));
  }
  if (f.soloActivos) q = q.where('t.is_active', '=', true);
  if (f.is_active !== undefined) q = q.where('t.is_active', '=', f.is_active);
  return q;
}

export const findTauser = (db: Db, id: string) => db.selectFrom('tausers as t').select(TAUSER_COLUMNS).where('t.id_tauser', '=', id).executeTakeFirst();

export const lockTauser = (db: Db, id: string) =>
  db.selectFrom('tausers as t').select(TAUSER_COLUMNS).where('t.id_tauser', '=', id).forUpdate().executeTakeFirst();

/** True when another terminal holds this code, whatever its case. */
export async function codigoTaken(db: Db, codigo: string): Promise<boolean> {
  return !!(await db.selectFrom('tausers').select('id_tauser').where(sql`lower(codigo)`, '=', codigo.toLowerCase()).executeTakeFirst());
}

export const insertTauser = (db: Db, input: Omit<TauserCreateInput, 'isActive'>) =>
  db
    .insertInto('tausers')
    .values({
      codigo: input.codigo, nombre: input.nombre, direccion: input.direccion, ciudad: input.ciudad, departamento: input.departamento,
      latitud: input.latitud, longitud: input.longitud, is_active: true,
    })
    .returning(TAUSER_COLUMNS)
    .executeTakeFirstOrThrow();

export type TauserSet = Partial<Pick<TauserCreateInput, 'nombre' | 'direccion' | 'ciudad' | 'departamento' | 'latitud' | 'longitud'>> & { is_active?: boolean };

/** A deactivation also raises `secret_version`: the terminal's tokens stop for good, a reactivation does not revive them. */
export const updateTauserRow = (db: Db, id: string, set: TauserSet) =>
  db
    .updateTable('tausers')
    .set({ ...set, ...(set.is_active === false ? { secret_version: sql`secret_version + 1`, sesion_cerrada_por: 'desactivada' as const } : {}), updated_at: sql`now()` })
    .where('id_tauser', '=', id)
    .returning(TAUSER_COLUMNS)
    .executeTakeFirstOrThrow();
