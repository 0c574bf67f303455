import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { decimalesEscritos, formatAmount } from '../../../shared/money';
import { tasaPorUnidad } from '../../../shared/comprobante';
import { TERMINAL_MSG, codigoLimpio, type Entrega, type TerminalTransaccion } from '../../../shared/schemas/terminal';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import { nombreMedio } from '../../../shared/transacciones';
import { Comprobante } from './Comprobante';
import { KIOSK_REINTENTO_MS, KIOSK_REVISION_MS, KioskError, TERMINAL_INFO_KEY, TERMINAL_TOKEN_KEY, conexion, kioskFetch } from './api';
import { Notas } from './Notas';
import { useInactividad } from './useInactividad';

interface TerminalInfo {
  idTauser: string;
  codigo: string;
  nombre: string;
}

export const monto = (v: string, simbolo: string) => formatAmount(v, decimalesEscritos(v), simbolo);

const btn = 'min-h-16 rounded-2xl px-8 text-2xl font-semibold focus:outline-none focus-visible:ring-4 disabled:opacity-50';
const primary = `${btn} bg-blue-700 text-white hover:bg-blue-800 focus-visible:ring-blue-300`;
const secondary = `${btn} border-2 border-slate-400 bg-white text-slate-800 hover:bg-slate-100 focus-visible:ring-slate-300`;
const input = 'min-h-16 w-full rounded-2xl border-2 border-slate-400 px-5 text-2xl uppercase tracking-widest focus:border-blue-700 focus:outline-none';

/** Shown while the server does not answer (api.ts `conexion`): the customer knows why nothing happens. */
function SinConexion() {
  const caida = useSyncExternalStore(conexion.suscribir, conexion.caida);
  if (!caida) return null;
  return (
    <p role="status" className="bg-amber-400 px-6 py-4 text-center text-2xl font-semibold text-slate-900">
      Sin conexión con el servidor. Reintentando…
    </p>
  );
}

function Screen({ children, info }: { children: ReactNode; info?: TerminalInfo | null }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <SinConexion />
      <header className="flex items-center justify-between bg-blue-900 px-6 py-4 text-white">
        <h1 className="text-2xl font-bold">Cambio · Terminal de autoservicio</h1>
        {info && (
          <div className="flex items-center gap-4 text-lg">
            <span>
              {info.codigo} · {info.nombre}
            </span>
          </div>
        )}
      </header>
      <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center gap-8 p-6">{children}</div>
    </div>
  );
}

/** What the terminal pays out: notes of the currency, guaraní notes and coins for what is below the smallest note. */
function Pago({ entrega }: { entrega: Entrega }) {
  const resto = entrega.resto_pyg !== '0';
  const soloMonedas = resto && entrega.notas_pyg.length === 0;
  return (
    <>
      <Notas notas={entrega.notas} codigo={entrega.divisa} />
      {/* A foreign payout's guaraníes as one figure first (the one the customer's screens named), then how they
          come: guaraní notes and coins, or coins alone (said on the same line). */}
      {resto && (
        <p className="mt-2">
          Por lo que no llega al billete más chico: PYG {formatAmount(entrega.resto_pyg, 0)}
          {soloMonedas && ' en monedas'}
        </p>
      )}
      <Notas notas={entrega.notas_pyg} codigo="PYG" />
      {/* Written as the note lines above it are (code, then the figure). */}
      {entrega.monedas_pyg !== '0' && !soloMonedas && <p>Monedas: PYG {formatAmount(entrega.monedas_pyg, 0)}</p>}
    </>
  );
}

/** Notes or coins the terminal hands out (none when a sale's guaraníes are credited to the method). */
const pagaEnEfectivo = (e: Entrega) => e.notas.length > 0 || e.notas_pyg.length > 0 || e.monedas_pyg !== '0';
/** Guaraníes the method settles instead of cash (paid before, or credited). */
const conMetodo = (e: Entrega | null) => (e?.pyg_con_metodo ?? '0') !== '0';

/** A step's heading: it takes the focus when the step appears (the previous step's button is gone). */
function Titulo({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1} className={`text-3xl font-bold focus:outline-none ${className}`}>
      {children}
    </h2>
  );
}

function Alerta({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-2xl border-2 border-red-300 bg-red-50 p-5 text-xl text-red-800">
      {children}
    </p>
  );
}

