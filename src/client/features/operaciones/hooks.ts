import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { OP_MSG } from '../../../shared/transacciones';

/**
 * Mutations of the exchange wizards. Each owns its failure toast (spec 001 §8) and the
 * invalidation of the history; success toasts are the wizard's (they depend on the path taken).
 */
export { useSimularPrivada } from '../simulacion/hooks';

export function useCrearTransaccion() {
  const utils = trpc.useUtils();
  return trpc.transacciones.crear.useMutation({
    onSuccess: () => utils.transacciones.list.invalidate(),
    onError: (e) => {
      console.error(OP_MSG.operacionError, e);
      toast.error(OP_MSG.operacionError);
    },
  });
}

/** Confirms the payment; `conCambio` picks the failure message of the accepted-new-rate path. */
export function useConfirmarPago(conCambio: boolean) {
  const utils = trpc.useUtils();
  return trpc.transacciones.confirmarPago.useMutation({
    onSuccess: () => {
      void utils.transacciones.invalidate();
      toast.success(conCambio ? OP_MSG.nuevaCotizacionAceptada : OP_MSG.pagoConfirmado);
    },
    onError: (e) => {
      console.error('Error al confirmar el pago', e);
      toast.error(conCambio ? OP_MSG.confirmarError : e.message || OP_MSG.operacionError);
    },
  });
}

export function useCancelarTransaccion() {
  const utils = trpc.useUtils();
  return trpc.transacciones.cancelar.useMutation({
    onSuccess: () => {
      void utils.transacciones.invalidate();
      toast(OP_MSG.canceladaPorCambio, { icon: 'ℹ️' });
    },
    onError: (e) => {
      console.error(OP_MSG.cancelarError, e);
      toast.error(OP_MSG.cancelarError);
    },
  });
}

/** Reads the rate again before paying (a query fetched on demand, not cached). */
export function useReconfirmarTasa() {
  const utils = trpc.useUtils();
  return async (id: number) => {
    try {
      return await utils.transacciones.reconfirmarTasa.fetch({ id }, { staleTime: 0 });
    } catch (e) {
      console.error(OP_MSG.reconfirmarError, e);
      toast.error(OP_MSG.reconfirmarError);
      throw e;
    }
  };
}

/** Going back from the summary discards the pending transaction quietly (it would otherwise hold the limits for 24 h). */
export function useDescartarTransaccion() {
  const utils = trpc.useUtils();
  return trpc.transacciones.cancelar.useMutation({
    onSuccess: () => void utils.transacciones.invalidate(),
    onError: (e) => console.error(OP_MSG.cancelarError, e),
  });
}
