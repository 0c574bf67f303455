import { useEffect, useState } from 'react';
import { trpc } from '../../trpc';
import { session, useSession } from '../../session/store';
import { esStaff, usePermissions } from '../../session/permissions';
import { readUserId } from '../../session/tokenReader';
import type { ClienteRecord } from '../../../shared/schemas/clientes';
import { onClienteActualChanged } from './events';

/**
 * The active clients assigned to a user and their current client (`null` when none is chosen), as
 * the navbar selector and the customer screens read them. A failed list load empties both (spec 000 §8).
 */
export function useClientesDelUsuario(userId: number | null) {
  useSession();
  // A pending second-factor enrolment answers 403 to these: read them once it is set up.
  const enabled = userId !== null && !session.enrolmentPending();
  const id = { id: userId ?? 0 };
  // Staff may assign or remove clients at any time: read again when the window regains focus and every 30 s.
  const vigente = { enabled, staleTime: 30_000, refetchOnWindowFocus: 'always', refetchInterval: 30_000 } as const;
  const clientes = trpc.usuarios.clientesAsignados.useQuery(id, vigente);
  const actual = trpc.usuarios.clienteActual.useQuery(id, vigente);
  const failed = clientes.isError;
  return {
    list: failed ? [] : (clientes.data ?? []).filter((c) => c.isActive),
    actual: failed ? null : (actual.data?.clienteActual ?? null),
    /** When the server's current client was last read or set. */
    actualAt: actual.dataUpdatedAt,
    loading: clientes.isLoading || (actual.isLoading && !failed),
    failed: failed || actual.isError,
  };
}

/**
 * The customer's current client for the customer screens (spec 000 §6): the user id is read from the
 * stored token; a `clienteActualChanged` event for that user replaces it at once (spec 000 §4), until
 * the server's answer is newer. `sinClientes` is the state that shows
 * 'No tienes un cliente asignado. Contacta a soporte.'
 */
export function useClienteActual() {
  const token = useSession()?.token;
  const userId = token ? readUserId(token) : null;
  const { list, actual, actualAt, loading, failed } = useClientesDelUsuario(userId);
  const [fromEvent, setFromEvent] = useState<{ cliente: ClienteRecord; at: number } | null>(null);
  useEffect(
    () =>
      onClienteActualChanged((d) => {
        if (d.userId === userId) setFromEvent({ cliente: d.cliente, at: Date.now() });
      }),
    [userId],
  );
  const fromServer = actual ? (list.find((c) => c.idCliente === actual.idCliente) ?? null) : null;
  const cliente = fromEvent && fromEvent.at >= actualAt ? fromEvent.cliente : fromServer;
  return { userId, loading, failed, sinClientes: !loading && !failed && list.length === 0, cliente };
}

/** Staff with no client of their own (or not known yet): nothing to simulate, operate or keep methods for. */
export function useStaffSinClientes(): boolean {
  const s = useSession();
  const perms = usePermissions();
  const clientes = useClientesDelUsuario(s ? s.user.id : null);
  return esStaff(s, perms) && (clientes.loading || (!clientes.failed && clientes.list.length === 0));
}
