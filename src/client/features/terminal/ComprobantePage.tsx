import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { Comprobante } from './Comprobante';
import { FallarForm } from './FallarForm';
import { Can } from '../../components/Guard';
import { P } from '../../../shared/permissions';
import { puedeTransicionar } from '../../../shared/transacciones';

/** /comprobante/$id: the receipt of any transaction the user may read (history detail, after completion). */
export function ComprobantePage({ id }: { id: number }) {
  const q = trpc.transacciones.get.useQuery({ id });
  return (
    <main className="min-h-screen bg-slate-100 p-4">
      <p className="no-print mb-4">
        <Link to="/" className="text-blue-700 underline">
          Volver
        </Link>
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
