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
import { codificarMetodo, validarSimulacionSearch } from './wizardSearch';
import { errorData, serverAnswered } from '../../lib/errors';
import { ErrorCarga } from '../../components/ErrorCarga';

export const SIN_CLIENTE_SIMULAR = 'Debes tener un cliente seleccionado para simular';

/**
 * /simulacion-operacion (spec 001 §2, §4): currencies and amount → method → the client's quote.
 * The choices live in the URL; the result does not: it is shown only for the choices it was asked
 * for (a reload, or Back to another simulation's result, shows the method step again).
 */
export function SimulacionWizard() {
  const fuente = useEstadoEnUrl(validarSimulacionSearch);
  const { estado, cambiar } = fuente;
  const [simulado, setSimulado] = useState<{ para: string; r: SimulacionResultado } | null>(null);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const w = useWizardBase({
    esOperacionReal: false,
    fuente,
    onReset: () => setSimulado(null),
  });
  const simular = useSimularPrivada();
  const para = JSON.stringify([estado.par, estado.monto, codificarMetodo(estado.metodo)]);
  const resultado = simulado?.para === para ? simulado.r : null;

  // The step shown: never past what the URL's state allows (a hand-made or stale link, a reload).
  const cargando = w.actual.loading || !w.divisas.length;
  let paso = estado.paso;
  if (paso >= 2 && !puedeContinuarPaso1(w.par, estado.monto, !!w.cliente, w.codigoOrigen)) paso = 1;
  else if (paso === 3 && (!estado.metodo || !resultado)) paso = 2;

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
      setSimulado({ para, r: await simular.mutateAsync({ ...base, ...camposMetodo(estado.metodo) }) });
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
        {cargando && !w.errorDivisas && (
          <p className="py-8 text-center text-sm text-slate-600" role="status">
            Cargando…
          </p>
        )}
        {paso === 1 && !cargando && !w.errorDivisas && (
          <PasoDivisas
            divisas={w.divisas}
            par={w.par}
            monto={estado.monto}
            hayCliente={!!w.cliente}
            puede={puedeContinuarPaso1(w.par, estado.monto, !!w.cliente, w.codigoOrigen) && !errorMonto}
            errorMonto={w.montoCanonico ? errorMonto : null}
            onPar={(par) => cambiar({ par, metodo: null }, { reemplazar: true })}
            onMonto={(monto) => cambiar({ monto }, { reemplazar: true })}
            onContinuar={() => cambiar({ paso: 2 })}
          >
            <CotizacionEnVivo viva={viva} />
          </PasoDivisas>
        )}
        {paso === 2 && !cargando && (
          <PasoMetodo
            data={w.metodosQ.data}
            loading={w.metodosQ.isLoading || (w.metodosQ.isError && w.metodosQ.isFetching)}
            error={w.errorMetodos}
            onReintentar={() => void w.metodosQ.refetch()}
            elegido={estado.metodo}
            onElegir={(metodo) => cambiar({ metodo }, { reemplazar: true })}
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
        {paso === 3 && !cargando && resultado && (
          <div className="space-y-4">
            <h2 className="text-lg font-semibold text-slate-900">Resultado</h2>
            <ResumenCotizacion r={resultado} />
            <p className="text-xs text-slate-500">Cotización indicativa: la tasa se confirma al crear la operación y puede cambiar.</p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <button
                type="button"
                className="btn-secondary"
                onClick={() => {
                  setSimulado(null);
                  // (replacing the result's entry: Back from the method step goes to the amount, not to a result that is gone)
                  cambiar({ paso: 2 }, { reemplazar: true });
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
