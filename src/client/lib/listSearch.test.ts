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
  it('answers every key, so the raw value the router lays it over does not come back', () => {
    const raw = { page: 'abc', search: true, estado: '  ' };
    expect({ ...raw, ...listSearch('estado')(raw) }).toEqual({});
    expect({ ...{ page: -2 }, ...listSearch()({ page: -2 }) }).toEqual({});
  });
  it('asks for at most the last page the server takes (it then moves to the real last page)', () => {
    expect(listSearch()({ page: 99_999_999_999 })).toEqual({ page: 1_000_000_000 });
  });
});
