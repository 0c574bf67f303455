import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { session } from '../../session/store';
import { toastConMotivo } from '../../lib/errors';
import { MA } from '../../../shared/messagesAdmin';
import type { UserRecord } from '../../../shared/schemas/usuarios';

/**
 * Every mutation of the users feature: each hook owns its cache invalidation and its toasts
 * (spec 000 §8). Errors are re-thrown so a form can show field messages and stay open.
 */

/** The session keeps the signed-in user's record (navbar, greeting): a change to it replaces the kept one. */
function keepIfOwn(updated: UserRecord) {
  if (session.get()?.user.id === updated.id) session.setUser(updated);
}

export function useCrearUsuario() {
  const utils = trpc.useUtils();
  return trpc.usuarios.create.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.userCreated);
      return utils.usuarios.invalidate();
    },
    onError: () => toast.error(MA.toast.userCreateError),
  });
}

export function useEditarUsuario() {
  const utils = trpc.useUtils();
  return trpc.usuarios.update.useMutation({
    onSuccess: (updated) => {
      keepIfOwn(updated);
      toast.success(MA.toast.userUpdated);
      return utils.usuarios.invalidate();
    },
    onError: (e) => toastConMotivo(MA.toast.userUpdateError, e),
  });
}

/** Activate (PATCH is_active true) or deactivate (DELETE); both need the delete permission. */
export function useCambiarEstadoUsuario() {
  const utils = trpc.useUtils();
  const deactivate = trpc.usuarios.deactivate.useMutation();
  const update = trpc.usuarios.update.useMutation();
  return {
    isPending: deactivate.isPending || update.isPending,
    async mutateAsync(u: UserRecord) {
      try {
        if (u.is_active) {
          await deactivate.mutateAsync({ id: u.id });
          toast.success(MA.toast.userDeleted);
        } else {
          await update.mutateAsync({ id: u.id, is_active: true });
          toast.success(MA.toast.userActivated);
        }
        await utils.usuarios.invalidate();
      } catch (e) {
        console.error('Error al cambiar el estado del usuario', e);
        toastConMotivo(MA.toast.genericError, e);
      }
    },
  };
}

export function useAsignarClientes() {
  const utils = trpc.useUtils();
  return trpc.usuarios.asignarClientes.useMutation({
    onSuccess: (updated) => {
      keepIfOwn(updated);
      toast.success(MA.toast.clientesUpdated);
      return Promise.all([utils.usuarios.invalidate(), utils.clientes.invalidate()]);
    },
    onError: (e) => {
      console.error('Error al asignar clientes', e);
      toastConMotivo(MA.toast.clientesUpdateError, e);
    },
  });
}

export function useAsignarRoles() {
  const utils = trpc.useUtils();
  return trpc.usuarios.asignarRoles.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.rolesUpdated);
      return utils.usuarios.invalidate();
    },
    onError: (e) => {
      console.error('Error al asignar roles', e);
      toastConMotivo(MA.toast.rolesUpdateError, e);
    },
  });
}
