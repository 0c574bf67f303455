import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Can } from '../../components/Guard';
import { PageHeader } from '../../components/PageHeader';
import { SearchBar } from '../../components/SearchBar';
import { DataTable } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { RowAction } from '../../components/RowActions';
import { usePermissions } from '../../session/permissions';
import { trpc } from '../../trpc';
import { P } from '../../../shared/permissions';
import { Bandera } from '../../components/Bandera';
import { TASA_MSG, type TasaRecord } from '../../../shared/schemas/cotizaciones';
import { formatTasa, useBaseCurrency } from './format';
import { TasaFormModal } from './TasaFormModal';
import { filasDe, useListSearch } from '../../lib/listSearch';
import { useCambiarEstadoTasa } from './hooks';
import { useEnCurso } from '../../lib/useEnCurso';

/** /cotizaciones (spec 001 §2): the rates with their figures, search in the URL, create, edit, (de)activate. */
export function CotizacionesPage() {
  const perms = usePermissions();
  const base = useBaseCurrency();
  const { search, setSearch } = useListSearch();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TasaRecord | null>(null);
  const q = trpc.cotizaciones.list.useQuery({ search: search || undefined });
  const estado = useCambiarEstadoTasa();
  const acciones = useEnCurso();
  const setActive = (t: TasaRecord, active: boolean) => acciones.ejecutar(`estado:${t.id}`, () => estado.mutateAsync(t, active));

  useEffect(() => {
    if (q.isError) toast.error(TASA_MSG.cargarError);
  }, [q.isError]);

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
        <SearchBar key={search} initial={search} placeholder="Buscar cotizaciones…" onSearch={setSearch} />
      </div>
      <DataTable<TasaRecord>
        label="Cotizaciones"
        rows={filasDe(q.data)}
        loading={q.isLoading}
        error={q.isError}
        rowKey={(t) => t.id}
        columns={[
          {
            header: 'Divisa',
            cell: (t) => (
              <span className="flex items-center gap-2 font-mono">
                <Bandera codigo={t.divisa_detalle.flag} />
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
            hidden: !perms.has(P.changeTasa) && !perms.has(P.deleteTasa),
            cell: (t) => (
              <div className="flex gap-1">
                {perms.has(P.changeTasa) && <RowAction label="Editar" onClick={() => setEditing(t)} />}
                {t.activo
                  ? perms.has(P.deleteTasa) && <RowAction label="Desactivar" tone="danger" busy={acciones.ocupado(`estado:${t.id}`)} onClick={() => void setActive(t, false)} />
                  : perms.has(P.changeTasa) && <RowAction label="Activar" tone="success" busy={acciones.ocupado(`estado:${t.id}`)} onClick={() => void setActive(t, true)} />}
              </div>
            ),
          },
        ]}
      />
      <TasaFormModal open={creating || editing !== null} tasa={editing} base={base} onClose={() => (setCreating(false), setEditing(null))} />
    </div>
  );
}
