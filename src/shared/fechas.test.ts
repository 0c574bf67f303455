import { describe, expect, it } from 'vitest';
import { diaEsPy, esFecha, mesEsPy } from './fechas';

describe('fechas', () => {
  it('esFecha takes only calendar dates that exist', () => {
    expect(esFecha('2026-11-30')).toBe(true);
    expect(esFecha('2026-02-31')).toBe(false);
    expect(esFecha('0000-01-01')).toBe(false);
    expect(esFecha('1/11/2026')).toBe(false);
  });

  it('writes a day and a month as people here do, whatever the machine time zone', () => {
    expect(diaEsPy('2026-11-01')).toBe('01/11/2026');
    expect(diaEsPy('2026-12-31')).toBe('31/12/2026');
    expect(mesEsPy('2026-11-01')).toBe('11/2026');
  });
});
