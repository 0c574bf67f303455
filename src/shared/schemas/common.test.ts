import { describe, expect, it } from 'vitest';
import { pageParam } from './common';
import { MAX_PAGE } from '../paginas';

describe('pageParam', () => {
  it('reads a page as written digits, up to the limit itself', () => {
    expect(pageParam.parse(undefined)).toBe(1);
    expect(pageParam.parse('7')).toBe(7);
    expect(pageParam.parse(String(MAX_PAGE))).toBe(MAX_PAGE);
    for (const bad of [String(MAX_PAGE + 1), '0', '07', '4e0', ' 4', 'abc', '-1']) expect(pageParam.safeParse(bad).success, bad).toBe(false);
  });
});
