import { describe, expect, it } from 'vitest';
import { divisaCreateInput, flagEmoji, limitesInput, DIVISA_MSG } from './divisas';
import { rateFigure, TASA_MSG } from './cotizaciones';
import { leerDenominacion } from './denominacionEsPy';
import { rateFigureEsPy, tasaATexto, tasaForm } from './tasaFormEsPy';
import { MONTO_TEXTO_MSG } from '../montoEsPy';

describe('divisaCreateInput', () => {
  it('uppercases the code and the flag and applies the defaults 30 and 6', () => {
    expect(divisaCreateInput.parse({ nombre: 'Yen', codigo: 'jpy', simbolo: '¥', flag: 'jp' })).toEqual({
      nombre: 'Yen', codigo: 'JPY', simbolo: '¥', max_digitos: 30, precision: 6, es_base: false, is_active: true, flag: 'JP',
    });
  });

  it('gives the spec messages', () => {
    const r = divisaCreateInput.safeParse({ nombre: 'Y', codigo: 'JP', simbolo: '', max_digitos: 2, precision: '1' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      nombre: DIVISA_MSG.nombreLargo,
      codigo: DIVISA_MSG.codigoLargo,
      simbolo: DIVISA_MSG.simboloRequerido,
      max_digitos: DIVISA_MSG.maxDigitos,
      precision: DIVISA_MSG.precision,
    });
  });
});

describe('limitesInput', () => {
  it('turns empty into null, takes whole guaraníes and refuses decimals, signs, exponents and long text', () => {
    expect(limitesInput.parse({ limite_diario: '', limite_mensual: ' 1500000 ' })).toEqual({ limite_diario: null, limite_mensual: '1500000' });
    for (const bad of ['-1', '1e9', '1.000.000', 'abc', '9'.repeat(31)]) {
      expect(limitesInput.safeParse({ limite_diario: bad, limite_mensual: null }).success, bad).toBe(false);
    }
    for (const decimal of ['1,5', '1500000.5', '10,0']) {
      expect(limitesInput.safeParse({ limite_diario: decimal, limite_mensual: null }).error?.issues[0].message, decimal).toBe(DIVISA_MSG.limiteSinDecimales);
    }
  });

  it('refuses a daily limit above the monthly one, on limite_diario, comparing numbers', () => {
    const r = limitesInput.safeParse({ limite_diario: '500', limite_mensual: '100' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['limite_diario', DIVISA_MSG.limiteDiarioMayor]]);
    expect(limitesInput.safeParse({ limite_diario: '9', limite_mensual: '10' }).success).toBe(true);
    expect(limitesInput.safeParse({ limite_diario: '10', limite_mensual: '10' }).success).toBe(true);
    expect(limitesInput.safeParse({ limite_diario: '10', limite_mensual: '' }).success).toBe(true);
  });
});

describe('rateFigure and tasaForm', () => {
  it('canonicalises to 4 decimals and keeps the limits of numeric(20,4)', () => {
    expect(rateFigure.parse('7300')).toBe('7300.0000');
    expect(rateFigure.parse('0,5')).toBe('0.5000');
    expect(rateFigure.parse('007.25')).toBe('7.2500');
    expect(rateFigure.safeParse('1.00001').error?.issues[0].message).toBe(TASA_MSG.decimales);
    expect(rateFigure.safeParse('1'.repeat(17)).error?.issues[0].message).toBe(TASA_MSG.enteros);
  });

  it('the form reads figures es-PY as every amount, with 4 decimals', () => {
    expect(rateFigureEsPy.parse('1.360,5')).toBe('1360.5000');
    expect(rateFigureEsPy.parse('1.180,5')).toBe('1180.5000');
    expect(rateFigureEsPy.parse('7300,5')).toBe('7300.5000');
    expect(rateFigureEsPy.parse('1.000.000')).toBe('1000000.0000');
    expect(rateFigureEsPy.parse('0')).toBe('0.0000');
    expect(rateFigureEsPy.parse('0,00')).toBe('0.0000');
    expect(rateFigureEsPy.safeParse('-1').error?.issues[0].message).toBe(MONTO_TEXTO_MSG.negativo);
    expect(rateFigureEsPy.parse('1,36')).toBe('1.3600');
    // "1.360" could be 1,36 or 1360: refused with the reader's message, never read as 1,36
    expect(rateFigureEsPy.safeParse('1.360').error?.issues[0].message).toBe(MONTO_TEXTO_MSG.ambiguo('1.360'));
    expect(rateFigureEsPy.safeParse('1,00001').error?.issues[0].message).toBe(MONTO_TEXTO_MSG.decimales(4));
    expect(rateFigureEsPy.safeParse('').error?.issues[0].message).toBeDefined();
    const r = tasaForm.safeParse({ divisa: 1, precioBase: '1.360', comisionBaseCompra: '1.000', comisionBaseVenta: '10' });
    expect(r.success).toBe(false);
  });

  it('the edit form is filled with text the form reads back exactly', () => {
    for (const v of ['1350.0000', '1350.5000', '8000.0000', '48.5000', '0.0000', '0.1234', '123456.7890', '1000000.0000']) {
      expect(tasaATexto(v)).not.toBe('');
      expect(rateFigureEsPy.parse(tasaATexto(v))).toBe(v);
    }
    expect(tasaATexto('1350.0000')).toBe('1.350,0000');
  });

  it('blocks a commission above the base price on the form', () => {
    const r = tasaForm.safeParse({ divisa: 1, precioBase: '10', comisionBaseCompra: '10', comisionBaseVenta: '10,0001' });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['comisionBaseVenta', TASA_MSG.comisionMayor]]);
  });
});

describe('leerDenominacion', () => {
  it('reads whole units es-PY, thousands dots allowed', () => {
    expect(leerDenominacion('200.000', 'PYG')).toEqual({ ok: true, valor: '200000' });
    expect(leerDenominacion('100', 'USD')).toEqual({ ok: true, valor: '100' });
    expect(leerDenominacion('1.000', 'USD')).toEqual({ ok: true, valor: '1000' });
    expect(leerDenominacion('₲ 100.000', 'PYG')).toEqual({ ok: true, valor: '100000' });
  });

  it('refuses a decimal, zero or a sign with the denomination message, never another number', () => {
    expect(leerDenominacion('2,5', 'PYG')).toEqual({ ok: false, error: DIVISA_MSG.denominacion });
    expect(leerDenominacion('2.5', 'USD')).toEqual({ ok: false, error: DIVISA_MSG.denominacion });
    expect(leerDenominacion('0', 'USD')).toEqual({ ok: false, error: DIVISA_MSG.denominacion });
    expect(leerDenominacion('-5', 'USD')).toEqual({ ok: false, error: DIVISA_MSG.denominacion });
    expect(leerDenominacion('', 'USD')).toEqual({ ok: false, error: DIVISA_MSG.denominacionRequerida });
    expect(leerDenominacion('2.00.000', 'PYG')).toEqual({ ok: false, error: MONTO_TEXTO_MSG.miles });
    expect(leerDenominacion('abc', 'PYG')).toEqual({ ok: false, error: MONTO_TEXTO_MSG.caracteres });
    expect(leerDenominacion('US$ 100', 'PYG')).toEqual({ ok: false, error: MONTO_TEXTO_MSG.caracteres });
  });
});

describe('flagEmoji', () => {
  it('turns a country code into its flag', () => {
    expect(flagEmoji('US')).toBe('🇺🇸');
    expect(flagEmoji('eu')).toBe('🇪🇺');
    expect(flagEmoji(null)).toBe('');
    expect(flagEmoji('USA')).toBe('');
  });
});
