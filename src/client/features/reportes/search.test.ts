import { describe, expect, it } from 'vitest';
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { elegir, filtrosDe, queryDe, reportesSearch } from './search';

describe('reportesSearch', () => {
  it('keeps well-formed filters and drops malformed ones (a bad shared link opens without them)', () => {
    const tauser = '1a99ae25-ce8a-4005-bd86-383805bb2c87';
    expect(reportesSearch({ desde: '2026-11-01', hasta: '2026-11-30', divisa: 3, operacion: 'venta', tauser, estado: 'cancelada', agrupacion: 'semana', categoria: 'VIP' })).toEqual({
      desde: '2026-11-01', hasta: '2026-11-30', divisa: 3, operacion: 'venta', tauser, estado: 'cancelada', agrupacion: 'semana', categoria: 'VIP',
    });
    expect(reportesSearch({ desde: '1/11/2026', divisa: 'abc', metodo: '0', operador: '-1', tauser: 'x', operacion: 'trueque', estado: 'perdida', agrupacion: 'hora', categoria: '  ' })).toEqual({});
    // A date that does not exist is dropped like a malformed one (the server would answer 400).
    expect(reportesSearch({ desde: '2026-02-31', hasta: '2026-02-28' })).toEqual({ hasta: '2026-02-28' });
  });

  it("keeps the listing's page past the first; 1, malformed and huge pages read as the first or the highest taken", () => {
    expect(reportesSearch({ page: '3' }).page).toBe(3);
    expect(reportesSearch({ page: 2 }).page).toBe(2);
    for (const p of ['1', '0', '-2', 'abc', '1.5', '']) expect(reportesSearch({ page: p }).page).toBeUndefined();
    expect(reportesSearch({ page: '9999999999' }).page).toBe(1_000_000_000);
  });

  it('leaves the defaults out of the URL (day grouping)', () => {
    expect(reportesSearch({ agrupacion: 'dia' })).toEqual({});
  });

  it('gives the procedures numbers for ids and the REST query the same filters', () => {
    const f = filtrosDe({ desde: '2026-11-01', metodo: 4, operador: 2 });
    expect(f).toMatchObject({ fecha_desde: '2026-11-01', metodo: 4, operador: 2 });
    expect(queryDe(f, { formato: 'csv' })).toBe('fecha_desde=2026-11-01&metodo=4&operador=2&formato=csv');
  });

  it('writes ids in the URL as plain numbers, and still reads the quoted ones of older links', () => {
    const url = (search: Record<string, unknown>) => defaultStringifySearch(reportesSearch(defaultParseSearch(defaultStringifySearch(search))));
    expect(url({ ...elegir('divisa', '2'), ...elegir('metodo', '4'), ...elegir('operador', '7') })).toBe('?divisa=2&metodo=4&operador=7');
    expect(reportesSearch(defaultParseSearch('?divisa=%222%22'))).toMatchObject({ divisa: 2 });
    // A category is a name, even one made of digits: it stays a string (the router quotes it to keep it one).
    expect(elegir('categoria', '2024')).toEqual({ categoria: '2024' });
    expect(elegir('divisa', '')).toEqual({ divisa: undefined });
  });

  it('answers every key, so the raw value the router lays it over does not come back', () => {
    const raw = defaultParseSearch('?divisa=abc&metodo=true&tauser=x&agrupacion=dia');
    expect({ ...raw, ...reportesSearch(raw) }).toEqual({});
  });
});
