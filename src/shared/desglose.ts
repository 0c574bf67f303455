/**
 * Payout breakdown (the terminal side): which banknotes pay an amount exactly, with the fewest
 * notes, using only the notes a terminal holds. Greedy (largest note first) is not enough once
 * stock is limited: 60 with notes of 50 ×1 and 20 ×3 is 20+20+20, while greedy takes the 50 and
 * is left with 10. So this is a bounded coin-change minimisation (dynamic programming over the
 * amount in units of the notes' greatest common divisor, each note's stock split in powers of two).
 * Pure: amounts and denominations are whole numbers of the currency's unit (notes have no cents).
 */

import { dec } from './money';

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

/**
 * The most work a plan may take (table cells: amount ÷ gcd × note bundles, a byte each): ~20 MB and
 * a few tens of milliseconds. Past it the payout is refused as impossible to plan; once the notes
 * every answer uses are taken first (see `desglosar`), real note sets stay far below it.
 */
export const MAX_CELDAS = 20_000_000;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

function assertWhole(n: number, what: string) {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} debe ser un entero no negativo: ${n}`);
}

/**
 * The fewest notes that add up to `monto` exactly within stock, largest notes first; `null` when
 * the stock cannot pay it exactly (or the plan would take more than MAX_CELDAS).
 * `monto` 0 is paid with no notes.
 */
export function desglosar(monto: number, stock: readonly StockNota[]): NotaEntregada[] | null {
  // Past 2^53 notes cannot be counted exactly: no terminal pays that (amounts are capped far below).
  if (Number.isInteger(monto) && !Number.isSafeInteger(monto)) return null;
  assertWhole(monto, 'El monto');
  // One entry per face value, at most as many notes as fit in the amount, largest first.
  const porValor = new Map<number, number>();
  for (const s of stock) {
    assertWhole(s.denominacion, 'La denominación');
    assertWhole(s.disponibles, 'La cantidad disponible');
    if (s.denominacion > 0 && s.denominacion <= monto) porValor.set(s.denominacion, (porValor.get(s.denominacion) ?? 0) + s.disponibles);
  }
  const notas = [...porValor]
    .map(([denominacion, n]) => ({ denominacion, disponibles: Math.min(n, Math.floor(monto / denominacion)) }))
    .filter((s) => s.disponibles > 0)
    .sort((a, b) => b.denominacion - a.denominacion);
  if (monto === 0) return [];
  // Not enough money in the terminal at all: no table needed.
  if (notas.reduce((t, s) => t + s.disponibles * s.denominacion, 0) < monto) return null;
  const g = notas.reduce((acc, s) => gcd(acc, s.denominacion), 0);
  if (monto % g !== 0) return null;

  // Notes of d are taken first where every fewest-notes answer uses them. An answer with d/gcd(d, e) or
  // more notes of a smaller e can swap lcm(d, e) of value for fewer notes of d, as long as e/gcd(d, e)
  // notes of d are spare (`libres`). So an answer that leaves that many unused pays at most `tope` with
  // smaller notes, and notes of d pay the rest of what the larger notes cannot cover (`falta`). The
  // table is left with what the smaller notes pay, bounded by the note set, whatever the amount.
  let falta = monto;
  const fijas = notas.map((s, i) => {
    const d = s.denominacion;
    const menores = notas.slice(i + 1).map((e) => ({ e: e.denominacion, k: gcd(d, e.denominacion) }));
    const tope = menores.reduce((t, { e, k }) => t + (d / k - 1) * e, 0);
    const libres = menores.reduce((t, { e, k }) => Math.max(t, e / k), 0);
    const n = falta > tope ? Math.max(0, Math.min(s.disponibles - libres, Math.ceil((falta - tope) / d))) : 0;
    falta -= s.disponibles * d;
    return n;
  });
  const pagado = notas.reduce((t, s, i) => t + fijas[i] * s.denominacion, 0);
  const plan = planMinimo((monto - pagado) / g, notas.map((s, i) => ({ ...s, disponibles: s.disponibles - fijas[i] })), g);
  if (!plan) return null;
  return notas.map((s, i) => ({ denominacion: s.denominacion, cantidad: plan[i] + fijas[i] })).filter((n) => n.cantidad > 0);
}

/**
 * Bounded coin change over `target` units of `g`: the count of each note in a fewest-notes answer,
 * or null. Each note's stock is split into bundles of 1, 2, 4… notes (0/1 knapsack items), so every
 * count from 0 to the stock is reachable and the table stays O(target × Σ log stock).
 */
function planMinimo(target: number, notas: readonly StockNota[], g: number): number[] | null {
  const bundles: { idx: number; count: number; weight: number }[] = [];
  notas.forEach((s, idx) => {
    let left = Math.min(s.disponibles, Math.floor(target / (s.denominacion / g)));
    for (let k = 1; left > 0; k *= 2) {
      const c = Math.min(k, left);
      bundles.push({ idx, count: c, weight: (c * s.denominacion) / g });
      left -= c;
    }
  });
  if ((target + 1) * bundles.length > MAX_CELDAS) return null;

  const INF = 0x7fffffff;
  const best = new Int32Array(target + 1).fill(INF);
  best[0] = 0;
  // used[b] marks, per bundle, the amounts it improved: enough to walk the solution back.
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
  return counts;
}

/** Sum of a breakdown: Σ denominación × cantidad. */
export const totalDesglose = (notas: readonly NotaEntregada[]) => notas.reduce((t, n) => t + n.denominacion * n.cantidad, 0);

/** Every note of `denominaciones` as many times as it fits in `monto`: money handed in, with no stock limit. */
export const sinTope = (denominaciones: readonly number[], monto: number): StockNota[] =>
  denominaciones.map((denominacion) => ({ denominacion, disponibles: Math.floor(monto / denominacion) }));

/**
 * The notes part of an amount paid out or taken in (DESIGN §7): the largest whole amount the notes
 * form exactly within stock, at most `monto` and less than the smallest note in use (`notaMinima`) below
 * it, in the fewest notes; the rest (below the smallest note) goes in coins or guaraníes. Notes that
 * do not divide each other form amounts that no multiple of the smallest one does: ₲ 725.000 is
 * 7 × 100.000 + 20.000 + 5.000 (not ₲ 724.000 in notes and ₲ 1.000 in coins), R$ 15 is 10 + 5.
 * Null when the notes held cannot form any such amount. Without notes in use everything is the rest.
 */
export function parteEnNotas(monto: string, stock: readonly StockNota[], notaMinima: number): { enNotas: number; notas: NotaEntregada[] } | null {
  assertWhole(notaMinima, 'La nota mínima');
  const total = dec(monto);
  if (notaMinima === 0) return { enNotas: 0, notas: [] };
  const entero = total.floor().toNumber();
  if (!Number.isSafeInteger(entero)) return null;
  // Only multiples of the held notes' gcd can be formed; between the amount and one smallest note
  // below it there are few (₲: 725.000 and 724.000), each one bounded plan.
  const g = stock.filter((s) => s.disponibles > 0 && s.denominacion > 0).reduce((acc, s) => gcd(acc, s.denominacion), 0);
  const paso = g || Number.MAX_SAFE_INTEGER;
  const piso = total.minus(notaMinima);
  for (let n = entero - (entero % paso); n >= 0 && piso.lt(n); n -= paso) {
    const notas = desglosar(n, stock);
    if (notas) return { enNotas: n, notas };
  }
  return null;
}
