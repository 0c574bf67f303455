import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { ClientesTable, Database } from '../../db/types';
import { selectUsers } from '../usuarios/usuarios.repository';
import { containsPattern, patronSelectivo } from '../../lib/search';
import { COLUMNAS_BUSCADAS, type ColumnaBuscada, type Frecuentes } from './frecuencias';
import { PAGE_SIZE, TOTAL, type Count } from '../../lib/pagination';
import type { ClienteRecord } from '../../../shared/schemas/clientes';
import { queryTemplate } from '../../lib/queryTemplate';

type Q = Kysely<Database>;

/** The columns of a client record (`c` the client, `k` its category). */
const CLIENTE_COLUMNS = [
  'c.id_cliente', 'c.nombre', 'c.is_persona_fisica', 'c.cedula', 'c.ruc', 'c.id_categoria',
  'k.nombre as categoria_nombre', 'k.descuento as categoria_descuento',
  'c.correo', 'c.telefono', 'c.direccion', 'c.is_active',
] as const;

/** The client as the API shows it (spec 000 §3), with its category's name and discount. */
export function selectClientes(db: Q) {
  return db
    .selectFrom('clientes as c')
    .innerJoin('categorias_cliente as k', 'k.id_categoria', 'c.id_categoria')
    .select(CLIENTE_COLUMNS);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectClientes>['executeTakeFirstOrThrow']>>;

export function toCliente(r: Row): ClienteRecord {
  return {
    idCliente: r.id_cliente,
    nombre: r.nombre,
    isPersonaFisica: r.is_persona_fisica,
    cedula: r.cedula,
    ruc: r.ruc,
    idCategoria: r.id_categoria,
    categoria: { nombre: r.categoria_nombre, descuento: r.categoria_descuento },
    correo: r.correo,
    telefono: r.telefono,
    direccion: r.direccion,
    isActive: r.is_active,
  };
}

const clienteById = queryTemplate((db, v: { id: string }) => selectClientes(db).where('c.id_cliente', '=', v.id));

export async function findCliente(db: Q, id: string): Promise<ClienteRecord | undefined> {
  const [row] = await clienteById.execute(db, { id });
  return row && toCliente(row);
}

/** Categories whose name contains the text (a small table). */
const categoriasPorNombre = queryTemplate((db, v: { p: string }) => db.selectFrom('categorias_cliente').select('id_categoria').where('nombre', 'ilike', v.p));
export async function categoriasMatching(db: Q, search: string): Promise<string[]> {
  const rows = await categoriasPorNombre.execute(db, { p: containsPattern(search) });
  return rows.map((r) => r.id_categoria);
}

/** Per searched column, a wider pattern for its index to find candidates by (lib/search.ts patronSelectivo). */
export type PatronesSelectivos = Partial<Record<ColumnaBuscada, string>>;

/** The patterns of `search` narrower for the index than the text, from the frequent trigrams of each column. */
export function patronesSelectivos(search: string, frecuentes: Frecuentes | undefined): PatronesSelectivos {
  const out: PatronesSelectivos = {};
  if (!frecuentes) return out;
  for (const col of COLUMNAS_BUSCADAS) {
    const p = patronSelectivo(search, frecuentes[col]);
    if (p) out[col] = p;
  }
  return out;
}

/**
 * Name, cédula, RUC, e-mail or category name containing the text, case-insensitively. The category
 * part is given as ids (see categoriasMatching) so every branch of the OR reads `clientes` alone and
 * can use an index (trigram indexes where available, the category index). A column with a narrower
 * pattern gives that one to its index and checks the text on the candidates, in a form no index
 * takes (`col || ''`), so PostgreSQL does not read the text's frequent trigrams anyway.
 */
function searchFilter(search: string, categoriaIds: string[], selectivos: PatronesSelectivos = {}) {
  return filtroDePatron(containsPattern(search), categoriaIds, selectivos);
}

/** searchFilter for the ILIKE pattern of the text (or a query template's stand-in for it). */
function filtroDePatron(p: string, categoriaIds: string[], selectivos: PatronesSelectivos) {
  const byCategoria = categoriaIds.length ? sql` or c.id_categoria in (${sql.join(categoriaIds)})` : sql``;
  const columna = (col: ColumnaBuscada) => {
    const ref = sql.ref(`c.${col}`);
    const s = selectivos[col];
    return s ? sql`(${ref} ilike ${s} and (${ref} || '') ilike ${p})` : sql`${ref} ilike ${p}`;
  };
  return sql<boolean>`(${sql.join(COLUMNAS_BUSCADAS.map(columna), sql` or `)}${byCategoria})`;
}

export function searchClientes(db: Q, search: string | undefined, categoriaIds: string[] = [], selectivos: PatronesSelectivos = {}) {
  const q = selectClientes(db);
  return search ? q.where(searchFilter(search, categoriaIds, selectivos)) : q;
}

/** A search matching at most this many clients is answered from its match set in one scan. */
export const BUSQUEDA_TOPE = 1000;

/** The bounded search's values: the pattern, the page's offset, the narrower patterns, the categories as cat0, cat1… */
type BusquedaValores = { p: string; offset?: number } & PatronesSelectivos & { [cat: `cat${number}`]: string };

const busquedaPlantilla = queryTemplate((db, v: BusquedaValores) => {
  const categorias = Object.keys(v).filter((k) => k.startsWith('cat')).sort((a, b) => Number(a.slice(3)) - Number(b.slice(3))).map((k) => v[k as `cat${number}`]);
  const selectivos: PatronesSelectivos = { nombre: v.nombre, cedula: v.cedula, ruc: v.ruc, correo: v.correo };
  return db
    .with(
      (cte) => cte('m').materialized(),
      (d) => d.selectFrom('clientes as c').select(['c.id_cliente', 'c.nombre']).where(filtroDePatron(v.p, categorias, selectivos)).limit(sql.lit(BUSQUEDA_TOPE + 1)),
    )
    .selectFrom((eb) => {
      const page = eb.selectFrom('m').select('m.id_cliente').orderBy('m.nombre').orderBy('m.id_cliente').limit(sql.lit(PAGE_SIZE));
      return (v.offset !== undefined ? page.offset(v.offset) : page).as('p');
    })
    .innerJoin('clientes as c', 'c.id_cliente', 'p.id_cliente')
    .innerJoin('categorias_cliente as k', 'k.id_categoria', 'c.id_categoria')
    .select(CLIENTE_COLUMNS)
    .select(sql<string>`(select count(*) from m)`.as(TOTAL))
    .orderBy('c.nombre')
    .orderBy('c.id_cliente');
});

const valoresDeBusqueda = (search: string, categoriaIds: string[], page: number, selectivos: PatronesSelectivos) => {
  const v: BusquedaValores = { p: containsPattern(search), offset: page > 1 ? (page - 1) * PAGE_SIZE : undefined, ...selectivos };
  categoriaIds.forEach((id, i) => (v[`cat${i}`] = id));
  return v;
};

/**
 * A page of a search and its exact total from one scan of the search's indexes: the matches (at most
 * BUSQUEDA_TOPE + 1, in no order) are materialized once, the page is sorted out of them and the total
 * is their count. Only valid when the total is at most BUSQUEDA_TOPE (then every match was gathered);
 * with more, the list pages and counts as usual. The page and the count otherwise scan the trigram
 * indexes twice, and a search is mostly selective (a name, a document number). A query template:
 * compiled once per shape (narrower patterns, number of categories, offset).
 */
export const busquedaAcotada = Object.assign(
  (db: Q, search: string, categoriaIds: string[], page: number, selectivos: PatronesSelectivos = {}) =>
    busquedaPlantilla.execute(db, valoresDeBusqueda(search, categoriaIds, page, selectivos)),
  {
    /** The statement a search runs (the plan test explains it). */
    statement: (db: Q, search: string, categoriaIds: string[], page: number, selectivos: PatronesSelectivos = {}) =>
      busquedaPlantilla.compile(db, valoresDeBusqueda(search, categoriaIds, page, selectivos)),
  },
);

/** Every ANCLA_CADA-th client of the list's order: where deep pages start their index walk. */
export const ANCLA_CADA = 100;
export interface Ancla {
  nombre: string;
  id_cliente: string;
}

/** The anchors, in order: positions 0, ANCLA_CADA, 2·ANCLA_CADA… (one index-only scan of the name index). */
export async function anclasClientes(db: Q): Promise<Ancla[]> {
  const r = await sql<Ancla>`
    select nombre, id_cliente from (
      select nombre, id_cliente, row_number() over (order by nombre, id_cliente) - 1 as pos from clientes
    ) s where pos % ${ANCLA_CADA} = 0 order by pos`.execute(db);
  return r.rows.map((a) => Object.freeze({ nombre: a.nombre, id_cliente: a.id_cliente }));
}

/**
 * Where a page of the unfiltered list starts: after `skip` entries from the start, or `desdeAncla`
 * entries after an anchor. The skip and the anchor are values of the statement; the number of
 * entries after an anchor is written into it (a multiple of the page size below ANCLA_CADA: ten
 * statements). With a parameter as OFFSET PostgreSQL planned every deep page again (~0.9 ms to plan,
 * 0.25 ms to run); with the number written in it keeps one plan.
 */
export type PosicionClientes = {
  skip?: number;
  anclaNombre?: string;
  anclaId?: string;
};

/**
 * Deep pages start from the nearest anchor at or before their offset: the index walk is at most
 * ANCLA_CADA entries instead of the whole offset.
 */
export function posicionClientes(page: number, anclas?: readonly Ancla[]): { at: PosicionClientes; desdeAncla?: number } {
  const offset = (page - 1) * PAGE_SIZE;
  const i = anclas?.length ? Math.min(Math.floor(offset / ANCLA_CADA), anclas.length - 1) : 0;
  const ancla = anclas && i > 0 ? anclas[i] : undefined;
  if (ancla) return { at: { anclaNombre: ancla.nombre, anclaId: ancla.id_cliente }, desdeAncla: offset - i * ANCLA_CADA };
  return { at: { skip: offset > 0 ? offset : undefined } };
}

/**
 * One page of the unfiltered list as a deferred join: the offset walks the (nombre, id_cliente) index
 * alone (an index-only scan), and only the 10 rows of the page are read from the table and joined.
 * The position's values may be a query template's stand-ins (lib/queryTemplate.ts).
 */
export function clientesPage(db: Q, { at, desdeAncla }: { at: PosicionClientes; desdeAncla?: number }) {
  let ids = db.selectFrom('clientes').select('id_cliente');
  if (at.anclaNombre !== undefined) ids = ids.where(sql<boolean>`(nombre, id_cliente) >= (${at.anclaNombre}, ${at.anclaId}::uuid)`);
  // Size written into the statement, no offset on the first page: one kept plan (lib/pagination.ts).
  ids = ids.orderBy('nombre').orderBy('id_cliente').limit(sql.lit(PAGE_SIZE));
  if (desdeAncla) ids = ids.offset(sql.lit(desdeAncla));
  else if (at.skip !== undefined) ids = ids.offset(at.skip);
  // The page's ids come first in the FROM list: joins are planned in written order (db/index.ts).
  return db
    .selectFrom(ids.as('p'))
    .innerJoin('clientes as c', 'c.id_cliente', 'p.id_cliente')
    .innerJoin('categorias_cliente as k', 'k.id_categoria', 'c.id_categoria')
    .select(CLIENTE_COLUMNS)
    .orderBy('c.nombre')
    .orderBy('c.id_cliente');
}

/**
 * The count of the same search, without the join (every client has a category). Without a search:
 * the exact total kept by a trigger in clientes_conteo (migration 2026112416), not a scan of the table.
 */
export function countClientesQuery(db: Q, search: string | undefined, categoriaIds: string[] = [], selectivos: PatronesSelectivos = {}): Count {
  if (!search) return { kept: sql`(select coalesce(sum(n), 0) from clientes_conteo)`, db };
  return db.selectFrom('clientes as c').select('c.id_cliente').where(searchFilter(search, categoriaIds, selectivos));
}

/** The clients assigned to a user, by name. */
export async function clientesOfUser(db: Q, userId: number): Promise<ClienteRecord[]> {
  const rows = await selectClientes(db)
    .innerJoin('user_clientes as uc', 'uc.cliente_id', 'c.id_cliente')
    .where('uc.user_id', '=', userId)
    .orderBy('c.nombre')
    .orderBy('c.id_cliente')
    .execute();
  return rows.map(toCliente);
}

export async function isAssigned(db: Q, userId: number, clienteId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_clientes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('cliente_id', '=', clienteId)
    .executeTakeFirst();
  return !!row;
}

/** Same cédula or RUC on another client. */
export async function documentTaken(db: Q, doc: { cedula: string | null; ruc: string | null }, exceptId?: string) {
  let q = db.selectFrom('clientes').select(['cedula', 'ruc']);
  q = q.where((eb) => {
    const ors = [];
    if (doc.cedula) ors.push(eb('cedula', '=', doc.cedula));
    if (doc.ruc) ors.push(eb('ruc', '=', doc.ruc));
    return eb.or(ors);
  });
  if (exceptId) q = q.where('id_cliente', '<>', exceptId);
  const rows = await q.execute();
  return {
    cedula: !!doc.cedula && rows.some((r) => r.cedula === doc.cedula),
    ruc: !!doc.ruc && rows.some((r) => r.ruc === doc.ruc),
  };
}

/** Users whose current client is this one lose it (the client was deactivated). Answers their ids. */
export async function clearCurrentClient(db: Q, clienteId: string): Promise<number[]> {
  const rows = await db.updateTable('users').set({ cliente_actual_id: null }).where('cliente_actual_id', '=', clienteId).returning('id').execute();
  return rows.map((r) => r.id);
}

/** The client's row under a lock, for a change. */
export const lockClienteRow = (db: Q, id: string) => db.selectFrom('clientes').selectAll().where('id_cliente', '=', id).forUpdate().executeTakeFirst();

export const clienteExists = async (db: Q, id: string) =>
  !!(await db.selectFrom('clientes').select('id_cliente').where('id_cliente', '=', id).executeTakeFirst());

/** Whether the category exists and is active (undefined when it does not exist). */
export const categoriaActiva = async (db: Q, idCategoria: string): Promise<boolean | undefined> =>
  (await db.selectFrom('categorias_cliente').select('is_active').where('id_categoria', '=', idCategoria).executeTakeFirst())?.is_active;

export async function insertCliente(db: Q, values: Insertable<ClientesTable>): Promise<string> {
  const { id_cliente } = await db.insertInto('clientes').values(values).returning('id_cliente').executeTakeFirstOrThrow();
  return id_cliente;
}

export async function updateClienteRow(db: Q, id: string, set: Updateable<ClientesTable>) {
  await db.updateTable('clientes').set(set).where('id_cliente', '=', id).execute();
}

/** The users (operators) assigned to a client, by username. */
export const usuariosDeCliente = (db: Q, clienteId: string) =>
  selectUsers(db).innerJoin('user_clientes as uc2', 'uc2.user_id', 'u.id').where('uc2.cliente_id', '=', clienteId).orderBy('u.username').execute();
