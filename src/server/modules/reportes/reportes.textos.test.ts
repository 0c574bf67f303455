import { describe, expect, it } from 'vitest';
import { filtrosLegibles, numeroEsPy } from './reportes.textos';

describe('numeroEsPy', () => {
  it('groups thousands with dots and uses a decimal comma, without a float', () => {
    expect(numeroEsPy('1234567')).toBe('1.234.567');
    expect(numeroEsPy('-20778')).toBe('-20.778');
    expect(numeroEsPy('123456789012345678.1234')).toBe('123.456.789.012.345.678,1234');
    expect(numeroEsPy('0')).toBe('0');
  });
});

describe('filtrosLegibles', () => {
  const periodo = { fecha_desde: '2026-11-01', fecha_hasta: '2026-11-30', estado: 'completada' } as const;
  it('names each filtered record as the screen does, never by its id, and the period as people write it', () => {
    const tauser = '1a99ae25-ce8a-4005-bd86-383805bb2c87';
    const categoria = '5e0c3f0a-8d7b-4c1e-9f55-2b1f4d6a7c90';
    const f = { ...periodo, divisa: 2, operacion: 'venta', metodo: 4, operador: 1, tauser, categoria } as const;
    expect(filtrosLegibles(f, { divisa: 'USD', metodo: 'Efectivo', operador: 'Ana Pérez', tauser: 'TAU-001 — Centro', categoria: 'VIP' })).toEqual([
      ['Desde', '01/11/2026'], ['Hasta', '30/11/2026'], ['Estado', 'COMPLETADA'], ['Divisa', 'USD'], ['Operación del cliente', 'Venta'],
      ['Método', 'Efectivo'], ['Operador', 'Ana Pérez'], ['Tauser', 'TAU-001 — Centro'], ['Categoría de cliente', 'VIP'],
    ]);
  });
  it('says so when an id names nothing', () => {
    expect(filtrosLegibles({ ...periodo, divisa: 99 }, { divisa: null })).toContainEqual(['Divisa', 'n.º 99 (no existe)']);
  });
});
