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
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-500">
          {viva.actualizando ? 'Actualizando la cotización…' : 'Cotización indicativa: la tasa se fija al crear la operación.'}
        </p>
        <button type="button" className="min-h-8 text-sm font-medium text-emerald-800 underline disabled:opacity-50" disabled={!viva.actualizar} onClick={() => void viva.actualizar?.()}>
          Actualizar
        </button>
      </div>
    </div>
  );
}
