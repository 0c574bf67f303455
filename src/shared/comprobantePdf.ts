import type { TransaccionRecord } from './schemas/operaciones';
import { NOMBRE_CASA, lineasComprobante } from './comprobante';
import { textoPdf } from './pdfTexto';

const QR_BOTTOM = 700;

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
  const safe = (s: string) => textoPdf(font, s);
  let y = 800;
  page.drawText(safe(NOMBRE_CASA), { x: 50, y, size: 18, font: bold });
  y -= 24;
  page.drawText('Comprobante de transacción', { x: 50, y, size: 13, font, color: rgb(0.3, 0.3, 0.3) });
  const png = await QR.toDataURL(t.codigo, { margin: 1, width: 240 });
  const img = await doc.embedPng(png);
  page.drawImage(img, { x: 425, y: QR_BOTTOM, width: 120, height: 120 });
  y -= 36;
  // Values wrap by measured width: narrower beside the QR code, up to the right margin below it.
  const ancho = () => (y > QR_BOTTOM - 4 ? 420 - 220 : 545 - 220);
  for (const [k, v] of lineasComprobante(t)) {
    page.drawText(safe(k), { x: 50, y, size: 11, font: bold });
    let linea = '';
    for (const palabra of safe(v).split(' ')) {
      const prueba = linea ? `${linea} ${palabra}` : palabra;
      if (linea && font.widthOfTextAtSize(prueba, 11) > ancho()) {
        page.drawText(linea, { x: 220, y, size: 11, font });
        y -= 16;
        linea = palabra;
      } else linea = prueba;
    }
    page.drawText(linea, { x: 220, y, size: 11, font });
    y -= 20;
  }
  return doc.save();
}
