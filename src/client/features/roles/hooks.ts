import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { MA } from '../../../shared/messagesAdmin';

/**
 * Every mutation of the roles feature: each hook owns its cache invalidation and its toasts
 * (spec 000 §8). Errors are re-thrown so a form can show field messages and stay open.
 */

export function useCrearRol() {
  const utils = trpc.useUtils();
  return trpc.roles.create.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.roleCreated);
      return utils.roles.invalidate();
    },
    onError: () => toast.error(MA.toast.roleCreateError),
  });
}

export function useEditarRol() {
  const utils = trpc.useUtils();
  return trpc.roles.update.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.roleUpdated);
      return utils.roles.invalidate();
    },
    onError: () => toast.error(MA.toast.roleUpdateError),
  });
}

export function useEliminarRol() {
  const utils = trpc.useUtils();
  return trpc.roles.delete.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.roleDeleted);
      return utils.roles.invalidate();
    },
    onError: (e) => {
      console.error('Error al eliminar el rol', e);
      toast.error(MA.toast.roleDeleteError);
    },
  });
}
