import { Link, useRouter } from '@tanstack/react-router';
import { noEncontrado } from '../../lib/errors';
import { trpc } from '../../trpc';
import { Comprobante } from './Comprobante';
import { FallarForm } from './FallarForm';
import { Can } from '../../components/Guard';
import { P } from '../../../shared/permissions';
import { puedeTransicionar } from '../../../shared/transacciones';

/** /comprobante/$id: the receipt of any transaction the user may read (history detail, after completion). */
export function ComprobantePage({ id }: { id: number }) {
  // A hand-made link's id that is no transaction id is not asked for: nothing has it.
  const valido = Number.isSafeInteger(id) && id > 0;
  const q = trpc.transacciones.get.useQuery({ id }, { enabled: valido });
  const noHay = !valido || noEncontrado(q.error);
  const router = useRouter();
  // Back to where the person came from (the history with its filters, the wizard…); a receipt
  // opened directly (a shared link, a new tab) has nowhere to go back to: the history.
  const volver = () => (router.history.canGoBack() ? router.history.back() : void router.navigate({ to: '/historial-transacciones' }));
  return (
    <div className="min-h-screen bg-slate-100 p-4">
      <p className="no-print mb-4">
        <button type="button" className="min-h-6 font-medium text-emerald-800 underline" onClick={volver}>
          Volver
        </button>
      </p>
      {valido && q.isLoading && <p>Cargando comprobante…</p>}
      {noHay ? (
        <div className="mx-auto max-w-md rounded-lg bg-white p-6 text-center shadow-sm" role="alert" data-testid="comprobante-no-encontrado">
          <p className="font-semibold text-slate-900">No encontramos este comprobante.</p>
          <p className="mt-1 text-sm text-slate-600">Revisá el enlace: la operación no existe o no es de tus clientes.</p>
          <Link to="/historial-transacciones" className="btn-primary mt-4 inline-flex">
            Ir al historial
          </Link>
        </div>
      ) : (
        q.error && (
          <p role="alert">
            No se pudo cargar el comprobante.{' '}
            <button type="button" className="min-h-6 font-medium text-emerald-800 underline" disabled={q.isFetching} onClick={() => void q.refetch()}>
              Reintentar
            </button>
          </p>
        )
      )}
      {q.data && <Comprobante t={q.data} />}
      {q.data && puedeTransicionar('fallar', q.data.estado) && (
        <Can all={[P.viewTransaccion, P.changeTauser]}>
          <FallarForm id={q.data.id} />
        </Can>
      )}
    </div>
  );
}
