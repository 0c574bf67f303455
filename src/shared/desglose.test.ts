import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { desglosar, parteEnNotas, sinTope, totalDesglose, type StockNota } from './desglose';

/** Largest note first while it fits and stock lasts: what a naive terminal would do. */
function greedy(monto: number, stock: StockNota[]) {
  let left = monto;
  const out: { denominacion: number; cantidad: number }[] = [];
  for (const s of [...stock].sort((a, b) => b.denominacion - a.denominacion)) {
    const n = Math.min(s.disponibles, Math.floor(left / s.denominacion));
    if (n > 0) out.push({ denominacion: s.denominacion, cantidad: n });
    left -= n * s.denominacion;
  }
  return left === 0 ? out : null;
}

/** Exhaustive minimum number of notes (small cases only). */
function bruteMin(monto: number, stock: StockNota[]): number | null {
  let best: number | null = null;
  const rec = (i: number, left: number, notes: number) => {
    if (left === 0) {
      if (best === null || notes < best) best = notes;
      return;
    }
    if (i === stock.length) return;
    const s = stock[i];
    for (let k = 0; k <= s.disponibles && k * s.denominacion <= left; k++) rec(i + 1, left - k * s.denominacion, notes + k);
  };
  rec(0, monto, 0);
  return best;
}

const PYG: StockNota[] = [
  { denominacion: 100000, disponibles: 10 },
  { denominacion: 50000, disponibles: 10 },
  { denominacion: 20000, disponibles: 10 },
  { denominacion: 10000, disponibles: 10 },
  { denominacion: 5000, disponibles: 10 },
  { denominacion: 2000, disponibles: 10 },
];

describe('desglosar', () => {
  it('pays an amount with the fewest notes, largest first', () => {
    expect(desglosar(725000, PYG)).toEqual([
      { denominacion: 100000, cantidad: 7 },
      { denominacion: 20000, cantidad: 1 },
      { denominacion: 5000, cantidad: 1 },
    ]);
    expect(desglosar(0, PYG)).toEqual([]);
  });

  it('beats greedy when stock is limited (counter-example)', () => {
    const stock = [
      { denominacion: 50, disponibles: 1 },
      { denominacion: 20, disponibles: 3 },
    ];
    expect(greedy(60, stock)).toBeNull();
    expect(desglosar(60, stock)).toEqual([{ denominacion: 20, cantidad: 3 }]);
  });

  it('says it cannot when the stock cannot pay exactly', () => {
    expect(desglosar(1000, PYG)).toBeNull();
    expect(desglosar(3000, PYG)).toBeNull();
    expect(desglosar(100000 * 10 + 50000 * 10 + 20000 * 10 + 10000 * 10 + 5000 * 10 + 2000 * 10 + 2000, PYG)).toBeNull();
    expect(desglosar(100, [{ denominacion: 100, disponibles: 0 }])).toBeNull();
  });

  it('refuses amounts and stock that are not whole numbers', () => {
    expect(() => desglosar(10.5, PYG)).toThrow(RangeError);
    expect(() => desglosar(10, [{ denominacion: 5, disponibles: -1 }])).toThrow(RangeError);
  });

  /** Every plan of `montos` over stocks of `denoms` (up to `maxStock` each) is exact, within stock and minimal. */
  const esMinimo = (denoms: { min: number; max: number; maxLength: number }, maxStock: number, maxMonto: number, numRuns: number) => {
    const stockArb = fc.uniqueArray(fc.integer({ min: denoms.min, max: denoms.max }), { minLength: 1, maxLength: denoms.maxLength }).chain((ds) =>
      fc.tuple(...ds.map((d) => fc.integer({ min: 0, max: maxStock }).map((n) => ({ denominacion: d, disponibles: n })))),
    );
    fc.assert(
      fc.property(stockArb, fc.integer({ min: 0, max: maxMonto }), (stock, monto) => {
        const plan = desglosar(monto, stock);
        const min = bruteMin(monto, stock);
        if (min === null) return plan === null;
        if (plan === null) return false;
        const withinStock = plan.every((n) => n.cantidad <= stock.find((s) => s.denominacion === n.denominacion)!.disponibles);
        const notes = plan.reduce((t, n) => t + n.cantidad, 0);
        return totalDesglose(plan) === monto && withinStock && notes === min;
      }),
      { numRuns },
    );
  };

  it('is exact, within stock and minimal (property, against exhaustive search)', () => {
    esMinimo({ min: 1, max: 60, maxLength: 4 }, 6, 200, 400);
  });

  it('stays minimal when the largest notes are taken first (amounts past L/g notes of the largest)', () => {
    esMinimo({ min: 2, max: 12, maxLength: 3 }, 30, 360, 300);
  });

  it('plans any amount a full terminal holds, and refuses at once what its notes cannot add up to', () => {
    const usd = [100, 50, 20, 10, 5, 2, 1].map((d) => ({ denominacion: d, disponibles: 100_000 }));
    // 6 million units of US$ 1: a table over the whole amount would be refused as too large.
    const plan = desglosar(6_000_001, usd);
    expect(plan).toEqual([{ denominacion: 100, cantidad: 60_000 }, { denominacion: 1, cantidad: 1 }]);
    expect(desglosar(7.25e16, usd)).toBeNull();
    const poca = [100, 50, 20, 10, 5, 2, 1].map((d) => ({ denominacion: d, disponibles: 50 }));
    expect(desglosar(4_999_999, poca)).toBeNull();
    // A small unit next to large notes (a ₲ 100 coin stocked as a denomination): still planned.
    const conMoneda = [100000, 50000, 20000, 10000, 5000, 2000, 100].map((d) => ({ denominacion: d, disponibles: 1000 }));
    expect(desglosar(99_999_900, conMoneda)).toEqual([
      { denominacion: 100000, cantidad: 999 }, { denominacion: 50000, cantidad: 1 }, { denominacion: 20000, cantidad: 2 },
      { denominacion: 5000, cantidad: 1 }, { denominacion: 2000, cantidad: 2 }, { denominacion: 100, cantidad: 9 },
    ]);
    // Short of large notes: the small ones pay the rest.
    const corta = [{ denominacion: 100, disponibles: 3 }, { denominacion: 20, disponibles: 100_000 }];
    expect(desglosar(1_000_000, corta)).toEqual([{ denominacion: 100, cantidad: 3 }, { denominacion: 20, cantidad: 49_985 }]);
  });

  it('plans large guaraní payouts quickly enough for a terminal', () => {
    const stock = PYG.map((s) => ({ ...s, disponibles: 5000 }));
    const plan = desglosar(123_456_000, stock);
    expect(plan && totalDesglose(plan)).toBe(123_456_000);
  });
});

