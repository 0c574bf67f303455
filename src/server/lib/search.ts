/** An ILIKE pattern matching `text` anywhere, with LIKE's wildcards in the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The words of a search as pg_trgm splits text: runs of letters and digits, as typed. */
export const palabrasDe = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** Trigrams made of ASCII letters and digits only: pg_trgm's show_trgm writes the others as hashes. */
const ASCII_TRIGRAMA = /^[a-z0-9]{3}$/;

/**
 * A wider ILIKE pattern for the index to find a search's candidates by: the longest run, at least two
 * trigrams long, of a word of `text` whose trigrams are all rare: ASCII letters and digits outside
 * `frecuentes` (lower-case trigrams, as pg_trgm's show_trgm gives them). The run is part of the text,
 * cut as typed, so every value containing the text contains it: the candidates hold every match, and
 * the whole text is still checked on them. ASCII only, because lower-casing it is the same character
 * by character in every locale (a Greek final sigma is not), and its frequencies are known. A trigram
 * index reads the entries of every trigram of its pattern, and a frequent one (the "ent" of a hundred
 * thousand "Cliente …") is most of the index. Undefined when nothing narrower than the text helps.
 */
export function patronSelectivo(text: string, frecuentes: ReadonlySet<string> | undefined): string | undefined {
  if (!frecuentes) return undefined;
  let mejor = '';
  for (const palabra of palabrasDe(text)) {
    const p = palabra.toLowerCase();
    // Only where lower-casing keeps the length can a run of `p` be cut from the word as typed.
    if (p.length !== palabra.length) continue;
    let desde = -1;
    for (let i = 0; i + 3 <= p.length + 1; i++) {
      const t = p.slice(i, i + 3);
      const rara = i + 3 <= p.length && ASCII_TRIGRAMA.test(t) && !frecuentes.has(t);
      if (rara && desde < 0) desde = i;
      if (!rara && desde >= 0) {
        // Trigrams desde…i-1 are rare: the characters desde…i+1; at least two trigrams.
        if (i - desde >= 2 && i + 2 - desde > mejor.length) mejor = palabra.slice(desde, i + 2);
        desde = -1;
      }
    }
  }
  return mejor === '' || mejor === text ? undefined : containsPattern(mejor);
}
