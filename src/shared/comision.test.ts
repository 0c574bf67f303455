import { describe, expect, it } from 'vitest';
import { comisionMetodo, metodoPermite, MSG_METODO_NO_PERMITE_COBRO, MSG_METODO_NO_PERMITE_PAGO } from './comision';
import { PricingError } from './pricing';

const transferencia = { permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '1.50', comision_pago_porcentaje: '1.00' };
const tarjeta = { permite_cobro: true, permite_pago: false, comision_cobro_porcentaje: '3.50', comision_pago_porcentaje: '0.00' };
const catalogo = (compra: boolean, venta: boolean) => ({
  comision_compra: '0.75',
  comision_venta: '2.25',
  comision_personalizada_compra: compra,
  comision_personalizada_venta: venta,
});

describe('comisionMetodo', () => {
  it('uses the generic method without a catalogue entry', () => {
    expect(comisionMetodo(transferencia, null, 'venta')).toBe('1.50');
    expect(comisionMetodo(transferencia, undefined, 'compra')).toBe('1.00');
  });

  it.each([
    [false, false, 'venta', '1.50'],
    [false, false, 'compra', '1.00'],
    [true, false, 'venta', '1.50'],
    [true, false, 'compra', '0.75'],
    [false, true, 'venta', '2.25'],
    [false, true, 'compra', '1.00'],
    [true, true, 'venta', '2.25'],
    [true, true, 'compra', '0.75'],
  ] as const)('flags compra=%s venta=%s, house %s → %s', (compra, venta, op, expected) => {
    expect(comisionMetodo(transferencia, catalogo(compra, venta), op)).toBe(expected);
  });

  it('refuses a direction the method does not allow', () => {
    expect(() => comisionMetodo(tarjeta, null, 'compra')).toThrow(new PricingError(MSG_METODO_NO_PERMITE_PAGO));
    expect(() => comisionMetodo({ ...tarjeta, permite_cobro: false, permite_pago: true }, null, 'venta')).toThrow(MSG_METODO_NO_PERMITE_COBRO);
    expect(comisionMetodo(tarjeta, null, 'venta')).toBe('3.50');
  });

  it('metodoPermite reads cobro for house sales and pago for house purchases', () => {
    expect(metodoPermite(tarjeta, 'venta')).toBe(true);
    expect(metodoPermite(tarjeta, 'compra')).toBe(false);
  });
});
