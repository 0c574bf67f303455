import { useEffect, useRef } from 'react';
import { trpc } from '../../trpc';

/** The server's rates event stream (docs/decisions.md, "Cotizaciones en vivo"). */
export const RUTA_TASAS_EN_VIVO = '/api/cotizaciones/public/stream/';
const REINTENTO_MS = 5000;

type Oyente = () => void;
const oyentes = new Set<Oyente>();
let fuente: EventSource | undefined;
let reintento: ReturnType<typeof setTimeout> | undefined;

/** One EventSource per page, however many screens listen; closed when the last one leaves. */
function abrir() {
  if (fuente || typeof EventSource === 'undefined') return;
  const es = new EventSource(RUTA_TASAS_EN_VIVO);
  fuente = es;
  es.addEventListener('tasas', () => {
    for (const o of [...oyentes]) o();
  });
  es.onerror = () => {
    // The browser reconnects by itself after a dropped connection; an answer that was not a
    // stream (the server restarting: 503) closes it for good, so we try again later.
    if (es.readyState !== EventSource.CLOSED) return;
    es.close();
    if (fuente === es) fuente = undefined;
    if (oyentes.size) reintento ??= setTimeout(() => ((reintento = undefined), abrir()), REINTENTO_MS);
  };
}

function suscribir(o: Oyente): () => void {
  oyentes.add(o);
  abrir();
  return () => {
    oyentes.delete(o);
    if (oyentes.size) return;
    clearTimeout(reintento);
    reintento = undefined;
    fuente?.close();
    fuente = undefined;
  };
}

/**
 * Keeps what a screen shows of the rates current while it is open: on each rate change the server
 * announces, the rates and quotes cached by React Query are invalidated (they refetch if shown) and
 * `onCambio` runs (e.g. re-quote a simulation already on screen).
 */
export function useTasasEnVivo(onCambio?: () => void) {
  const utils = trpc.useUtils();
  const alCambiar = useRef(onCambio);
  useEffect(() => {
    alCambiar.current = onCambio;
  });
  useEffect(
    () =>
      suscribir(() => {
        void utils.cotizaciones.invalidate();
        void utils.divisas.conTasa.invalidate();
        void utils.simulacion.invalidate();
        alCambiar.current?.();
      }),
    [utils],
  );
}
