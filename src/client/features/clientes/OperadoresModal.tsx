import { Modal } from '../../components/Modal';
import { StatusBadge } from '../../components/StatusBadge';
import { trpc } from '../../trpc';
import type { ClienteRecord } from '../../../shared/schemas/clientes';

/** The users (operators) assigned to a client. */
export function OperadoresModal({ cliente, onClose }: { cliente: ClienteRecord | null; onClose: () => void }) {
  return (
    <Modal open={!!cliente} onClose={onClose} title={cliente ? `Operadores de ${cliente.nombre}` : ''}>
      {cliente && <Operadores id={cliente.idCliente} />}
    </Modal>
  );
}

function Operadores({ id }: { id: string }) {
  const q = trpc.clientes.usuariosAsignados.useQuery({ id });
  if (q.isLoading) return <p className="text-sm text-slate-500">Cargando</p>;
  if (q.isError) return <p role="alert" className="text-sm text-red-600">Ha ocurrido un error</p>;
  if (!q.data!.length) return <p className="text-sm text-slate-500">No hay usuarios asignados</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Operadores asignados">
      {q.data!.map((u) => (
        <li key={u.id} className="flex items-center justify-between px-3 py-2 text-sm">
          <span>
            <span className="font-medium">{u.username}</span> <span className="text-slate-500">{`${u.first_name} ${u.last_name}`.trim()}</span>
          </span>
          <StatusBadge active={u.is_active} />
        </li>
      ))}
    </ul>
  );
}
