import { listSearch, type ListSearch } from '../../lib/listSearch';

/** The side tabs of /divisas, as `?tab=` names them ('divisas', the first, is the URL without it). */
export const DIVISAS_TABS = ['divisas', 'configuracion'] as const;
export type DivisasTab = (typeof DIVISAS_TABS)[number];

export interface DivisasSearch extends ListSearch {
  tab?: Exclude<DivisasTab, 'divisas'>;
}

const lista = listSearch();

/**
 * `validateSearch` of /divisas: the list's page and search, and the open tab (reload, back and shared
 * links keep it). An unknown tab reads as absent: the first one.
 */
export function divisasSearch(raw: Record<string, unknown>): DivisasSearch {
  return { ...lista(raw), tab: raw.tab === 'configuracion' ? 'configuracion' : undefined };
}
