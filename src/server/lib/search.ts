/** An ILIKE pattern matching `text` anywhere, with LIKE's wildcards in the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The words of a search as pg_trgm splits text: runs of letters and digits, as typed. */
export const palabrasDe = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A wider ILIKE pattern for the index to find a search's candidates by: the longest run of a word of
 * `text` whose trigrams are all outside `frecuentes` (lower-case trigrams, as pg_trgm's show_trgm
 * gives them). The run is part of the text, so every value containing the text contains it: the
 * candidates hold every match, and the whole text is still checked on them. A trigram index reads
 * the entries of every trigram of its pattern, and a frequent one (the "ent" of a hundred thousand
 * "Cliente …") is most of the index. Undefined when nothing narrower than the text helps.
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
      const rara = i + 3 <= p.length && !frecuentes.has(p.slice(i, i + 3));
      if (rara && desde < 0) desde = i;
      if (!rara && desde >= 0) {
        // Trigrams desde…i-1 are rare: the characters desde…i+1.
        if (i + 2 - desde > mejor.length) mejor = palabra.slice(desde, i + 2);
        desde = -1;
      }
    }
  }
  return mejor === '' || mejor === text ? undefined : containsPattern(mejor);
}
