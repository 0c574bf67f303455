import { describe, expect, it } from 'vitest';
import { categoriaForm } from './categorias';
import { metodoCreateInput } from './metodos';
import { conPorcentajesEsPy, porcentajeEsPy } from './porcentajeEsPy';

const categoria = conPorcentajesEsPy(categoriaForm, ['descuento']);
const descuento = (d: string) => {
  const r = categoria.safeParse({ nombre: 'X', descripcion: 'Y', descuento: d });
  return r.success ? r.data.descuento : r.error.issues[0].message;
};

describe('porcentajes typed es-PY', () => {
  it('reads a thousands dot as thousands, never as a decimal point', () => {
    expect(descuento('7.350')).toBe('Debe ser menor o igual a 100');
    expect(descuento('  7.350 ')).toBe('Debe ser menor o igual a 100');
    expect(descuento('12.345')).toBe('Debe ser menor o igual a 100');
    expect(descuento('1.000.000')).toBe('Debe ser menor o igual a 100');
  });
  it('reads decimals exactly, with a comma or a point', () => {
    expect(descuento('7,25')).toBe('7.25');
    expect(descuento('7.25')).toBe('7.25');
    expect(descuento('0,5')).toBe('0.50');
    expect(descuento('0')).toBe('0.00');
    expect(descuento('100,00')).toBe('100.00');
  });
  it('keeps the field messages for what it refuses', () => {
    expect(descuento('12,345')).toBe('Como máximo 2 decimales');
    expect(descuento('-1')).toBe('Debe ser mayor o igual a 0');
    expect(descuento('')).toBe('El descuento es obligatorio.');
    expect(descuento('1,5e3')).toBe('Ingrese un número válido');
  });
  it('reads a method commission the same way', () => {
    const metodo = conPorcentajesEsPy(metodoCreateInput, ['comision_cobro_porcentaje', 'comision_pago_porcentaje']);
    const r = metodo.safeParse({ nombre: 'X', nombre_display: 'X', permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '2.500', comision_pago_porcentaje: '1,5' });
    expect(r.success).toBe(false);
    expect(porcentajeEsPy('1,5')).toBe('1.5');
  });
});
