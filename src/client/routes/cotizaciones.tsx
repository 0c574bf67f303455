import { useEffect, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import toast from 'react-hot-toast';
import { Can } from '../components/Guard';
import { PageHeader } from '../components/PageHeader';
import { SearchBar } from '../components/SearchBar';
import { DataTable } from '../components/DataTable';
import { StatusBadge } from '../components/StatusBadge';
import { RowAction } from '../components/RowActions';
import { requireAccess } from '../session/requireAccess';
import { usePermissions } from '../session/permissions';
import { trpc } from '../trpc';
import { P } from '../../shared/permissions';
import { flagEmoji } from '../../shared/schemas/divisas';
import { TASA_MSG, type TasaRecord } from '../../shared/schemas/cotizaciones';
import { formatTasa, useBaseCurrency } from '../features/cotizaciones/format';
import { TasaFormModal } from '../features/cotizaciones/TasaFormModal';
import { toastServerError } from '../lib/toastError';

function CotizacionesPage() {
  const perms = usePermissions();
  const base = useBaseCurrency();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TasaRecord | null>(null);
  const q = trpc.cotizaciones.list.useQuery({ search: search || undefined });
  const deactivate = trpc.cotizaciones.deactivate.useMutation();
  const patch = trpc.cotizaciones.patch.useMutation();
  const utils = trpc.useUtils();

  useEffect(() => {
    if (q.isError) toast.error(TASA_MSG.cargarError);
  }, [q.isError]);

  const refresh = () => Promise.all([utils.cotizaciones.invalidate(), utils.divisas.conTasa.invalidate()]);
  const onDeactivate = async (t: TasaRecord) => {
    try {
      await deactivate.mutateAsync({ id: t.id });
      toast.success(TASA_MSG.desactivada);
      await refresh();
    } catch (e) {
      console.error(e);
      toastServerError(e, TASA_MSG.desactivarError);
    }
  };
  const onActivate = async (t: TasaRecord) => {
    try {
      await patch.mutateAsync({ id: t.id, activo: true });
      toast.success(TASA_MSG.activada);
      await refresh();
    } catch (e) {
      console.error(e);
      toastServerError(e, TASA_MSG.activarError);
    }
  };

  const money = (v: string) => <span className="whitespace-nowrap tabular-nums">{formatTasa(v, base)}</span>;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Cotizaciones"
        subtitle="Precio base y comisiones por divisa; compra = precio − comisión de compra, venta = precio + comisión de venta"
        actions={
          <Can all={[P.addTasa]}>
            <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
              Crear Cotización
            </button>
          </Can>
        }
      />
      <div className="mb-4">
        <SearchBar placeholder="Buscar cotizaciones…" onSearch={setSearch} />
      </div>
      <DataTable<TasaRecord>
        label="Cotizaciones"
        rows={q.data}
        loading={q.isLoading}
        error={q.isError}
        rowKey={(t) => t.id}
        columns={[
          {
            header: 'Divisa',
            cell: (t) => (
              <span className="flex items-center gap-2 font-mono">
                <span aria-hidden>{flagEmoji(t.divisa_detalle.flag)}</span>
                {t.divisa_detalle.codigo}
              </span>
            ),
          },
          { header: 'Nombre', cell: (t) => t.divisa_detalle.nombre },
          { header: 'Precio base', cell: (t) => money(t.precioBase), className: 'text-right' },
          { header: 'Comisión base Compra', cell: (t) => money(t.comisionBaseCompra), className: 'text-right' },
          { header: 'Comisión base Venta', cell: (t) => money(t.comisionBaseVenta), className: 'text-right' },
          { header: 'Compra', cell: (t) => money(t.tasaCompra), className: 'text-right' },
          { header: 'Venta', cell: (t) => money(t.tasaVenta), className: 'text-right' },
          { header: 'Estado', cell: (t) => <StatusBadge active={t.activo} /> },
          {
            header: 'Acciones',
            cell: (t) => (
              <div className="flex gap-1">
                {perms.has(P.changeTasa) && <RowAction label="Editar" onClick={() => setEditing(t)} />}
                {t.activo
                  ? perms.has(P.deleteTasa) && <RowAction label="Desactivar" tone="danger" onClick={() => void onDeactivate(t)} />
                  : perms.has(P.changeTasa) && <RowAction label="Activar" tone="success" onClick={() => void onActivate(t)} />}
              </div>
            ),
          },
        ]}
      />
      <TasaFormModal open={creating || editing !== null} tasa={editing} base={base} onClose={() => (setCreating(false), setEditing(null))} />
    </div>
  );
}

export const Route = createFileRoute('/cotizaciones')({
  beforeLoad: requireAccess({ all: [P.viewTasa] }),
  component: CotizacionesPage,
});
