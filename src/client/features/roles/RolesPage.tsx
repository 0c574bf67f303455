import { useMemo, useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { RowAction } from '../../components/RowActions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Can } from '../../components/Guard';
import { trpc } from '../../trpc';
import { usePermissions } from '../../session/permissions';
import { matches } from '../../lib/text';
import { filasDe, useLiveSearch } from '../../lib/listSearch';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { MA } from '../../../shared/messagesAdmin';
import { P, ROLE_CLIENTE } from '../../../shared/permissions';
import type { RoleRecord } from '../../../shared/schemas/roles';
import { RoleFormModal, type RoleModalState } from './RoleFormModal';
import { useEliminarRol } from './hooks';
import { useEnCurso } from '../../lib/useEnCurso';

/** How many permission names the table summarises (spec 000 §9). */
export const SUMMARY_SIZE = 6;

/** /roles (spec 000 §2): search, table with permission count and summary, view/edit/delete. */
export function RolesPage() {
  const perms = usePermissions();
  const roles = trpc.roles.list.useQuery({});
  const permisos = trpc.roles.permisos.useQuery();
  useLoadErrorToast(roles.isError || permisos.isError, MA.toast.rolesOrPermsLoadError);
  const remove = useEliminarRol();
  const acciones = useEnCurso();
  const [search, setSearch] = useLiveSearch();
  const [modal, setModal] = useState<RoleModalState>(null);
  const [deleting, setDeleting] = useState<RoleRecord | null>(null);
  const names = useMemo(() => new Map((permisos.data ?? []).map((p) => [p.id, p.name_es])), [permisos.data]);

  const rows = filasDe(roles.data)?.filter((r) => matches(search, r.name));

  const summary = (r: RoleRecord) => {
    const shown = r.permissions.slice(0, SUMMARY_SIZE).map((id) => names.get(id) ?? `#${id}`);
    return shown.join(', ') + (r.permissions.length > SUMMARY_SIZE ? '…' : '');
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id });
      setDeleting(null);
    } catch {
      // the hook told the user; the dialog stays open
    }
  };

  const columns: Column<RoleRecord>[] = [
    { header: 'Nombre', cell: (r) => <span className="font-medium">{r.name}</span> },
    { header: 'Permisos', cell: (r) => r.permissions.length, className: 'text-center' },
    { header: 'Dos pasos', cell: (r) => (r.requiere_mfa ? 'Exigida' : '—'), className: 'text-center' },
    { header: 'Resumen', cell: (r) => <span className="text-slate-600">{summary(r)}</span> },
    {
      header: 'Acciones',
      cell: (r) => (
        <div className="flex gap-1">
          <RowAction label={`Ver ${r.name}`} onClick={() => setModal({ mode: 'view', role: r })}>
            Ver
          </RowAction>
          {perms.has(P.changeGroup) && (
            <RowAction label={`Editar ${r.name}`} onClick={() => setModal({ mode: 'edit', role: r })}>
              Editar
            </RowAction>
          )}
          {perms.has(P.deleteGroup) && r.name !== ROLE_CLIENTE && (
            <RowAction label={`Eliminar ${r.name}`} tone="danger" onClick={() => setDeleting(r)}>
              Eliminar
            </RowAction>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Roles"
        subtitle="Conjuntos de permisos que se asignan a los usuarios"
        actions={
          <Can all={[P.addGroup]}>
            <button type="button" className="btn-primary" onClick={() => setModal({ mode: 'create' })}>
              Crear Rol
            </button>
          </Can>
        }
      />
      <div className="mb-4">
        <input type="search" className="input max-w-md" placeholder="Buscar roles" aria-label="Buscar roles" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <DataTable
        label="Roles"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={roles.isLoading || permisos.isLoading}
        error={roles.isError || permisos.isError}
      />
      <RoleFormModal state={modal} permisos={permisos.data ?? []} onClose={() => setModal(null)} />
      <ConfirmDialog
        open={!!deleting}
        title="Eliminar rol"
        confirmLabel="Eliminar"
        danger
        busy={remove.isPending || acciones.ocupado('eliminar')}
        onConfirm={() => void acciones.ejecutar('eliminar', onDelete)}
        onClose={() => setDeleting(null)}
      >
        ¿Seguro que querés eliminar el rol <strong>{deleting?.name}</strong>? Los usuarios que lo tienen perderán sus permisos.
      </ConfirmDialog>
    </div>
  );
}
