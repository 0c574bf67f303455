import type { Request } from 'express';
import type { RestFile, RestRoute } from '../../rest/types';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import { comprobantePdf } from '../../../shared/comprobantePdf';
import { nombreArchivoComprobante } from '../../../shared/comprobante';

const tag = 'Operaciones';
const idOnly = (req: Request) => ({ id: req.params.id });

/** The receipt the screen shows, as the PDF the browser downloads (one layout: shared/comprobantePdf.ts). */
export const comprobanteArchivo: RestFile = {
  types: ['application/pdf'],
  description: 'El comprobante de la transacción (PDF A4, el mismo que muestra la pantalla)',
  write: async (t: TransaccionRecord, res) => {
    const bytes = await comprobantePdf(t);
    res.status(200).type('application/pdf').set({ 'Content-Disposition': `inline; filename="${nombreArchivoComprobante(t)}"`, 'Cache-Control': 'private, no-store' });
    res.end(Buffer.from(bytes));
  },
};

/** Spec 001 §7 plus the transaction reads; fixed paths before the `:id` ones. */
export const transaccionesRoutes: RestRoute[] = [
  { method: 'post', path: '/operaciones/crear-transaccion/', procedure: 'transacciones.crear', status: 201, summary: 'Crear una transacción pendiente (válida 24 h); acepta el encabezado Idempotency-Key', tag,
    idempotent: true, conflict: 'conflict: la Idempotency-Key ya se usó con otro cuerpo' },
  { method: 'get', path: '/operaciones/cupo/', procedure: 'transacciones.cupo', summary: 'Límites diario y mensual de un cliente asignado y lo que queda de ellos hoy y este mes (₲); ?cliente_id', tag },
  { method: 'get', path: '/operaciones/transacciones/', procedure: 'transacciones.list', summary: 'Transacciones paginadas, recientes primero (?cliente_id, ?estado, ?divisa, ?fecha_desde, ?fecha_hasta AAAA-MM-DD, ?search por código, ?page; ?all=true da una lista)', tag },
  { method: 'get', path: '/operaciones/transacciones/:id/reconfirmar-tasa/', procedure: 'transacciones.reconfirmarTasa', input: idOnly, summary: 'Comparar la tasa de una transacción pendiente con la cotización actual', tag,
    conflict: 'invalid_transition: la transacción ya no está pendiente (estado)' },
  { method: 'patch', path: '/operaciones/transacciones/:id/confirmar-pago/', procedure: 'transacciones.confirmarPago', summary: 'Confirmar el pago (términos aceptados; acepta_cambio si la cotización cambió): pasa a en proceso; acepta el encabezado Idempotency-Key', tag,
    idempotent: true, conflict: 'rate_changed: la cotización cambió (con las cifras nuevas; repetir con acepta_cambio y tasa_aceptada); invalid_transition: ya no está pendiente (estado); conflict: la Idempotency-Key ya se usó con otro cuerpo' },
  { method: 'patch', path: '/operaciones/transacciones/:id/cancelar/', procedure: 'transacciones.cancelar', summary: 'Cancelar una transacción pendiente o en proceso', tag,
    conflict: 'invalid_transition: la transacción ya no se puede cancelar (estado)' },
  { method: 'get', path: '/operaciones/transacciones/:id/comprobante/', procedure: 'transacciones.get', input: idOnly, file: comprobanteArchivo, summary: 'El comprobante de una transacción en PDF (quien puede leer la transacción)', tag },
  { method: 'get', path: '/operaciones/transacciones/:id/', procedure: 'transacciones.get', input: idOnly, summary: 'Una transacción', tag },
];
