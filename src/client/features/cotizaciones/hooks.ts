import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { toastServerError } from '../../lib/toastError';
import { useRefrescarPrecios } from '../../lib/preciosPublicos';
import { TASA_MSG, type TasaRecord } from '../../../shared/schemas/cotizaciones';

/**
 * Every mutation of the rates feature: each hook owns its cache invalidation (every query showing
 * prices, `useRefrescarPrecios`: the rates, the currencies with and without a rate, the simulations)
 * and its toasts (spec 001 §8). Errors are re-thrown so a form
 * can show field messages and stay open.
 */

export function useCrearTasa() {
  const refresh = useRefrescarPrecios();
  return trpc.cotizaciones.create.useMutation({
    onSuccess: () => {
      toast.success(TASA_MSG.creada);
      return refresh();
    },
    onError: (e) => toastServerError(e, TASA_MSG.crearError),
  });
}

export function useEditarTasa() {
  const refresh = useRefrescarPrecios();
  return trpc.cotizaciones.update.useMutation({
    onSuccess: () => {
      toast.success(TASA_MSG.actualizada);
      return refresh();
    },
    onError: (e) => toastServerError(e, TASA_MSG.actualizarError),
  });
}

/** Activate (PATCH activo true, change permission) or deactivate (DELETE, delete permission). */
export function useCambiarEstadoTasa() {
  const refresh = useRefrescarPrecios();
  const deactivate = trpc.cotizaciones.deactivate.useMutation();
  const patch = trpc.cotizaciones.patch.useMutation();
  return {
    isPending: deactivate.isPending || patch.isPending,
    async mutateAsync(t: TasaRecord, active: boolean) {
      try {
        if (active) await patch.mutateAsync({ id: t.id, activo: true });
        else await deactivate.mutateAsync({ id: t.id });
        toast.success(active ? TASA_MSG.activada : TASA_MSG.desactivada);
        await refresh();
      } catch (e) {
        console.error(e);
        toastServerError(e, active ? TASA_MSG.activarError : TASA_MSG.desactivarError);
      }
    },
  };
}
