import { describe, expect, it } from 'vitest';
import { comisionesDelCliente } from './comisionCliente';
import { comisionMetodo } from '../../../shared/comision';
import { etiquetaDireccion } from '../operaciones/wizardRules';

describe("a customer's method commissions in the customer's words", () => {
  it('says "Al pagar" for what the wizard shows as Método de Pago, "Al cobrar" for Método de Cobro', () => {
    const metodo = { permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '1.50', comision_pago_porcentaje: '1.00' };
    const efectiva = { venta: comisionMetodo(metodo, null, 'venta'), compra: comisionMetodo(metodo, null, 'compra') };
    // The wizard: the house sells → 'Método de Pago' at the venta commission; buys → 'Método de Cobro' at compra.
    expect(etiquetaDireccion('venta')).toBe('Método de Pago');
    expect(etiquetaDireccion('compra')).toBe('Método de Cobro');
    expect(comisionesDelCliente(efectiva)).toBe('Al pagar 1,50\u00a0% · Al cobrar 1,00\u00a0%');
  });

  it('names a direction the method does not take', () => {
    expect(comisionesDelCliente({ venta: '2.00', compra: null })).toBe('Al pagar 2,00\u00a0% · Al cobrar no disponible');
  });
});
