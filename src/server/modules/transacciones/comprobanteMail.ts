import type { Db } from '../../db';
import type { Mailer } from '../../mail/mailer';
import type { Logger } from '../../lib/logger';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import { comprobantePdf } from '../../../shared/comprobantePdf';
import { nombreArchivoComprobante } from '../../../shared/comprobante';
import { P } from '../../../shared/permissions';
import { authUser } from '../auth/permissions.repository';
import { isAssigned } from '../clientes/clientes.repository';
import { emailDeUsuario } from './transacciones.repository';

export const comprobanteMail = (t: TransaccionRecord) => ({
  subject: `Comprobante de tu operación ${t.codigo}`,
  text:
    `Hola ${t.operador_detalle.first_name}:\n\n` +
    `Tu operación ${t.codigo} (${t.cliente_nombre}) se completó en el terminal ${t.tauser_detalle.nombre}. ` +
    'Adjuntamos el comprobante en PDF.\n\nCambio · Casa de Cambios',
});

/**
 * Where the receipt goes: the e-mail of the person who made the operation while they may still read it
 * (active, and the client still assigned to them or staff who see every operation), else nowhere.
 */
async function destinatario(db: Db, t: TransaccionRecord): Promise<string | undefined> {
  const u = await authUser(db, t.operador_detalle.id);
  if (!u?.is_active) return undefined;
  if (!u.perms.has(P.viewTransaccion) && !(await isAssigned(db, u.id, t.cliente_id))) return undefined;
  return emailDeUsuario(db, u.id);
}

/**
 * Mails the receipt to the person who made the operation (destinatario). Called after the completion
 * committed and never awaited by it: a failure is logged and the completion stands.
 */
export async function enviarComprobante(deps: { db: Db; mailer: Mailer; log: Logger }, t: TransaccionRecord): Promise<void> {
  try {
    const to = await destinatario(deps.db, t);
    if (!to) return;
    const pdf = await comprobantePdf(t);
    await deps.mailer.send({
      to,
      ...comprobanteMail(t),
      attachments: [{ filename: nombreArchivoComprobante(t), content: Buffer.from(pdf), contentType: 'application/pdf' }],
    });
  } catch (e) {
    deps.log.warn({ transaccion: t.id, err: (e as Error).message }, 'no se pudo enviar el comprobante por correo');
  }
}
