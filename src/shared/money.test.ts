import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  Decimal,
  dec,
  formatAmount,
  formatRate,
  isDecimalString,
  minorUnits,
  parseDecimalInput,
  round4,
  roundMinor,
  toFixedString,
  toInputDecimal,
} from './money';

describe('Decimal / dec', () => {
  it('uses precision 40 and half-up rounding', () => {
    expect(Decimal.precision).toBe(40);
    expect(Decimal.rounding).toBe(Decimal.ROUND_HALF_UP);
    expect(dec('1').div(3).toString()).toBe('0.' + '3'.repeat(40));
  });

  it('never prints exponent notation', () => {
    expect(dec('1').div('1' + '0'.repeat(25)).toString()).toBe('0.' + '0'.repeat(24) + '1');
    expect(dec('123456789012345678901234567890').times(1000).toString()).toBe('123456789012345678901234567890000');
  });

  it('is exact where floats are not', () => {
    expect(dec('0.1').plus('0.2').toString()).toBe('0.3');
  });

  it('rejects non-decimal strings', () => {
    for (const bad of ['', 'abc', '1e5', '1,5', 'NaN', 'Infinity', ' 1', '0x10', '1.2.3']) {
      expect(() => dec(bad), bad).toThrow();
    }
  });
});

describe('isDecimalString', () => {
  it('accepts plain non-negative decimals', () => {
    for (const ok of ['0', '7300', '7300.50', '0.0001', '0012.3']) expect(isDecimalString(ok), ok).toBe(true);
  });

  it('rejects everything else', () => {
    for (const bad of ['', '-1', '1.', '.5', '1,5', '1e3', ' 1', '1 ', '+1', '1.000,5', 'NaN']) {
      expect(isDecimalString(bad), bad).toBe(false);
    }
    expect(isDecimalString(5)).toBe(false);
    expect(isDecimalString(null)).toBe(false);
  });

  it('accepts a minus sign only when asked', () => {
    expect(isDecimalString('-1.5', { allowNegative: true })).toBe(true);
    expect(isDecimalString('--1', { allowNegative: true })).toBe(false);
  });
});

describe('toInputDecimal', () => {
  it('shows a stored decimal with a comma for an es-PY input, optionally without trailing zeros', () => {
    expect(toInputDecimal('300000000.50')).toBe('300000000,50');
    expect(toInputDecimal('50000000')).toBe('50000000');
    expect(toInputDecimal('48.5000', { trimZeros: true })).toBe('48,5');
    expect(toInputDecimal('8000.0000', { trimZeros: true })).toBe('8000');
    expect(toInputDecimal('0.0001', { trimZeros: true })).toBe('0,0001');
    expect(() => toInputDecimal('1,5')).toThrow();
  });

  it('round-trips through parseDecimalInput', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 4 }), (n, places) => {
        const s = places === 0 ? n.toString() : `${n / 10n ** BigInt(places)}.${(n % 10n ** BigInt(places)).toString().padStart(places, '0')}`;
        expect(parseDecimalInput(toInputDecimal(s))).toBe(s);
      }),
    );
  });
});

describe('parseDecimalInput', () => {
  it('accepts a point or a comma as decimal separator', () => {
    expect(parseDecimalInput('7300,50')).toBe('7300.50');
    expect(parseDecimalInput('7300.50')).toBe('7300.50');
    expect(parseDecimalInput('7300')).toBe('7300');
    expect(parseDecimalInput(' 1,5 ')).toBe('1.5');
  });

  it('rejects thousands separators, signs, exponents and junk', () => {
    for (const bad of ['', ' ', '7.300,5', '7,300.5', '1,2,3', '1..2', '-5', '+5', '1e5', 'abc', '12a', ',5', '5,', '1 000']) {
      expect(parseDecimalInput(bad), bad).toBeNull();
    }
  });

  it('always yields a valid decimal string or null', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseDecimalInput(s);
        return r === null || isDecimalString(r);
      }),
    );
  });
});

