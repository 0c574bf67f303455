import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { errorData, errorMessage } from '../../lib/errors';
import { toastEstado } from '../../lib/toastError';
import { useRefrescarPrecios } from '../../lib/preciosPublicos';
import { useRefrescarStock } from '../../lib/refrescarStock';
import { DIVISA_MSG, type DivisaRecord } from '../../../shared/schemas/divisas';

/**
 * Every mutation of the divisas feature: each hook owns its cache invalidation and its toasts
 * (spec 001 §8); components only call `mutateAsync` and close their modal on success.
 * Errors are re-thrown so a form can show field messages and stay open.
 */

/** The currencies, every query showing prices (a currency's name, state or decimals show there) and the stock. */
function useRefrescarDivisas() {
  const utils = trpc.useUtils();
  const refrescarPrecios = useRefrescarPrecios();
  const refrescarStock = useRefrescarStock();
  return () => Promise.all([utils.divisas.invalidate(), refrescarPrecios(), refrescarStock()]);
}

export function useCrearDivisa() {
  const refrescar = useRefrescarDivisas();
  return trpc.divisas.create.useMutation({
    onSuccess: () => refrescar(),
    onError: (e) => {
      console.error('Error al crear la divisa', e);
      toast.error(DIVISA_MSG.crearError);
    },
  });
}

export function useEditarDivisa() {
  const refrescar = useRefrescarDivisas();
  return trpc.divisas.update.useMutation({
    onSuccess: () => refrescar(),
    onError: (e) => {
      console.error('Error al actualizar la divisa', e);
      toast.error(DIVISA_MSG.actualizarError);
    },
  });
}

/** Activate (PATCH is_active true, change permission) or deactivate (DELETE, delete permission). */
export function useCambiarEstadoDivisa() {
  const refrescar = useRefrescarDivisas();
  const deactivate = trpc.divisas.deactivate.useMutation();
  const patch = trpc.divisas.patch.useMutation();
  return {
    isPending: deactivate.isPending || patch.isPending,
    async mutateAsync(d: DivisaRecord, active: boolean) {
      try {
        if (active) await patch.mutateAsync({ id: d.id, is_active: true });
        else await deactivate.mutateAsync({ id: d.id });
        await refrescar();
      } catch (e) {
        console.error('Error al cambiar el estado de la divisa', e);
        // A rule's refusal says why (paid operations still to be collected); anything else, the spec's text.
        toastEstado(e, DIVISA_MSG.actualizarError2);
      }
    },
  };
}

export function useCrearDenominacion() {
  const utils = trpc.useUtils();
  const refrescarStock = useRefrescarStock();
  return trpc.divisas.denominaciones.create.useMutation({
    onSuccess: (d) => {
      toast.success(DIVISA_MSG.denominacionOk);
      return Promise.all([utils.divisas.denominacionesDe.invalidate({ id: d.divisa }), refrescarStock()]);
    },
    onError: (e) => {
      console.error('Error creando la denominación', e);
      toast.error(DIVISA_MSG.denominacionCrearError);
    },
  });
}

export function useCambiarEstadoDenominacion() {
  const utils = trpc.useUtils();
  const refrescarStock = useRefrescarStock();
  return trpc.divisas.denominaciones.toggleActive.useMutation({
    onSuccess: (d) => Promise.all([utils.divisas.denominacionesDe.invalidate({ id: d.divisa }), refrescarStock()]),
    onError: (e) => toastEstado(e, errorMessage(e, 'Ha ocurrido un error al cambiar el estado de la denominación.')),
  });
}

export function useGuardarLimites() {
  const utils = trpc.useUtils();
  return trpc.divisas.limites.update.useMutation({
    onSuccess: () => {
      toast.success(DIVISA_MSG.limitesOk);
      return utils.divisas.limites.get.invalidate();
    },
    onError: (e) => {
      console.error('Error al editar límites', e);
      toast.error(errorData(e).fields ? DIVISA_MSG.limitesActualizarError : DIVISA_MSG.limitesEditarError);
    },
  });
}
