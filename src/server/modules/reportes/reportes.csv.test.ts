import { describe, expect, it } from 'vitest';
import { celda, num } from './reportes.export';

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

describe('XLSX number cells', () => {
  it('hold a figure as a number while a double keeps every digit, else as text', () => {
    expect(num('44368')).toBe(44368);
    expect(num('7455.175')).toBe(7455.175);
    expect(num('1000000000000000000')).toBe(1e18);
    // 17 significant digits: as a double the last one would change (…4568).
    expect(num('1234567890123.4567')).toBe('1234567890123.4567');
    expect(num('9007199254740993')).toBe('9007199254740993');
  });
});
