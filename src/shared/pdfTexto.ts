import type { PDFFont } from 'pdf-lib';

/**
 * Text a standard PDF font can draw (they speak WinAnsi, which has €, but not ₲): ₲ as "Gs.", es-PY's
 * narrow spaces as spaces, any other character the font cannot encode (emoji…) as '?' instead of failing.
 */
export const textoPdf = (font: PDFFont, s: string) =>
  [...s.replace(/₲/g, 'Gs.').replace(/[\u00a0\u202f]/g, ' ')]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
