import { ResumenCotizacion } from './ResumenCotizacion';
import type { useCotizacionEnVivo } from './useCotizacionEnVivo';

/** The live quote under the amount (steps 1 and 2): figures marked as updating while typing; nothing until there is one. */
export function CotizacionEnVivo({ viva }: { viva: ReturnType<typeof useCotizacionEnVivo> }) {
  if (!viva.data) {
    return viva.actualizando ? (
      <p className="text-sm text-slate-500" role="status" aria-live="polite">
        Cotizando…
      </p>
    ) : null;
  }
  return (
    <div aria-live="polite" data-testid="cotizacion-en-vivo">
      <ResumenCotizacion r={viva.data} actualizando={viva.actualizando} />
      <p className="mt-1 text-xs text-slate-500">
        {viva.actualizando ? 'Actualizando la cotización…' : 'Cotización indicativa: la tasa se fija al crear la operación.'}
      </p>
    </div>
  );
}
