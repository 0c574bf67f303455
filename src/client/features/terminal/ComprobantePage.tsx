import { useRouter } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { Comprobante } from './Comprobante';
import { FallarForm } from './FallarForm';
import { Can } from '../../components/Guard';
import { P } from '../../../shared/permissions';
import { puedeTransicionar } from '../../../shared/transacciones';

/** /comprobante/$id: the receipt of any transaction the user may read (history detail, after completion). */
export function ComprobantePage({ id }: { id: number }) {
  const q = trpc.transacciones.get.useQuery({ id });
  const router = useRouter();
  // Back to where the person came from (the history with its filters, the wizard…); a receipt
  // opened directly (a shared link, a new tab) has nowhere to go back to: the history.
  const volver = () => (router.history.canGoBack() ? router.history.back() : void router.navigate({ to: '/historial-transacciones' }));
  return (
    <main className="min-h-screen bg-slate-100 p-4">
      <p className="no-print mb-4">
        <button type="button" className="min-h-6 text-blue-700 underline" onClick={volver}>
          Volver
        </button>
      </p>
      {q.isLoading && <p>Cargando comprobante…</p>}
      {q.error && <p role="alert">No se pudo cargar el comprobante: {q.error.message}</p>}
      {q.data && <Comprobante t={q.data} />}
      {q.data && puedeTransicionar('fallar', q.data.estado) && (
        <Can all={[P.viewTransaccion, P.changeTauser]}>
          <FallarForm id={q.data.id} />
        </Can>
      )}
    </main>
  );
}
