import { describe, expect, it } from 'vitest';
import { M } from '../messages';
import { MONTO_MSG, montoField } from './operaciones';

const leer = (v: unknown) => {
  const r = montoField.safeParse(v);
  return r.success ? r.data : r.error.issues.map((i) => i.message);
};

describe('montoField', () => {
  it('reads decimal text with a point or a comma, and JSON numbers through their text', () => {
    expect(leer('100,50')).toBe('100.50');
    // Decimals as written, trailing zeros included (the currency's check counts them); leading zeros go.
    expect(leer('150.000')).toBe('150.000');
    expect(leer('1,500')).toBe('1.500');
    expect(leer('073500')).toBe('73500');
    expect(leer('1000000')).toBe('1000000');
    expect(leer(100.5)).toBe('100.5');
    expect(leer(999999999999999)).toBe('999999999999999');
    expect(leer(12345678901234.5)).toBe('12345678901234.5');
  });

  it('refuses a JSON number of more than 15 significant digits: it may not be what was sent', () => {
    // JSON.parse('392074468759261.17') is 392074468759261.2.
    expect(leer(JSON.parse('392074468759261.17'))).toEqual([M.decimalComoTexto]);
    expect(leer('392074468759261.17')).toBe('392074468759261.17');
  });

  it('refuses what is not an amount', () => {
    expect(leer('abc')).toEqual([MONTO_MSG.invalido]);
    expect(leer(1e21)).toEqual([MONTO_MSG.invalido]);
    expect(leer(0)).toEqual([MONTO_MSG.positivo]);
    expect(leer('')).toEqual([M.required]);
  });
});
