import { useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { SearchBar } from '../../components/SearchBar';
import { StatusBadge } from '../../components/StatusBadge';
import { RowAction, ToggleAction } from '../../components/RowActions';
import { Can } from '../../components/Guard';
import { trpc } from '../../trpc';
import { usePermissions } from '../../session/permissions';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { useListSearch, useLastPageAtMost } from '../../lib/listSearch';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';
import type { ClienteRecord } from '../../../shared/schemas/clientes';
import { ClienteFormModal, type ClienteModalState } from './ClienteFormModal';
import { OperadoresModal } from './OperadoresModal';
import { useCambiarEstadoCliente } from './hooks';

/** /clientes (spec 000 §2): search with a button or Enter, 10 per page, create/edit/view, operators, (de)activate. */
export function ClientesPage() {
  const perms = usePermissions();
  const { page, search, setPage, setSearch } = useListSearch();
  const list = trpc.clientes.list.useQuery({ page, search: search || undefined }, { placeholderData: (prev) => prev });
  useLoadErrorToast(list.isError, MA.toast.clientesLoadError);
  const [modal, setModal] = useState<ClienteModalState>(null);
  const [operadores, setOperadores] = useState<ClienteRecord | null>(null);
  const estado = useCambiarEstadoCliente();
  const data = list.data && !Array.isArray(list.data) ? list.data : undefined;
  useLastPageAtMost(list.isPlaceholderData ? undefined : data?.count);

  const columns: Column<ClienteRecord>[] = [
    { header: 'Nombre', cell: (c) => <span className="font-medium">{c.nombre}</span> },
    { header: 'Categoría', cell: (c) => c.categoria.nombre },
    { header: 'Estado', cell: (c) => <StatusBadge active={c.isActive} /> },
    { header: 'Tipo', cell: (c) => (c.isPersonaFisica ? 'Persona física' : 'Persona jurídica') },
    { header: 'Documento', cell: (c) => c.cedula ?? c.ruc },
    {
      header: 'Acciones',
      cell: (c) => (
        <div className="flex flex-wrap gap-1">
          <RowAction label={`Ver ${c.nombre}`} onClick={() => setModal({ mode: 'view', cliente: c })}>
            Ver
          </RowAction>
          {perms.has(P.changeCliente) && (
            <RowAction label={`Editar ${c.nombre}`} onClick={() => setModal({ mode: 'edit', cliente: c })}>
              Editar
            </RowAction>
          )}
          <RowAction label={`Operadores de ${c.nombre}`} onClick={() => setOperadores(c)}>
            Operadores
          </RowAction>
          <ToggleAction active={c.isActive} name={c.nombre} canDeactivate={perms.has(P.deleteCliente)} canActivate={perms.has(P.changeCliente)} consecuencia={MA.desactivarCliente} onToggle={() => void estado.mutateAsync(c)} />
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Clientes"
        subtitle="Personas y empresas que operan con la casa"
        actions={
          <Can all={[P.addCliente]}>
            <button type="button" className="btn-primary" onClick={() => setModal({ mode: 'create' })}>
              Crear Cliente
            </button>
          </Can>
        }
      />
      <div className="mb-4">
        <SearchBar key={search} initial={search} label="Buscar por nombre, documento, correo o categoría" placeholder="Nombre, documento, correo o categoría" onSearch={setSearch} />
      </div>
      <DataTable label="Clientes" columns={columns} rows={data?.results} rowKey={(c) => c.idCliente} loading={list.isLoading} error={list.isError} />
      {data && <Pagination page={page} count={data.count} onChange={setPage} />}
      <ClienteFormModal state={modal} onClose={() => setModal(null)} />
      <OperadoresModal cliente={operadores} onClose={() => setOperadores(null)} />
    </div>
  );
}
