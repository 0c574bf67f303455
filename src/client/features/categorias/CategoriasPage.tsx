import { useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { RowAction } from '../../components/RowActions';
import { Can } from '../../components/Guard';
import { trpc } from '../../trpc';
import { usePermissions } from '../../session/permissions';
import { matches } from '../../lib/text';
import { filasDe, useLiveSearch } from '../../lib/listSearch';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';
import type { CategoriaRecord } from '../../../shared/schemas/categorias';
import { CategoriaFormModal, type CategoriaModalState } from './CategoriaFormModal';
import { formatDescuento } from './formatDescuento';
import { useCambiarEstadoCategoria } from './hooks';
import { useEnCurso } from '../../lib/useEnCurso';

/** /categorias-clientes (spec 000 §2): searchable table with view, edit and the active toggle. */
export function CategoriasPage() {
  const perms = usePermissions();
  const list = trpc.categorias.list.useQuery({});
  useLoadErrorToast(list.isError, MA.toast.categoriasLoadError);
  const [search, setSearch] = useLiveSearch();
  const [modal, setModal] = useState<CategoriaModalState>(null);
  const estado = useCambiarEstadoCategoria();
  const acciones = useEnCurso();
  const rows = filasDe(list.data)?.filter((k) => matches(search, k.nombre, k.descripcion));

  const columns: Column<CategoriaRecord>[] = [
    { header: 'Nombre', cell: (k) => <span className="font-medium">{k.nombre}</span> },
    { header: 'Descripción', cell: (k) => k.descripcion },
    { header: 'Descuento (%)', cell: (k) => formatDescuento(k.descuento), className: 'text-right' },
    { header: 'Estado', cell: (k) => <StatusBadge active={k.isActive} /> },
    {
      header: 'Acciones',
      cell: (k) => (
        <div className="flex gap-1">
          <RowAction label={`Ver ${k.nombre}`} onClick={() => setModal({ mode: 'view', categoria: k })}>
            Ver
          </RowAction>
          {perms.has(P.changeCategoria) && (
            <>
              <RowAction label={`Editar ${k.nombre}`} onClick={() => setModal({ mode: 'edit', categoria: k })}>
                Editar
              </RowAction>
              <RowAction label={`${k.isActive ? 'Desactivar' : 'Activar'} ${k.nombre}`} tone={k.isActive ? 'danger' : 'success'} busy={acciones.ocupado(`estado:${k.idCategoria}`)} onClick={() => void acciones.ejecutar(`estado:${k.idCategoria}`, () => estado.mutateAsync(k))}>
                {k.isActive ? 'Desactivar' : 'Activar'}
              </RowAction>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Categorías de clientes"
        subtitle="Descuentos sobre la comisión según la categoría del cliente"
        actions={
          <Can all={[P.addCategoria]}>
            <button type="button" className="btn-primary" onClick={() => setModal({ mode: 'create' })}>
              Crear Categoría
            </button>
          </Can>
        }
      />
      <div className="mb-4">
        <input type="search" className="input max-w-md" placeholder="Buscar categorías" aria-label="Buscar categorías" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <DataTable label="Categorías" columns={columns} rows={rows} rowKey={(k) => k.idCategoria} loading={list.isLoading} error={list.isError} />
      <CategoriaFormModal state={modal} onClose={() => setModal(null)} />
    </div>
  );
}
