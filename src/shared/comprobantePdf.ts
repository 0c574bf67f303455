import type { TransaccionRecord } from './schemas/operaciones';
import { NOMBRE_CASA, lineasComprobante } from './comprobante';

/**
 * The receipt as a PDF (A4): built the same way in the browser (download) and on the server (REST
 * path, mail). pdf-lib and qrcode are loaded only when asked, so no page carries them up front.
 */
export async function comprobantePdf(t: TransaccionRecord): Promise<Uint8Array> {
  const [{ PDFDocument, StandardFonts, rgb }, QR] = await Promise.all([import('pdf-lib'), import('qrcode')]);
  const doc = await PDFDocument.create();
  doc.setTitle(`Comprobante ${t.codigo}`);
  doc.setCreator(NOMBRE_CASA);
  doc.setProducer(NOMBRE_CASA);
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // Standard fonts are WinAnsi: keep what it can encode (₲ becomes "Gs."; es-PY's narrow spaces, a space).
  const safe = (s: string) => s.replace(/₲/g, 'Gs.').replace(/[\u00a0\u202f]/g, ' ').replace(/[^\u0020-\u00ff]/g, '?');
  let y = 800;
  page.drawText(safe(NOMBRE_CASA), { x: 50, y, size: 18, font: bold });
  y -= 24;
  page.drawText('Comprobante de transacción', { x: 50, y, size: 13, font, color: rgb(0.3, 0.3, 0.3) });
  const png = await QR.toDataURL(t.codigo, { margin: 1, width: 240 });
  const img = await doc.embedPng(png);
  page.drawImage(img, { x: 425, y: 700, width: 120, height: 120 });
  y -= 36;
  for (const [k, v] of lineasComprobante(t)) {
    page.drawText(safe(k), { x: 50, y, size: 11, font: bold });
    const words = safe(v);
    // Long values wrap at ~55 characters.
    const chunks = words.match(/.{1,55}(\s|$)|\S+/g) ?? [words];
    for (const c of chunks) {
      page.drawText(c.trim(), { x: 220, y, size: 11, font });
      y -= 16;
    }
    y -= 4;
  }
  return doc.save();
}
