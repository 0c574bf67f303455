import { useState } from 'react';
import toast from 'react-hot-toast';
import { M } from '../../../shared/messages';
import type { SimulacionResultado } from '../../../shared/schemas/operaciones';
import { StepIndicator } from './StepIndicator';
import { PasoDivisas } from './PasoDivisas';
import { PasoMetodo } from './PasoMetodo';
import { ResumenCotizacion } from './ResumenCotizacion';
import { useSimularPrivada } from './hooks';
import { useWizardBase } from './useWizardBase';
import { camposMetodo } from './wizardRules';

export const SIN_CLIENTE_SIMULAR = 'Debes tener un cliente seleccionado para simular';

/** /simulacion-operacion (spec 001 §2, §4): currencies and amount → method → the client's quote. */
export function SimulacionWizard() {
  const [paso, setPaso] = useState(1);
  const [resultado, setResultado] = useState<SimulacionResultado | null>(null);
  const w = useWizardBase({
    esOperacionReal: false,
    paso,
    onReset: () => {
      setPaso(1);
      setResultado(null);
    },
  });
  const simular = useSimularPrivada();

  async function onSimular() {
    const base = w.payload();
    if (!base) {
      toast.error(SIN_CLIENTE_SIMULAR);
      return;
    }
    try {
      setResultado(await simular.mutateAsync({ ...base, ...camposMetodo(w.metodo) }));
      setPaso(3);
    } catch {
      // the hook toasts 'Error al realizar la simulación'; the wizard stays on step 2
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
        {paso === 1 && (
          <PasoDivisas
            divisas={w.divisas}
            par={w.par}
            monto={w.monto}
            hayCliente={!!w.cliente}
            onPar={w.setPar}
            onMonto={w.setMonto}
            onContinuar={() => setPaso(2)}
          />
        )}
        {paso === 2 && (
          <PasoMetodo
            data={w.metodosQ.data}
            loading={w.metodosQ.isLoading}
            elegido={w.metodo}
            onElegir={w.setMetodo}
            onAtras={() => {
              w.setMetodo(null);
              setPaso(1);
            }}
            onSiguiente={() => void onSimular()}
            siguienteLabel={simular.isPending ? 'Simulando…' : 'Simular Operación'}
            pending={simular.isPending}
          />
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
                  setPaso(2);
                }}
              >
                Modificar Datos
              </button>
              <button type="button" className="btn-primary" onClick={w.resetBase}>
                Nueva Simulación
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
