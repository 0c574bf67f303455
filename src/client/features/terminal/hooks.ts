import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { TERMINAL_MSG } from '../../../shared/schemas/terminal';

/** Staff mark a transaction at the terminal as failed, with a reason. */
export function useFallarTransaccion() {
  const utils = trpc.useUtils();
  return trpc.terminal.fallar.useMutation({
    onSuccess: () => {
      toast.success(TERMINAL_MSG.fallidaOk);
      return utils.transacciones.invalidate();
    },
    onError: (e) => {
      console.error('Error al marcar fallida', e);
      toast.error(e.message || TERMINAL_MSG.fallidaError);
    },
  });
}
