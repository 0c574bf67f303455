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
import { useListSearch, useLastPageAtMost } from '../../lib/listSearch';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { P } from '../../../shared/permissions';
import { TAUSER_MSG, type TauserRecord } from '../../../shared/schemas/tausers';
import { TauserFormModal, type TauserFormState } from './TauserFormModal';
import { TauserDetailsModal } from './TauserDetailsModal';
import { useCambiarEstadoTauser } from './hooks';
import { LazyMap } from './LazyMap';
import { useEnCurso } from '../../lib/useEnCurso';

/** /configuracion-tausers (spec 001 §2): search, 'Crear Tauser', the paged table, and a map of every terminal. */
export function TausersPage() {
  const perms = usePermissions();
  const { page, search, setPage, setSearch } = useListSearch();
  const [form, setForm] = useState<TauserFormState>(null);
  const [viewing, setViewing] = useState<TauserRecord | null>(null);
  const estado = useCambiarEstadoTauser();
  const acciones = useEnCurso();

  const q = trpc.tauser.list.useQuery({ page, search: search || undefined });
  const todos = trpc.tauser.list.useQuery({ all: true, incluir_inactivos: true });
  useLoadErrorToast(q.isError, TAUSER_MSG.cargarError);
  const data = q.data && !Array.isArray(q.data) ? q.data : undefined;
  useLastPageAtMost(data?.count);
  const mapa = Array.isArray(todos.data) ? todos.data : [];

  const columns: Column<TauserRecord>[] = [
    { header: 'Código', cell: (t) => <span className="whitespace-nowrap font-mono">{t.codigo}</span> },
    { header: 'Nombre', cell: (t) => <span className="font-medium">{t.nombre}</span> },
    { header: 'Dirección', cell: (t) => t.direccion },
    { header: 'Ciudad', cell: (t) => t.ciudad },
    { header: 'Departamento', cell: (t) => t.departamento },
    { header: 'Estado', cell: (t) => <StatusBadge active={t.isActive} /> },
    {
      header: 'Acciones',
      cell: (t) => (
        <div className="flex gap-1">
          <RowAction label={`Ver ${t.nombre}`} onClick={() => setViewing(t)}>
            Ver
          </RowAction>
          {perms.has(P.changeTauser) && (
            <RowAction label={`Editar ${t.nombre}`} onClick={() => setForm({ mode: 'edit', tauser: t })}>
              Editar
            </RowAction>
          )}
          <ToggleAction
            active={t.isActive}
            name={t.nombre}
            canActivate={perms.has(P.deleteTauser)}
            canDeactivate={perms.has(P.deleteTauser)}
            consecuencia={TAUSER_MSG.desactivar}
            busy={acciones.ocupado(`estado:${t.idTauser}`)}
            onToggle={() => void acciones.ejecutar(`estado:${t.idTauser}`, () => estado.toggle(t))}
          />
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Tausers"
        subtitle="Terminales de autoservicio donde los clientes completan sus operaciones"
        actions={
          <Can all={[P.addTauser]}>
            <button type="button" className="btn-primary" onClick={() => setForm({ mode: 'create' })}>
              Crear Tauser
            </button>
          </Can>
        }
      />
      <div className="mb-4">
        <SearchBar key={search} initial={search} placeholder="Buscar Tausers..." onSearch={setSearch} />
      </div>
      <DataTable label="Tausers" columns={columns} rows={q.isError ? [] : data?.results} rowKey={(t) => t.idTauser} loading={q.isLoading} error={q.isError} />
      <Pagination page={page} count={data?.count ?? 0} onChange={setPage} />

      <section className="mt-8" aria-labelledby="mapa-tausers">
        <h2 id="mapa-tausers" className="mb-2 text-lg font-semibold text-slate-900">
          Mapa de Tausers
        </h2>
        <p className="mb-2 text-sm text-slate-600">Tocá un marcador para ver los detalles del Tauser.</p>
        {todos.isSuccess && (
          <LazyMap
            className="h-80"
            label="Mapa de Tausers"
            fit
            points={mapa.map((t) => ({ id: t.idTauser, lat: Number(t.latitud), lng: Number(t.longitud), label: `${t.nombre} (${t.codigo})`, tone: t.isActive ? 'default' : 'inactive' }))}
            onPointClick={(id) => setViewing(mapa.find((t) => t.idTauser === id) ?? null)}
          />
        )}
        {todos.isLoading && <p className="text-sm text-slate-500">Cargando mapa…</p>}
        {todos.isError && <p className="text-sm text-red-600">{TAUSER_MSG.cargarError}</p>}
      </section>

      <TauserFormModal state={form} onClose={() => setForm(null)} />
      <TauserDetailsModal tauser={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
