import { formatRate } from '../../../shared/format';
import { RATE_DECIMALS } from '../../../shared/rates';
import { trpc } from '../../trpc';

export interface BaseCurrency {
  simbolo: string;
  precision: number;
}

/** The spec's default when the base currency is not known yet. */
const DEFAULT_PRECISION = 3;

/**
 * Rates screen (spec 001 §2): es-PY, the base currency's symbol and at least its precision in decimals.
 * Rates are stored with 4 decimals, so up to 4 are shown even when the base precision is lower
 * (PYG has 0: ARS 8.5 shows as "₲ 8,5", not "₲ 9").
 */
export function formatTasa(value: string, base: BaseCurrency | undefined): string {
  const precision = base?.precision ?? DEFAULT_PRECISION;
  const text = formatRate(value, Math.max(precision, RATE_DECIMALS), precision);
  return `${base?.simbolo ?? '₲'} ${text}`;
}

/** Public table: es-PY with up to 10 decimals (spec 001 §9). */
export const formatTasaPublica = (value: string) => formatRate(value, 10);

/** The base currency (first of the public con_tasa list). */
export function useBaseCurrency(): BaseCurrency | undefined {
  const q = trpc.divisas.conTasa.useQuery({ all: true }, { staleTime: 60_000 });
  return Array.isArray(q.data) ? q.data.find((d) => d.es_base) : undefined;
}
