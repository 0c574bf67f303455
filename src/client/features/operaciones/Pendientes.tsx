import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { minorUnits } from '../../../shared/money';
import { montoATexto } from '../../../shared/montoEsPy';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import { montoEn } from './ResumenCotizacion';
import type { EstadoWizard } from './wizardSearch';
import { useCancelarPendiente } from './hooks';
import { OP_MSG } from '../../../shared/transacciones';
import { CancelarOperacion } from './CancelarOperacion';
import { OPERACION_MSG } from './wizardMsg';
import { ErrorCarga } from '../../components/ErrorCarga';

/** Pending operations listed here; the rest are one link away, in the history. */
const MOSTRADAS = 3;

/** The wizard's state that resumes a pending transaction at its summary. */
export function estadoDe(t: TransaccionRecord): Partial<EstadoWizard> {
  return {
    par: { origen: t.divisa_origen, destino: t.divisa_destino },
    monto: montoATexto(t.monto_origen, minorUnits(t.divisa_origen_detalle.codigo)),
    metodo: t.detalle_metodo_id ? { tipo: 'instancia', id: t.detalle_metodo_id, metodoId: t.metodo_financiero } : { tipo: 'generico', metodoId: t.metodo_financiero },
    tauser: t.tauser,
    tx: t.id,
  };
}

/**
 * The current client's pending transactions (created, not paid): one left behind by a reload, a
 * back button or a lost connection can be resumed at its summary or cancelled from the wizard.
 */
export function Pendientes({ clienteId, onRetomar }: { clienteId: string; onRetomar: (e: Partial<EstadoWizard>) => void }) {
  const q = trpc.transacciones.list.useQuery({ cliente_id: clienteId, estado: 'pendiente', all: true }, { staleTime: 0 });
  // A cancellation the customer confirmed: said with a toast, like the history's.
  const cancelar = useCancelarPendiente();
  // The state is checked here too: a row paid or cancelled a moment ago is replaced in the cache before the list refetches.
  const lista = Array.isArray(q.data) ? q.data.filter((t) => t.estado === 'pendiente' && Date.parse(t.expira_en) > Date.now()) : [];
  // Not knowing is not "none": a pending operation holds the client's limits until it is resumed or cancelled.
  if (q.isError && !q.data) {
    return (
      <div className="mb-6">
        <ErrorCarga mensaje={OPERACION_MSG.pendientesError} reintentando={q.isFetching} onReintentar={() => void q.refetch()} testId="pendientes-error" />
      </div>
    );
  }
  if (!lista.length) return null;
  return (
    <section className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4" aria-label="Operaciones pendientes" data-testid="pendientes">
      <h2 className="font-semibold text-amber-900">{lista.length === 1 ? 'Tenés una operación pendiente de pago' : `Tenés ${lista.length} operaciones pendientes de pago`}</h2>
      <ul className="mt-2 space-y-2">
        {lista.slice(0, MOSTRADAS).map((t) => (
          <li key={t.id} className="flex flex-col gap-2 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between">
            <span>
              <span className="font-mono">{t.codigo}</span> · {montoEn(t.monto_origen, t.divisa_origen_detalle.codigo)} →{' '}
              {montoEn(t.monto_destino, t.divisa_destino_detalle.codigo)}
            </span>
            <span className="flex gap-2">
              <button type="button" className="btn-primary" onClick={() => onRetomar(estadoDe(t))} aria-label={`Retomar ${t.codigo}`}>
                Retomar
              </button>
              <CancelarOperacion codigo={t.codigo} label="Cancelar" className="btn-secondary" busy={cancelar.isPending} onConfirmar={() => cancelar.mutate({ id: t.id })} />
            </span>
          </li>
        ))}
      </ul>
      {lista.length > MOSTRADAS && (
        <Link to="/historial-transacciones" search={{ estado: 'pendiente', cliente: clienteId }} className="mt-3 inline-block text-sm font-medium text-blue-700 underline">
          Ver las {lista.length} en el historial
        </Link>
      )}
      {cancelar.error && (
        <p className="field-error" role="alert">
          {cancelar.error.message || OP_MSG.cancelarError}
        </p>
      )}
    </section>
  );
}
