import { useCallback, useRef, useState, type FormEvent } from 'react';

/**
 * Guards an action button against double clicks: while the action of a key (a row's toggle, a
 * form's submit) is in flight, running it again does nothing. The guard is a ref, so it holds from
 * the first click on (a mutation's `isPending` reaches the screen a render later, after a second
 * click may already have gone out); `ocupado(clave)` tells the button to show it is busy
 * (`disabled` and `aria-busy`).
 */
export function useEnCurso() {
  const enCurso = useRef(new Set<string>());
  const [ocupadas, setOcupadas] = useState<ReadonlySet<string>>(() => new Set());

  const ejecutar = useCallback(async <T,>(clave: string, accion: () => Promise<T>): Promise<T | undefined> => {
    if (enCurso.current.has(clave)) return undefined;
    enCurso.current.add(clave);
    setOcupadas(new Set(enCurso.current));
    try {
      return await accion();
    } finally {
      enCurso.current.delete(clave);
      setOcupadas(new Set(enCurso.current));
    }
  }, []);

  /** A form's `onSubmit` that sends once: a second submit while the first is in flight is dropped. */
  const enviar = useCallback(
    (handler: (e: FormEvent<HTMLFormElement>) => Promise<unknown>, clave = 'enviar') =>
      (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        void ejecutar(clave, () => handler(e));
      },
    [ejecutar],
  );

  return { ejecutar, enviar, ocupado: (clave = 'enviar') => ocupadas.has(clave) };
}
