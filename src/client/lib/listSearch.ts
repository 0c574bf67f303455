import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';

/** The URL state every list page keeps: `?page=2&search=usd` plus its own filters. */
export interface ListSearch {
  page?: number;
  search?: string;
}

const positiveInt = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
};
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/**
 * `validateSearch` of a list route. Unknown or malformed values are dropped (a shared link with
 * `?page=abc` opens page 1). `filters` names the extra text filters the page keeps in the URL.
 */
export function listSearch<F extends string = never>(...filters: F[]) {
  return (raw: Record<string, unknown>): ListSearch & Partial<Record<F, string>> => {
    const out: Record<string, unknown> = {};
    const page = positiveInt(raw.page);
    if (page && page > 1) out.page = page;
    const search = text(raw.search);
    if (search) out.search = search;
    for (const f of filters) {
      const v = text(raw[f]);
      if (v) out[f] = v;
    }
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
    setPage: (page: number) => set({ page } as never),
    /** `replace` for search-as-you-type inputs: one history entry, not one per keystroke. */
    setSearch: (search: string, opts: { replace?: boolean } = {}) => set({ search, page: undefined } as never, opts.replace),
    setFilter: (name: F, value: string | undefined) => set({ [name]: value, page: undefined } as never),
  };
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
