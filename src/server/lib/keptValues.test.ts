import { describe, expect, it, vi } from 'vitest';
import { derivedOnce, isKept, markKept } from './keptValues';
import { syncParser } from '../trpc/syncParsing';
import { z } from '../../shared/zod';

describe('kept values', () => {
  it('derive once per kept value, and the result is kept too; other values derive every time', () => {
    const memo = new WeakMap<object, { n: number }>();
    const derive = vi.fn(() => ({ n: 1 }));
    const page = markKept({ count: 1, results: [] });
    const first = derivedOnce(memo, page, derive);
    expect(derivedOnce(memo, page, derive)).toBe(first);
    expect(derive).toHaveBeenCalledTimes(1);
    expect(isKept(first)).toBe(true);

    const fresh = { count: 1, results: [] };
    expect(derivedOnce(memo, fresh, derive)).not.toBe(derivedOnce(memo, fresh, derive));
    expect(derive).toHaveBeenCalledTimes(3);
    expect(isKept(fresh)).toBe(false);
    expect(isKept(null)).toBe(false);
    expect(markKept(3)).toBe(3);
  });

  it('a procedure output parser checks a kept value once and still refuses a wrong value that is not kept', () => {
    const schema = z.object({ count: z.number() });
    const parse = vi.spyOn(schema, 'parse');
    const parser = syncParser(schema);
    const page = markKept({ count: 2, extra: 'dropped' });
    const out = parser(page);
    expect(out).toEqual({ count: 2 });
    expect(parser(page)).toBe(out);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(() => parser({ count: 'x' })).toThrow();
  });
});
