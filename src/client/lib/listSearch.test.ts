import { describe, expect, it } from 'vitest';
import { listSearch } from './listSearch';

describe('listSearch', () => {
  it('keeps a valid page, search and declared filters', () => {
    expect(listSearch('estado')({ page: '3', search: 'usd', estado: 'pendiente', otro: 'x' })).toEqual({ page: 3, search: 'usd', estado: 'pendiente' });
  });
  it('drops malformed or default values', () => {
    expect(listSearch()({ page: 'abc', search: '  ' })).toEqual({});
    expect(listSearch()({ page: 1 })).toEqual({});
    expect(listSearch()({ page: '0' })).toEqual({});
    expect(listSearch()({ page: '1e3' })).toEqual({});
  });
});