/** `motivo`: why the previous session ended (the server's 401), shown until the next attempt. */
function SignIn({ onDone, motivo }: { onDone: (info: TerminalInfo) => void; motivo: string | null }) {
  const [codigo, setCodigo] = useState('');
  const [secreto, setSecreto] = useState('');
  const [error, setError] = useState<string | null>(motivo);
  const [busy, setBusy] = useState(false);
  const completo = codigo.trim() !== '' && secreto !== '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!completo) return;
    setBusy(true);
    setError(null);
    try {
      const r = await kioskFetch<{ token: string; tauser: TerminalInfo }>('/tauser/terminal/login/', { method: 'POST', body: { codigo, secreto } });
      localStorage.setItem(TERMINAL_TOKEN_KEY, r.token);
      localStorage.setItem(TERMINAL_INFO_KEY, JSON.stringify(r.tauser));
      onDone(r.tauser);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'No se pudo iniciar el terminal.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Screen>
      <form onSubmit={submit} className="flex flex-col gap-6 rounded-3xl bg-white p-8 shadow">
        <h2 className="text-3xl font-bold">Activar terminal</h2>
        <p className="text-xl text-slate-600">Personal autorizado: ingresá el código del Tauser y la clave del dispositivo.</p>
        <label className="flex flex-col gap-2 text-xl">
          Código del Tauser
          <input className={input} value={codigo} onChange={(e) => setCodigo(e.target.value)} autoComplete="off" autoFocus required />
        </label>
        <label className="flex flex-col gap-2 text-xl">
          Clave del terminal
          <input className={`${input} normal-case tracking-normal`} type="password" value={secreto} onChange={(e) => setSecreto(e.target.value)} required />
        </label>
        {error && <Alerta>{error}</Alerta>}
        <button type="submit" className={primary} disabled={busy || !completo}>
          {busy ? 'Activando…' : 'Activar terminal'}
        </button>
      </form>
    </Screen>
  );
}

type Paso =
  | { paso: 'codigo' }
  /**
   * `cerrada`: the terminal refused to complete it (409): pressing again would only repeat the refusal.
   * `devolver`: the server refused the completion after the customer inserted money, so it was not taken.
   */
  | { paso: 'detalle'; tx: TerminalTransaccion; cerrada?: boolean; devolver?: boolean }
  | { paso: 'hecho'; entrega: Entrega; registro: TransaccionRecord }
  /** The code belongs to an operation already completed (409 with estado completada). */
  | { paso: 'yaCompletada'; codigo: string };

