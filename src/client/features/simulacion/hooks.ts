import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { OP_MSG } from '../../../shared/transacciones';

/**
 * Mutations of the simulation feature. A quote changes nothing on the server, so nothing is
 * invalidated; the hook owns the failure toast (spec 001 §8) and re-throws so the form can show
 * the server's field messages.
 */
export function useSimularPublica() {
  return trpc.simulacion.publica.useMutation({
    onError: (e) => {
      console.error('Error al realizar la simulación', e);
      toast.error(OP_MSG.simulacionError);
    },
  });
}

/** The wizards' quote for the current client (discount of its category, chosen instance or generic method). */
export function useSimularPrivada() {
  return trpc.simulacion.privada.useMutation({
    onError: (e) => {
      console.error('Error al realizar la simulación', e);
      toast.error(OP_MSG.simulacionError);
    },
  });
}
