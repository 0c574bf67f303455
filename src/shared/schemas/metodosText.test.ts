import { describe, expect, it } from 'vitest';
import { MS } from '../messagesSecurity';
import { MA } from '../messagesAdmin';
import { billeteraCreateInput, METODO_MSG } from './metodos';

/** Every free-text field of a wallet goes through the same cleaning (shared/text.ts): telefono as titular. */
const base = { plataforma: 1, usuario_id: 'usuario1', email: 'b@prueba.com.py', metodo_financiero_detalle: 1 };
const issues = (telefono: unknown) => {
  const r = billeteraCreateInput.safeParse({ ...base, telefono });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('billetera telefono', () => {
  it.each([
    ['0981\u0000123'], ['0981\r\n123'], ['0981\n'], ['\u0007'], ['0981\u2028'], ['\u009f0981'],
  ])('refuses control characters and line breaks in %j', (telefono) => {
    expect(issues(telefono)).toEqual({ telefono: MS.controlChars });
  });

  it('refuses a lone surrogate', () => {
    expect(issues('0981\ud800')).toEqual({ telefono: MS.badUnicode });
  });

  it('keeps a plain number, trims it, and empty or absent is null', () => {
    expect(billeteraCreateInput.parse({ ...base, telefono: ' +595981123456 ' }).telefono).toBe('+595981123456');
    expect(billeteraCreateInput.parse({ ...base, telefono: '0981123456' }).telefono).toBe('0981123456');
    expect(billeteraCreateInput.parse({ ...base, telefono: '' }).telefono).toBeNull();
    expect(billeteraCreateInput.parse(base).telefono).toBeNull();
  });

  it('takes the clients\' phone rule: digits with an optional leading +', () => {
    for (const telefono of ['abc', '+595 981 123456', '0981-123456', '+', '595+981', '++595']) {
      expect(issues(telefono), telefono).toEqual({ telefono: METODO_MSG.telefonoFormato });
    }
    expect(METODO_MSG.telefonoFormato).toBe(MA.telefonoFormat);
  });
});
