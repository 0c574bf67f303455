import { useCallback, useMemo } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { FuenteEstado } from './useWizardBase';
import { aSearch, desdeSearch, type EstadoWizard, type OperacionSearch } from './wizardSearch';

/**
 * A wizard's state in its route's URL (see wizardSearch.ts), read through the route's own
 * `validateSearch` function: back and forward move between steps, a reload or the way back from
 * 'Agregar una cuenta o billetera' resumes where the customer was.
 */
export function useEstadoEnUrl(validar: (raw: Record<string, unknown>) => OperacionSearch): FuenteEstado & { txInvalida: boolean } {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const validado = useMemo(() => validar(search), [search, validar]);
  const estado = useMemo(() => desdeSearch(validado), [validado]);
  const cambiar = useCallback(
    (patch: Partial<EstadoWizard>, opts: { reemplazar?: boolean } = {}) =>
      void navigate({
        to: '.',
        replace: opts.reemplazar ?? false,
        search: (prev: Record<string, unknown>) => {
          const antes = validar(prev);
          const s = aSearch({ ...desdeSearch(antes), ...patch });
          // a link's malformed operation id keeps saying so until the patch sets the operation
          return (antes.txInvalida && !('tx' in patch) ? { ...s, txInvalida: true } : s) as never;
        },
      }),
    [navigate, validar],
  );
  return { estado, cambiar, txInvalida: !!validado.txInvalida };
}
