import { describe, expect, it } from 'vitest';
import { costosEnGuaranies } from './costosCotizacion';

const parametros = { precio_base: '7300.0000', comision_base: '50.0000', descuento_categoria: '10.00', comision_metodo: '1.50' };

describe('costosEnGuaranies (DESIGN §6 examples)', () => {
  it('VIP buying USD by transfer: 134.14 USD at (7300 + 45) · 1.015', () => {
    // discount 134.14 · 50 · 0.10 = 670.7; commission 134.14 · 7345 · 0.015 = 14 778.87
    expect(costosEnGuaranies({ operacion_cliente: 'compra', monto_origen: '1000000', monto_destino: '134.14', parametros })).toEqual({ descuento: '671', comision: '14779' });
  });
  it('VIP selling 100 USD by transfer (pago 1 %)', () => {
    // discount 100 · 50 · 0.10 = 500; commission 100 · 7255 · 0.01 = 7255
    expect(
      costosEnGuaranies({ operacion_cliente: 'venta', monto_origen: '100.00', monto_destino: '718245', parametros: { ...parametros, comision_metodo: '1.00' } }),
    ).toEqual({ descuento: '500', comision: '7255' });
  });
  it('no discount and no commission cost nothing', () => {
    expect(costosEnGuaranies({ operacion_cliente: 'compra', monto_origen: '1000000', monto_destino: '136.05', parametros: { ...parametros, descuento_categoria: '0.00', comision_metodo: '0.00' } })).toEqual({ descuento: '0', comision: '0' });
  });
});
