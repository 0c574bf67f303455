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
  it('reads zero only where zero is an answer (a limit of ₲ 0)', () => {
    const limite = { decimales: 0, codigo: 'PYG', cero: true };
    expect(leerMonto('0', limite)).toEqual({ ok: true, monto: '0' });
    expect(leerMonto('000', limite)).toEqual({ ok: true, monto: '0' });
    expect(leerMonto('0', { decimales: 0, codigo: 'PYG' }).ok).toBe(false);
    expect(leerMonto('-0', limite).ok).toBe(false);
  });

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
    expect(leerMonto('100,555', USD)).toEqual(err(MONTO_MSG.decimales('USD', 2)));
    expect(leerMonto('1000,5', PYG)).toEqual(err(MONTO_MSG.sinDecimales('PYG')));
    expect(leerMonto('1.00.000', PYG)).toEqual(err(MONTO_TEXTO_MSG.miles));
    expect(leerMonto('10000.000.000', PYG)).toEqual(err(MONTO_TEXTO_MSG.miles));
    expect(leerMonto('1,000,000', USD)).toEqual(err(MONTO_TEXTO_MSG.unaComa));
    expect(leerMonto('1,000.5', USD)).toEqual(err(MONTO_TEXTO_MSG.puntoTrasComa));
    expect(leerMonto('', USD)).toEqual(err(MONTO_TEXTO_MSG.vacio));
    expect(leerMonto('0', USD)).toEqual(err(MONTO_MSG.positivo));
    expect(leerMonto('US$ 5', { decimales: 2 })).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('1 00', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('1 500.000,50', USD)).toEqual(err(MONTO_TEXTO_MSG.miles));
    expect(leerMonto('1000000000000000', PYG)).toEqual(err(MONTO_MSG.grande));
  });

  it('a dot followed by three digits is thousands where fewer than 3 decimals are allowed', () => {
    expect(leerMonto('1.000', USD)).toEqual(ok('1000'));
    expect(leerMonto('2.500', USD)).toEqual(ok('2500'));
    expect(leerMonto('12.345', USD)).toEqual(ok('12345'));
    expect(leerMonto('100.555', USD)).toEqual(ok('100555'));
    expect(leerMonto('1.000', { decimales: 1 })).toEqual(ok('1000'));
  });

  it('a dot after a leading zero is a decimal point, never thousands: "0.500" is not five hundred', () => {
    expect(leerMonto('0.500', USD)).toEqual(err(MONTO_MSG.decimales('USD', 2)));
    expect(leerMonto('0.500', PYG)).toEqual(err(MONTO_MSG.sinDecimales('PYG')));
    expect(leerMonto('0.500', { decimales: 4 })).toEqual(ok('0.5'));
    expect(leerMonto('0.500.000', PYG)).toEqual(err(MONTO_TEXTO_MSG.miles));
    expect(leerMonto('0.50', USD)).toEqual(ok('0.5'));
    expect(leerMonto('0 500', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
  });

  it('where 3 or more decimals are allowed it is ambiguous, and both suggestions read', () => {
    const KWD = { decimales: 3, codigo: 'KWD' };
    expect(leerMonto('1.000', KWD)).toEqual(err(MONTO_TEXTO_MSG.ambiguo('1.000')));
    expect(MONTO_TEXTO_MSG.ambiguo('1.000')).toContain('(1,000)');
    expect(MONTO_TEXTO_MSG.ambiguo('1.000')).toContain('(1000)');
    expect(leerMonto('1,000', KWD)).toEqual(ok('1'));
    expect(leerMonto('1000', KWD)).toEqual(ok('1000'));
    expect(leerMonto('1.360', { decimales: 4 })).toEqual(err(MONTO_TEXTO_MSG.ambiguo('1.360')));
    expect(leerMonto('1,360', { decimales: 4 })).toEqual(ok('1.36'));
  });

  it('spaces group thousands (normal, no-break and narrow no-break)', () => {
    expect(leerMonto('1 500,50', USD)).toEqual(ok('1500.5'));
    expect(leerMonto('1\u00A0500,50', USD)).toEqual(ok('1500.5'));
    expect(leerMonto('1\u202F500,50', USD)).toEqual(ok('1500.5'));
    expect(leerMonto('1 000 000', PYG)).toEqual(ok('1000000'));
    expect(leerMonto('1 500.50', USD)).toEqual(ok('1500.5'));
    expect(leerMonto('\u00A01 500\u00A0', PYG)).toEqual(ok('1500'));
    expect(leerMonto('1 000', { decimales: 0, cantidad: true })).toEqual(ok('1000'));
  });

  it("accepts the field's own currency symbol or code, before or after", () => {
    expect(leerMonto('US$ 1.500,50', USD)).toEqual(ok('1500.5'));
    expect(leerMonto('$1.500,50', USD)).toEqual(ok('1500.5'));
    expect(leerMonto('1.500 USD', USD)).toEqual(ok('1500'));
    expect(leerMonto('usd 20', USD)).toEqual(ok('20'));
    expect(leerMonto('₲ 150.000', PYG)).toEqual(ok('150000'));
    expect(leerMonto('Gs. 150.000', PYG)).toEqual(ok('150000'));
    expect(leerMonto('150.000 PYG', PYG)).toEqual(ok('150000'));
    expect(leerMonto('₲\u00A01\u00A0500', PYG)).toEqual(ok('1500'));
    expect(leerMonto('5 EUR', { decimales: 2, codigo: 'EUR' })).toEqual(ok('5'));
    expect(leerMonto('1e5 EUR', { decimales: 2, codigo: 'EUR' })).toEqual(err(MONTO_TEXTO_MSG.exponente));
  });

  it("refuses another currency's symbol or code, and any other letter, as before", () => {
    expect(leerMonto('₲ 150.000', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('R$ 100', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('100 EUR', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('US$ 100', PYG)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('USD 1 EUR', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('1.5e', USD)).toEqual(err(MONTO_TEXTO_MSG.exponente));
    expect(leerMonto('US$ -5', USD)).toEqual(err(MONTO_TEXTO_MSG.negativo));
    expect(leerMonto('US$', USD)).toEqual(err(MONTO_TEXTO_MSG.vacio));
    expect(leerMonto('Gs. 100', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('€100', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    // not a currency's mark: the usual message
    expect(leerMonto('abc', PYG)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('1.000 abc', PYG)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('1x000', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('12 cuotas', USD)).toEqual(err(MONTO_TEXTO_MSG.caracteres));
    expect(leerMonto('₲ 5', { decimales: 0, cantidad: true })).toEqual(err(MONTO_TEXTO_MSG.caracteres));
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

  const tecleado = fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', ',', '-', '+', 'e', ' ', '\u00A0', 'a', '−', '$', 'US', 'D', '₲'), maxLength: 24 });

  it('whatever is typed: a canonical positive amount within the rules, made of exactly the typed digits, or a reason', () => {
    fc.assert(
      fc.property(tecleado, decimales, fc.constantFrom(undefined, 'USD', 'PYG'), (t, d, codigo) => {
        const r = leerMonto(t, { decimales: d, codigo });
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
        if (!codigo) expect(t).not.toMatch(/[$₲DU]/);
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
