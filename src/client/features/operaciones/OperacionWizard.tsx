import { useEffect, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { M } from '../../../shared/messages';
import type { Reconfirmacion, TransaccionRecord } from '../../../shared/schemas/operaciones';
import { errorData, noEncontrado, serverAnswered } from '../../lib/errors';
import { trpc } from '../../trpc';
import { ErrorCarga } from '../../components/ErrorCarga';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TerminalPicker } from '../tausers/TerminalPicker';
import { usePuedePagar } from '../tausers/hooks';
import { ProgressBar, StepIndicator } from './StepIndicator';
import { PasoDivisas } from './PasoDivisas';
import { PasoMetodo } from './PasoMetodo';
import { CuentaRegresiva, ResumenCotizacion, comoCotizacion, montoEn } from './ResumenCotizacion';
import { TerminosSecciones } from './Terminos';
import { AvisoCotizacion } from './AvisoCotizacion';
import { CambioCotizacionModal } from './CambioCotizacionModal';
import { CotizacionEnVivo } from './CotizacionEnVivo';
import { Pendientes } from './Pendientes';
import { AgregarMetodoLink } from './AgregarMetodoLink';
import { useCancelarTransaccion, useConfirmarPago, useCrearTransaccion, useDescartarTransaccion } from './hooks';
import { useWizardBase } from './useWizardBase';
import { useCotizacionEnVivo } from './useCotizacionEnVivo';
import { camposMetodo, excesoDeCupo, pagoEnEfectivo, puedeContinuarPaso1, ubicarRechazo } from './wizardRules';
import { validarOperacionSearch, type EstadoWizard } from './wizardSearch';
import { useEstadoEnUrl } from './useEstadoEnUrl';
import { OPERACION_MSG } from './wizardMsg';
import { olvidarCreada, previaPara, recordarCreada } from './creadaEnPestana';
import { Confirmacion, DeOtroCliente, NoPendiente, TxFallida } from './EstadosOperacion';

/** Milliseconds the wizard waits after a confirmed payment before resetting (spec 001 §4). */
export const RESET_MS = 2000;

const PASOS = ['Divisas y Monto', 'Método de Pago/Cobro', 'Terminal de Autoservicio', 'Resumen de Operación', 'Términos y Condiciones'];

/**
 * /operacion-compra-venta (spec 001 §2, §4): currencies and amount → method → terminal → summary
 * (the transaction is created, pending, and its own figures shown) → terms and payment at the
 * rate shown. The state lives in the URL: back/forward move between steps and a reload resumes.
 */
