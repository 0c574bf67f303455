import { describe, expect, it } from 'vitest';
import { filtrosDe, queryDe, reportesSearch } from './search';

describe('reportesSearch', () => {
  it('keeps well-formed filters and drops malformed ones (a bad shared link opens without them)', () => {
    const tauser = '1a99ae25-ce8a-4005-bd86-383805bb2c87';
    expect(reportesSearch({ desde: '2026-11-01', hasta: '2026-11-30', divisa: 3, operacion: 'venta', tauser, estado: 'cancelada', agrupacion: 'semana', categoria: 'VIP' })).toEqual({
      desde: '2026-11-01', hasta: '2026-11-30', divisa: '3', operacion: 'venta', tauser, estado: 'cancelada', agrupacion: 'semana', categoria: 'VIP',
    });
    expect(reportesSearch({ desde: '1/11/2026', divisa: 'abc', metodo: '0', operador: '-1', tauser: 'x', operacion: 'trueque', estado: 'perdida', agrupacion: 'hora', categoria: '  ' })).toEqual({});
  });

  it('leaves the defaults out of the URL (day grouping)', () => {
    expect(reportesSearch({ agrupacion: 'dia' })).toEqual({});
  });

  it('gives the procedures numbers for ids and the REST query the same filters', () => {
    const f = filtrosDe({ desde: '2026-11-01', metodo: '4', operador: '2' });
    expect(f).toMatchObject({ fecha_desde: '2026-11-01', metodo: 4, operador: 2 });
    expect(queryDe(f, { formato: 'csv' })).toBe('fecha_desde=2026-11-01&metodo=4&operador=2&formato=csv');
  });
});
