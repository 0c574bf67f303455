import { describe, expect, it } from 'vitest';
import { containsPattern, palabrasDe, patronSelectivo } from './search';

const frecuentes = new Set(['cli', 'lie', 'ien', 'ent', 'nte', 'gon', 'onz', 'lez', 'per']);

describe('search patterns', () => {
  it('escapes LIKE wildcards so they match themselves', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('splits words as pg_trgm does: letters and digits, as typed', () => {
    expect(palabrasDe('Ñandú S.A. 4242-x')).toEqual(['Ñandú', 'S', 'A', '4242', 'x']);
  });

  it('narrows to the longest run of rare trigrams, a part of the text', () => {
    expect(patronSelectivo('ente 4242', frecuentes)).toBe('%4242%');
    expect(patronSelectivo('Cliente42', frecuentes)).toBe('%te42%');
    expect(patronSelectivo('Gonzalo 77 Ruiz', frecuentes)).toBe('%nzalo%');
    // As typed: the index's ILIKE ignores case, and the run is cut from the text itself.
    expect(patronSelectivo('ENTE ABCD', frecuentes)).toBe('%ABCD%');
  });

  it('leaves the text as it is when nothing narrower helps', () => {
    expect(patronSelectivo('cliente', frecuentes)).toBeUndefined(); // only frequent trigrams
    expect(patronSelectivo('4242', frecuentes)).toBeUndefined(); // the run is the text
    expect(patronSelectivo('ab 50', frecuentes)).toBeUndefined(); // no word of three characters
    expect(patronSelectivo('ente 424', frecuentes)).toBeUndefined(); // one rare trigram may still match thousands
    // Only ASCII runs: lower-casing other letters can depend on their neighbours (a Greek final sigma),
    // and pg_trgm counts their trigrams as hashes.
    expect(patronSelectivo('ente ΟΔΟΣ.ΑΒ', frecuentes)).toBeUndefined();
    expect(patronSelectivo('González Pérez', frecuentes)).toBeUndefined(); // "rez" alone is one trigram
    expect(patronSelectivo('ente 4242', undefined)).toBeUndefined(); // no frequencies counted
  });

  it('the narrower pattern is always contained in the text (so it never loses a match)', () => {
    for (const text of ['ente 4242', 'Cliente42', 'González Pérez', 'Gonzalo 77 Ruiz', 'x_y 1234%', 'MÜLLER straße 9999']) {
      const p = patronSelectivo(text, frecuentes);
      if (p) expect(text).toContain(p.slice(1, -1));
    }
  });
});
