import { describe, expect, it } from 'vitest';
import { retiroPrevisto } from './retiroPrevisto';
import type { Entrega } from '../../../shared/schemas/terminal';

const entrega = (notas: Entrega['notas'], resto_pyg: string): Entrega => ({
  divisa: 'USD', notas, resto_pyg, notas_pyg: [], monedas_pyg: resto_pyg, recibidas: { divisa: 'PYG', notas: [], monedas: '0' }, pyg_con_metodo: '1000000',
});

describe("a purchase's payout as the confirmation names it", () => {
  it('notes and the guaraníes for the cents', () => {
    expect(retiroPrevisto(entrega([{ denominacion: 100, cantidad: 1 }, { denominacion: 20, cantidad: 1 }, { denominacion: 10, cantidad: 1 }, { denominacion: 1, cantidad: 4 }], '1006'), 'US$')).toEqual({
      notas: 'US$ 134',
      guaranies: '₲ 1.006',
    });
  });
  it('notes alone when nothing is below the smallest note', () => {
    expect(retiroPrevisto(entrega([{ denominacion: 100, cantidad: 2 }], '0'), 'US$')).toEqual({ notas: 'US$ 200', guaranies: null });
  });
  it('guaraníes alone below the smallest note (or with no note of the currency in use)', () => {
    expect(retiroPrevisto(entrega([], '7235'), 'US$')).toEqual({ notas: null, guaranies: '₲ 7.235' });
  });
});