describe('minorUnits / rounding', () => {
  it('knows ISO 4217 minor units', () => {
    for (const c of ['PYG', 'CLP', 'JPY', 'KRW', 'VND', 'ISK', 'UGX', 'XOF', 'XAF']) expect(minorUnits(c), c).toBe(0);
    for (const c of ['USD', 'EUR', 'BRL', 'ARS', 'UYU', 'GBP', 'CHF', 'MXN', 'XYZ']) expect(minorUnits(c), c).toBe(2);
    for (const c of ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) expect(minorUnits(c), c).toBe(3);
    expect(minorUnits('CLF')).toBe(4);
    expect(minorUnits('UYW')).toBe(4);
    expect(minorUnits('pyg')).toBe(0);
    expect(minorUnits(' kwd ')).toBe(3);
    // Not fooled by Object.prototype.
    expect(minorUnits('constructor')).toBe(2);
    expect(minorUnits('__proto__')).toBe(2);
  });

  it('rounds half up at the minor unit', () => {
    expect(roundMinor('134.135', 'USD')).toBe('134.14');
    expect(roundMinor('134.1349', 'USD')).toBe('134.13');
    expect(roundMinor('1.005', 'USD')).toBe('1.01'); // 1.005 as a float rounds to 1.00
    expect(roundMinor('718244.5', 'PYG')).toBe('718245');
    expect(roundMinor('718244.49', 'PYG')).toBe('718244');
    expect(roundMinor('100', 'USD')).toBe('100.00');
    expect(roundMinor('1.2345', 'KWD')).toBe('1.235');
    expect(roundMinor('0.12345', 'CLF')).toBe('0.1235');
  });

  it('rounds half up like integer arithmetic does, at every minor unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 28n }), fc.nat({ max: 12 }), fc.constantFrom('PYG', 'USD', 'KWD', 'CLF'), (mantissa, scale, code) => {
        const places = minorUnits(code);
        const value = dec(mantissa.toString()).div(dec('10').pow(scale));
        // Reference: scale to the minor unit in bigint and add half before truncating.
        const shift = BigInt(scale) - BigInt(places);
        const expected = shift <= 0n ? mantissa * 10n ** -shift : (mantissa * 2n + 10n ** shift) / (2n * 10n ** shift);
        const got = roundMinor(value, code).replace('.', '');
        expect(BigInt(got)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('round4 always prints four decimals', () => {
    expect(round4('7455.175')).toBe('7455.1750');
    expect(round4('7455.17505')).toBe('7455.1751');
    expect(round4('7455.17504999')).toBe('7455.1750');
    expect(round4('7350')).toBe('7350.0000');
  });

  it('toFixedString rounds negatives away from zero and never prints -0', () => {
    expect(toFixedString('2.5', 0)).toBe('3');
    expect(toFixedString('-2.5', 0)).toBe('-3');
    expect(toFixedString('-0.001', 2)).toBe('0.00');
    expect(toFixedString(dec('1').div(3), 3)).toBe('0.333');
  });

  it('has exactly the requested decimals and no exponent', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.nat({ max: 30 }),
        fc.nat({ max: 10 }),
        (mantissa, scale, places) => {
          const value = dec(mantissa.toString()).div(dec('10').pow(scale));
          const s = toFixedString(value, places);
          const frac = s.split('.')[1] ?? '';
          return frac.length === places && !/e/i.test(s);
        },
      ),
    );
  });
});

describe('es-PY formatting', () => {
  it('uses "." for thousands and "," for decimals', () => {
    expect(formatAmount('1234567.891', 2)).toBe('1.234.567,89');
    expect(formatAmount('718245', 0)).toBe('718.245');
    expect(formatAmount('1000', 0, '₲')).toBe('₲ 1.000');
    expect(formatAmount('134.14', 2, 'US$')).toBe('US$ 134,14');
    expect(formatAmount('5', 2)).toBe('5,00');
  });

  it('rounds half up without going through a float', () => {
    expect(formatAmount('1.005', 2)).toBe('1,01');
    expect(formatAmount('12345678901234567890.125', 2)).toBe('12.345.678.901.234.567.890,13');
  });

  it('formats exactly: reading the es-PY text back gives the half-up rounded value, for any size', () => {
    const readEsPy = (text: string) => text.replace(/\./g, '').replace(',', '.');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.nat({ max: 14 }), fc.nat({ max: 10 }), (mantissa, scale, decimals) => {
        const value = dec(mantissa.toString()).div(dec('10').pow(scale)).toFixed();
        const rounded = toFixedString(value, decimals);
        expect(readEsPy(formatAmount(value, decimals))).toBe(rounded);
        expect(dec(readEsPy(formatRate(value, decimals))).eq(rounded)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('formats rates with up to maxDecimals decimals', () => {
    expect(formatRate('7455.1750')).toBe('7.455,175');
    expect(formatRate('7350.0000')).toBe('7.350');
    expect(formatRate('0.00012345678912')).toBe('0,0001234568');
    expect(formatRate('7455.1750', 2)).toBe('7.455,18');
    expect(formatRate('7350', 4, 2)).toBe('7.350,00');
  });
});
