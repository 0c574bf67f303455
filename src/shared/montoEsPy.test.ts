import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from './money';
import { MONTO_MSG } from './schemas/operaciones';
import { CANTIDAD_MSG, MONTO_TEXTO_MSG, leerMonto, montoATexto } from './montoEsPy';

const USD = { decimales: 2, codigo: 'USD' };
const PYG = { decimales: 0, codigo: 'PYG' };

const ok = (monto: string) => ({ ok: true, monto });
const err = (error: string) => ({ ok: false, error });

describe('leerMonto (es-PY)', () => {
  it('reads what people type', () => {
    expect(leerMonto('100,50', USD)).toEqual(ok('100.5'));
    expect(leerMonto('1.000.000', PYG)).toEqual(ok('1000000'));
    expect(leerMonto('1.000.000,50', USD)).toEqual(ok('1000000.5'));
    expect(leerMonto(' 1000000 ', PYG)).toEqual(ok('1000000'));
    expect(leerMonto('1.000', PYG)).toEqual(ok('1000'));
    expect(leerMonto('007', PYG)).toEqual(ok('7'));
    expect(leerMonto('100,', USD)).toEqual(ok('100'));
  });

  it('reads a single dot that cannot group thousands as a decimal point (pasted figures)', () => {
    expect(leerMonto('1000000.50', USD)).toEqual(ok('1000000.5'));
    expect(leerMonto('100.5', USD)).toEqual(ok('100.5'));
    expect(leerMonto('1000.5', PYG)).toEqual(err(MONTO_MSG.sinDecimales('PYG')));
  });

  it('refuses with the reason, never another number', () => {
    expect(leerMonto('1e5', PYG)).toEqual(err(MONTO_TEXTO_MSG.exponente));
    expect(leerMonto('-50', USD)).toEqual(err(MONTO_TEXTO_MSG.negativo));
    expect(leerMonto('100.555', USD)).toEqual(err(MONTO_TEXTO_MSG.ambiguo('100.555')));
    expect(leerMonto('100,555', USD)).toEqual(err(MONTO_MSG.decimales('USD', 2)));
    expect(leerMonto('1000,5', PYG)).toEqual(err(MONTO_MSG.sinDecimales('PYG')));
    expect(leerMonto('1.00.000', PYG)).toEqual(err(MONTO_TEXTO_MSG.miles));
    expect(leerMonto('10000.000.000', PYG)).toEqual(err(MONTO_TEXTO_MSG.miles));
    expect(leerMonto('1,000,000', USD)).toEqual(err(MONTO_TEXTO_MSG.unaComa));
    expect(leerMonto('1,000.5', USD)).toEqual(err(MONTO_TEXTO_MSG.puntoTrasComa));
    expect(leerMonto('', USD)).toEqual(err(MONTO_TEXTO_MSG.vacio));
    expect(leerMonto('0', USD)).toEqual(err(MONTO_MSG.positivo));
    expect(leerMonto('US$ 5', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('1 000', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('1000000000000000', PYG)).toEqual(err(MONTO_MSG.grande));
  });

  it('a count says "cantidad"', () => {
    const cantidad = { decimales: 0, cantidad: true };
    expect(leerMonto('1.000', cantidad)).toEqual(ok('1000'));
    expect(leerMonto('-3', cantidad)).toEqual(err(CANTIDAD_MSG.negativo));
    expect(leerMonto('0', cantidad)).toEqual(err(CANTIDAD_MSG.positivo));
    expect(leerMonto('2,5', cantidad)).toEqual(err(CANTIDAD_MSG.sinDecimales));
  });

  const decimales = fc.constantFrom(0, 2, 3);
  /** A positive amount with at most `d` decimals and 15 integer digits. */
  const monto = (d: number) =>
    fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.bigInt({ min: 0n, max: 10n ** BigInt(d) - 1n }))
      .filter(([e, f]) => e > 0n || f > 0n)
      .map(([e, f]) => (d === 0 ? e.toString() : `${e}.${f.toString().padStart(d, '0')}`))
      .map((s) => new Decimal(s).toFixed());

  it('reads back every amount written in es-PY, grouped or not', () => {
    fc.assert(
      fc.property(
        decimales.chain((d) => fc.tuple(fc.constant(d), monto(d))),
        ([d, m]) => {
          expect(leerMonto(montoATexto(m, d), { decimales: d })).toEqual(ok(m));
          expect(leerMonto(m.replace('.', ','), { decimales: d })).toEqual(ok(m));
        },
      ),
    );
  });

  const tecleado = fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', ',', '-', '+', 'e', ' ', 'a', '−'), maxLength: 24 });

  it('whatever is typed: a canonical positive amount within the rules, made of exactly the typed digits, or a reason', () => {
    fc.assert(
      fc.property(tecleado, decimales, (t, d) => {
        const r = leerMonto(t, { decimales: d });
        if (!r.ok) {
          expect(r.error.length).toBeGreaterThan(0);
          return;
        }
        expect(r.monto).toMatch(/^\d+(\.\d+)?$/);
        const v = new Decimal(r.monto);
        expect(v.gt(0)).toBe(true);
        expect(v.decimalPlaces()).toBeLessThanOrEqual(d);
        // the same digits in the same order (leading zeros and trailing decimal zeros aside)
        const soloDigitos = (s: string) => s.replace(/\D/g, '').replace(/^0+/, '');
        const tecleados = soloDigitos(t);
        const leidos = soloDigitos(r.monto);
        expect(tecleados.startsWith(leidos)).toBe(true);
        expect(/^0*$/.test(tecleados.slice(leidos.length))).toBe(true);
        expect(t).not.toMatch(/[-−+eEa]/);
      }),
    );
  });

  it('a text with a comma is es-PY: the comma marks the decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 99 }), (e, f) => {
        const texto = `${montoATexto(e.toString(), 0)},${String(f).padStart(2, '0')}`;
        expect(leerMonto(texto, USD)).toEqual(ok(new Decimal(`${e}.${String(f).padStart(2, '0')}`).toFixed()));
      }),
    );
  });
});
