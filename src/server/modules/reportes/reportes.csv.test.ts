import { describe, expect, it } from 'vitest';
import { celda } from './reportes.export';

describe('CSV text cells', () => {
  it('keep a text a spreadsheet would run as a formula as text', () => {
    expect(celda('=HYPERLINK("http://evil";"x")')).toBe(`"'=HYPERLINK(""http://evil"";""x"")"`);
    for (const v of ['+1', '-1+2', '@SUM(A1)', '\tx', '\rx']) expect(celda(v).replace(/^"/, '')).toMatch(/^'/);
  });

  it('leave ordinary names alone and quote only what needs it', () => {
    expect(celda('Juan Pérez')).toBe('Juan Pérez');
    expect(celda('Casa; Centro')).toBe('"Casa; Centro"');
    expect(celda('Tauser "1"')).toBe('"Tauser ""1"""');
    expect(celda('María-José')).toBe('María-José');
  });
});
