import { useCallback } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** The query key of the home simulator's live quote (`useCotizacionPublicaEnVivo`). */
export const COTIZACION_PUBLICA_EN_VIVO = 'cotizacion-publica-en-vivo';
/** The query key of a client's live quote in the operation wizard (`useCotizacionEnVivo`). */
export const COTIZACION_EN_VIVO = 'cotizacion-en-vivo';

/**
 * Every query that shows prices or rates, by the tRPC path that starts its key (`[['cotizaciones',
 * 'public'], {…}]`): the rates (public table and staff list), the currencies with and without a rate
 * (every currency select of the simulator, the wizard and the history), the simulations and their
 * methods, a pending operation's re-quote; and the live quotes, keyed by name.
 */
const RUTAS_CON_PRECIOS: readonly (readonly string[])[] = [
  ['cotizaciones'],
  ['divisas', 'conTasa'],
  ['divisas', 'sinTasa'],
  ['simulacion'],
  ['transacciones', 'reconfirmarTasa'],
];
const CLAVES_CON_PRECIOS = new Set([COTIZACION_PUBLICA_EN_VIVO, COTIZACION_EN_VIVO]);

/** Whether the query of this key shows prices or rates (and so must be read again after they change). */
export function muestraPrecios(queryKey: QueryKey): boolean {
  const [primera] = queryKey;
  if (typeof primera === 'string') return CLAVES_CON_PRECIOS.has(primera);
  if (!Array.isArray(primera)) return false;
  return RUTAS_CON_PRECIOS.some((ruta) => ruta.every((parte, i) => primera[i] === parte));
}

/** Marks every query showing prices as stale; the ones on screen are fetched again at once. */
export function refrescarPrecios(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => muestraPrecios(q.queryKey) });
}

/**
 * The one refresh after an admin change to rates, currencies or method commissions: every query that
 * shows public prices or rates, wherever it is shown (home table, simulator, wizard, history),
 * instead of a list per mutation hook.
 */
export function useRefrescarPrecios(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refrescarPrecios(queryClient), [queryClient]);
}
