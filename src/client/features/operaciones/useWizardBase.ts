import { useEffect, useMemo, useState } from 'react';
import { trpc } from '../../trpc';
import { useClienteActual } from '../clienteSelector/useClienteActual';
import { onClienteActualChanged } from '../clienteSelector/events';
import { metodoInicial, montoValido, type DivisaOpcion, type MetodoElegido, type Par } from './wizardRules';

/**
 * State both wizards share: the currencies, the current client (replaced and the wizard reset on
 * `clienteActualChanged`, spec 001 §4), steps 1 and 2 and the client's methods for the direction.
 */
export function useWizardBase({ esOperacionReal, paso, onReset }: { esOperacionReal: boolean; paso: number; onReset: (porCliente: boolean) => void }) {
  const divisasQ = trpc.divisas.conTasa.useQuery({ all: true }, { staleTime: 60_000 });
  const divisas: DivisaOpcion[] = useMemo(() => (Array.isArray(divisasQ.data) ? divisasQ.data : []), [divisasQ.data]);
  const actual = useClienteActual();
  // useClienteActual already takes the event's client at once.
  const cliente = actual.cliente;

  const [par, setPar] = useState<Par>({ origen: '', destino: '' });
  const [monto, setMonto] = useState('');
  const [metodo, setMetodo] = useState<MetodoElegido>(null);

  const parInicial = (): Par => {
    const base = divisas.find((d) => d.es_base);
    const extranjera = divisas.find((d) => d.codigo === 'USD') ?? divisas.find((d) => !d.es_base);
    return base && extranjera ? { origen: base.id, destino: extranjera.id } : { origen: '', destino: '' };
  };

  // Start with the base currency → the first foreign one.
  useEffect(() => {
    if (par.origen === '' && par.destino === '' && divisas.length) setPar(parInicial());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [divisas]);

  const resetBase = () => {
    setPar(parInicial());
    setMonto('');
    setMetodo(null);
    onReset(false);
  };

  useEffect(
    () =>
      onClienteActualChanged(() => {
        setPar(parInicial());
        setMonto('');
        setMetodo(null);
        onReset(true);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [divisas],
  );

  const metodosInput = {
    cliente_id: cliente?.idCliente ?? '00000000-0000-0000-0000-000000000000',
    divisa_origen: par.origen === '' ? 0 : par.origen,
    divisa_destino: par.destino === '' ? 0 : par.destino,
    es_operacion_real: esOperacionReal,
  };
  const metodosQ = trpc.simulacion.metodosCliente.useQuery(metodosInput, { enabled: paso >= 2 && !!cliente && par.origen !== '' && par.destino !== '' });
  useEffect(() => {
    if (metodosQ.isError) console.error('Error cargando métodos del cliente', metodosQ.error);
  }, [metodosQ.isError, metodosQ.error]);

  // When methods load on step 2: the first group's first instance, else its generic method.
  useEffect(() => {
    if (paso === 2 && metodo === null && metodosQ.data) setMetodo(metodoInicial(metodosQ.data.metodos));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paso, metodosQ.data]);

  const codigoOrigen = divisas.find((d) => d.id === par.origen)?.codigo;
  const montoCanonico = montoValido(monto, codigoOrigen);
  const payload = () =>
    cliente && par.origen !== '' && par.destino !== '' && montoCanonico
      ? { cliente_id: cliente.idCliente, divisa_origen: par.origen, divisa_destino: par.destino, monto: montoCanonico }
      : null;

  return { divisas, actual, cliente, par, setPar, monto, setMonto, metodo, setMetodo, metodosQ, resetBase, payload };
}
