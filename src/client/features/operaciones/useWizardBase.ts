import { useEffect, useMemo } from 'react';
import { trpc } from '../../trpc';
import { useClienteActual } from '../clienteSelector/useClienteActual';
import { onClienteActualChanged } from '../clienteSelector/events';
import { metodoInicial, montoValido, type DivisaOpcion, type MetodoElegido, type Par } from './wizardRules';
import { ESTADO_INICIAL, type EstadoWizard } from './wizardSearch';
import { errorMessage } from '../../lib/errors';
import { OP_MSG } from '../../../shared/transacciones';
import { TASA_LOAD_MSG } from '../../../shared/rates';

/** How a wizard keeps its state: in its route's URL (useEstadoEnUrl.ts). */
export interface FuenteEstado {
  estado: EstadoWizard;
  /** `reemplazar` for typing and selections (one history entry), a push for a step change. */
  cambiar: (patch: Partial<EstadoWizard>, opts?: { reemplazar?: boolean }) => void;
}

/**
 * State both wizards share: the currencies, the current client (the wizard restarts on
 * `clienteActualChanged`, spec 001 §4), steps 1 and 2 and the client's methods for the direction.
 */
export function useWizardBase({ esOperacionReal, fuente, onReset }: { esOperacionReal: boolean; fuente: FuenteEstado; onReset: (porCliente: boolean) => void }) {
  const divisasQ = trpc.divisas.conTasa.useQuery({ all: true }, { staleTime: 60_000 });
  const divisas: DivisaOpcion[] = useMemo(() => (Array.isArray(divisasQ.data) ? divisasQ.data : []), [divisasQ.data]);
  const actual = useClienteActual();
  const cliente = actual.cliente;
  const { estado, cambiar } = fuente;
  const { par, monto, metodo, paso } = estado;

  const parInicial = (): Par => {
    const base = divisas.find((d) => d.es_base);
    const extranjera = divisas.find((d) => d.codigo === 'USD') ?? divisas.find((d) => !d.es_base);
    return base && extranjera ? { origen: base.id, destino: extranjera.id } : { origen: '', destino: '' };
  };

  // Start with the base currency → the first foreign one.
  useEffect(() => {
    if (par.origen === '' && par.destino === '' && divisas.length) cambiar({ par: parInicial() }, { reemplazar: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [divisas, par.origen, par.destino]);

  const resetBase = (opts: { reemplazar?: boolean } = {}) => {
    cambiar({ ...ESTADO_INICIAL, par: parInicial() }, opts);
    onReset(false);
  };

  useEffect(
    () =>
      onClienteActualChanged(() => {
        cambiar({ ...ESTADO_INICIAL, par: parInicial() }, { reemplazar: true });
        onReset(true);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [divisas, cambiar],
  );

  const parListo = par.origen !== '' && par.destino !== '' && par.origen !== par.destino;
  const metodosInput = {
    cliente_id: cliente?.idCliente ?? '00000000-0000-0000-0000-000000000000',
    divisa_origen: par.origen === '' ? 0 : par.origen,
    divisa_destino: par.destino === '' ? 0 : par.destino,
    es_operacion_real: esOperacionReal,
  };
  // Loaded from step 1: the live quote there uses the method step 2 would preselect.
  const metodosQ = trpc.simulacion.metodosCliente.useQuery(metodosInput, { enabled: !!cliente && parListo, staleTime: 30_000 });
  useEffect(() => {
    if (metodosQ.isError) console.error('Error cargando métodos del cliente', metodosQ.error);
  }, [metodosQ.isError, metodosQ.error]);

  // When methods load on step 2: the first group's first instance, else its generic method.
  useEffect(() => {
    if (paso === 2 && metodo === null && metodosQ.data) cambiar({ metodo: metodoInicial(metodosQ.data.metodos) }, { reemplazar: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paso, metodosQ.data]);

  const codigoOrigen = divisas.find((d) => d.id === par.origen)?.codigo;
  const codigoDestino = divisas.find((d) => d.id === par.destino)?.codigo;
  const montoCanonico = montoValido(monto, codigoOrigen);
  const payload = () =>
    cliente && par.origen !== '' && par.destino !== '' && montoCanonico
      ? { cliente_id: cliente.idCliente, divisa_origen: par.origen, divisa_destino: par.destino, monto: montoCanonico }
      : null;
  /** The method of the quote: the one chosen, else the one step 2 would preselect. */
  const metodoCotizado: MetodoElegido = metodo ?? (metodosQ.data ? metodoInicial(metodosQ.data.metodos) : null);
  /** Why the methods could not be read (spec 001 §8: the answer's text, else its own), or null. */
  const errorMetodos = metodosQ.isError ? errorMessage(metodosQ.error, OP_MSG.metodosClienteError) : null;

  // A failed load of the currencies is said, with 'Reintentar' (else the wizard would wait on an empty list).
  const errorDivisas = divisasQ.isError && !divisas.length ? { mensaje: TASA_LOAD_MSG.cargarError, reintentando: divisasQ.isFetching, onReintentar: () => void divisasQ.refetch() } : null;

  return {
    divisas, errorDivisas, actual, cliente, estado, cambiar, par, monto, metodo, metodosQ, errorMetodos, resetBase, payload,
    codigoOrigen, codigoDestino, montoCanonico, metodoCotizado, parListo,
    baseId: divisas.find((d) => d.es_base)?.id,
  };
}
