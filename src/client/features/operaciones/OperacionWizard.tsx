import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from '@tanstack/react-router';
import { M } from '../../../shared/messages';
import type { Reconfirmacion, TransaccionRecord } from '../../../shared/schemas/operaciones';
import { errorData } from '../../lib/errors';
import { TerminalPicker, type TauserRecord } from '../tausers/TerminalPicker';
import { ProgressBar, StepIndicator } from './StepIndicator';
import { PasoDivisas } from './PasoDivisas';
import { PasoMetodo } from './PasoMetodo';
import { ResumenCotizacion, comoCotizacion, montoEn } from './ResumenCotizacion';
import { TerminosSecciones } from './Terminos';
import { CambioCotizacionModal } from './CambioCotizacionModal';
import {
  useCancelarTransaccion, useConfirmarPago, useCrearTransaccion, useDescartarTransaccion,
} from './hooks';
import { useWizardBase } from './useWizardBase';
import { camposMetodo } from './wizardRules';

export const OPERACION_MSG = {
  sinCliente: 'Debes tener un cliente seleccionado',
  sinTransaccion: 'No hay transacción creada',
  sinTerminal: 'Debes seleccionar un terminal',
} as const;

/** Milliseconds the wizard waits after a confirmed payment before resetting (spec 001 §4). */
export const RESET_MS = 2000;

const PASOS = ['Divisas y Monto', 'Método de Pago/Cobro', 'Terminal de Autoservicio', 'Resumen de Operación', 'Términos y Condiciones'];

/**
 * /operacion-compra-venta (spec 001 §2, §4): currencies and amount → method → terminal → summary
 * (the transaction is created, pending) → terms and payment with the rate reconfirmed.
 */