export function OperacionWizard() {
  const fuente = useEstadoEnUrl(validarOperacionSearch);
  const { estado, cambiar, txInvalida } = fuente;
  const utils = trpc.useUtils();
  const [cambio, setCambio] = useState<Reconfirmacion | null>(null);
  const [confirmada, setConfirmada] = useState<TransaccionRecord | null>(null);
  const [procesando, setProcesando] = useState(false);
  /** A refusal of the server: under the amount (while the amount is the one refused) or as a banner on its step. */
  const [rechazo, setRechazo] = useState<{ paso: number; mensaje: string; monto?: string; cupoLeido?: number } | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The 2 s between a payment and the new operation, while the banner says what to do at the terminal. */
  const [reiniciando, setReiniciando] = useState(false);
  /** 'Modificar Terminal' asks first: the operation is cancelled and the next terminal quotes anew. */
  const [cambiandoTerminal, setCambiandoTerminal] = useState(false);

  const w = useWizardBase({
    esOperacionReal: true,
    fuente,
    onReset: (porCliente) => {
      setCambio(null);
      setRechazo(null);
      setProcesando(false);
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

  const txQ = trpc.transacciones.get.useQuery({ id: estado.tx ?? 0 }, { enabled: !!estado.tx, staleTime: 0 });
  const leida = estado.tx && txQ.data?.id === estado.tx ? txQ.data : null;
  // A link (or Back after changing the navbar's client) to another client's operation: not shown
  // under the current client's name, nor paid or replaced with this client's method and terminal.
  const deOtroCliente = leida && w.cliente && leida.cliente_id !== w.cliente.idCliente ? leida : null;
  const transaccion = deOtroCliente ? null : leida;
  // A link to an operation that cannot be shown: none such (or not this user's), or no answer.
  const txFallida = txInvalida || (!!estado.tx && txQ.isError && !leida) ? (txInvalida || noEncontrado(txQ.error) ? 'no-encontrada' : 'sin-respuesta') : null;
  const cupoQ = trpc.transacciones.cupo.useQuery({ cliente_id: w.cliente?.idCliente ?? '' }, { enabled: !!w.cliente, staleTime: 5_000 });

  // Steps 1–3: the quote as the amount is typed and the method chosen (step 3: what the terminal must pay).
  const base = w.payload();
  const cotizable = base && w.metodoCotizado && estado.paso <= 3 ? { ...base, ...camposMetodo(w.metodoCotizado), es_operacion_real: true } : null;
  const viva = useCotizacionEnVivo(cotizable);
  const d = errorData(viva.error);
  const errorCotizacion = viva.error && serverAnswered(viva.error) ? (d.fields?.monto?.join(' ') ?? (d.fields ? null : viva.error.message)) : null;
  const montoPyg = w.par.origen === w.baseId ? w.montoCanonico : viva.data && !viva.actualizando ? viva.data.monto_destino : null;
  const exceso = excesoDeCupo(montoPyg, cupoQ.data);
  // A refusal of this amount holds until the amount or the client's remaining limit read since changes
  // (a pending operation cancelled frees it): then the checks above speak again.
  const rechazoMonto = rechazo?.paso === 1 && rechazo.monto === estado.monto && rechazo.cupoLeido === cupoQ.dataUpdatedAt ? rechazo.mensaje : null;
  const errorMonto = w.montoCanonico ? (rechazoMonto ?? exceso ?? errorCotizacion) : null;

  // The step shown: never past what the URL's state allows (a hand-made or stale link).
  const cargando = w.actual.loading || !w.divisas.length || (!!estado.tx && txQ.isLoading);
  const paso1Ok = puedeContinuarPaso1(w.par, estado.monto, !!w.cliente, w.codigoOrigen);
  let paso = estado.paso;
  if (paso >= 4 && !estado.tx) paso = 3;
  if (paso >= 2 && paso <= 3 && !paso1Ok) paso = 1;
  else if (paso === 3 && !estado.metodo) paso = 2;

  // Step 3: which terminals' notes can pay the payout now; one that cannot is not offered (guaraníes
  // credited to the method are not paid from notes).
  const efectivo = pagoEnEfectivo(w.par.destino === w.baseId, estado.metodo, w.metodosQ.data?.metodos);
  const pago = paso === 3 && efectivo && viva.data && !viva.actualizando && w.par.destino !== '' ? { divisa: w.par.destino, monto: viva.data.monto_destino } : null;
  const pagables = usePuedePagar(pago);
  const terminalSinBilletes = paso === 3 && !!estado.tauser && pagables.get(estado.tauser) === false;

  // A refusal belongs to its step: leaving that step (a button, the browser's Back) or another
  // client (chosen here, in another tab or read again from the server) takes it away.
  const pasoAnterior = useRef(paso);
  useEffect(() => {
    if (pasoAnterior.current !== paso && rechazo && rechazo.paso === pasoAnterior.current) setRechazo(null);
    pasoAnterior.current = paso;
  }, [paso, rechazo]);
  const clienteId = w.cliente?.idCliente ?? null;
  const clienteAnterior = useRef(clienteId);
  useEffect(() => {
    if (clienteAnterior.current !== null && clienteAnterior.current !== clienteId) setRechazo(null);
    clienteAnterior.current = clienteId;
  }, [clienteId]);

  const ir = (p: number, patch: Partial<EstadoWizard> = {}) => {
    setRechazo(null);
    cambiar({ ...patch, paso: p });
  };

  /** After the confirmation (en_proceso; the money is handed in at the terminal): keep the code on screen and start a new operation after 2 s. */
  const confirmadaOk = (t: TransaccionRecord) => {
    utils.transacciones.get.setData({ id: t.id }, t);
    setConfirmada(t);
    setCambio(null);
    setReiniciando(true);
    resetTimer.current = setTimeout(() => {
      setReiniciando(false);
      w.resetBase();
    }, RESET_MS);
  };

  function rechazar(e: unknown, pasoActual: 3 | 5) {
    if (!serverAnswered(e)) {
      setRechazo({ paso: pasoActual, mensaje: OPERACION_MSG.sinConexion });
      return;
    }
    const datos = errorData(e);
    const lugar = ubicarRechazo(datos, pasoActual);
    const mensaje = Object.values(datos.fields ?? {}).flat().join(' ') || e.message;
    setRechazo({ paso: lugar.paso, mensaje, monto: estado.monto, cupoLeido: cupoQ.dataUpdatedAt });
    if (lugar.paso !== pasoActual) cambiar({ paso: lugar.paso });
  }

  async function aResumen() {
    if (!base) {
      toast.error(OPERACION_MSG.sinCliente);
      return;
    }
    if (!estado.tauser) {
      toast.error(OPERACION_MSG.sinTerminal);
      return;
    }
    setProcesando(true);
    setRechazo(null);
    try {
      const cuerpo = { ...base, ...camposMetodo(estado.metodo), tauser_id: estado.tauser, terminos_aceptados: false };
      // Back from the summary (the browser's, not 'Modificar Terminal') left this tab's last one pending.
      const previa = previaPara(cuerpo);
      if (previa !== null) {
        const t0 = await utils.transacciones.get.fetch({ id: previa }, { staleTime: 0 }).catch(() => null);
        if (t0?.estado === 'pendiente' && Date.parse(t0.expira_en) > Date.now()) {
          cambiar({ paso: 4, tx: t0.id });
          return;
        }
        olvidarCreada();
      }
      // The summary shows the stored transaction's own figures: the quote the customer confirms.
      const t = await crear.mutateAsync(cuerpo);
      recordarCreada(cuerpo, t.id);
      utils.transacciones.get.setData({ id: t.id }, t);
      cambiar({ paso: 4, tx: t.id });
    } catch (e) {
      rechazar(e, 3);
    } finally {
      setProcesando(false);
    }
  }

  function volverATerminal() {
    if (transaccion?.estado === 'pendiente') descartar.mutate({ id: transaccion.id });
    ir(3, { tx: null });
  }

  async function pagar() {
    if (!transaccion) {
      toast.error(OPERACION_MSG.sinTransaccion);
      return;
    }
    setProcesando(true);
    setRechazo(null);
    try {
      // The rate the customer saw: the server refuses with the new figures (409) if it moved since.
      confirmadaOk(await confirmar.mutateAsync({ id: transaccion.id, terminos_aceptados: true, tasa_aceptada: transaccion.tasa_aplicada }));
    } catch (e) {
      await trasPagoFallido(e);
    } finally {
      setProcesando(false);
    }
  }

  async function aceptarCambio() {
    if (!transaccion || !cambio) return;
    setProcesando(true);
    try {
      confirmadaOk(await confirmarConCambio.mutateAsync({ id: transaccion.id, terminos_aceptados: true, acepta_cambio: true, tasa_aceptada: cambio.tasa_actual }));
    } catch (e) {
      await trasPagoFallido(e);
    } finally {
      setProcesando(false);
    }
  }

  /**
   * A 409 rate_changed carries the new figures: the dialog shows them (the newest, if it moved
   * again). A 409 saying the transaction is already in process is a payment that went through
   * (a repeated confirmation): the wizard shows it paid. Anything else: its message on the step.
   */
  async function trasPagoFallido(e: unknown) {
    const datos = errorData(e);
    if (datos.appCode === 'rate_changed' && datos.extra) {
      setCambio(datos.extra as unknown as Reconfirmacion);
      return;
    }
    setCambio(null);
    if (datos.appCode === 'invalid_transition' && transaccion) {
      const t = await utils.transacciones.get.fetch({ id: transaccion.id }, { staleTime: 0 }).catch(() => null);
      if (t?.estado === 'en_proceso') {
        confirmadaOk(t);
        return;
      }
    }
    rechazar(e, 5);
  }

  async function cancelarPorCambio() {
    if (!transaccion) return;
    try {
      await cancelar.mutateAsync({ id: transaccion.id });
      setCambio(null);
      w.resetBase();
    } catch {
      setCambio(null);
    }
  }

  const spinner = procesando && !cambio && paso === 3;
  const banner = (p: number) =>
    rechazo && rechazo.paso === p && p !== 1 ? (
      <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" role="alert" data-testid="rechazo">
        {rechazo.mensaje}
      </p>
    ) : null;
  const pendiente = transaccion?.estado === 'pendiente';

  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Operación de Compra y Venta</h1>
      <p className="mb-6 text-sm text-slate-600">{w.cliente ? `Cliente: ${w.cliente.nombre}` : '\u00a0'}</p>
      {w.actual.sinClientes && (
        <p className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
          {M.noClientAssigned}
        </p>
      )}
      {/* (not over the card of the same operation, back on its step: that card says it) */}
      {confirmada && !(paso >= 4 && !reiniciando && transaccion?.id === confirmada.id) && <Confirmacion t={confirmada} onCerrar={() => setConfirmada(null)} />}
      {paso <= 3 && w.cliente && <Pendientes clienteId={w.cliente.idCliente} onRetomar={(e) => ir(4, e)} />}
      <StepIndicator pasos={PASOS} actual={paso} />
      <ProgressBar actual={paso} total={PASOS.length} />
      <div className="card">
        {txFallida ? (
          <TxFallida motivo={txFallida} reintentando={txQ.isFetching} onReintentar={() => void txQ.refetch()} onNueva={() => w.resetBase()} />
        ) : w.errorDivisas ? (
          <ErrorCarga {...w.errorDivisas} testId="divisas-error" />
        ) : cargando ? (
          <p className="py-8 text-center text-sm text-slate-600" role="status">
            Cargando…
          </p>
        ) : spinner ? (
          <CreandoTransaccion />
        ) : (
          <>
            {paso === 1 && (
              <PasoDivisas
                divisas={w.divisas}
                par={w.par}
                monto={estado.monto}
                hayCliente={!!w.cliente}
                puede={paso1Ok && !errorMonto}
                errorMonto={errorMonto}
                onPar={(par) => cambiar({ par, metodo: null }, { reemplazar: true })}
                onMonto={(monto) => cambiar({ monto }, { reemplazar: true })}
                onContinuar={() => {
                  setConfirmada(null);
                  ir(2);
                }}
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
                onElegir={(metodo) => cambiar({ metodo }, { reemplazar: true })}
                onAtras={() => ir(1, { metodo: null })}
                onSiguiente={() => ir(3)}
                siguienteLabel="Continuar"
                bloqueado={!!exceso}
                agregar={<AgregarMetodoLink />}
              >
                {banner(2)}
                {exceso && (
                  <p className="field-error" role="alert">
                    {exceso}
                  </p>
                )}
                <CotizacionEnVivo viva={viva} />
              </PasoMetodo>
            )}
            {paso === 3 && (
              <div className="space-y-4">
                <h2 className="text-lg font-semibold text-slate-900">Terminal de Autoservicio</h2>
                <TerminalPicker value={estado.tauser} pago={pago} onChange={(id) => cambiar({ tauser: id }, { reemplazar: true })} />
                {!estado.tauser && <p className="text-sm text-slate-500">{OPERACION_MSG.sinTerminal}</p>}
                {terminalSinBilletes && (
                  <p className="field-error" role="alert" data-testid="terminal-sin-billetes">
                    {OPERACION_MSG.terminalSinBilletes}
                  </p>
                )}
                {banner(3)}
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                  <button type="button" className="btn-secondary" onClick={() => ir(2)}>
                    Atrás
                  </button>
                  <button type="button" className="btn-primary" disabled={!estado.tauser || terminalSinBilletes || procesando} onClick={() => void aResumen()}>
                    Continuar
                  </button>
                </div>
              </div>
            )}
            {paso >= 4 && deOtroCliente && <DeOtroCliente t={deOtroCliente} onNueva={() => w.resetBase()} />}
            {paso >= 4 && transaccion && !pendiente &&
              (reiniciando ? (
                // Just paid: the banner above says what to do at the terminal; the wizard starts anew in a moment.
                <p className="py-8 text-center text-sm text-slate-600" role="status" data-testid="nueva-en-breve">
                  {OPERACION_MSG.nuevaEnBreve}
                </p>
              ) : (
                <NoPendiente t={transaccion} onNueva={() => w.resetBase()} />
              ))}
            {paso === 4 && transaccion && pendiente && (
              <div className="space-y-4">
                <div>
                  <h2 className="text-lg font-semibold text-slate-900">Resumen de tu Operación</h2>
                  <p className="text-sm text-slate-600">Revisa los detalles antes de proceder</p>
                </div>
                <ResumenCotizacion r={comoCotizacion(transaccion)} />
                <AvisoCotizacion t={transaccion} />
                <CuentaRegresiva expiraEn={transaccion.expira_en} />
                <div className="rounded-lg border border-slate-200 p-4 text-sm">
                  <p className="font-medium text-slate-800">Terminal: {transaccion.tauser_detalle.nombre}</p>
                  <p className="text-slate-600">
                    {transaccion.tauser_detalle.codigo} · {transaccion.tauser_detalle.direccion}, {transaccion.tauser_detalle.ciudad},{' '}
                    {transaccion.tauser_detalle.departamento}
                  </p>
                  {transaccion.operacion === 'compra' && (
                    <p className="mt-2 text-slate-600" data-testid="resto-en-guaranies">
                      El terminal entrega en billetes de {transaccion.divisa_destino_detalle.codigo}; {OPERACION_MSG.restoEnGuaranies} (los centavos, por ejemplo).
                    </p>
                  )}
                </div>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                  <button type="button" className="btn-secondary" onClick={() => setCambiandoTerminal(true)}>
                    Modificar Terminal
                  </button>
                  <button type="button" className="btn-primary" onClick={() => ir(5)}>
                    Revisar Términos
                  </button>
                </div>
              </div>
            )}
            {paso === 5 && transaccion && pendiente && (
              <Paso5 t={transaccion} procesando={procesando} banner={banner(5)} onAtras={() => ir(4)} onPagar={() => void pagar()} />
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={cambiandoTerminal && pendiente}
        title="¿Cambiar de terminal?"
        confirmLabel="Cambiar de terminal"
        closeLabel="Volver"
        onClose={() => setCambiandoTerminal(false)}
        onConfirm={() => {
          setCambiandoTerminal(false);
          volverATerminal();
        }}
      >
        {OPERACION_MSG.cambiarTerminal(transaccion?.codigo ?? '')}
      </ConfirmDialog>
      <CambioCotizacionModal
        cambio={cambio}
        codigo={transaccion?.codigo ?? ''}
        divisaDestino={transaccion?.divisa_destino_detalle.codigo ?? ''}
        pending={procesando || cancelar.isPending}
        onAceptar={() => void aceptarCambio()}
        onCerrar={() => setCambio(null)}
        onCancelar={() => void cancelarPorCambio()}
      />
    </section>
  );
}

/** Spec 001: 'Creando Transacción...' while the operation is created or confirmed. */
function CreandoTransaccion() {
  return (
    <div className="flex flex-col items-center gap-3 py-12" role="status" aria-live="polite">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-emerald-200 border-t-emerald-700" aria-hidden="true" />
      <p className="font-medium text-slate-700">Creando Transacción...</p>
    </div>
  );
}

function Paso5({ t, procesando, banner, onAtras, onPagar }: { t: TransaccionRecord; procesando: boolean; banner: ReactNode; onAtras: () => void; onPagar: () => void }) {
  const [acepto, setAcepto] = useState(false);
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Términos y Condiciones</h2>
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="resumen-terminos">
        <strong className="tabular-nums">{montoEn(t.monto_origen, t.divisa_origen_detalle.codigo)}</strong> →{' '}
        <strong className="tabular-nums">{montoEn(t.monto_destino, t.divisa_destino_detalle.codigo)}</strong>
        {` en ${t.tauser_detalle.nombre}`}
      </p>
      <CuentaRegresiva expiraEn={t.expira_en} />
      <AvisoCotizacion t={t} />
      <TerminosSecciones />
      <label className="flex min-h-10 items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="h-5 w-5 accent-emerald-700" checked={acepto} onChange={(e) => setAcepto(e.target.checked)} />
        He leído y acepto los términos y condiciones
      </label>
      {banner}
      {/* Spec 001: the same spinner while the operation is confirmed; the terms stay (and stay accepted) under it. */}
      {procesando && <CreandoTransaccion />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <button type="button" className="btn-secondary" onClick={onAtras}>
          Atrás
        </button>
        <button type="button" className="btn-primary" disabled={!acepto || procesando} onClick={onPagar}>
          {procesando ? 'Procesando…' : acepto ? 'Pagar' : 'Acepta los Términos'}
        </button>
      </div>
    </div>
  );
}
