import type { SelectQueryBuilder } from 'kysely';
import { z } from '../../shared/zod';
import { searchField } from '../../shared/schemas/fields';
import { pageParam } from '../../shared/schemas/common';

export const PAGE_SIZE = 10;

/** `?page=N&search=…&all=true` as the spec's paged lists take them. */
export const listQuery = z.object({
  page: pageParam,
  search: searchField,
  all: z.enum(['true', 'false']).or(z.boolean()).transform((v) => v === true || v === 'true').optional(),
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
 * The count as a query over the same filters, or already known (a kept total); read next to the page.
 * `alreadyPaged`: the query picks its own page (e.g. a deferred join), run as it is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works with any table set; the count may read fewer tables than the page
export async function paginate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: number, countQuery: SelectQueryBuilder<any, any, any> | (() => Promise<number>), opts: { alreadyPaged?: boolean } = {}): Promise<Page<O>> {
  const counting =
    typeof countQuery === 'function'
      ? countQuery()
      : countQuery
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .execute()
          .then((rows) => Number((rows as unknown as { count: string }[])[0].count));
  const [total, results] = await Promise.all([counting, (opts.alreadyPaged ? query : query.limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)).execute()]);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Past the last page: no results, and "previous" points at the last page that has some.
  return { count: total, next: page < pages ? page + 1 : null, previous: page > 1 ? Math.min(page - 1, pages) : null, results };
}
