import { describe, expect, it } from 'vitest';
import { numeroEsPy } from './reportes.textos';

describe('numeroEsPy', () => {
  it('groups thousands with dots and uses a decimal comma, without a float', () => {
    expect(numeroEsPy('1234567')).toBe('1.234.567');
    expect(numeroEsPy('-20778')).toBe('-20.778');
    expect(numeroEsPy('123456789012345678.1234')).toBe('123.456.789.012.345.678,1234');
    expect(numeroEsPy('0')).toBe('0');
  });
});