export function OperacionWizard() {
  const [paso, setPaso] = useState(1);
  const [tauser, setTauser] = useState<TauserRecord | null>(null);
  const [transaccion, setTransaccion] = useState<TransaccionRecord | null>(null);
  const [acepto, setAcepto] = useState(false);
  const [cambio, setCambio] = useState<Reconfirmacion | null>(null);
  const [confirmada, setConfirmada] = useState<TransaccionRecord | null>(null);
  const [procesando, setProcesando] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const resetPropio = () => {
    setPaso(1);
    setTauser(null);
    setTransaccion(null);
    setAcepto(false);
    setCambio(null);
    setProcesando(false);
  };
  const w = useWizardBase({
    esOperacionReal: true,
    paso,
    onReset: (porCliente) => {
      resetPropio();
      // the last payment's code stays on screen after the 2 s reset; another client's wizard starts clean
      if (porCliente) setConfirmada(null);
    },
  });
  useEffect(() => () => void (resetTimer.current && clearTimeout(resetTimer.current)), []);

  const crear = useCrearTransaccion();
  const confirmar = useConfirmarPago(false);
  const confirmarConCambio = useConfirmarPago(true);
  const cancelar = useCancelarTransaccion();
  const descartar = useDescartarTransaccion();

  /** After a confirmed payment: keep the code on screen and reset the wizard after 2 s. */
  const pagada = (t: TransaccionRecord) => {
    setConfirmada(t);
    setCambio(null);
    resetTimer.current = setTimeout(() => {
      w.resetBase();
    }, RESET_MS);
  };

  async function aResumen() {
    const base = w.payload();
    if (!base) {
      toast.error(OPERACION_MSG.sinCliente);
      return;
    }
    if (!tauser) {
      toast.error(OPERACION_MSG.sinTerminal);
      return;
    }
    setProcesando(true);
    try {
      // The summary shows the stored transaction's own figures: the quote the customer confirms.
      setTransaccion(await crear.mutateAsync({ ...base, ...camposMetodo(w.metodo), tauser_id: tauser.idTauser, terminos_aceptados: false }));
      setPaso(4);
    } catch {
      // the hooks toast the failure; the wizard stays on the terminal step
    } finally {
      setProcesando(false);
    }
  }

  function volverATerminal() {
    if (transaccion) descartar.mutate({ id: transaccion.id });
    setTransaccion(null);
    setAcepto(false);
    setPaso(3);
  }

  async function pagar() {
    if (!transaccion) {
      toast.error(OPERACION_MSG.sinTransaccion);
      return;
    }
    setProcesando(true);
    try {
      // The rate the customer saw: the server refuses with the new figures (409) if it moved since.
      pagada(await confirmar.mutateAsync({ id: transaccion.id, terminos_aceptados: true, tasa_aceptada: transaccion.tasa_aplicada }));
    } catch (e) {
      mostrarCambio(e);
    } finally {
      setProcesando(false);
    }
  }

  /** A 409 rate_changed carries the new figures: the dialog shows them; other failures were toasted by the hook. */
  function mostrarCambio(e: unknown) {
    const d = errorData(e);
    if (d.appCode === 'rate_changed' && d.extra) setCambio(d.extra as unknown as Reconfirmacion);
  }

  async function aceptarCambio() {
    if (!transaccion || !cambio) return;
    setProcesando(true);
    try {
      pagada(await confirmarConCambio.mutateAsync({ id: transaccion.id, terminos_aceptados: true, acepta_cambio: true, tasa_aceptada: cambio.tasa_actual }));
    } catch (e) {
      mostrarCambio(e); // moved again: the newest figures replace those in the dialog
    } finally {
      setProcesando(false);
    }
  }

  async function cancelarPorCambio() {
    if (!transaccion) return;
    try {
      await cancelar.mutateAsync({ id: transaccion.id });
      w.resetBase();
    } catch {
      setCambio(null);
    }
  }

  const spinner = procesando && !cambio;

  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Operación de Compra y Venta</h1>
      <p className="mb-6 text-sm text-slate-600">{w.cliente ? `Cliente: ${w.cliente.nombre}` : '\u00a0'}</p>
      {w.actual.sinClientes && (
        <p className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
          {M.noClientAssigned}
        </p>
      )}
      {confirmada && <Confirmacion t={confirmada} onCerrar={() => setConfirmada(null)} />}
      <StepIndicator pasos={PASOS} actual={paso} />
      <ProgressBar actual={paso} total={PASOS.length} />
      <div className="card">
        {spinner ? (
          <div className="flex flex-col items-center gap-3 py-12" role="status" aria-live="polite">
            <span className="h-10 w-10 animate-spin rounded-full border-4 border-emerald-200 border-t-emerald-700" aria-hidden="true" />
            <p className="font-medium text-slate-700">Creando Transacción...</p>
          </div>
        ) : (
          <>
            {paso === 1 && (
              <PasoDivisas
                divisas={w.divisas}
                par={w.par}
                monto={w.monto}
                hayCliente={!!w.cliente}
                onPar={w.setPar}
                onMonto={w.setMonto}
                onContinuar={() => {
                  setConfirmada(null);
                  setPaso(2);
                }}
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
                onSiguiente={() => setPaso(3)}
                siguienteLabel="Continuar"
              />
            )}
            {paso === 3 && (
              <div className="space-y-4">
                <h2 className="text-lg font-semibold text-slate-900">Terminal de Autoservicio</h2>
                <TerminalPicker value={tauser?.idTauser ?? null} onChange={(_, t) => setTauser(t)} />
                {!tauser && <p className="text-sm text-slate-500">{OPERACION_MSG.sinTerminal}</p>}
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                  <button type="button" className="btn-secondary" onClick={() => setPaso(2)}>
                    Atrás
                  </button>
                  <button type="button" className="btn-primary" disabled={!tauser} onClick={() => void aResumen()}>
                    Continuar
                  </button>
                </div>
              </div>
            )}
            {paso === 4 && transaccion && (
              <div className="space-y-4">
                <div>
                  <h2 className="text-lg font-semibold text-slate-900">Resumen de tu Operación</h2>
                  <p className="text-sm text-slate-600">Revisa los detalles antes de proceder</p>
                </div>
                <ResumenCotizacion r={comoCotizacion(transaccion)} />
                <div className="rounded-lg border border-slate-200 p-4 text-sm">
                  <p className="font-medium text-slate-800">Terminal: {transaccion.tauser_detalle.nombre}</p>
                  <p className="text-slate-600">
                    {transaccion.tauser_detalle.codigo} · {transaccion.tauser_detalle.direccion}, {transaccion.tauser_detalle.ciudad},{' '}
                    {transaccion.tauser_detalle.departamento}
                  </p>
                </div>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                  <button type="button" className="btn-secondary" onClick={volverATerminal}>
                    Modificar Terminal
                  </button>
                  <button type="button" className="btn-primary" onClick={() => setPaso(5)}>
                    Revisar Términos
                  </button>
                </div>
              </div>
            )}
            {paso === 5 && transaccion && (
              <div className="space-y-4">
                <h2 className="text-lg font-semibold text-slate-900">Términos y Condiciones</h2>
                <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="resumen-terminos">
                  <strong className="tabular-nums">{montoEn(transaccion.monto_origen, transaccion.divisa_origen_detalle.codigo)}</strong> →{' '}
                  <strong className="tabular-nums">{montoEn(transaccion.monto_destino, transaccion.divisa_destino_detalle.codigo)}</strong>
                  {` en ${transaccion.tauser_detalle.nombre}`}
                </p>
                <TerminosSecciones />
                <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <input type="checkbox" className="h-4 w-4 accent-emerald-700" checked={acepto} onChange={(e) => setAcepto(e.target.checked)} />
                  He leído y acepto los términos y condiciones
                </label>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                  <button type="button" className="btn-secondary" onClick={() => setPaso(4)}>
                    Atrás
                  </button>
                  <button type="button" className="btn-primary" disabled={!acepto} onClick={() => void pagar()}>
                    {acepto ? 'Pagar' : 'Acepta los Términos'}
                  </button>
                </div>
              </div>
            )}
          </>
        )}
      </div>
      <CambioCotizacionModal
        cambio={cambio}
        divisaDestino={transaccion?.divisa_destino_detalle.codigo ?? ''}
        pending={procesando || cancelar.isPending}
        onAceptar={() => void aceptarCambio()}
        onCancelar={() => void cancelarPorCambio()}
      />
    </section>
  );
}

/** Kept above the wizard after a payment until dismissed: the code to present at the terminal. */
function Confirmacion({ t, onCerrar }: { t: TransaccionRecord; onCerrar: () => void }) {
  return (
    <div className="mb-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4" role="status" data-testid="confirmacion">
      <p className="font-semibold text-emerald-900">Transacción en proceso</p>
      <p className="mt-1 text-sm text-slate-700">
        Presenta este código en el terminal {t.tauser_detalle.nombre}:{' '}
        <strong className="font-mono text-lg tracking-wider text-slate-900" data-testid="codigo-transaccion">
          {t.codigo}
        </strong>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {montoEn(t.monto_origen, t.divisa_origen_detalle.codigo)} → {montoEn(t.monto_destino, t.divisa_destino_detalle.codigo)}
      </p>
      <div className="mt-2 flex flex-wrap gap-3 text-sm">
        <Link to="/historial-transacciones" search={{ ver: String(t.id) }} className="font-medium text-emerald-800 underline">
          Ver en el historial
        </Link>
        <button type="button" className="text-slate-600 underline" onClick={onCerrar}>
          Cerrar
        </button>
      </div>
    </div>
  );
}
