import { describe, expect, it } from 'vitest';
import { agruparTarjeta, detectarBrand, soloDigitos } from './tarjeta';
import { METODO_MSG, porcentaje, vencimientoErrors } from '../../../shared/schemas/metodos';

describe('card number in the browser', () => {
  it('groups by 4, keeps at most 19 digits (23 characters)', () => {
    expect(agruparTarjeta('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(agruparTarjeta('4111-1111 11')).toBe('4111 1111 11');
    expect(agruparTarjeta('1'.repeat(25))).toHaveLength(23);
    expect(soloDigitos('12 34a')).toBe('1234');
  });
  it('guesses the network', () => {
    expect(detectarBrand('4111')).toBe('visa');
    expect(detectarBrand('5500 0000')).toBe('mastercard');
    expect(detectarBrand('2221')).toBe('mastercard');
    expect(detectarBrand('3782')).toBe('amex');
    expect(detectarBrand('9999')).toBe('desconocida');
  });
});

describe('expiry', () => {
  const now = new Date(2026, 5, 15); // June 2026
  it('accepts this month up to 20 years ahead', () => {
    expect(vencimientoErrors(6, 2026, now)).toEqual({});
    expect(vencimientoErrors(1, 2046, now)).toEqual({});
  });
  it('refuses a past month, a past year and beyond +20', () => {
    expect(vencimientoErrors(5, 2026, now)).toEqual({ exp_month: [METODO_MSG.vencida] });
    expect(vencimientoErrors(12, 2025, now)).toEqual({ exp_year: [METODO_MSG.anioInvalido] });
    expect(vencimientoErrors(1, 2047, now)).toEqual({ exp_year: [METODO_MSG.anioInvalido] });
  });
});

describe('percentages', () => {
  const p = porcentaje({ negativo: 'neg', excede: 'exc' });
  it('normalises to two decimals without floats and refuses the rest', () => {
    expect(p.parse('1,5')).toBe('1.50');
    expect(p.parse(0.1)).toBe('0.10');
    expect(p.parse('100')).toBe('100.00');
    expect(p.safeParse('-0.01').error?.issues[0].message).toBe('neg');
    expect(p.safeParse('100.01').error?.issues[0].message).toBe('exc');
    expect(p.safeParse('1.005').error?.issues[0].message).toBe(METODO_MSG.comisionDecimales);
    expect(p.safeParse('abc').error?.issues[0].message).toBe(METODO_MSG.comisionNumero);
  });
});
