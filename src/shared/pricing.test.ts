import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Decimal, minorUnits } from './money';
import {
  MSG_BASE_REQUIRED,
  MSG_COMISION_MAYOR_PRECIO,
  MSG_MONTO_DESTINO_CERO,
  MSG_MONTO_DESTINO_GRANDE,
  MSG_MONTO_POSITIVO,
  MSG_TASA_FINAL_GRANDE,
  PricingError,
  deltaPct,
  operationDirection,
  quoteRates,
  simulate,
} from './pricing';

const USD = { precioBase: '7300', comisionBaseCompra: '50', comisionBaseVenta: '50' };

describe('quoteRates', () => {
  it('tasaCompra = P − Cc, tasaVenta = P + Cv', () => {
    expect(quoteRates(USD)).toEqual({ tasaCompra: '7250', tasaVenta: '7350' });
    expect(quoteRates({ precioBase: '7300.25', comisionBaseCompra: '0.05', comisionBaseVenta: '10.5' })).toEqual({
      tasaCompra: '7300.2',
      tasaVenta: '7310.75',
    });
  });

  it('allows Cc = P but not Cc > P', () => {
    expect(quoteRates({ precioBase: '50', comisionBaseCompra: '50', comisionBaseVenta: '0' }).tasaCompra).toBe('0');
    expect(() => quoteRates({ precioBase: '50', comisionBaseCompra: '50.01', comisionBaseVenta: '0' })).toThrow(
      MSG_COMISION_MAYOR_PRECIO,
    );
  });

  it('rejects malformed numbers', () => {
    expect(() => quoteRates({ ...USD, precioBase: '7.300,5' })).toThrow(PricingError);
    expect(() => quoteRates({ ...USD, comisionBaseVenta: '-1' })).toThrow(PricingError);
  });
});

/** A rate figure as the API stores it: numeric(20,4), edge values weighted in. */
const figureArb = fc.oneof(
  fc.constantFrom('0', '0.0001', '1', '0.9999', '9999999999999999.9999', '1000000000000000', '7300', '0.5'),
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 16n - 1n }), fc.integer({ min: 0, max: 9999 })).map(([i, f]) => `${i}.${String(f).padStart(4, '0')}`),
);

