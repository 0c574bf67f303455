import { describe, expect, it } from 'vitest';
import { defaultStringifySearch } from '@tanstack/react-router';
import { parseSearch } from './searchParams';

describe('parseSearch', () => {
  it('keeps as typed a number whose text reading would change', () => {
    expect(parseSearch('?monto=1.500')).toEqual({ monto: '1.500' });
    expect(parseSearch('?monto=1.000.000')).toEqual({ monto: '1.000.000' });
    expect(parseSearch('?search=1.50')).toEqual({ search: '1.50' });
    expect(parseSearch('?search=1e3')).toEqual({ search: '1e3' });
    expect(parseSearch('?search=12345678901234567890')).toEqual({ search: '12345678901234567890' });
  });

  it('reads plain numbers, booleans and quoted text as the router always did', () => {
    expect(parseSearch('?page=2&tx=15&txInvalida=true&monto=%221.500%22&search=0012')).toEqual({ page: 2, tx: 15, txInvalida: true, monto: '1.500', search: '0012' });
  });

  it("reads back what the router's own links write", () => {
    const search = { page: 3, monto: '1.500', search: 'ente 42' };
    expect(parseSearch(defaultStringifySearch(search))).toEqual(search);
  });
});
