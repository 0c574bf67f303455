import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SimulacionPrivadaInput } from '../../../shared/schemas/operaciones';
import { trpc } from '../../trpc';

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
 * The client's quote as the amount is typed (Wise-like): asked once the typing calms down; a newer
 * input aborts the request still in flight (its answer would be stale). The previous figures stay
 * on screen, marked as updating, until the new ones arrive. Nothing is asked without an input.
 */
export function useCotizacionEnVivo(input: SimulacionPrivadaInput | null) {
  const utils = trpc.useUtils();
  const estable = useDebounced(input, ESPERA_COTIZACION_MS);
  const q = useQuery({
    queryKey: ['cotizacion-en-vivo', estable],
    queryFn: ({ signal }) => utils.client.simulacion.privada.mutate(estable!, { signal }),
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
  };
}