function Kiosk({ info, onSalir, dineroEnBandeja }: { info: TerminalInfo; onSalir: (motivo: string) => void; dineroEnBandeja: { current: boolean } }) {
  const [estado, setEstado] = useState<Paso>({ paso: 'codigo' });
  // On an operation's detail the customer may already have put money in the tray: a session that ends then says to take it.
  useEffect(() => {
    dineroEnBandeja.current = estado.paso === 'detalle' && !estado.tx.ya_pagado;
    return () => {
      dineroEnBandeja.current = false;
    };
  }, [estado, dineroEnBandeja]);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codigoRef = useRef<HTMLInputElement>(null);

  const fallo = (err: unknown) => {
    if (err instanceof KioskError && err.status === 401) {
      onSalir(err.message);
      return;
    }
    setError(err instanceof Error ? err.message : 'No se pudo completar la operación.');
  };
  const reiniciar = () => {
    setEstado({ paso: 'codigo' });
    setCodigo('');
    setError(null);
  };
  // Also a code typed or refused and left there; not while a request is under way (its answer decides the next screen).
  useInactividad((estado.paso !== 'codigo' || codigo !== '' || error !== null) && !busy, reiniciar);
  const buscar = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const tx = await kioskFetch<TerminalTransaccion>(`/tauser/terminal/transacciones/${encodeURIComponent(codigoLimpio(codigo))}/`);
      setEstado({ paso: 'detalle', tx });
    } catch (err) {
      if (err instanceof KioskError && err.status === 409 && err.estado === 'completada') {
        setEstado({ paso: 'yaCompletada', codigo: codigoLimpio(codigo) });
        return;
      }
      fallo(err);
      // Back to the field, its text selected: the next scan or keystroke replaces the wrong code
      // (the pressed button was disabled meanwhile and the focus had gone to the page).
      requestAnimationFrame(() => codigoRef.current?.select());
    } finally {
      setBusy(false);
    }
  };
  const procesar = async (tx: TerminalTransaccion) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const r = await kioskFetch<{ entrega: Entrega; transaccion: TransaccionRecord }>(`/tauser/terminal/transacciones/${tx.codigo}/procesar/`, { method: 'POST', body: {} });
      setEstado({ paso: 'hecho', entrega: r.entrega, registro: r.transaccion });
    } catch (err) {
      // Completed meanwhile (another kiosk of this Tauser, a double tap): the same screen as a completed code.
      if (err instanceof KioskError && err.status === 409 && err.estado === 'completada') {
        setEstado({ paso: 'yaCompletada', codigo: tx.codigo });
        return;
      }
      fallo(err);
      // Only an answer of the server proves nothing was taken in (a lost connection may have completed it).
      if (err instanceof KioskError && err.status >= 400 && err.status < 500) {
        setEstado({ paso: 'detalle', tx, cerrada: err.status === 409, devolver: !tx.ya_pagado });
      }
    } finally {
      setBusy(false);
    }
  };

  if (estado.paso === 'codigo') {
    return (
      <Screen info={info}>
        <form onSubmit={buscar} className="flex flex-col gap-6 rounded-3xl bg-white p-8 shadow">
          <h2 className="text-3xl font-bold">Bienvenido</h2>
          <label className="flex flex-col gap-3 text-2xl">
            Ingresá el código de tu transacción
            <input ref={codigoRef} className={input} value={codigo} onChange={(e) => setCodigo(e.target.value)} maxLength={12} autoComplete="off" autoFocus required />
          </label>
          <p className="text-lg text-slate-600">Es el código que recibiste al confirmar el pago (también podés escanear su código QR con el lector).</p>
          {error && <Alerta>{error}</Alerta>}
          <button type="submit" className={primary} disabled={busy || codigo.trim() === ''}>
            {busy ? 'Buscando…' : 'Continuar'}
          </button>
        </form>
      </Screen>
    );
  }

  if (estado.paso === 'detalle') {
    const { tx, cerrada, devolver } = estado;
    // Nothing to insert (a purchase paid with the method), even when the terminal cannot pay: the plan is then null.
    const pagado = tx.ya_pagado;
    const acreditado = !!tx.plan && conMetodo(tx.plan) && !pagaEnEfectivo(tx.plan);
    return (
      <Screen info={info}>
        <section className="flex flex-col gap-6 rounded-3xl bg-white p-8 shadow" aria-label="Transacción">
          <Titulo>Transacción {tx.codigo}</Titulo>
          <p className="text-xl">{tx.cliente_nombre}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="rounded-2xl bg-amber-50 p-5">
              <p className="text-lg text-slate-600">{pagado ? 'Ya pagaste' : 'Entregás'}</p>
              <p className="text-3xl font-bold tabular-nums">{monto(tx.entrega_cliente.monto, tx.entrega_cliente.simbolo)}</p>
              {pagado && <p className="text-lg text-slate-600">con {tx.metodo}</p>}
            </div>
            <div className="rounded-2xl bg-emerald-50 p-5">
              <p className="text-lg text-slate-600">Recibís</p>
              <p className="text-3xl font-bold tabular-nums">{monto(tx.recibe_cliente.monto, tx.recibe_cliente.simbolo)}</p>
              {acreditado && <p className="text-lg text-slate-600">en {tx.metodo}, cuando el terminal reciba tus billetes</p>}
            </div>
          </div>
          {tx.plan && pagaEnEfectivo(tx.plan) && (
            <div className="text-xl" aria-label="Cómo se paga">
              <p className="text-lg text-slate-600">Te pagamos así:</p>
              <Pago entrega={tx.plan} />
            </div>
          )}
          {/* As the receipt says it: guaraníes per unit of the foreign currency (the side that is not PYG). */}
          <p className="text-lg text-slate-600">
            Tasa aplicada: {tasaPorUnidad(tx.tasa_aplicada, tx.entrega_cliente.divisa === 'PYG' ? tx.recibe_cliente.divisa : tx.entrega_cliente.divisa)}
          </p>
          {!tx.puede_pagar ? (
            <Alerta>{TERMINAL_MSG.stockInsuficiente}</Alerta>
          ) : (
            <p className="text-xl">{pagado ? 'Confirmá y retirá tu dinero.' : 'Insertá el dinero en la bandeja y luego confirmá.'}</p>
          )}
          {error && <Alerta>{error}</Alerta>}
          {error && devolver && <Alerta>{TERMINAL_MSG.retiraTuDinero}</Alerta>}
          <div className="flex flex-col gap-4 sm:flex-row">
            <button type="button" className={secondary} onClick={reiniciar} disabled={busy}>
              {/* It leaves this screen only: the paid operation stays to be completed here ('Cancelar' said otherwise). */}
              Volver
            </button>
            <button type="button" className={`${primary} flex-1`} onClick={() => void procesar(tx)} disabled={busy || cerrada || !tx.puede_pagar}>
              {busy ? 'Procesando…' : pagado ? 'Retirar mi dinero' : 'Ya inserté el dinero'}
            </button>
          </div>
        </section>
      </Screen>
    );
  }

  if (estado.paso === 'yaCompletada') {
    return (
      <Screen info={info}>
        <section className="flex flex-col gap-6 rounded-3xl bg-white p-8 shadow" aria-label="Operación completada">
          <Titulo>Esta operación ya fue completada</Titulo>
          <p className="text-xl">
            El código <strong className="font-mono tracking-widest">{estado.codigo}</strong> corresponde a una operación que ya se retiró. Si no recibiste tu dinero, consultá
            al personal.
          </p>
          <button type="button" className={primary} onClick={reiniciar}>
            Nueva operación
          </button>
        </section>
      </Screen>
    );
  }

  const { entrega, registro } = estado;
  const medio = nombreMedio(registro.metodo_financiero_detalle.nombre_display, registro.detalle_metodo_alias);
  return (
    <Screen info={info}>
      <section className="flex flex-col gap-6 rounded-3xl bg-white p-8 shadow" aria-label="Entrega">
        <Titulo className="text-emerald-800">Transacción completada</Titulo>
        {pagaEnEfectivo(entrega) && (
          <>
            <p className="text-xl">Retirá tu dinero:</p>
            <div className="text-2xl">
              <Pago entrega={entrega} />
            </div>
          </>
        )}
        {conMetodo(entrega) && !pagaEnEfectivo(entrega) && (
          <p className="text-xl">
            Te acreditamos <strong className="tabular-nums">{monto(entrega.pyg_con_metodo!, '₲')}</strong> en {medio}.
          </p>
        )}
        <div className="flex flex-col gap-4 sm:flex-row">
          <button type="button" className={`${primary} flex-1`} onClick={reiniciar}>
            Nueva operación
          </button>
        </div>
      </section>
      <Comprobante t={estado.registro} enTerminal />
    </Screen>
  );
}

