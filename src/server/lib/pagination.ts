import { sql, type Compilable, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { z } from '../../shared/zod';
import { queryFlag, searchField } from '../../shared/schemas/fields';
import { pageParam } from '../../shared/schemas/common';

export const PAGE_SIZE = 10;

/** `?page=N&search=…&all=true` as the spec's paged lists take them. */
export const listQuery = z.object({
  page: pageParam,
  search: searchField,
  all: queryFlag.optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.number().int().nullable(), previous: z.number().int().nullable(), results: z.array(item) });

/** A paged answer, or the whole list as an array when `all` is asked. `next`/`previous` are page numbers. */
export const pagedOrAll = <T extends z.ZodType>(item: T) => z.union([pageOf(item), z.array(item)]);

export interface Page<R> {
  count: number;
  next: number | null;
  previous: number | null;
  results: R[];
}

/**
 * How a list counts its rows: a query over the same filters (its select is replaced by count(*)),
 * or a total kept by triggers, as a scalar SQL expression over the kept table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works with any table set; the count may read fewer tables than the page
export type Count = SelectQueryBuilder<any, any, any> | { kept: RawBuilder<unknown>; db: Kysely<any> };

export const TOTAL = '__total';

interface PageOptions {
  /** The query picks its own page (e.g. a deferred join). */
  alreadyPaged?: boolean;
}

/** The count over the list's filters as a query of one row and column `n`. */
const countQuery = (count: Exclude<Count, { kept: unknown }>) => count.clearSelect().select((eb) => eb.fn.countAll<string>().as('n'));

/** The total as a scalar SQL expression: the kept total, or the count query as a subquery. */
const totalOf = (count: Count) => ('kept' in count ? count.kept : countQuery(count));

/**
 * The page with its total in the same round trip: the count is a scalar subquery of the page query
 * (PostgreSQL runs it once, on the same indexes as before). This is the query `paginate` runs; the
 * plan test explains it.
 */
export function pagedQuery<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: number, count: Count, opts: PageOptions = {}) {
  // The page size is written into the statement and the first page has no offset: PostgreSQL then
  // keeps one plan for the first page of a list (a parameter as LIMIT makes it plan every time).
  const first = query.limit(sql.lit(PAGE_SIZE));
  const paged = opts.alreadyPaged ? query : page === 1 ? first : first.offset((page - 1) * PAGE_SIZE);
  return paged.select(() => totalOf(count).as(TOTAL) as never) as unknown as SelectQueryBuilder<DB, TB, O & { [TOTAL]: string | number }>;
}

/**
 * A first page written as SQL (`… order by … limit 10`, its fixed part from db/sqlText.ts) with its
 * total, for paginateStatement. `order` is the page's order over its own columns: the rows of a
 * subquery come in no guaranteed order.
 */
export function firstPageWithTotal<DB, O>(db: Kysely<DB>, page: RawBuilder<O>, order: RawBuilder<unknown>, count: Count): Compilable<WithTotal<O>> {
  const statement = sql<WithTotal<O>>`select p.*, ${totalOf(count)} as ${sql.id(TOTAL)} from (${page}) as p order by ${order}`;
  return { compile: () => statement.compile(db) };
}

/** One page and the exact total from a statement whose rows carry the total (firstPageWithTotal, pagedQuery). */
export async function paginateStatement<DB, O>(db: Kysely<DB>, statement: Compilable<WithTotal<O>>, page: number, count: Count, opts: PageOptions = {}): Promise<Page<O>> {
  const { rows } = await db.executeQuery(statement.compile());
  return pageOfRows(rows, page, count, opts);
}

async function countAlone(count: Count): Promise<number> {
  if ('kept' in count) return Number((await sql<{ n: string }>`select ${count.kept} as n`.execute(count.db)).rows[0].n);
  const rows = await countQuery(count).execute();
  return Number((rows as unknown as { n: string }[])[0].n);
}

/** One page and the exact total. Past the last page the page is empty and the total is read alone. */
export async function paginate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: number, count: Count, opts: PageOptions = {}): Promise<Page<O>> {
  return pageOfRows(await pagedQuery(query, page, count, opts).execute(), page, count, opts);
}

/** `f` over the results of a page. */
export const mapPage = <O, R>(page: Promise<Page<O>>, f: (row: O) => R): Promise<Page<R>> => page.then((p) => ({ ...p, results: p.results.map(f) }));

/** Every row with `all`, else one page (paginate); each row through `f`. */
export async function listOrPage<DB, TB extends keyof DB, O, R>(query: SelectQueryBuilder<DB, TB, O>, q: { all?: boolean; page: number }, count: Count, f: (row: O) => R) {
  return q.all ? (await query.execute()).map(f) : mapPage(paginate(query, q.page, count), f);
}

/** A list the spec answers whole (users, roles, categories, rates): every row, or one page when `?page` is asked and `?all` is not (DESIGN §3). */
export const arrayOrPage = <DB, TB extends keyof DB, O, R>(query: SelectQueryBuilder<DB, TB, O>, q: { page?: number; all?: boolean }, count: Count, f: (row: O) => R) =>
  listOrPage(query, { all: q.all || q.page === undefined, page: q.page ?? 1 }, count, f);

export type WithTotal<O> = O & { [TOTAL]: string | number };

/** The page from the rows of pagedQuery; `count` gives the total when the page has no rows to carry it. */
async function pageOfRows<O>(rows: WithTotal<O>[], page: number, count: Count, { alreadyPaged }: PageOptions): Promise<Page<O>> {
  const total = rows.length > 0 ? Number(rows[0][TOTAL]) : page === 1 && !alreadyPaged && !('kept' in count) ? 0 : await countAlone(count);
  return pageWith(total, page, withoutTotal(rows));
}

/**
 * The rows of a page without the total that rode along (the rows are the driver's, fresh per query).
 * The total is the statement's last column, so it is the rows' last property: deleting it takes V8's
 * fast path and keeps the rows fast objects, where copying 45 other fields per row did not.
 */
export const withoutTotal = <O>(rows: WithTotal<O>[]): O[] => {
  for (const r of rows) delete (r as Partial<WithTotal<O>>)[TOTAL];
  return rows as unknown as O[];
};

/** A page of `results` out of `total`; past the last page there are none and "previous" points at the last that has some. */
export function pageWith<R>(total: number, page: number, results: R[]): Page<R> {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return { count: total, next: page < pages ? page + 1 : null, previous: page > 1 ? Math.min(page - 1, pages) : null, results };
}
