import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { selectorErrorMessage } from './errorMessage';

/**
 * Saving the current client: on success the cached answer of `usuarios.clienteActual` is replaced
 * with the server's; on failure an error toast says why (spec 000 §4). Errors are re-thrown so the
 * selector can bring the previous client back.
 */
export function useElegirClienteActual(userId: number) {
  const utils = trpc.useUtils();
  return trpc.usuarios.setClienteActual.useMutation({
    onSuccess: (answer) => utils.usuarios.clienteActual.setData({ id: userId }, answer),
    onError: (e) => {
      console.error('No se pudo cambiar el cliente actual', e);
      toast.error(selectorErrorMessage(e));
    },
  });
}
