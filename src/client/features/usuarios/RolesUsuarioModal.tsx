import { useEffect, useRef } from 'react';
import { Modal } from '../../components/Modal';
import { trpc } from '../../trpc';
import { useAsignarRoles } from './hooks';
import { usePermissions } from '../../session/permissions';
import { matches } from '../../lib/text';
import { EditButton, SelectionFooter, useSelectionEditor } from './useSelectionEditor';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';
import type { RoleRecord } from '../../../shared/schemas/roles';
import type { UserRecord } from '../../../shared/schemas/usuarios';
import { filasDe } from '../../lib/listSearch';

/**
 * A user's roles: read-only, and with can_assign_roles an editor with the assigned and available
 * lists, a search, and add/remove. Guardar is enabled only when the selection changed.
 */
export function RolesUsuarioModal({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  return (
    <Modal open={!!user} onClose={onClose} title={user ? `Roles de ${user.username}` : ''} size="lg">
      {user && <Editor key={user.id} user={user} />}
    </Modal>
  );
}

function Editor({ user }: { user: UserRecord }) {
  const perms = usePermissions();
  const assigned = trpc.usuarios.roles.useQuery({ id: user.id });
  const save = useAsignarRoles();
  const { editing, start, stop, current, changed, set, search, setSearch, searchRef, editRef } = useSelectionEditor(assigned.data, (r) => r.id);
  const all = trpc.roles.list.useQuery({}, { enabled: editing });
  const roles: RoleRecord[] = filasDe(all.data) ?? [];
  const inList = roles.filter((r) => current.has(r.id) && matches(search, r.name));
  const available = roles.filter((r) => !current.has(r.id) && matches(search, r.name));
  // Agregar/Quitar moves the role to the other list and its button leaves the page: the focus follows
  // the role to its new button instead of falling to the document body.
  const columns = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    const label = focusNext.current;
    focusNext.current = null;
    [...(columns.current?.querySelectorAll('button') ?? [])].find((b) => b.getAttribute('aria-label') === label)?.focus();
  });

  const onSave = async () => {
    try {
      await save.mutateAsync({ id: user.id, roles: [...current] });
      stop();
    } catch {
      // the hook told the user; the editor stays open
    }
  };

  if (assigned.isLoading) return <p className="text-sm text-slate-500">Cargando</p>;
  if (assigned.isError) return <p role="alert" className="text-sm text-red-600">{MA.toast.rolesLoadPanelError}</p>;

  if (!editing) {
    return (
      <div>
        {assigned.data!.length === 0 ? (
          <p className="text-sm text-slate-500">Sin roles asignados</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Roles asignados">
            {assigned.data!.map((r) => (
              <li key={r.id} className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-800">
                {r.name}
              </li>
            ))}
          </ul>
        )}
        {perms.has(P.assignRoles) && <EditButton ref={editRef} onClick={start} />}
      </div>
    );
  }

  const column = (title: string, list: RoleRecord[], action: string, on: boolean) => (
    <section aria-label={title} className="flex-1">
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{title}</h3>
      <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
        {list.length === 0 && <li className="p-3 text-sm text-slate-500">No hay datos</li>}
        {list.map((r) => (
          <li key={r.id} className="flex items-center justify-between px-3 py-2 text-sm">
            <span>{r.name}</span>
            <button
              type="button"
              className="rounded px-2 py-1 text-xs font-medium text-emerald-700 hover:bg-emerald-50"
              aria-label={`${action} ${r.name}`}
              onClick={() => {
                focusNext.current = `${on ? 'Quitar' : 'Agregar'} ${r.name}`;
                set(r.id, on);
              }}
            >
              {action}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );

  return (
    <div>
      <input ref={searchRef} type="search" className="input" placeholder="Buscar roles" aria-label="Buscar roles" value={search} onChange={(e) => setSearch(e.target.value)} />
      {all.isLoading ? (
        <p className="mt-3 text-sm text-slate-500">Cargando</p>
      ) : all.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-600">{MA.toast.rolesLoadPanelError}</p>
      ) : (
        <div ref={columns} className="mt-3 flex flex-col gap-4 sm:flex-row">
          {column('Asignados', inList, 'Quitar', false)}
          {column('Disponibles', available, 'Agregar', true)}
        </div>
      )}
      <SelectionFooter changed={changed} saving={save.isPending} onCancel={stop} onSave={() => void onSave()} />
    </div>
  );
}
