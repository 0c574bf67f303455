import { describe, expect, it } from 'vitest';
import { MONTO_TEXTO_MSG } from '../montoEsPy';
import { stockBajoResumen } from '../../client/features/reportes/stockBajo';
import { umbralInput } from './reportes';
import { UMBRAL_MSG, umbralForm } from './umbralFormEsPy';

const mensajes = (v: { divisa_id: string; minimo: string }) =>
  Object.fromEntries((umbralForm.safeParse(v).error?.issues ?? []).map((i) => [i.path[0], i.message]));

describe('umbralForm (the minimum of Reportes as typed)', () => {
  it('reads the minimum es-PY in whole units, 0 included, and answers what the server takes', () => {
    expect(umbralForm.parse({ divisa_id: '3', minimo: '10.000' })).toEqual({ divisa_id: 3, minimo: '10000' });
    expect(umbralForm.parse({ divisa_id: '3', minimo: '1.000.000' })).toEqual({ divisa_id: 3, minimo: '1000000' });
    expect(umbralForm.parse({ divisa_id: '3', minimo: '0' })).toEqual({ divisa_id: 3, minimo: '0' });
    expect(umbralInput.safeParse(umbralForm.parse({ divisa_id: '3', minimo: '10.000' })).success).toBe(true);
  });

  it('says what is wrong in Spanish', () => {
    expect(mensajes({ divisa_id: '', minimo: '10' })).toEqual({ divisa_id: UMBRAL_MSG.divisa });
    expect(mensajes({ divisa_id: '3', minimo: '1.5' })).toEqual({ minimo: UMBRAL_MSG.minimo });
    expect(mensajes({ divisa_id: '3', minimo: '' })).toEqual({ minimo: UMBRAL_MSG.minimo });
    expect(mensajes({ divisa_id: '3', minimo: '-1' })).toEqual({ minimo: UMBRAL_MSG.minimo });
    expect(mensajes({ divisa_id: '3', minimo: '10.00.000' })).toEqual({ minimo: MONTO_TEXTO_MSG.miles });
  });
});

describe('stockBajoResumen', () => {
  it('counts terminals', () => {
    expect(stockBajoResumen(1)).toBe('Una terminal tiene stock por debajo del mínimo en al menos una divisa.');
    expect(stockBajoResumen(5)).toBe('5 terminales tienen stock por debajo del mínimo en al menos una divisa.');
  });
});
