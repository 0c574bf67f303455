import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { DataTable } from '../../components/DataTable';
import { trpc } from '../../trpc';
import { Bandera } from '../../components/Bandera';
import { TASA_LOAD_MSG } from '../../../shared/rates';
import type { TasaPublica } from '../../../shared/schemas/cotizaciones';
import { formatTasaPublica } from './format';
import { useTasasEnVivo } from './useTasasEnVivo';

/** 'Cotizaciones del día' on the public home page: flag and code, what the house buys and sells at. */
export function CotizacionesDelDia() {
  // Live: each rate change refetches at once; the minute's poll stays for a stream that cannot connect.
  const q = trpc.cotizaciones.public.useQuery(undefined, { refetchInterval: 60_000 });
  useTasasEnVivo();
  useEffect(() => {
    if (q.isError) toast.error(TASA_LOAD_MSG.cargarError2);
  }, [q.isError]);
  return (
    <section aria-labelledby="cotizaciones-del-dia" className="w-full min-w-0">
      <h2 id="cotizaciones-del-dia" className="mb-3 text-xl font-semibold text-slate-900">
        Cotizaciones del día
      </h2>
      <DataTable<TasaPublica>
        label="Cotizaciones del día"
        phone="scroll"
        rows={q.data}
        loading={q.isLoading}
        error={q.isError}
        rowKey={(r) => r.codigo}
        columns={[
          {
            header: 'Divisa',
            cell: (r) => (
              <span className="flex items-center gap-2 font-medium">
                <Bandera codigo={r.flag} className="h-5 w-[30px]" />
                {r.codigo}
              </span>
            ),
          },
          { header: 'Compra', cell: (r) => formatTasaPublica(r.compra), className: 'text-right tabular-nums' },
          { header: 'Venta', cell: (r) => formatTasaPublica(r.venta), className: 'text-right tabular-nums' },
        ]}
      />
      <p className="mt-2 text-xs text-slate-500">En guaraníes por unidad. Compra: lo que paga la casa; venta: lo que cobra.</p>
    </section>
  );
}
