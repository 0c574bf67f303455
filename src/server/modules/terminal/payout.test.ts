import { describe, expect, it } from 'vitest';
import { planEntrega, type DivisaNotas } from './payout';

const stock = (codigo: string, esBase: boolean, notas: [number, number][]): DivisaNotas => ({
  codigo,
  esBase,
  stock: notas.map(([denominacion, disponibles]) => ({ denominacion, disponibles })),
});
const PYG = stock('PYG', true, [[100000, 10], [50000, 10], [20000, 10], [10000, 10], [5000, 10], [2000, 10]]);
const origenPyg = { codigo: 'PYG', monto: '750000', denominaciones: [100000, 50000, 20000, 10000, 5000, 2000] };

describe('planEntrega', () => {
  it('a foreign payout: notes for the multiple of the smallest note, the rest in guaraníes (notes, then coins)', () => {
    const usd = stock('USD', false, [[100, 5], [50, 5], [20, 5], [10, 5], [5, 5], [1, 5]]);
    const plan = planEntrega('100.60', usd, PYG, '7455.175', origenPyg)!;
    expect(plan.notas).toEqual([{ denominacion: 100, cantidad: 1 }]);
    // 0.60 × 7455.175 = 4473.105 → 4473 half-up: 2 × 2000 and 473 in coins.
    expect(plan.resto_pyg).toBe('4473');
    expect(plan.notas_pyg).toEqual([{ denominacion: 2000, cantidad: 2 }]);
    expect(plan.monedas_pyg).toBe('473');
    expect(plan.recibidas).toEqual({ divisa: 'PYG', notas: [{ denominacion: 100000, cantidad: 7 }, { denominacion: 50000, cantidad: 1 }], monedas: '0' });
  });

  it('the guaraníes for the cents are never more than the customer paid for them', () => {
    const usd = stock('USD', false, [[100, 5], [1, 5]]);
    // ₲ 7.235 bought US$ 0,99 (0,985 rounded half-up): at 7345 the cents are worth ₲ 7.272; the customer gets back what they paid.
    const todoEnPyg = planEntrega('0.99', usd, PYG, '7345', { ...origenPyg, monto: '7235' })!;
    expect(todoEnPyg.notas).toEqual([]);
    expect(todoEnPyg.resto_pyg).toBe('7235');
    // Above a note: ₲ 999.985 bought US$ 136,15 (136,145): US$ 136 in notes and the ₲ 1.065 paid for the rest, not ₲ 1.102.
    const conNotas = planEntrega('136.15', stock('USD', false, [[100, 5], [20, 5], [10, 5], [5, 5], [1, 5]]), PYG, '7345', { ...origenPyg, monto: '999985' })!;
    expect(conNotas.resto_pyg).toBe('1065');
  });

  it('null when the destination notes or the guaraní notes are not enough', () => {
    expect(planEntrega('100', stock('USD', false, [[50, 1], [1, 5]]), PYG, '7000', origenPyg)).toBeNull();
    const sinPyg = stock('PYG', true, [[100000, 0], [2000, 0]]);
    expect(planEntrega('100.60', stock('USD', false, [[100, 1], [1, 1]]), sinPyg, '7000', origenPyg)).toBeNull();
  });

  it('a guaraní payout uses the stock (fewest notes within it), the part under the smallest note in coins', () => {
    const pyg = stock('PYG', true, [[50000, 1], [20000, 3], [2000, 10]]);
    const plan = planEntrega('61500', pyg, pyg, '1', { codigo: 'USD', monto: '8.25', denominaciones: [1, 5, 10] })!;
    expect(plan.notas).toEqual([{ denominacion: 20000, cantidad: 3 }]);
    expect(plan.monedas_pyg).toBe('1500');
    expect(plan.recibidas).toEqual({ divisa: 'USD', notas: [{ denominacion: 5, cantidad: 1 }, { denominacion: 1, cantidad: 3 }], monedas: '0.25' });
  });

  it('notes that do not divide each other: the amount in notes, not the multiple of the smallest note plus coins', () => {
    // A sale of R$ 15 takes in 10 + 5 (it recorded 10 + 2 + 2 and R$ 1 "in coins" the customer never gave).
    const brl = { codigo: 'BRL', monto: '15', denominaciones: [2, 5, 10, 20, 50, 100, 200] };
    const venta = planEntrega('108750', PYG, PYG, '7250', brl)!;
    expect(venta.recibidas).toEqual({ divisa: 'BRL', notas: [{ denominacion: 10, cantidad: 1 }, { denominacion: 5, cantidad: 1 }], monedas: '0' });
    // ₲ 108.750 out: the most the notes form (108.000), the ₲ 750 below the smallest note in coins.
    expect(venta.notas).toEqual([{ denominacion: 100000, cantidad: 1 }, { denominacion: 2000, cantidad: 4 }]);
    expect(venta.monedas_pyg).toBe('750');
    // ₲ 725.000 out uses the ₲ 5.000 note: no coins.
    expect(planEntrega('725000', PYG, PYG, '7250', { ...brl, monto: '100' })!).toMatchObject({
      notas: [{ denominacion: 100000, cantidad: 7 }, { denominacion: 20000, cantidad: 1 }, { denominacion: 5000, cantidad: 1 }],
      monedas_pyg: '0',
    });
    // ₲ 1.005.000 taken in is 10 × 100.000 + 5.000.
    const compra = planEntrega('136.05', stock('USD', false, [[100, 5], [20, 5], [10, 5], [5, 5], [1, 5]]), PYG, '7350', { ...origenPyg, monto: '1005000' })!;
    expect(compra.recibidas.notas).toEqual([{ denominacion: 100000, cantidad: 10 }, { denominacion: 5000, cantidad: 1 }]);
    expect(compra.recibidas.monedas).toBe('0');
    // $U 50 bought is one $U 50 note, not 2 × $U 20 and the rest in guaraníes.
    const uyu = stock('UYU', false, [[20, 5], [50, 5], [100, 5]]);
    expect(planEntrega('50', uyu, PYG, '184.5', { ...origenPyg, monto: '9225' })!).toMatchObject({ notas: [{ denominacion: 50, cantidad: 1 }], resto_pyg: '0' });
  });

  it('guaraníes settled through a method other than cash: a sale pays none out, a purchase takes none in', () => {
    const sinBilletes = stock('PYG', true, []);
    const venta = planEntrega('725000', sinBilletes, sinBilletes, '7250', { codigo: 'USD', monto: '100', denominaciones: [1, 5, 10, 20, 50, 100] }, false)!;
    expect(venta).toMatchObject({ notas: [], notas_pyg: [], monedas_pyg: '0', pyg_con_metodo: '725000' });
    expect(venta.recibidas).toEqual({ divisa: 'USD', notas: [{ denominacion: 100, cantidad: 1 }], monedas: '0' });
    const usd = stock('USD', false, [[100, 5], [50, 5], [20, 5], [10, 5], [5, 5], [1, 5]]);
    const compra = planEntrega('100.60', usd, PYG, '7455.175', origenPyg, false)!;
    expect(compra.notas).toEqual([{ denominacion: 100, cantidad: 1 }]);
    expect(compra.recibidas).toEqual({ divisa: 'PYG', notas: [], monedas: '0' });
    expect(compra.pyg_con_metodo).toBe('750000');
    // In cash the guaraníes change hands at the terminal.
    expect(planEntrega('100.60', usd, PYG, '7455.175', origenPyg)!.pyg_con_metodo).toBe('0');
  });
});

