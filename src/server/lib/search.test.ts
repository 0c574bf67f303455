import { describe, expect, it } from 'vitest';
import { containsPattern } from './search';

describe('search patterns', () => {
  it('escapes LIKE wildcards so they match themselves', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('matches the text anywhere', () => {
    expect(containsPattern('Guaraní')).toBe('%Guaraní%');
  });
});
