import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { Pagination } from '../../components/Pagination';
import { SearchBar } from '../../components/SearchBar';
import { StatusBadge } from '../../components/StatusBadge';
import { RowAction } from '../../components/RowActions';
import { Can } from '../../components/Guard';
import { trpc } from '../../trpc';
import { usePermissions } from '../../session/permissions';
import { P } from '../../../shared/permissions';
import { type DivisaRecord } from '../../../shared/schemas/divisas';
import { Bandera } from '../../components/Bandera';
import { useListSearch, useLastPageAtMost } from '../../lib/listSearch';
import { DivisaFormModal } from './DivisaFormModal';
import { useCambiarEstadoDivisa } from './hooks';
import { DenominacionesModal } from './DenominacionesModal';
import { useEnCurso } from '../../lib/useEnCurso';

const DENOMINACION_PERMS = [P.viewDenominacion, P.addDenominacion, P.changeDenominacion, P.deleteDenominacion];

/** 'Divisas' tab: search, 'Crear Divisa', the paged table and the row actions of spec 001 §2. */
export function DivisasTab() {
  const perms = usePermissions();
  const { page, search, setPage, setSearch } = useListSearch();
  const [editing, setEditing] = useState<DivisaRecord | null>(null);
  const [creating, setCreating] = useState(false);
  const [denominaciones, setDenominaciones] = useState<DivisaRecord | null>(null);

  const q = trpc.divisas.list.useQuery({ page, search: search || undefined });
  const base = trpc.divisas.list.useQuery({ page: 1, es_base: true });
  const estado = useCambiarEstadoDivisa();

  const data = q.data && !Array.isArray(q.data) ? q.data : undefined;
  useLastPageAtMost(data?.count);
  // The base box is offered on creation only once it is known that there is no base currency.
  const offerBase = !!base.data && !Array.isArray(base.data) && base.data.count === 0;

  const acciones = useEnCurso();
  const setActive = (d: DivisaRecord, active: boolean) => acciones.ejecutar(`estado:${d.id}`, () => estado.mutateAsync(d, active));

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchBar key={search} initial={search} placeholder="Buscar divisas…" onSearch={setSearch} />
        <Can all={[P.addDivisa]}>
          <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
            Crear Divisa
          </button>
        </Can>
      </div>
      <DataTable<DivisaRecord>
        label="Divisas"
        rows={data?.results}
        loading={q.isLoading}
        error={q.isError}
        rowKey={(d) => d.id}
        columns={[
          {
            header: 'Nombre',
            cell: (d) => (
              <span className="flex items-center gap-2">
                <Bandera codigo={d.flag} />
                {d.nombre}
              </span>
            ),
          },
          { header: 'Código', cell: (d) => <span className="font-mono">{d.codigo}</span> },
          { header: 'Símbolo', cell: (d) => d.simbolo },
          { header: 'Máx. dígitos', cell: (d) => d.max_digitos },
          { header: 'Precisión', cell: (d) => d.precision },
          { header: 'Base', cell: (d) => (d.es_base ? 'Sí' : 'No') },
          { header: 'Estado', cell: (d) => <StatusBadge active={d.is_active} /> },
          {
            header: 'Acciones',
            cell: (d) => (
              <div className="flex flex-wrap gap-1">
                {perms.has(P.changeDivisa) && <RowAction label="Editar" onClick={() => setEditing(d)} />}
                {d.is_active
                  ? perms.has(P.deleteDivisa) && !d.es_base && <RowAction label="Desactivar" tone="danger" busy={acciones.ocupado(`estado:${d.id}`)} onClick={() => void setActive(d, false)} />
                  : perms.has(P.changeDivisa) && <RowAction label="Activar" tone="success" busy={acciones.ocupado(`estado:${d.id}`)} onClick={() => void setActive(d, true)} />}
                {perms.allows({ any: DENOMINACION_PERMS }) && <RowAction label="Gestionar denominaciones" onClick={() => setDenominaciones(d)} />}
              </div>
            ),
          },
        ]}
      />
      <Pagination page={page} count={data?.count ?? 0} onChange={setPage} />
      <DivisaFormModal open={creating || editing !== null} divisa={editing} offerBase={offerBase} onClose={() => (setCreating(false), setEditing(null))} />
      <DenominacionesModal divisa={denominaciones} onClose={() => setDenominaciones(null)} />
    </div>
  );
}
