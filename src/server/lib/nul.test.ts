import { describe, expect, it } from 'vitest';
import { nulPaths } from './nul';

describe('nulPaths', () => {
  it('names every text holding U+0000, nested in objects and arrays', () => {
    expect(nulPaths({ a: 'ok', b: 'x\u0000', c: { d: ['\u0000', 'y'] } })).toEqual(['b', 'c.d.0']);
    expect(nulPaths('\u0000')).toEqual(['non_field_errors']);
    expect(nulPaths({ a: 1, b: null, c: [true, 'ok'] })).toEqual([]);
    expect(nulPaths(undefined)).toEqual([]);
  });
});
