import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import { comprobantePdf } from '../../../shared/comprobantePdf';
import { nombreArchivoComprobante } from '../../../shared/comprobante';

/** Downloads the receipt PDF, built in the browser with the same layout the server sends. */
export async function descargarPdf(t: TransaccionRecord) {
  const bytes = await comprobantePdf(t);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nombreArchivoComprobante(t);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
