import { useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { RowAction, ToggleAction } from '../../components/RowActions';
import { Can } from '../../components/Guard';
import { trpc } from '../../trpc';
import { useSession } from '../../session/store';
import { usePermissions } from '../../session/permissions';
import { matches } from '../../lib/text';
import { filasDe, useLiveSearch } from '../../lib/listSearch';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';
import type { UserRecord } from '../../../shared/schemas/usuarios';
import { UserCreateModal } from './UserCreateModal';
import { UserDetailModal } from './UserDetailModal';
import { ClientesAsignadosModal } from './ClientesAsignadosModal';
import { RolesUsuarioModal } from './RolesUsuarioModal';
import { useCambiarEstadoUsuario } from './hooks';
import { RestablecerMfaDialog } from '../seguridad/RestablecerMfaDialog';
import { useEnCurso } from '../../lib/useEnCurso';

type Open = { kind: 'detail' | 'clientes' | 'roles'; user: UserRecord } | null;

/** /usuarios (spec 000 §2): live search, table, create, details/edit, clients, roles, activate toggle. */
export function UsuariosPage() {
  const me = useSession()?.user;
  const perms = usePermissions();
  const list = trpc.usuarios.list.useQuery({});
  useLoadErrorToast(list.isError, MA.toast.usersLoadError);
  const [search, setSearch] = useLiveSearch();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const [resetting, setResetting] = useState<UserRecord | null>(null);
  const estado = useCambiarEstadoUsuario();
  const acciones = useEnCurso();

  const rows = filasDe(list.data)?.filter((u) => matches(search, u.username, u.first_name, u.last_name, u.email));

  const mayToggle = (u: UserRecord) => perms.has(P.deleteUser) && u.id !== me?.id && (!u.is_superuser || !!me?.is_superuser);

  const columns: Column<UserRecord>[] = [
    { header: 'Usuario', cell: (u) => <span className="font-medium">{u.username}</span> },
    { header: 'Nombre', cell: (u) => `${u.first_name} ${u.last_name}`.trim() },
    { header: 'Correo', cell: (u) => u.email },
    { header: 'Estado', cell: (u) => <StatusBadge active={u.is_active} /> },
    { header: 'Dos pasos', cell: (u) => (u.mfa_enabled ? 'Activada' : '—'), className: 'text-center' },
    { header: 'Clientes asignados', cell: (u) => u.clientes.length, className: 'text-center' },
    {
      header: 'Acciones',
      cell: (u) => (
        <div className="flex flex-wrap gap-1">
          <RowAction label={`Ver ${u.username}`} onClick={() => setOpen({ kind: 'detail', user: u })}>
            Ver
          </RowAction>
          <RowAction label={`Clientes de ${u.username}`} onClick={() => setOpen({ kind: 'clientes', user: u })}>
            Clientes
          </RowAction>
          <RowAction label={`Roles de ${u.username}`} onClick={() => setOpen({ kind: 'roles', user: u })}>
            Roles
          </RowAction>
          {u.mfa_enabled && u.id !== me?.id && perms.has(P.resetMfa) && (!u.is_superuser || !!me?.is_superuser) && (
            <RowAction label={`Restablecer la verificación en dos pasos de ${u.username}`} onClick={() => setResetting(u)}>
              Restablecer verificación
            </RowAction>
          )}
          <ToggleAction active={u.is_active} name={u.username} canDeactivate={mayToggle(u)} canActivate={mayToggle(u)} consecuencia={MA.desactivarUsuario} busy={acciones.ocupado(`estado:${u.id}`)} onToggle={() => void acciones.ejecutar(`estado:${u.id}`, () => estado.mutateAsync(u))} />
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Usuarios"
        subtitle="Cuentas del personal y de los clientes"
        actions={
          <Can all={[P.addUser]}>
            <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
              Crear Usuario
            </button>
          </Can>
        }
      />
      <div className="mb-4">
        <input
          type="search"
          className="input max-w-md"
          placeholder="Buscar por usuario, nombre, apellido o correo"
          aria-label="Buscar usuarios"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <DataTable label="Usuarios" columns={columns} rows={rows} rowKey={(u) => u.id} loading={list.isLoading} error={list.isError} />
      <UserCreateModal open={creating} onClose={() => setCreating(false)} />
      <UserDetailModal user={open?.kind === 'detail' ? open.user : null} onClose={() => setOpen(null)} />
      <ClientesAsignadosModal user={open?.kind === 'clientes' ? open.user : null} onClose={() => setOpen(null)} />
      <RolesUsuarioModal user={open?.kind === 'roles' ? open.user : null} onClose={() => setOpen(null)} />
      <RestablecerMfaDialog user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
