import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { actualizarYAvisar } from '../../lib/actualizar';
import type { SimulacionPrivadaInput, SimulacionResultado } from '../../../shared/schemas/operaciones';
import { trpc } from '../../trpc';
import { COTIZACION_EN_VIVO, COTIZACION_PUBLICA_EN_VIVO } from '../../lib/preciosPublicos';

/** The toast of 'Actualizar' when the quote moved. */
export const COTIZACION_ACTUALIZADA = 'Cotización actualizada: las cifras cambiaron.';

/** Milliseconds of calm typing before a quote is asked for. */
export const ESPERA_COTIZACION_MS = 300;

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  const clave = JSON.stringify(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clave, ms]);
  return v;
}

/**
 * A quote as the amount is typed (Wise-like): asked once the typing calms down; a newer input
 * aborts the request still in flight (its answer would be stale). The previous figures stay on
 * screen, marked as updating, until the new ones arrive. Nothing is asked without an input.
 */
function useEnVivo<I>(nombre: string, input: I | null, pedir: (input: I, signal: AbortSignal) => Promise<SimulacionResultado>) {
  const estable = useDebounced(input, ESPERA_COTIZACION_MS);
  const qc = useQueryClient();
  const queryKey = [nombre, estable];
  const q = useQuery({
    queryKey,
    queryFn: ({ signal }) => pedir(estable!, signal),
    enabled: estable !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
  const alDia = JSON.stringify(estable) === JSON.stringify(input);
  return {
    data: input === null ? undefined : q.data,
    error: input === null || !alDia ? null : q.error,
    /** Typing or fetching: the figures shown are not yet those of the input. */
    actualizando: input !== null && (!alDia || q.isFetching),
    /** 'Actualizar': the quote asked again, toasting whether it moved (only once the figures are those of the input). */
    actualizar:
      input !== null && alDia && q.data
        ? () =>
            actualizarYAvisar({
              leer: () => qc.getQueryData(queryKey),
              refrescar: () => q.refetch({ throwOnError: true }),
              cambiado: COTIZACION_ACTUALIZADA,
            })
        : null,
  };
}

/** The current client's quote (its category discount, the chosen instance or generic method). */
export function useCotizacionEnVivo(input: SimulacionPrivadaInput | null) {
  const utils = trpc.useUtils();
  return useEnVivo(COTIZACION_EN_VIVO, input, (i, signal) => utils.client.simulacion.privada.mutate(i, { signal }));
}

/** The home simulator's public quote (generic method, no discount). */
export function useCotizacionPublicaEnVivo(input: { divisa_origen: number; divisa_destino: number; monto: string; metodo_id: number } | null) {
  const utils = trpc.useUtils();
  return useEnVivo(COTIZACION_PUBLICA_EN_VIVO, input, (i, signal) => utils.client.simulacion.publica.mutate(i, { signal }));
}
