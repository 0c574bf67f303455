import { Modal } from '../../components/Modal';
import { trpc } from '../../trpc';
import { useAsignarClientes } from './hooks';
import { usePermissions } from '../../session/permissions';
import { matches } from '../../lib/text';
import { EditButton, SelectionFooter, useSelectionEditor } from './useSelectionEditor';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';
import type { ClienteRecord } from '../../../shared/schemas/clientes';
import type { UserRecord } from '../../../shared/schemas/usuarios';

const documento = (c: ClienteRecord) => c.cedula ?? c.ruc ?? '';

/**
 * The clients assigned to a user: a read-only list, and with can_assign_clients an editor (Editar)
 * with a search by name, category or document. Guardar is enabled only when the selection changed.
 */
export function ClientesAsignadosModal({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  return (
    <Modal open={!!user} onClose={onClose} title={user ? `Clientes asignados a ${user.username}` : ''} size="lg">
      {user && <Editor key={user.id} user={user} />}
    </Modal>
  );
}

function Editor({ user }: { user: UserRecord }) {
  const perms = usePermissions();
  const assigned = trpc.usuarios.clientesAsignados.useQuery({ id: user.id });
  const save = useAsignarClientes();
  const { editing, start, stop, current, changed, toggle, search, setSearch, searchRef, editRef } = useSelectionEditor(assigned.data, (c) => c.idCliente);
  const all = trpc.clientes.list.useQuery({ all: true }, { enabled: editing });
  const options = Array.isArray(all.data) ? all.data : [];
  const visible = options.filter((c) => matches(search, c.nombre, c.categoria.nombre, documento(c)));

  const onSave = async () => {
    try {
      await save.mutateAsync({ id: user.id, clientes: [...current] });
      stop();
    } catch {
      // the hook told the user; the editor stays open
    }
  };

  if (assigned.isLoading) return <p className="text-sm text-slate-500">Cargando</p>;
  if (assigned.isError) return <p role="alert" className="text-sm text-red-600">{MA.toast.clientesLoadPanelError}</p>;

  if (!editing) {
    return (
      <div>
        {assigned.data!.length === 0 ? (
          <p className="text-sm text-slate-500">Sin clientes asignados</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Clientes asignados">
            {assigned.data!.map((c) => (
              <li key={c.idCliente} className="flex items-center justify-between px-3 py-2 text-sm">
                <span className="font-medium">{c.nombre}</span>
                <span className="text-slate-500">
                  {c.categoria.nombre} · {documento(c)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {perms.has(P.assignClients) && <EditButton ref={editRef} onClick={start} />}
      </div>
    );
  }

  return (
    <div>
      <input
        ref={searchRef}
        type="search"
        className="input"
        placeholder="Nombre, categoría o documento"
        aria-label="Buscar clientes"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="mt-3 max-h-80 overflow-y-auto rounded-md border border-slate-200">
        {all.isLoading ? (
          <p className="p-3 text-sm text-slate-500">Cargando</p>
        ) : all.isError ? (
          <p role="alert" className="p-3 text-sm text-red-600">{MA.toast.clientesLoadPanelError}</p>
        ) : visible.length === 0 ? (
          <p className="p-3 text-sm text-slate-500">No hay datos</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {visible.map((c) => (
              <li key={c.idCliente}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                  <input type="checkbox" checked={current.has(c.idCliente)} onChange={() => toggle(c.idCliente)} />
                  <span className="flex-1 font-medium">{c.nombre}</span>
                  <span className="text-slate-500">
                    {c.categoria.nombre} · {documento(c)}
                    {!c.isActive && ' · Inactivo'}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-500">{current.size} seleccionado(s)</p>
      <SelectionFooter changed={changed} saving={save.isPending} onCancel={stop} onSave={() => void onSave()} />
    </div>
  );
}