describe('parteEnNotas', () => {
  it('forms the whole amount when the notes can, though the notes do not divide each other', () => {
    // ₲ 2.000 and 5.000: 725.000 is 7 × 100.000 + 20.000 + 5.000, not 724.000 in notes and ₲ 1.000 in coins.
    expect(parteEnNotas('725000', PYG, 2000)).toEqual({
      enNotas: 725000,
      notas: [{ denominacion: 100000, cantidad: 7 }, { denominacion: 20000, cantidad: 1 }, { denominacion: 5000, cantidad: 1 }],
    });
    expect(parteEnNotas('15', sinTope([2, 5, 10, 20], 15), 2)).toEqual({ enNotas: 15, notas: [{ denominacion: 10, cantidad: 1 }, { denominacion: 5, cantidad: 1 }] });
    expect(parteEnNotas('50', sinTope([20, 50, 100], 50), 20)).toEqual({ enNotas: 50, notas: [{ denominacion: 50, cantidad: 1 }] });
    // Without the ₲ 2.000 notes the ₲ 5.000 one still pays it.
    expect(parteEnNotas('725000', PYG.filter((s) => s.denominacion !== 2000), 2000)?.enNotas).toBe(725000);
  });

  it('leaves below the smallest note only what no note can form; the cents of a foreign amount', () => {
    expect(parteEnNotas('134.14', sinTope([1, 5, 10, 20, 50, 100], 134), 1)).toMatchObject({ enNotas: 134 });
    expect(parteEnNotas('1005500', sinTope([2000, 5000, 10000, 20000, 50000, 100000], 1005500), 2000)).toMatchObject({ enNotas: 1005000 });
    expect(parteEnNotas('1500', PYG, 2000)).toEqual({ enNotas: 0, notas: [] });
    // Stock short of the ₲ 5.000: the ₲ 1.000 below the smallest note goes in coins.
    const corto = [{ denominacion: 100000, disponibles: 7 }, { denominacion: 20000, disponibles: 1 }, { denominacion: 5000, disponibles: 0 }, { denominacion: 2000, disponibles: 5 }];
    expect(parteEnNotas('725000', corto, 2000)).toEqual({ enNotas: 724000, notas: [{ denominacion: 100000, cantidad: 7 }, { denominacion: 20000, cantidad: 1 }, { denominacion: 2000, cantidad: 2 }] });
  });

  it('null when the notes held cannot come within one smallest note of the amount; everything is the rest without notes in use', () => {
    expect(parteEnNotas('725000', [{ denominacion: 100000, disponibles: 7 }], 2000)).toBeNull();
    expect(parteEnNotas('725000', [], 2000)).toBeNull();
    expect(parteEnNotas('0.99', [], 1)).toEqual({ enNotas: 0, notas: [] });
    expect(parteEnNotas('100.60', [], 0)).toEqual({ enNotas: 0, notas: [] });
  });

  it('property: the notes add up to the part, the rest is below the smallest note, and no larger part is formable', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300_000 }), fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 6, maxLength: 6 }), (monto, cuenta) => {
        const stock = PYG.map((s, i) => ({ ...s, disponibles: cuenta[i] }));
        const r = parteEnNotas(String(monto), stock, 2000);
        if (!r) {
          // Nothing between one smallest note below and the amount is formable.
          for (let n = monto; n > monto - 2000 && n >= 0; n--) expect(desglosar(n, stock)).toBeNull();
          return;
        }
        expect(totalDesglose(r.notas)).toBe(r.enNotas);
        expect(monto - r.enNotas).toBeGreaterThanOrEqual(0);
        expect(monto - r.enNotas).toBeLessThan(2000);
        for (let n = monto; n > r.enNotas; n--) expect(desglosar(n, stock)).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});
