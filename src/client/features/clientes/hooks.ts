import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { MA } from '../../../shared/messagesAdmin';
import type { ClienteRecord } from '../../../shared/schemas/clientes';

/**
 * Every mutation of the clients feature: each hook owns its cache invalidation and its toasts
 * (spec 000 §8). Errors are re-thrown so a form can show field messages and stay open.
 */

/**
 * A client changed or (de)activated is also what its users see of it: their assigned clients and
 * current client (the navbar selector, the users' Clientes dialog).
 */
const refreshClientes = (utils: ReturnType<typeof trpc.useUtils>) => Promise.all([utils.clientes.invalidate(), utils.usuarios.invalidate()]);

export function useCrearCliente() {
  const utils = trpc.useUtils();
  return trpc.clientes.create.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.clienteCreated);
      return utils.clientes.invalidate();
    },
    onError: () => toast.error(MA.toast.clienteCreateError),
  });
}

export function useEditarCliente() {
  const utils = trpc.useUtils();
  return trpc.clientes.update.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.clienteUpdated);
      return refreshClientes(utils);
    },
    onError: () => toast.error(MA.toast.clienteUpdateError),
  });
}

/** Activate (PATCH isActive true, change permission) or deactivate (DELETE, delete permission). */
export function useCambiarEstadoCliente() {
  const utils = trpc.useUtils();
  const deactivate = trpc.clientes.deactivate.useMutation();
  const patch = trpc.clientes.patch.useMutation();
  return {
    isPending: deactivate.isPending || patch.isPending,
    async mutateAsync(c: ClienteRecord) {
      try {
        if (c.isActive) {
          await deactivate.mutateAsync({ id: c.idCliente });
          toast.success(MA.toast.clienteDeactivated);
        } else {
          await patch.mutateAsync({ id: c.idCliente, isActive: true });
          toast.success(MA.toast.clienteActivated);
        }
        await refreshClientes(utils);
      } catch (e) {
        console.error('Error al cambiar el estado del cliente', e);
        toast.error(c.isActive ? MA.toast.clienteDeactivateError : MA.toast.clienteActivateError);
      }
    },
  };
}
