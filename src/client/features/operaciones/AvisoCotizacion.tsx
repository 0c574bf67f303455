import { trpc } from '../../trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { OP_MSG } from '../../../shared/transacciones';
import { useTasasEnVivo } from '../cotizaciones/useTasasEnVivo';
import { Cifra, montoEn, tasaGs } from './ResumenCotizacion';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';

/**
 * Before the payment of a pending transaction: when the server announces a rate change (the rates
 * stream), its figures are compared with today's quote (reconfirmar-tasa) and, if they moved, the
 * person is told here, before paying. The payment then asks to accept the new figures.
 */
export function AvisoCotizacion({ t }: { t: TransaccionRecord }) {
  const utils = trpc.useUtils();
  // Only a pending transaction has a rate to reconfirm (once paid the server answers 409).
  const q = trpc.transacciones.reconfirmarTasa.useQuery({ id: t.id }, { staleTime: 30_000, retry: false, enabled: t.estado === 'pendiente' });
  useTasasEnVivo(() => void utils.transacciones.reconfirmarTasa.invalidate({ id: t.id }));
  // Spec 001 §8: the check could not be made (the payment still checks the rate itself).
  useLoadErrorToast(q.isError, OP_MSG.reconfirmarError);
  const r = q.data;
  if (!r?.cambio) return null;
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="aviso-cotizacion">
      {/* Each figure stays on one line: a phone used to leave the '₲' at the end of one line and the rate on the next. */}
      La cotización cambió: la tasa pasa de <Cifra>{tasaGs(r.tasa_anterior)}</Cifra> a <Cifra>{tasaGs(r.tasa_actual)}</Cifra> y recibirías{' '}
      <Cifra>{montoEn(r.monto_destino_actual, t.divisa_destino_detalle.codigo)}</Cifra> en lugar de{' '}
      <Cifra>{montoEn(r.monto_destino_anterior, t.divisa_destino_detalle.codigo)}</Cifra>. Al pagar te vamos a pedir que confirmes los nuevos montos.
    </p>
  );
}
