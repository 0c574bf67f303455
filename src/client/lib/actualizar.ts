import toast from 'react-hot-toast';
import { toastErrorReintentar } from './toastReintentar';

export const ACTUALIZAR_MSG = {
  sinCambios: 'Sin cambios: ya tenías los datos al día.',
  error: 'No se pudieron actualizar los datos.',
} as const;

/**
 * The 'Actualizar' button of a customer screen: reads the data again and tells what happened: the
 * given message only when something really changed, 'Sin cambios…' otherwise, and on failure an
 * error toast whose 'Reintentar' runs it again. `leer` snapshots what the screen shows (compared as JSON).
 */
export async function actualizarYAvisar({ leer, refrescar, cambiado }: { leer: () => unknown; refrescar: () => Promise<unknown>; cambiado: string }): Promise<void> {
  const antes = JSON.stringify(leer() ?? null);
  try {
    await refrescar();
  } catch {
    toastErrorReintentar(ACTUALIZAR_MSG.error, () => void actualizarYAvisar({ leer, refrescar, cambiado }), 'actualizar-error');
    return;
  }
  const despues = JSON.stringify(leer() ?? null);
  if (despues !== antes) toast.success(cambiado, { id: 'actualizar' });
  else toast(ACTUALIZAR_MSG.sinCambios, { id: 'actualizar', icon: 'ℹ️' });
}
