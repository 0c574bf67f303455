import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import { comprobantePdf } from '../../../shared/comprobantePdf';
import { nombreArchivoComprobante } from '../../../shared/comprobante';
import { guardarArchivo } from '../../lib/guardarArchivo';

/** Downloads the receipt PDF, built in the browser with the same layout the server sends. */
export async function descargarPdf(t: TransaccionRecord) {
  const bytes = await comprobantePdf(t);
  guardarArchivo(new Blob([bytes as BlobPart], { type: 'application/pdf' }), nombreArchivoComprobante(t));
}