function leerInfo(): TerminalInfo | null {
  if (!localStorage.getItem(TERMINAL_TOKEN_KEY)) return null;
  try {
    return JSON.parse(localStorage.getItem(TERMINAL_INFO_KEY) ?? 'null') as TerminalInfo | null;
  } catch {
    return null;
  }
}

export function KioskPage() {
  const [info, setInfo] = useState<TerminalInfo | null>(leerInfo);
  const [motivo, setMotivo] = useState<string | null>(null);
  const caida = useSyncExternalStore(conexion.suscribir, conexion.caida);
  const dineroEnBandeja = useRef(false);
  const salir = useCallback((razon: string) => {
    localStorage.removeItem(TERMINAL_TOKEN_KEY);
    localStorage.removeItem(TERMINAL_INFO_KEY);
    setMotivo(dineroEnBandeja.current ? `${razon} ${TERMINAL_MSG.retiraTuDinero}` : razon);
    setInfo(null);
  }, []);
  // The kiosk checks its own session at once and every 30 s (every 5 s while the server does not answer):
  // a deactivated terminal or a rotated or revoked key sends it back to the activation screen, saying why.
  useEffect(() => {
    if (!info) return;
    const revisar = () =>
      kioskFetch('/tauser/terminal/yo/').catch((err: unknown) => {
        if (err instanceof KioskError && err.status === 401) salir(err.message);
      });
    void revisar();
    const id = window.setInterval(() => void revisar(), caida ? KIOSK_REINTENTO_MS : KIOSK_REVISION_MS);
    return () => window.clearInterval(id);
  }, [info, salir, caida]);
  if (!info)
    return (
      <SignIn
        motivo={motivo}
        onDone={(i) => {
          setMotivo(null);
          setInfo(i);
        }}
      />
    );
  return <Kiosk info={info} onSalir={salir} dineroEnBandeja={dineroEnBandeja} />;
}
