import toast from 'react-hot-toast';
import { useMutation } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { trpc } from '../../trpc';
import { errorData } from '../../lib/errors';
import { OP_MSG } from '../../../shared/transacciones';
import { claveDeIntento, olvidarIntento } from './idempotencia';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';

type Entradas = inferRouterInputs<AppRouter>['transacciones'];
type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * A transaction a mutation paid or cancelled, put at once in every cached list that shows it, then
 * every transaction query refetched: until the refetch answers, a list must not offer to pay or cancel
 * again what was just paid or cancelled. Its rate check is not asked again: a transaction no longer
 * pending has no rate to reconfirm (it would answer 409).
 */
function alCambiar(utils: Utils, t: TransaccionRecord) {
  utils.transacciones.list.setQueriesData({}, {}, (data) => {
    if (!data) return data;
    const cambiar = (filas: TransaccionRecord[]) => filas.map((f) => (f.id === t.id ? t : f));
    return Array.isArray(data) ? cambiar(data) : { ...data, results: cambiar(data.results) };
  });
  return utils.transacciones.invalidate(undefined, { predicate: (q) => (q.queryKey[0] as string[])[1] !== 'reconfirmarTasa' });
}

export { useSimularPrivada } from '../simulacion/hooks';

/** Creates the pending transaction with the Idempotency-Key of this attempt (see idempotencia.ts). */
export function useCrearTransaccion() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: Entradas['crear']) =>
      utils.client.transacciones.crear.mutate(input, { context: { idempotencyKey: claveDeIntento('crear', input) } }),
    onSuccess: () => {
      olvidarIntento('crear');
      // A pending operation holds the client's limits: the remaining limit on step 1 counts it.
      return Promise.all([utils.transacciones.list.invalidate(), utils.transacciones.cupo.invalidate()]);
    },
    onError: (e) => {
      console.error(OP_MSG.operacionError, e);
      toast.error(OP_MSG.operacionError);
    },
  });
}

/**
 * Confirms the payment with the Idempotency-Key of this attempt; `conCambio` picks the messages of
 * the accepted-new-rate path. A moved rate (409 rate_changed) is no failure to toast: the wizard
 * shows the new figures.
 */
export function useConfirmarPago(conCambio: boolean) {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: Entradas['confirmarPago']) =>
      utils.client.transacciones.confirmarPago.mutate(input, { context: { idempotencyKey: claveDeIntento('pagar', input) } }),
    onSuccess: (t) => {
      olvidarIntento('pagar');
      void alCambiar(utils, t);
      toast.success(conCambio ? OP_MSG.nuevaCotizacionAceptada : OP_MSG.pagoConfirmado);
    },
    onError: (e) => {
      const d = errorData(e);
      if (d.appCode === 'rate_changed') return;
      // Already paid (a repeated Pagar, another tab): the wizard shows it confirmed, not as an error.
      if (d.appCode === 'invalid_transition' && d.extra?.estado === 'en_proceso') return;
      console.error('Error al confirmar el pago', e);
      toast.error(conCambio ? OP_MSG.confirmarError : OP_MSG.operacionError);
    },
  });
}

export function useCancelarTransaccion() {
  const utils = trpc.useUtils();
  return trpc.transacciones.cancelar.useMutation({
    onSuccess: (t) => {
      void alCambiar(utils, t);
      toast(OP_MSG.canceladaPorCambio, { icon: 'ℹ️' });
    },
    onError: (e) => {
      console.error(OP_MSG.cancelarError, e);
      toast.error(OP_MSG.cancelarError);
    },
  });
}

/** The customer cancels a pending operation (history): says so, as every other action does. */
export function useCancelarPendiente() {
  const utils = trpc.useUtils();
  return trpc.transacciones.cancelar.useMutation({
    onSuccess: (t) => {
      void alCambiar(utils, t);
      toast.success(OP_MSG.cancelada(t.codigo));
    },
    onError: (e) => console.error(OP_MSG.cancelarError, e),
  });
}

/** Going back from the summary discards the pending transaction quietly (it would otherwise hold the limits for 24 h). */
export function useDescartarTransaccion() {
  const utils = trpc.useUtils();
  return trpc.transacciones.cancelar.useMutation({
    onSuccess: (t) => void alCambiar(utils, t),
    onError: (e) => console.error(OP_MSG.cancelarError, e),
  });
}