describe('quoteRates — properties at the edges of numeric(20,4)', () => {
  it('is exact: tasaCompra + Cc = P, tasaVenta − Cv = P, and the spread is Cc + Cv', () => {
    fc.assert(
      fc.property(figureArb, figureArb, figureArb, (p, cc, cv) => {
        fc.pre(new Decimal(p).gt(0) && new Decimal(cc).lte(p));
        const { tasaCompra, tasaVenta } = quoteRates({ precioBase: p, comisionBaseCompra: cc, comisionBaseVenta: cv });
        expect(tasaCompra).toMatch(/^\d+(\.\d+)?$/);
        expect(tasaVenta).toMatch(/^\d+(\.\d+)?$/);
        expect(new Decimal(tasaCompra).plus(cc).eq(p)).toBe(true);
        expect(new Decimal(tasaVenta).minus(cv).eq(p)).toBe(true);
        expect(new Decimal(tasaVenta).minus(tasaCompra).eq(new Decimal(cc).plus(cv))).toBe(true);
        expect(new Decimal(tasaCompra).gte(0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('matches integer arithmetic on ten-thousandths (no float anywhere)', () => {
    const units = (s: string) => BigInt(new Decimal(s).times(10000).toFixed(0));
    fc.assert(
      fc.property(figureArb, figureArb, figureArb, (p, cc, cv) => {
        fc.pre(new Decimal(p).gt(0) && new Decimal(cc).lte(p));
        const { tasaCompra, tasaVenta } = quoteRates({ precioBase: p, comisionBaseCompra: cc, comisionBaseVenta: cv });
        expect(units(tasaCompra)).toBe(units(p) - units(cc));
        expect(units(tasaVenta)).toBe(units(p) + units(cv));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a buy commission above the price and a zero price, whatever the figures', () => {
    fc.assert(
      fc.property(figureArb, figureArb, (p, cv) => {
        const above = new Decimal(p).plus('0.0001').toFixed();
        expect(() => quoteRates({ precioBase: p, comisionBaseCompra: above, comisionBaseVenta: cv })).toThrow(PricingError);
        expect(() => quoteRates({ precioBase: '0', comisionBaseCompra: '0', comisionBaseVenta: cv })).toThrow(PricingError);
      }),
    );
  });
});

describe('operationDirection', () => {
  it('origin base → client buys; destination base → client sells', () => {
    expect(operationDirection(true, false)).toEqual({ operacion_cliente: 'compra', operacion_casa: 'venta' });
    expect(operationDirection(false, true)).toEqual({ operacion_cliente: 'venta', operacion_casa: 'compra' });
  });

  it('requires the base currency on exactly one side', () => {
    expect(() => operationDirection(false, false)).toThrow(MSG_BASE_REQUIRED);
    expect(() => operationDirection(true, true)).toThrow(MSG_BASE_REQUIRED);
    expect(() => operationDirection(true, true)).toThrow(PricingError);
  });
});

describe('simulate — DESIGN §6 worked examples', () => {
  it('VIP 10 %, transfer, buys USD with 1 000 000 PYG', () => {
    expect(
      simulate({ ...USD, monto: '1000000', direction: 'compra', descuento: '10', comisionMetodo: '1.5', destinoCodigo: 'USD' }),
    ).toEqual({ tc_final: '7455.1750', monto_destino: '134.14' });
  });

  it('VIP 10 %, transfer, sells 100 USD', () => {
    expect(
      simulate({ ...USD, monto: '100', direction: 'venta', descuento: '10', comisionMetodo: '1.0', destinoCodigo: 'PYG' }),
    ).toEqual({ tc_final: '7182.4500', monto_destino: '718245' });
  });

  it('MINORISTA 0 %, cash, buys USD with 1 000 000 PYG', () => {
    expect(
      simulate({ ...USD, monto: '1000000', direction: 'compra', descuento: '0', comisionMetodo: '0', destinoCodigo: 'USD' }),
    ).toEqual({ tc_final: '7350.0000', monto_destino: '136.05' });
  });

  it('MINORISTA 0 %, cash, sells 100 USD', () => {
    expect(
      simulate({ ...USD, monto: '100', direction: 'venta', descuento: '0', comisionMetodo: '0', destinoCodigo: 'PYG' }),
    ).toEqual({ tc_final: '7250.0000', monto_destino: '725000' });
  });

  it('accepts the Direction object as well', () => {
    const direction = operationDirection(true, false);
    expect(
      simulate({ ...USD, monto: '1000000', direction, descuento: '10', comisionMetodo: '1.5', destinoCodigo: 'USD' }).tc_final,
    ).toBe('7455.1750');
  });
});

describe('simulate — rounding and rejection', () => {
  const base = { ...USD, descuento: '0', comisionMetodo: '0' };

  it('rounds tc_final half up at the 4th decimal', () => {
    // (7300 + 50) · 1.000005 = 7350.03675 → 7350.0368
    expect(simulate({ ...base, monto: '1000000', direction: 'compra', comisionMetodo: '0.0005', destinoCodigo: 'USD' }).tc_final).toBe(
      '7350.0368',
    );
  });

  it('rounds monto_destino half up at the minor unit', () => {
    // 0.01 USD · 7250 = 72.5 → 73
    expect(simulate({ ...base, monto: '0.01', direction: 'venta', destinoCodigo: 'PYG' }).monto_destino).toBe('73');
    // 7386.75 PYG / 7350 = 1.005 USD → 1.01 (half up; worth 7373 at the base price, less than paid)
    expect(simulate({ ...base, monto: '7386.75', direction: 'compra', destinoCodigo: 'USD' }).monto_destino).toBe('1.01');
  });

  it('rounds down where half-up would hand out more than the house takes in, at the base price', () => {
    // 36.75 PYG / 7350 = 0.005 USD: half-up 0.01 is worth 73 PYG at the base price 7300; down is 0.00, refused.
    expect(() => simulate({ ...base, monto: '36.75', direction: 'compra', destinoCodigo: 'USD' })).toThrow(MSG_MONTO_DESTINO_CERO);
    // 7340 / 7350 = 0.99864 → 1.00 half-up, worth 7300 ≤ 7340: kept. 7299 / 7350 = 0.99306 → 0.99 either way.
    expect(simulate({ ...base, monto: '7340', direction: 'compra', destinoCodigo: 'USD' }).monto_destino).toBe('1.00');
    // Without spread (Cv 0, cash): 1 000 005 PYG / 7300 = 136.98698 → 136.99 would be worth 1 000 027; 136.98 it is.
    const sinMargen = { ...base, comisionBaseVenta: '0' };
    expect(simulate({ ...sinMargen, monto: '1000005', direction: 'compra', destinoCodigo: 'USD' }).monto_destino).toBe('136.98');
    // Selling without spread: 0.07 USD at 7300 = 511 exactly; 0.0001 more never rounds the guaraníes up.
    expect(simulate({ ...base, comisionBaseCompra: '0', monto: '0.0701', direction: 'venta', destinoCodigo: 'PYG' }).monto_destino).toBe('511');
  });

  it('rounds to 0 decimals for a zero-decimal destination', () => {
    expect(simulate({ ...base, monto: '1000000', direction: 'compra', destinoCodigo: 'JPY' }).monto_destino).toBe('136');
  });

  it('rejects zero, negative and malformed amounts in Spanish', () => {
    for (const monto of ['0', '0.00']) {
      expect(() => simulate({ ...base, monto, direction: 'compra', destinoCodigo: 'USD' })).toThrow(MSG_MONTO_POSITIVO);
    }
    for (const monto of ['-5', '', 'abc', '1e3', '1,5']) {
      expect(() => simulate({ ...base, monto, direction: 'compra', destinoCodigo: 'USD' }), monto).toThrow(PricingError);
    }
  });

  it('rejects a non-positive resulting rate', () => {
    expect(() =>
      simulate({ ...base, monto: '100', direction: 'venta', comisionMetodo: '100', destinoCodigo: 'PYG' }),
    ).toThrow(/tasa/);
    expect(() =>
      simulate({ precioBase: '50', comisionBaseCompra: '50', comisionBaseVenta: '0', descuento: '0', comisionMetodo: '0', monto: '1', direction: 'venta', destinoCodigo: 'PYG' }),
    ).toThrow(PricingError);
  });

  it('rejects percentages above 100', () => {
    expect(() => simulate({ ...base, descuento: '100.01', monto: '1', direction: 'venta', destinoCodigo: 'PYG' })).toThrow(PricingError);
  });

  it('rejects an amount whose destination would have more than 15 integer digits', () => {
    // Selling US$ 10^13 at 7250 would pay ₲ 7,25·10^16: past what a terminal can count exactly.
    expect(() => simulate({ ...base, monto: '10000000000000', direction: 'venta', destinoCodigo: 'PYG' })).toThrow(MSG_MONTO_DESTINO_GRANDE);
    expect(simulate({ ...base, monto: '100000000000', direction: 'venta', destinoCodigo: 'PYG' }).monto_destino).toBe('725000000000000');
  });

  it('rejects a final rate past the 16 integer digits it is stored with (a commission on the highest rates)', () => {
    const alta = { precioBase: '9950000000000000', comisionBaseCompra: '0', comisionBaseVenta: '0', descuento: '0', monto: '999999999999999', direction: 'compra' as const, destinoCodigo: 'USD' };
    expect(() => simulate({ ...alta, comisionMetodo: '1' })).toThrow(MSG_TASA_FINAL_GRANDE);
    expect(simulate({ ...alta, comisionMetodo: '0' }).tc_final).toBe('9950000000000000.0000');
  });

  it('rejects an amount whose destination rounds to zero', () => {
    expect(() => simulate({ ...base, monto: '1', direction: 'compra', destinoCodigo: 'USD' })).toThrow(PricingError);
  });
});

describe('deltaPct', () => {
  it('is the percentage change with 4 decimals', () => {
    expect(deltaPct('7300', '7373')).toBe('1.0000');
    expect(deltaPct('7455.1750', '7455.1750')).toBe('0.0000');
    expect(deltaPct('3', '2')).toBe('-33.3333');
    expect(deltaPct('3', '4')).toBe('33.3333');
    expect(deltaPct('7350', '7350.3675')).toBe('0.0050');
  });

  it('rejects a zero old rate', () => {
    expect(() => deltaPct('0', '1')).toThrow(PricingError);
  });
});

// --- properties -------------------------------------------------------------------------------

/** Non-negative decimal string with an integer part in [min, max] and up to `frac` decimals. */
const decStr = (min: number, max: number, frac: number) =>
  fc
    .tuple(fc.integer({ min, max }), fc.integer({ min: 0, max: 10 ** frac - 1 }))
    .map(([i, f]) => (frac === 0 || f === 0 ? String(i) : `${i}.${String(f).padStart(frac, '0')}`));

const quoteArb = fc
  .record({
    precioBase: decStr(1, 100_000, 4),
    comisionBaseCompra: decStr(0, 1_000, 2),
    comisionBaseVenta: decStr(0, 1_000, 2),
  })
  .filter((q) => new Decimal(q.comisionBaseCompra).lt(q.precioBase));
const pctArb = decStr(0, 99, 2);
const foreignArb = fc.constantFrom('USD', 'EUR', 'BRL', 'ARS', 'JPY', 'CLP');
const PLAIN = /^\d+(\.\d+)?$/;

describe('pricing properties', () => {
  it('buy rate ≥ sell rate when commissions ≥ 0', () => {
    fc.assert(
      fc.property(quoteArb, pctArb, pctArb, pctArb, (q, d, cobro, pago) => {
        const { tasaCompra, tasaVenta } = quoteRates(q);
        expect(new Decimal(tasaVenta).gte(tasaCompra)).toBe(true);
        const buy = simulate({ ...q, monto: '1000000000', direction: 'compra', descuento: d, comisionMetodo: cobro, destinoCodigo: 'USD' });
        let sell;
        try {
          sell = simulate({ ...q, monto: '1000', direction: 'venta', descuento: d, comisionMetodo: pago, destinoCodigo: 'PYG' });
        } catch (e) {
          expect(e).toBeInstanceOf(PricingError); // sell rate rounded to 0
          return;
        }
        expect(new Decimal(buy.tc_final).gte(sell.tc_final)).toBe(true);
      }),
    );
  });

  it('outputs have the exact number of decimals and never exponent notation', () => {
    fc.assert(
      fc.property(
        quoteArb,
        pctArb,
        pctArb,
        fc.constantFrom<'compra' | 'venta'>('compra', 'venta'),
        foreignArb,
        fc.bigInt({ min: 1n, max: 10n ** 25n }),
        fc.nat({ max: 6 }),
        (q, d, c, direction, foreign, mantissa, scale) => {
          const monto = new Decimal(mantissa.toString()).div(new Decimal(10).pow(scale)).toFixed();
          const destinoCodigo = direction === 'compra' ? foreign : 'PYG';
          let r;
          try {
            r = simulate({ ...q, monto, direction, descuento: d, comisionMetodo: c, destinoCodigo });
          } catch (e) {
            expect(e).toBeInstanceOf(PricingError); // too small an amount or rate
            return;
          }
          expect(r.tc_final).toMatch(/^\d+\.\d{4}$/);
          expect(r.monto_destino).toMatch(PLAIN);
          expect((r.monto_destino.split('.')[1] ?? '').length).toBe(minorUnits(destinoCodigo));
          expect(new Decimal(r.monto_destino).gt(0)).toBe(true);
        },
      ),
    );
  });

  it('buying then selling back never gives the client more PYG than they paid, whatever the quote', () => {
    fc.assert(
      fc.property(quoteArb, pctArb, pctArb, pctArb, foreignArb, fc.integer({ min: 1, max: 2_000_000_000 }), (q, d, cobro, pago, foreign, m) => {
        const monto = String(m);
        let bought, sold;
        try {
          bought = simulate({ ...q, monto, direction: 'compra', descuento: d, comisionMetodo: cobro, destinoCodigo: foreign });
          sold = simulate({ ...q, monto: bought.monto_destino, direction: 'venta', descuento: d, comisionMetodo: pago, destinoCodigo: 'PYG' });
        } catch (e) {
          expect(e).toBeInstanceOf(PricingError);
          return;
        }
        // What is bought is worth at most what was paid at the base price, and selling never pays above it.
        expect(new Decimal(sold.monto_destino).lte(monto)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('with no spread at all, a round trip never gains from rounding', () => {
    const q = { precioBase: '7300', comisionBaseCompra: '0', comisionBaseVenta: '0', descuento: '0', comisionMetodo: '0' };
    const bought = simulate({ ...q, monto: '1000000', direction: 'compra', destinoCodigo: 'USD' });
    expect(bought.monto_destino).toBe('136.98'); // 136.9863…: half-up 136.99 would be worth 1 000 027
    expect(simulate({ ...q, monto: bought.monto_destino, direction: 'venta', destinoCodigo: 'PYG' }).monto_destino).toBe('999954');
    const vip = { ...USD, descuento: '99.99', comisionMetodo: '0' };
    const small = simulate({ ...vip, monto: '10000', direction: 'compra', destinoCodigo: 'USD' });
    expect(small.monto_destino).toBe('1.36');
    expect(new Decimal(simulate({ ...vip, monto: small.monto_destino, direction: 'venta', destinoCodigo: 'PYG' }).monto_destino).lte(10000)).toBe(true);
  });

  it('with any discount up to 100 % and any amount, a round trip never gains', () => {
    fc.assert(
      fc.property(decStr(0, 100, 2), pctArb, pctArb, fc.integer({ min: 100, max: 2_000_000_000 }), (d, cobro, pago, m) => {
        const descuento = new Decimal(d).gt(100) ? '100' : d;
        let sold;
        try {
          const bought = simulate({ ...USD, monto: String(m), direction: 'compra', descuento, comisionMetodo: cobro, destinoCodigo: 'USD' });
          sold = simulate({ ...USD, monto: bought.monto_destino, direction: 'venta', descuento, comisionMetodo: pago, destinoCodigo: 'PYG' });
        } catch (e) {
          // Too small to buy a cent, or to get a guaraní back: refused, nothing gained.
          expect((e as Error).message).toBe(MSG_MONTO_DESTINO_CERO);
          return;
        }
        expect(new Decimal(sold.monto_destino).lte(m)).toBe(true);
      }),
    );
  });
});
