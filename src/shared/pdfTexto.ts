import type { PDFFont } from 'pdf-lib';

const dibujable = (font: PDFFont, s: string) => {
  try {
    font.encodeText(s);
    return true;
  } catch {
    return false;
  }
};

/** Letters with a stroke have no decomposition to a base letter; Guaraní's glottal stop (puso) is an apostrophe. */
const SIN_TRAZO: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', '\u02bc': "'" };

/**
 * Text a standard PDF font can draw (they speak WinAnsi, which has €, but not ₲): ₲ as "Gs.", es-PY's
 * narrow spaces as spaces, a letter the font lacks as its base letter ("Łódź" → "Lódz", Guaraní's
 * "ỹ" → "y"), and anything else it cannot encode (emoji…) as '?' instead of failing.
 */
export const textoPdf = (font: PDFFont, s: string) =>
  [...s.normalize('NFC').replace(/₲/g, 'Gs.').replace(/[\u00a0\u202f]/g, ' ')]
    .map((ch) => {
      if (dibujable(font, ch)) return ch;
      if (/\p{M}/u.test(ch)) return '';
      const base = SIN_TRAZO[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
      return base !== ch && dibujable(font, base) ? base : '?';
    })
    .join('');
