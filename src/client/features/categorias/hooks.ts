import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { serverAnswered } from '../../lib/errors';
import { MA } from '../../../shared/messagesAdmin';
import type { CategoriaRecord } from '../../../shared/schemas/categorias';

/**
 * Every mutation of the client categories: each hook owns its cache invalidation (categories and
 * the clients that show them) and its toasts (spec 000 §8). Errors are re-thrown to the form.
 */

function useRefreshCategorias() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.categorias.invalidate(), utils.clientes.invalidate()]);
}

/** The server refused it: what failed; no answer at all (network): the generic text. */
const saveError = (e: unknown, refused: string) => toast.error(serverAnswered(e) ? refused : MA.toast.categoriaSaveError);

export function useCrearCategoria() {
  const refresh = useRefreshCategorias();
  return trpc.categorias.create.useMutation({
    onSuccess: () => {
      toast.success(MA.toast.categoriaCreated);
      return refresh();
    },
    onError: (e) => saveError(e, MA.toast.categoriaCreateError),
  });
}

export function useEditarCategoria() {
  const refresh = useRefreshCategorias();
  return trpc.categorias.update.useMutation({
    onSuccess: () => {
      toast.success(MA.categoriaUpdated);
      return refresh();
    },
    onError: (e) => saveError(e, MA.toast.categoriaUpdateError),
  });
}

/** Deactivating and activating both need change: the catalogue has no delete permission for categories. */
export function useCambiarEstadoCategoria() {
  const refresh = useRefreshCategorias();
  const deactivate = trpc.categorias.deactivate.useMutation();
  const update = trpc.categorias.update.useMutation();
  return {
    isPending: deactivate.isPending || update.isPending,
    async mutateAsync(k: CategoriaRecord) {
      try {
        if (k.isActive) await deactivate.mutateAsync({ id: k.idCategoria });
        else await update.mutateAsync({ id: k.idCategoria, isActive: true });
        await refresh();
      } catch (e) {
        console.error('Error al cambiar el estado de la categoría', e);
        toast.error(MA.toast.categoriaToggleError);
      }
    },
  };
}
