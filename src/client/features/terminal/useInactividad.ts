import { useEffect, useRef } from 'react';

/** A kiosk screen left alone this long goes back to the code step (ms). */
export const KIOSK_INACTIVIDAD_MS = 90_000;

/**
 * Calls `onInactivo` once `ms` pass with no touch or key while `activo`: a customer who walks away
 * leaves neither their name and receipt on screen nor a button the next person could press.
 */
export function useInactividad(activo: boolean, onInactivo: () => void, ms = KIOSK_INACTIVIDAD_MS) {
  const cb = useRef(onInactivo);
  cb.current = onInactivo;
  useEffect(() => {
    if (!activo) return;
    let t = window.setTimeout(() => cb.current(), ms);
    const reiniciar = () => {
      window.clearTimeout(t);
      t = window.setTimeout(() => cb.current(), ms);
    };
    const eventos = ['pointerdown', 'keydown'] as const;
    for (const e of eventos) window.addEventListener(e, reiniciar, true);
    return () => {
      window.clearTimeout(t);
      for (const e of eventos) window.removeEventListener(e, reiniciar, true);
    };
  }, [activo, ms]);
}
