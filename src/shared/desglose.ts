/**
 * Payout breakdown (the terminal side): which banknotes pay an amount exactly, with the fewest
 * notes, using only the notes a terminal holds. Greedy (largest note first) is not enough once
 * stock is limited: 60 with notes of 50 ×1 and 20 ×3 is 20+20+20, while greedy takes the 50 and
 * is left with 10. So this is a bounded coin-change minimisation (dynamic programming over the
 * amount in units of the notes' greatest common divisor, each note's stock split in powers of two).
 * Pure: amounts and denominations are whole numbers of the currency's unit (notes have no cents).
 */

import { dec, roundMinor } from './money';

export interface StockNota {
  /** Face value, a positive whole number (e.g. 100000 for ₲ 100.000, 100 for US$ 100). */
  denominacion: number;
  /** Notes available, a whole number ≥ 0. */
  disponibles: number;
}

export interface NotaEntregada {
  denominacion: number;
  cantidad: number;
}

/** The largest DP table built (amount ÷ gcd of the notes); beyond it the payout is refused as impossible to plan. */
export const MAX_ESTADOS = 5_000_000;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

function assertWhole(n: number, what: string) {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} debe ser un entero no negativo: ${n}`);
}

/**
 * The fewest notes that add up to `monto` exactly within stock, largest notes first; `null` when
 * the stock cannot pay it exactly (or the plan would need more than MAX_ESTADOS states).
 * `monto` 0 is paid with no notes.
 */
export function desglosar(monto: number, stock: readonly StockNota[]): NotaEntregada[] | null {
  assertWhole(monto, 'El monto');
  const notas = stock.filter((s) => {
    assertWhole(s.denominacion, 'La denominación');
    assertWhole(s.disponibles, 'La cantidad disponible');
    return s.denominacion > 0 && s.disponibles > 0 && s.denominacion <= monto;
  });
  if (monto === 0) return [];
  if (notas.length === 0) return null;

  const g = notas.reduce((acc, s) => gcd(acc, s.denominacion), 0);
  if (monto % g !== 0) return null;
  const target = monto / g;
  if (target > MAX_ESTADOS) return null;

  // Split each stock into bundles of 1, 2, 4… notes (0/1 knapsack items), so every count from 0 to
  // the stock is reachable and the table stays O(target × Σ log stock).
  const bundles: { idx: number; count: number; weight: number }[] = [];
  notas.forEach((s, idx) => {
    let left = Math.min(s.disponibles, Math.floor(monto / s.denominacion));
    for (let k = 1; left > 0; k *= 2) {
      const c = Math.min(k, left);
      bundles.push({ idx, count: c, weight: (c * s.denominacion) / g });
      left -= c;
    }
  });

  const INF = 0x7fffffff;
  const best = new Int32Array(target + 1).fill(INF);
  best[0] = 0;
  // choice[b] marks, per bundle, the amounts it improved: enough to walk the solution back.
  const used: Uint8Array[] = [];
  for (const b of bundles) {
    const mark = new Uint8Array(target + 1);
    for (let v = target; v >= b.weight; v--) {
      const prev = best[v - b.weight];
      if (prev !== INF && prev + b.count < best[v]) {
        best[v] = prev + b.count;
        mark[v] = 1;
      }
    }
    used.push(mark);
  }
  if (best[target] === INF) return null;

  const counts = new Array<number>(notas.length).fill(0);
  let v = target;
  for (let i = bundles.length - 1; i >= 0 && v > 0; i--) {
    if (used[i][v]) {
      counts[bundles[i].idx] += bundles[i].count;
      v -= bundles[i].weight;
    }
  }
  return notas
    .map((s, i) => ({ denominacion: s.denominacion, cantidad: counts[i] }))
    .filter((n) => n.cantidad > 0)
    .sort((a, b) => b.denominacion - a.denominacion);
}

/** Sum of a breakdown: Σ denominación × cantidad. */
export const totalDesglose = (notas: readonly NotaEntregada[]) => notas.reduce((t, n) => t + n.denominacion * n.cantidad, 0);

/**
 * How a payout in foreign currency is split (DESIGN §7, terminal side): the multiple of the smallest
 * active note is paid in notes; what is below it is paid in guaraníes at the transaction's applied
 * rate, rounded half-up to whole guaraníes. A guaraní payout is never split (`resto` 0).
 */
export function repartirPago(monto: string, notaMinima: number, tasaAplicada: string, esBase: boolean): { enNotas: number; restoDivisa: string; restoPyg: string } {
  assertWhole(notaMinima, 'La nota mínima');
  const total = dec(monto);
  if (esBase) {
    if (!total.isInteger()) throw new RangeError(`Un pago en guaraníes no tiene decimales: ${monto}`);
    return { enNotas: total.toNumber(), restoDivisa: '0', restoPyg: '0' };
  }
  if (notaMinima <= 0) return { enNotas: 0, restoDivisa: total.toString(), restoPyg: roundMinor(total.times(tasaAplicada), 'PYG') };
  const enNotas = total.div(notaMinima).floor().times(notaMinima);
  const resto = total.minus(enNotas);
  return { enNotas: enNotas.toNumber(), restoDivisa: resto.toString(), restoPyg: roundMinor(resto.times(tasaAplicada), 'PYG') };
}
