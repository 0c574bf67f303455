import { describe, expect, it } from 'vitest';
import { CANTIDAD_MSG } from '../montoEsPy';
import { TERMINAL_MSG, stockMovimientoBody } from './terminal';
import { stockMovimientoForm } from './stockFormEsPy';

const mensajes = (v: Parameters<typeof stockMovimientoForm.safeParse>[0]) =>
  Object.fromEntries((stockMovimientoForm.safeParse(v).error?.issues ?? []).map((i) => [i.path[0], i.message]));

describe('stockMovimientoForm (the stock form as typed)', () => {
  it('reads the count es-PY and answers the body the server takes', () => {
    const r = stockMovimientoForm.parse({ denominacion_id: '7', operacion: 'cargar', cantidad: '1.000', motivo: ' Carga ' });
    expect(r).toEqual({ denominacion_id: 7, operacion: 'cargar', cantidad: 1000, motivo: 'Carga' });
    expect(stockMovimientoBody.safeParse(r).success).toBe(true);
  });

  it('says in Spanish what is missing', () => {
    expect(mensajes({ denominacion_id: '', operacion: 'cargar', cantidad: '', motivo: '  ' })).toEqual({
      denominacion_id: TERMINAL_MSG.elegiBillete,
      cantidad: CANTIDAD_MSG.vacio,
      motivo: TERMINAL_MSG.motivoRequerido,
    });
    expect(mensajes({ denominacion_id: '7', operacion: 'cargar', cantidad: '2,5', motivo: 'x' })).toEqual({ cantidad: CANTIDAD_MSG.sinDecimales });
    expect(mensajes({ denominacion_id: '7', operacion: 'cargar', cantidad: '100.001', motivo: 'x' })).toEqual({ cantidad: TERMINAL_MSG.cantidadInvalida });
  });
});
