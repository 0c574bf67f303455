import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { MA } from '../../../shared/messagesAdmin';
import { toastConMotivo } from '../../lib/errors';

/**
 * Every mutation of the roles feature: each hook owns its cache invalidation and its toasts
 * (spec 000 §8). Errors are re-thrown so a form can show field messages and stay open.
 */

/**
 * A role changed or deleted changes what its holders have: the users' role lists (names, the deleted
 * one gone) and, when the signed-in user holds it, their own permissions.
 */
const refreshHolders = (utils: ReturnType<typeof trpc.useUtils>) =>
  Promise.all([utils.roles.invalidate(), utils.usuarios.invalidate(), utils.auth.myPermissions.invalidate()]);

export function useCrearRol() {
  const utils = trpc.useUtils();
  return trpc.roles.create.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.roleCreated);
      return utils.roles.invalidate();
    },
    // A refusal's reason (a permission the editor lacks) follows the spec's text, as on the users screen.
    onError: (e) => toastConMotivo(MA.toast.roleCreateError, e),
  });
}

export function useEditarRol() {
  const utils = trpc.useUtils();
  return trpc.roles.update.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.roleUpdated);
      return refreshHolders(utils);
    },
    onError: (e) => toastConMotivo(MA.toast.roleUpdateError, e),
  });
}

export function useEliminarRol() {
  const utils = trpc.useUtils();
  return trpc.roles.delete.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.roleDeleted);
      return refreshHolders(utils);
    },
    onError: (e) => {
      console.error('Error al eliminar el rol', e);
      toastConMotivo(MA.toast.roleDeleteError, e);
    },
  });
}
