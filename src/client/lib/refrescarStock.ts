import { trpc } from '../trpc';

/**
 * Every query showing the Tausers' banknote stock: a Tauser's 'Stock de billetes' (and its Billete
 * list), whether a terminal can pay, and Reportes' stock table. A note or a currency created, renamed or
 * taken out of use, a Tauser created, edited or toggled, and a load or withdrawal all show there.
 */
export function useRefrescarStock() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.terminal.stock.invalidate(), utils.terminal.puedePagar.invalidate(), utils.reportes.stock.invalidate()]);
}
