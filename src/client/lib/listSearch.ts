import { useEffect, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { totalPages } from '../components/Pagination';
import { MAX_PAGE } from '../../shared/paginas';

/** The URL state every list page keeps: `?page=2&search=usd` plus its own filters. */
export interface ListSearch {
  page?: number;
  search?: string;
}

const positiveInt = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : undefined;
};
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/**
 * `validateSearch` of a list route. Malformed values read as absent (a shared link with `?page=abc`
 * opens page 1; a page past the server's limit asks for the last one it takes). `filters` names the
 * extra text filters the page keeps in the URL. Every key is answered, `undefined` when absent: the
 * router lays the answer over the raw query, so a key left out would keep the malformed value.
 */
export function listSearch<F extends string = never>(...filters: F[]) {
  return (raw: Record<string, unknown>): ListSearch & Partial<Record<F, string>> => {
    const page = positiveInt(raw.page);
    const out: Record<string, unknown> = { page: page && page > 1 ? page : undefined, search: text(raw.search) };
    for (const f of filters) out[f] = text(raw[f]);
    return out as ListSearch & Partial<Record<F, string>>;
  };
}

/**
 * Reads and writes the list state of the current route's URL: back and forward, reload and
 * shared links restore the list. Changing the search or a filter goes back to page 1.
 */
export function useListSearch<F extends string = never>() {
  const s = useSearch({ strict: false }) as unknown as ListSearch & Partial<Record<F, string>>;
  const navigate = useNavigate();
  const set = (patch: Partial<ListSearch & Record<F, string | undefined>>, replace = false) =>
    void navigate({
      to: '.',
      replace,
      search: (prev: Record<string, unknown>) => {
        const next: Record<string, unknown> = { ...prev, ...patch };
        for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === '' || (k === 'page' && next[k] === 1)) delete next[k];
        return next as never;
      },
    });
  return {
    page: s.page ?? 1,
    search: s.search ?? '',
    filters: s as Partial<Record<F, string>>,
    setPage: (page: number, opts: { replace?: boolean } = {}) => set({ page } as never, opts.replace),
    /** `replace` for search-as-you-type inputs: one history entry, not one per keystroke. */
    setSearch: (search: string, opts: { replace?: boolean } = {}) => set({ search, page: undefined } as never, opts.replace),
    /** `replace` when the change is no step to go back to (closing a detail the URL opened). */
    setFilter: (name: F, value: string | undefined, opts: { replace?: boolean } = {}) => set({ [name]: value, page: undefined } as never, opts.replace),
  };
}

/**
 * A page past the last one (a hand-edited link, or rows gone since it was shared) moves to the last
 * page, replacing the URL so Back does not return to it. `count` is the total of the list as asked
 * now: `undefined` while it is loading or still showing the previous answer.
 */
export function useLastPageAtMost(count: number | undefined) {
  const { page, setPage } = useListSearch();
  const last = count === undefined ? undefined : totalPages(count);
  useEffect(() => {
    if (last !== undefined && page > last) setPage(last, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setPage is a new function every render
  }, [page, last]);
}

/**
 * Search-as-you-type over a list loaded whole: the box follows the keyboard at once, and the URL
 * (replaced, not pushed per keystroke) keeps the text for reload and shared links.
 */
export function useLiveSearch() {
  const { search, setSearch } = useListSearch();
  const [text, setText] = useState(search);
  const change = (value: string) => {
    setText(value);
    setSearch(value, { replace: true });
  };
  return [text, change] as const;
}

/** The rows of a list asked without a page (an array), or of one page (`{results}`). */
export const filasDe = <T,>(data: T[] | { results: T[] } | undefined): T[] | undefined => (data === undefined ? undefined : Array.isArray(data) ? data : data.results);
