import toast from 'react-hot-toast';
import { trpc } from '../../trpc';

/** Saves a currency's low-stock minimum; the stock and the minimums are read again. */
export function useGuardarUmbral() {
  const utils = trpc.useUtils();
  return trpc.reportes.guardarUmbral.useMutation({
    onSuccess: (r) => {
      void utils.reportes.stock.invalidate();
      void utils.reportes.umbrales.invalidate();
      toast.success(`Mínimo de ${r.divisa} guardado.`);
    },
    onError: (e) => {
      console.error('Error al guardar el mínimo de stock', e);
      toast.error('No se pudo guardar el mínimo. Revisá los datos.');
    },
  });
}
