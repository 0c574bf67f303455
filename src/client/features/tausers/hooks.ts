import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { serverAnswered } from '../../lib/errors';
import { toastEstado } from '../../lib/toastError';
import { useRefrescarStock } from '../../lib/refrescarStock';
import { TAUSER_MSG, type TauserRecord } from '../../../shared/schemas/tausers';
import { TERMINAL_MSG } from '../../../shared/schemas/terminal';

/**
 * Every mutation of the terminals feature, with its cache invalidation and the toasts of spec 001 §8.
 * Errors are re-thrown so a form can show the field messages and stay open. When the server
 * refused the call: 'Ha ocurrido un error al crear/actualizar el Tauser.'; when no answer came at all
 * (network): 'Error al crear/editar el Tauser'.
 */

export function useCrearTauser() {
  const utils = trpc.useUtils();
  const refrescarStock = useRefrescarStock();
  return trpc.tauser.create.useMutation({
    onSuccess: () => {
      toast.success(TAUSER_MSG.creado);
      return Promise.all([utils.tauser.invalidate(), refrescarStock()]);
    },
    onError: (e) => {
      console.error('Error al crear el Tauser', e);
      toast.error(serverAnswered(e) ? TAUSER_MSG.crearError : TAUSER_MSG.crearErrorRed);
    },
  });
}

export function useEditarTauser() {
  const utils = trpc.useUtils();
  const refrescarStock = useRefrescarStock();
  return trpc.tauser.patch.useMutation({
    onSuccess: () => {
      toast.success(TAUSER_MSG.actualizado);
      return Promise.all([utils.tauser.invalidate(), refrescarStock()]);
    },
    onError: (e) => {
      console.error('Error al editar el Tauser', e);
      toast.error(serverAnswered(e) ? TAUSER_MSG.actualizarError : TAUSER_MSG.editarErrorRed);
    },
  });
}

/** The toggle: PATCH isActive (delete permission both ways, spec 001 §6); a refusal by rule (paid operations waiting) says why. */
export function useCambiarEstadoTauser() {
  const utils = trpc.useUtils();
  const refrescarStock = useRefrescarStock();
  const patch = trpc.tauser.patch.useMutation();
  return {
    isPending: patch.isPending,
    async toggle(t: TauserRecord) {
      try {
        const after = await patch.mutateAsync({ id: t.idTauser, isActive: !t.isActive });
        toast.success(after.isActive ? TAUSER_MSG.activado : TAUSER_MSG.inactivado);
        await Promise.all([utils.tauser.invalidate(), refrescarStock()]);
      } catch (e) {
        console.error('Error al cambiar estado del Tauser', e);
        toastEstado(e, TAUSER_MSG.estadoError);
      }
    },
  };
}

/** The active terminals (GET /tauser/?all=true&is_active=true): what the operation wizard offers. */
export const useTausersActivos = (enabled = true) => trpc.tauser.list.useQuery({ all: true, is_active: true }, { enabled, select: (d) => (Array.isArray(d) ? d : d.results) });

/** Which active terminals can pay `pago` from their banknotes now (idTauser → yes/no); empty without `pago`. */
export function usePuedePagar(pago: { divisa: number; monto: string } | null): Map<string, boolean> {
  const q = trpc.terminal.puedePagar.useQuery(pago ?? { divisa: 0, monto: '0' }, { enabled: pago !== null, staleTime: 15_000 });
  return new Map((pago ? (q.data ?? []) : []).map((r) => [r.idTauser, r.puede_pagar]));
}

/** Banknote stock of a Tauser (change permission). */
export function useStockTauser(id: string, enabled: boolean) {
  return trpc.terminal.stock.useQuery({ id }, { enabled });
}

export function useMoverStock() {
  const utils = trpc.useUtils();
  const refrescarStock = useRefrescarStock();
  return trpc.terminal.moverStock.useMutation({
    onSuccess: () => {
      toast.success(TERMINAL_MSG.stockActualizado);
      return Promise.all([refrescarStock(), utils.terminal.movimientos.invalidate()]);
    },
    onError: (e) => {
      console.error('Error al mover stock', e);
      toast.error(e.message || TERMINAL_MSG.stockError);
    },
  });
}

export function useSecretoTerminal() {
  const utils = trpc.useUtils();
  const onError = (e: unknown) => {
    console.error('Error con la clave del terminal', e);
    toast.error(TERMINAL_MSG.secretoError);
  };
  const generar = trpc.terminal.generarSecreto.useMutation({ onSuccess: () => (toast.success(TERMINAL_MSG.secretoGenerado), utils.terminal.stock.invalidate()), onError });
  const revocar = trpc.terminal.revocarSecreto.useMutation({ onSuccess: () => (toast.success(TERMINAL_MSG.secretoRevocado), utils.terminal.stock.invalidate()), onError });
  return { generar, revocar };
}
