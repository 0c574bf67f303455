import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { serverAnswered } from '../../lib/errors';
import { TAUSER_MSG, type TauserRecord } from '../../../shared/schemas/tausers';

/**
 * Every mutation of the terminals feature, with its cache invalidation and the toasts of spec 001 §8.
 * Errors are re-thrown so a form can show the field messages and stay open. When the server
 * refused the call: 'Ha ocurrido un error al crear/actualizar el Tauser.'; when no answer came at all
 * (network): 'Error al crear/editar el Tauser'.
 */

export function useCrearTauser() {
  const utils = trpc.useUtils();
  return trpc.tauser.create.useMutation({
    onSuccess: () => {
      toast.success(TAUSER_MSG.creado);
      return utils.tauser.invalidate();
    },
    onError: (e) => {
      console.error('Error al crear el Tauser', e);
      toast.error(serverAnswered(e) ? TAUSER_MSG.crearError : TAUSER_MSG.crearErrorRed);
    },
  });
}

export function useEditarTauser() {
  const utils = trpc.useUtils();
  return trpc.tauser.patch.useMutation({
    onSuccess: () => {
      toast.success(TAUSER_MSG.actualizado);
      return utils.tauser.invalidate();
    },
    onError: (e) => {
      console.error('Error al editar el Tauser', e);
      toast.error(serverAnswered(e) ? TAUSER_MSG.actualizarError : TAUSER_MSG.editarErrorRed);
    },
  });
}

/** The toggle: PATCH isActive (delete permission both ways, spec 001 §6). */
export function useCambiarEstadoTauser() {
  const utils = trpc.useUtils();
  const patch = trpc.tauser.patch.useMutation();
  return {
    isPending: patch.isPending,
    async toggle(t: TauserRecord) {
      try {
        const after = await patch.mutateAsync({ id: t.idTauser, isActive: !t.isActive });
        toast.success(after.isActive ? TAUSER_MSG.activado : TAUSER_MSG.inactivado);
        await utils.tauser.invalidate();
      } catch (e) {
        console.error('Error al cambiar estado del Tauser', e);
        toast.error(TAUSER_MSG.estadoError);
      }
    },
  };
}

/** The active terminals (GET /tauser/?all=true): what the operation wizard offers. */
export const useTausersActivos = (enabled = true) => trpc.tauser.list.useQuery({ all: true }, { enabled, select: (d) => (Array.isArray(d) ? d : d.results) });
