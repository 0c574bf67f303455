import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { Comprobante } from './Comprobante';

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
    </main>
  );
}
