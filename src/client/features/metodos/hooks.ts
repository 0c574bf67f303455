import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { serverAnswered } from '../../lib/errors';
import { useRefrescarPrecios } from '../../lib/preciosPublicos';
import { CATALOGO_LABEL, METODO_MSG, instanciasAfectadasMsg, type CatalogoKind, type MetodoRecord } from '../../../shared/schemas/metodos';

/**
 * Every mutation of the financial-methods feature: each hook owns its cache invalidation and its
 * toasts (spec 001 §8); components call `mutateAsync` and close their modal on success.
 */

export function useCrearMetodo() {
  const utils = trpc.useUtils();
  const refrescarPrecios = useRefrescarPrecios();
  return trpc.metodos.create.useMutation({
    onSuccess: () => {
      toast.success(METODO_MSG.metodoCreado);
      return Promise.all([utils.metodos.invalidate(), refrescarPrecios()]);
    },
    onError: () => toast.error(METODO_MSG.crearMetodoError),
  });
}

export function useEditarMetodo() {
  const utils = trpc.useUtils();
  const refrescarPrecios = useRefrescarPrecios();
  return trpc.metodos.update.useMutation({
    onSuccess: () => {
      toast.success(METODO_MSG.metodoActualizado);
      return Promise.all([utils.metodos.invalidate(), refrescarPrecios()]);
    },
    onError: () => toast.error(METODO_MSG.actualizarMetodoError),
  });
}

/** Deactivate with DELETE, reactivate with PUT is_active true (spec 001 §4). */
export function useCambiarEstadoMetodo() {
  const utils = trpc.useUtils();
  const refrescarPrecios = useRefrescarPrecios();
  const del = trpc.metodos.deactivate.useMutation();
  const put = trpc.metodos.update.useMutation();
  return {
    isPending: del.isPending || put.isPending,
    async mutateAsync(m: MetodoRecord, active: boolean) {
      try {
        if (active) await put.mutateAsync({ id: m.id, is_active: true });
        else await del.mutateAsync({ id: m.id });
        toast.success(active ? METODO_MSG.metodoActivado : METODO_MSG.metodoDesactivado);
        await Promise.all([utils.metodos.invalidate(), refrescarPrecios()]);
      } catch {
        toast.error(active ? METODO_MSG.activarMetodoError : METODO_MSG.desactivarMetodoError);
      }
    },
  };
}

const label = (kind: CatalogoKind) => CATALOGO_LABEL[kind];

/** Create, edit and toggle of one catalogue, with the spec's toasts and the affected-instances info. */
export function useCatalogoMutations(kind: CatalogoKind) {
  const utils = trpc.useUtils();
  const refrescarPrecios = useRefrescarPrecios();
  const r = trpc.metodos[kind];
  const l = label(kind);
  const invalidate = () => Promise.all([utils.metodos.invalidate(), refrescarPrecios()]);
  const create = r.create.useMutation({
    onSuccess: () => {
      toast.success(`${l.titulo} cread${l.genero} exitosamente!`);
      return invalidate();
    },
    onError: () => toast.error(`Error al crear ${l.nombre}`),
  });
  const update = r.update.useMutation({
    onSuccess: () => {
      toast.success(`${l.titulo} actualizad${l.genero} exitosamente!`);
      return invalidate();
    },
    onError: () => toast.error(`Error al actualizar ${l.nombre}`),
  });
  const toggle = r.toggleActive.useMutation();
  return {
    create,
    update,
    async toggle(id: number, activar: boolean) {
      try {
        const res = (await toggle.mutateAsync({ id })) as { is_active: boolean; affected_instances?: number };
        toast.success(`${l.titulo} ${res.is_active ? 'activad' : 'desactivad'}${l.genero} exitosamente!`);
        const n = res.affected_instances ?? 0;
        if (n > 0) toast(instanciasAfectadasMsg(n, res.is_active), { icon: 'ℹ️' });
        await invalidate();
      } catch {
        toast.error(`Error al ${activar ? 'activar' : 'desactivar'} ${l.nombre}`);
      }
    },
  };
}

export type InstanciaKind = 'cuentas' | 'billeteras' | 'tarjetas';
const INSTANCIA_LABEL: Record<InstanciaKind, string> = { cuentas: 'cuenta', billeteras: 'billetera digital', tarjetas: 'tarjeta' };

/** Instances (house or own): one-call creation, edit, and toggle through the detail. */
export function useInstanciaMutations(kind: InstanciaKind, casa: boolean) {
  const utils = trpc.useUtils();
  const what = `${INSTANCIA_LABEL[kind]}${casa ? ' de la casa' : ''}`;
  const invalidate = () => utils.metodos.invalidate();
  const create = trpc.metodos.crearInstancia.useMutation({
    onSuccess: () => {
      toast.success(`Se creó la ${what} exitosamente!`);
      return invalidate();
    },
    onError: () => toast.error(`Error al crear ${what}`),
  });
  const update = trpc.metodos[kind].update.useMutation({
    onSuccess: () => {
      toast.success(`Se actualizó la ${what} exitosamente!`);
      return invalidate();
    },
    onError: () => toast.error(`Error al actualizar ${what}`),
  });
  const toggle = trpc.metodos.detalles.toggleActive.useMutation();
  return {
    create,
    update,
    async toggle(detalleId: number, activar: boolean) {
      try {
        const d = await toggle.mutateAsync({ id: detalleId });
        toast.success(`${d.is_active ? 'Se activó' : 'Se desactivó'} la ${what}`);
        await invalidate();
      } catch (e) {
        const msg = serverAnswered(e) && e.message ? `: ${e.message}` : '';
        toast.error(`Error al ${activar ? 'activar' : 'desactivar'} ${what}${msg}`);
      }
    },
  };
}
