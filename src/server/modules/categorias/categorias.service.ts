import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { withUniqueFields } from '../../lib/unique';
import { M } from '../../../shared/messages';
import { MA } from '../../../shared/messagesAdmin';
import type { CategoriaCreateInput, CategoriaPatchBody, CategoriaRecord } from '../../../shared/schemas/categorias';
import { findCategoria, listCategorias, nombreTaken } from './categorias.repository';

export const ENTITY = 'categoria_cliente';

const UNIQUE = {
  categorias_cliente_nombre_ci_uq: ['nombre', MA.categoriaNombreTaken],
  categorias_cliente_nombre_key: ['nombre', MA.categoriaNombreTaken],
} as const satisfies Record<string, [string, string]>;

const notFound = () => new AppError('not_found', M.notFound);

/** Every category, active and inactive, as an array (the spec does not page them). */
export const list = (db: Db, search?: string) => listCategorias(db, search);

export async function get(db: Db, id: string) {
  const c = await findCategoria(db, id);
  if (!c) throw notFound();
  return c;
}

export async function create(db: Db, actor: Actor, input: CategoriaCreateInput): Promise<CategoriaRecord> {
  if (await nombreTaken(db, input.nombre)) throw new AppError('validation', MA.categoriaNombreTaken, { nombre: [MA.categoriaNombreTaken] });
  return withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const { id_categoria } = await trx
          .insertInto('categorias_cliente')
          .values({ nombre: input.nombre, descripcion: input.descripcion, descuento: input.descuento, is_active: input.isActive })
          .returning('id_categoria')
          .executeTakeFirstOrThrow();
        const after = (await findCategoria(trx, id_categoria))!;
        await audit(trx, { actorId: actor.id, action: 'create', entity: ENTITY, entityId: id_categoria, after });
        return after;
      }),
    UNIQUE,
  );
}

/** PATCH: descripcion, descuento, isActive. The name is locked; echoing it unchanged is accepted. */
export async function update(db: Db, actor: Actor, id: string, input: CategoriaPatchBody): Promise<CategoriaRecord> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('categorias_cliente as k')
      .select(['k.id_categoria as idCategoria', 'k.nombre', 'k.descripcion', 'k.descuento', 'k.is_active as isActive'])
      .where('k.id_categoria', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    if (input.idCategoria !== undefined && input.idCategoria !== id) {
      throw new AppError('validation', MA.toast.categoriaInvalidId, { idCategoria: [MA.toast.categoriaInvalidId] });
    }
    if (input.nombre !== undefined && input.nombre !== before.nombre) {
      throw new AppError('validation', MA.categoriaNombreLocked, { nombre: [MA.categoriaNombreLocked] });
    }
    const set = {
      descripcion: input.descripcion ?? before.descripcion,
      descuento: input.descuento ?? before.descuento,
      is_active: input.isActive ?? before.isActive,
    };
    if (set.descripcion === before.descripcion && set.descuento === before.descuento && set.is_active === before.isActive) return before;
    await trx.updateTable('categorias_cliente').set(set).where('id_categoria', '=', id).execute();
    const after = (await findCategoria(trx, id))!;
    const onlyState = before.descripcion === after.descripcion && before.descuento === after.descuento;
    const action = before.isActive !== after.isActive && onlyState ? (after.isActive ? 'activate' : 'deactivate') : 'update';
    await audit(trx, { actorId: actor.id, action, entity: ENTITY, entityId: id, before, after });
    return after;
  });
}

/** DELETE: deactivates. Clients keep their category; an inactive category cannot be given to a client. */
export const deactivate = (db: Db, actor: Actor, id: string) => update(db, actor, id, { isActive: false });
