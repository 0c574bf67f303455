import { useState } from 'react';
import toast from 'react-hot-toast';
import { M } from '../../../shared/messages';
import type { SimulacionResultado } from '../../../shared/schemas/operaciones';
import { StepIndicator } from './StepIndicator';
import { PasoDivisas } from './PasoDivisas';
import { PasoMetodo } from './PasoMetodo';
import { ResumenCotizacion } from './ResumenCotizacion';
import { CotizacionEnVivo } from './CotizacionEnVivo';
import { AgregarMetodoLink } from './AgregarMetodoLink';
import { useSimularPrivada } from './hooks';
import { useWizardBase } from './useWizardBase';
import { useEstadoEnUrl } from './useEstadoEnUrl';
import { useCotizacionEnVivo } from './useCotizacionEnVivo';
import { camposMetodo, puedeContinuarPaso1 } from './wizardRules';
import { validarSimulacionSearch } from './wizardSearch';
import { errorData, serverAnswered } from '../../lib/errors';
import { ErrorCarga } from '../../components/ErrorCarga';

export const SIN_CLIENTE_SIMULAR = 'Debes tener un cliente seleccionado para simular';

/**
 * /simulacion-operacion (spec 001 §2, §4): currencies and amount → method → the client's quote.
 * The choices live in the URL; the result does not (a reload of it shows the method step again).
 */
export function SimulacionWizard() {
  const fuente = useEstadoEnUrl(validarSimulacionSearch);
  const { estado, cambiar } = fuente;
  const [resultado, setResultado] = useState<SimulacionResultado | null>(null);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const w = useWizardBase({
    esOperacionReal: false,
    fuente,
    onReset: () => setResultado(null),
  });
  const simular = useSimularPrivada();
  // A result step without its result (a reload, a link): the method step, Simular Operación asks again.
  const paso = estado.paso === 3 && !resultado ? 2 : estado.paso;

  const base = w.payload();
  const viva = useCotizacionEnVivo(base && w.metodoCotizado && paso <= 2 ? { ...base, ...camposMetodo(w.metodoCotizado) } : null);
  const d = errorData(viva.error);
  const errorMonto = viva.error && serverAnswered(viva.error) ? (d.fields?.monto?.join(' ') ?? (d.fields ? null : viva.error.message)) : null;

  async function onSimular() {
    if (!base) {
      toast.error(SIN_CLIENTE_SIMULAR);
      return;
    }
    setRechazo(null);
    try {
      setResultado(await simular.mutateAsync({ ...base, ...camposMetodo(estado.metodo) }));
      // (on a reloaded result step the URL already says 3: no second history entry)
      cambiar({ paso: 3 }, { reemplazar: estado.paso === 3 });
    } catch (e) {
      // the hook toasts 'Error al realizar la simulación'; the step says why
      const datos = errorData(e);
      setRechazo(serverAnswered(e) ? Object.values(datos.fields ?? {}).flat().join(' ') || e.message : 'No se pudo conectar con el servidor. Probá de nuevo.');
    }
  }

  return (
    <section id="convert" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Simulación de Operación</h1>
      <p className="mb-6 text-sm text-slate-600">{w.cliente ? `Cliente: ${w.cliente.nombre}` : '\u00a0'}</p>
      {w.actual.sinClientes && (
        <p className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
          {M.noClientAssigned}
        </p>
      )}
      <StepIndicator pasos={['Divisas y Monto', 'Método', 'Resultado']} actual={paso} />
      <div className="card">
        {w.errorDivisas && <ErrorCarga {...w.errorDivisas} testId="divisas-error" />}
        {paso === 1 && !w.errorDivisas && (
          <PasoDivisas
            divisas={w.divisas}
            par={w.par}
            monto={estado.monto}
            hayCliente={!!w.cliente}
            puede={puedeContinuarPaso1(w.par, estado.monto, !!w.cliente, w.codigoOrigen) && !errorMonto}
            errorMonto={w.montoCanonico ? errorMonto : null}
            onPar={(par) => cambiar({ par, metodo: null })}
            onMonto={(monto) => cambiar({ monto })}
            onContinuar={() => cambiar({ paso: 2 })}
          >
            <CotizacionEnVivo viva={viva} />
          </PasoDivisas>
        )}
        {paso === 2 && (
          <PasoMetodo
            data={w.metodosQ.data}
            loading={w.metodosQ.isLoading || (w.metodosQ.isError && w.metodosQ.isFetching)}
            error={w.errorMetodos}
            onReintentar={() => void w.metodosQ.refetch()}
            elegido={estado.metodo}
            onElegir={(metodo) => cambiar({ metodo })}
            onAtras={() => cambiar({ paso: 1, metodo: null })}
            onSiguiente={() => void onSimular()}
            siguienteLabel={simular.isPending ? 'Simulando…' : 'Simular Operación'}
            pending={simular.isPending}
            agregar={<AgregarMetodoLink />}
          >
            {rechazo && (
              <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" role="alert" data-testid="rechazo">
                {rechazo}
              </p>
            )}
            <CotizacionEnVivo viva={viva} />
          </PasoMetodo>
        )}
        {paso === 3 && resultado && (
          <div className="space-y-4">
            <h2 className="text-lg font-semibold text-slate-900">Resultado</h2>
            <ResumenCotizacion r={resultado} />
            <p className="text-xs text-slate-500">Cotización indicativa: la tasa se confirma al crear la operación y puede cambiar.</p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <button
                type="button"
                className="btn-secondary"
                onClick={() => {
                  setResultado(null);
                  cambiar({ paso: 2 });
                }}
              >
                Modificar Datos
              </button>
              <button type="button" className="btn-primary" onClick={() => w.resetBase()}>
                Nueva Simulación
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
