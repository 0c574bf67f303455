import { sql, type Compilable, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { ClientesTable, Database } from '../../db/types';
import { selectUsers } from '../usuarios/usuarios.repository';
import { containsPattern, sinAcentos } from '../../lib/search';
import { sinPuntosDeMiles } from '../../../shared/schemas/clientes';
import { PAGE_SIZE, TOTAL, firstPageWithTotal, pagedQuery, type Count, type WithTotal } from '../../lib/pagination';
import { sqlText } from '../../db/sqlText';
import type { ClienteRecord } from '../../../shared/schemas/clientes';

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

export async function findCliente(db: Q, id: string): Promise<ClienteRecord | undefined> {
  const row = await selectClientes(db).where('c.id_cliente', '=', id).executeTakeFirst();
  return row && toCliente(row);
}

/** Categories whose name contains the text, ignoring case and accents (a small table). */
export async function categoriasMatching(db: Q, search: string): Promise<string[]> {
  const rows = await db
    .selectFrom('categorias_cliente')
    .select('id_categoria')
    .where(sql<string>`sin_acentos(nombre)`, 'ilike', containsPattern(sinAcentos(search)))
    .execute();
  return rows.map((r) => r.id_categoria);
}

/**
 * The columns a search looks in (each with a trigram index where pg_trgm exists), besides the category's
 * name. The name is compared without accents (`sin_acentos`, whose result its trigram index holds:
 * migration 2026112900); cédula, RUC and e-mail take no accents.
 */
const COLUMNAS_BUSCADAS = [
  { col: 'nombre', sinAcentos: true },
  { col: 'cedula', sinAcentos: false, documento: true },
  { col: 'ruc', sinAcentos: false, documento: true },
  { col: 'correo', sinAcentos: false },
] as const;

/**
 * Name, cédula, RUC, e-mail or category name containing the text, ignoring case and accents
 * ("gonzalez" finds "González"; "4.567.890" finds the cédula 4567890). The category part is given as ids (see categoriasMatching) so every
 * branch of the OR reads `clientes` alone and can use an index (trigram indexes where available, the
 * category index).
 */
function searchFilter(search: string, categoriaIds: string[]) {
  const p = containsPattern(sinAcentos(search));
  // A document typed with its thousands dots ("4.567.890") is looked for by its digits, as it is kept.
  const pDoc = containsPattern(sinPuntosDeMiles(search).trim());
  const byCategoria = categoriaIds.length ? sql` or c.id_categoria in (${sql.join(categoriaIds)})` : sql``;
  const cols = COLUMNAS_BUSCADAS.map((c) =>
    c.sinAcentos ? sql`sin_acentos(${sql.ref(`c.${c.col}`)}) ilike ${p}` : sql`${sql.ref(`c.${c.col}`)} ilike ${'documento' in c ? pDoc : p}`,
  );
  return sql<boolean>`(${sql.join(cols, sql` or `)}${byCategoria})`;
}

/** The clients matching `search` (and in the state `isActive`, when given). */
export function searchClientes(db: Q, search: string | undefined, categoriaIds: string[] = [], isActive?: boolean) {
  let q = selectClientes(db);
  if (search) q = q.where(searchFilter(search, categoriaIds));
  return isActive === undefined ? q : q.where('c.is_active', '=', isActive);
}

/** A search matching at most this many clients is answered from its match set in one scan. */
export const BUSQUEDA_TOPE = 1000;

/**
 * A page of a search and its exact total from one scan of the search's indexes: the matches (at most
 * BUSQUEDA_TOPE + 1, in no order) are materialized once, the page is sorted out of them and the total
 * is their count. Only valid when the total is at most BUSQUEDA_TOPE (then every match was gathered);
 * with more, the list pages and counts as usual. Most searches are selective (a name, a document).
 */
export function busquedaAcotada(db: Q, search: string, categoriaIds: string[], page: number) {
  return db
    .with(
      (cte) => cte('m').materialized(),
      (d) => d.selectFrom('clientes as c').select(['c.id_cliente', 'c.nombre']).where(searchFilter(search, categoriaIds)).limit(sql.lit(BUSQUEDA_TOPE + 1)),
    )
    .selectFrom((eb) => {
      const first = eb.selectFrom('m').select('m.id_cliente').orderBy('m.nombre').orderBy('m.id_cliente').limit(sql.lit(PAGE_SIZE));
      return (page > 1 ? first.offset((page - 1) * PAGE_SIZE) : first).as('p');
    })
    .innerJoin('clientes as c', 'c.id_cliente', 'p.id_cliente')
    .innerJoin('categorias_cliente as k', 'k.id_categoria', 'c.id_categoria')
    .select(CLIENTE_COLUMNS)
    .select(sql<string>`(select count(*) from m)`.as(TOTAL))
    .orderBy('c.nombre')
    .orderBy('c.id_cliente');
}

/** selectClientes as SQL text (db/sqlText.ts), for the first page of the list. */
const SELECT_CLIENTES = sqlText((d) => selectClientes(d));

/**
 * The statement of a page of the unfiltered list with its total (lib/pagination.ts paginateStatement):
 * the first page walks the (nombre, id_cliente) index for ten rows; later pages are a deferred join.
 */
export function paginaDeClientes(db: Q, page: number, count: Count): Compilable<WithTotal<Row>> {
  if (page > 1) return pagedQuery(clientesPage(db, page), page, count, { alreadyPaged: true });
  const first = sql<Row>`${SELECT_CLIENTES} order by c.nombre, c.id_cliente limit ${sql.lit(PAGE_SIZE)}`;
  return firstPageWithTotal(db, first, sql`p.nombre, p.id_cliente`, count);
}

/**
 * One page of the unfiltered list as a deferred join: the offset walks the (nombre, id_cliente) index
 * alone (an index-only scan), and only the 10 rows of the page are read from the table and joined.
 */
export function clientesPage(db: Q, page: number) {
  // Size written into the statement, no offset on the first page: one kept plan (lib/pagination.ts).
  const first = db.selectFrom('clientes').select('id_cliente').orderBy('nombre').orderBy('id_cliente').limit(sql.lit(PAGE_SIZE));
  const ids = page > 1 ? first.offset((page - 1) * PAGE_SIZE) : first;
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
export function countClientesQuery(db: Q, search: string | undefined, categoriaIds: string[] = [], isActive?: boolean): Count {
  if (!search && isActive === undefined) return { kept: sql`(select coalesce(sum(n), 0) from clientes_conteo)`, db };
  let q = db.selectFrom('clientes as c').select('c.id_cliente');
  if (search) q = q.where(searchFilter(search, categoriaIds));
  return isActive === undefined ? q : q.where('c.is_active', '=', isActive);
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

/** The client is assigned to the user (user_clientes). */
export const isAssigned = async (db: Q, userId: number, clienteId: string) =>
  !!(await db.selectFrom('user_clientes').select('user_id').where('user_id', '=', userId).where('cliente_id', '=', clienteId).executeTakeFirst());

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
