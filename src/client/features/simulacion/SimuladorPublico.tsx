import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { trpc } from '../../trpc';
import { errorData, errorMessage, serverAnswered } from '../../lib/errors';
import { useSimularPublica } from './hooks';
import { formatAmount, formatPercent, formatRate } from '../../../shared/format';
import { useTasasEnVivo } from '../cotizaciones/useTasasEnVivo';
import { minorUnits } from '../../../shared/minorUnits';
import { leerMonto, montoONull } from '../../../shared/montoEsPy';
import { useCotizacionPublicaEnVivo } from '../operaciones/useCotizacionEnVivo';
import { COTIZACION_PUBLICA_EN_VIVO } from '../../lib/preciosPublicos';
import { MontoInput } from '../../components/MontoInput';
import { OP_MSG } from '../../../shared/transacciones';
import type { SimulacionResultado } from '../../../shared/schemas/operaciones';
import { useClienteActual } from '../clienteSelector/useClienteActual';
import { usePermissions } from '../../session/permissions';
import { P } from '../../../shared/permissions';
import { Link } from '@tanstack/react-router';

interface DivisaOpcion {
  id: number;
  codigo: string;
  nombre: string;
  simbolo: string;
  es_base: boolean;
}

const decimalesDe = minorUnits;

/**
 * The public simulator of the home page (spec 001 §2, §4, §5): currencies with a swap button (a
 * foreign currency on one side puts the base on the other), a generic method, an amount; the server
 * quotes (no category discount). The result is reset by any change and itemises the rate.
 */
export function SimuladorPublico() {
  const divisasQ = trpc.divisas.conTasa.useQuery({ all: true }, { staleTime: 60_000 });
  const divisas: DivisaOpcion[] = useMemo(() => (Array.isArray(divisasQ.data) ? divisasQ.data : []), [divisasQ.data]);
  const base = divisas.find((d) => d.es_base);
  const [origen, setOrigen] = useState<number | ''>('');
  const [destino, setDestino] = useState<number | ''>('');
  const [metodo, setMetodo] = useState<number | ''>('');
  const [monto, setMonto] = useState('');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [enviado, setEnviado] = useState(false);
  const [resultado, setResultado] = useState<SimulacionResultado | null>(null);

  // Start with the base currency → the first foreign one (buying dollars, in the demo).
  useEffect(() => {
    if (origen !== '' || destino !== '' || !base) return;
    const extranjera = divisas.find((d) => d.codigo === 'USD') ?? divisas.find((d) => !d.es_base);
    setOrigen(base.id);
    if (extranjera) setDestino(extranjera.id);
  }, [base, divisas, origen, destino]);

  const par = origen !== '' && destino !== '' && origen !== destino ? { divisa_origen: origen, divisa_destino: destino } : null;
  const metodosQ = trpc.simulacion.metodosDisponibles.useQuery(par ?? { divisa_origen: 0, divisa_destino: 0 }, { enabled: !!par, staleTime: 60_000 });
  const metodos = useMemo(() => metodosQ.data?.metodos ?? [], [metodosQ.data]);

  // A method the new direction does not allow (cards or cheques when selling) is dropped.
  useEffect(() => {
    if (metodo !== '' && metodosQ.data && !metodos.some((m) => m.id === metodo)) setMetodo('');
  }, [metodos, metodo, metodosQ.data]);

  const simular = useSimularPublica();

  // A customer acting for a client gets its category discount when operating, not in this public quote.
  const perms = usePermissions();
  const { cliente } = useClienteActual();
  const categoria = cliente && perms.allows({ any: [P.useSimulacion, P.useOperacion] }) ? cliente.categoria : null;

  // A price change the server announces re-quotes what is on screen (useTasasEnVivo); the result
  // says it changed only when its figures did, until the person changes the form.
  const queryClient = useQueryClient();
  const [antes, setAntes] = useState<SimulacionResultado | null>(null);
  const enPantalla = useRef<SimulacionResultado | null>(null);
  useTasasEnVivo(() => {
    void queryClient.invalidateQueries({ queryKey: [COTIZACION_PUBLICA_EN_VIVO] });
    if (enPantalla.current) setAntes((a) => a ?? enPantalla.current);
  });

  const cambiar = (f: () => void) => {
    f();
    setResultado(null);
    setErrores({});
    setAntes(null);
  };

  /** Choosing a currency on one side: a foreign one puts the base on the other side; the base keeps the other foreign. */
  const elegir = (lado: 'origen' | 'destino', id: number | '') => {
    cambiar(() => {
      const [setEste, setOtro, otro] = lado === 'origen' ? [setOrigen, setDestino, destino] : [setDestino, setOrigen, origen];
      setEste(id);
      const elegida = divisas.find((d) => d.id === id);
      if (!elegida || !base) return;
      if (!elegida.es_base) setOtro(base.id);
      else if (otro === base.id) setOtro(divisas.find((d) => !d.es_base)?.id ?? '');
    });
  };

  const intercambiar = () =>
    cambiar(() => {
      setOrigen(destino);
      setDestino(origen);
    });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setEnviado(true);
    if (origen === '' || destino === '' || metodo === '') {
      // The spec's one text, whichever of the three is missing.
      toast.error(OP_MSG.seleccionarDivisasMetodo);
      setErrores({ form: OP_MSG.seleccionarDivisasMetodo });
      return;
    }
    setErrores({});
    const codigo = divisas.find((d) => d.id === origen)?.codigo ?? '';
    const lectura = leerMonto(monto, { decimales: decimalesDe(codigo), codigo });
    if (!lectura.ok) return; // the field says why
    try {
      setResultado(await simular.mutateAsync({ divisa_origen: origen, divisa_destino: destino, monto: lectura.monto, metodo_id: metodo }));
    } catch (err) {
      const fields = errorData(err).fields;
      if (fields) {
        setErrores(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === 'monto' ? 'monto' : 'form', v.join(' ')])));
      } else if (serverAnswered(err) && err.message) {
        setErrores({ form: err.message });
      }
    }
  }

  const codigoOrigen = divisas.find((d) => d.id === origen)?.codigo;
  const select = 'input mt-1 w-full min-h-10';

  // The quote follows what is typed once currencies, method and a readable amount are there.
  const montoLeido = codigoOrigen ? montoONull(monto, { decimales: decimalesDe(codigoOrigen), codigo: codigoOrigen }) : null;
  const vivo = useCotizacionPublicaEnVivo(
    origen !== '' && destino !== '' && origen !== destino && metodo !== '' && montoLeido ? { divisa_origen: origen, divisa_destino: destino, monto: montoLeido, metodo_id: metodo } : null,
  );
  const dv = errorData(vivo.error);
  const errorVivo = vivo.error && serverAnswered(vivo.error) ? (dv.fields?.monto?.join(' ') ?? null) : null;
  const errorVivoForm = vivo.error && serverAnswered(vivo.error) && !dv.fields?.monto ? vivo.error.message : null;
  const mostrado = vivo.data ?? resultado;
  useEffect(() => {
    enPantalla.current = mostrado;
  });
  const actualizado = !!antes && !!mostrado && !vivo.actualizando && (antes.tc_final !== mostrado.tc_final || antes.monto_destino !== mostrado.monto_destino);

  return (
    <section aria-labelledby="simulador" className="w-full min-w-0">
      <h2 id="simulador" className="mb-3 text-xl font-semibold text-slate-900">
        Simulador
      </h2>
      <form onSubmit={onSubmit} className="card space-y-4" noValidate>
        {/* One currency per line: the whole code and name fit in the select, at 375 px too. */}
        <div className="grid grid-cols-[1fr_auto] items-end gap-x-2 gap-y-2">
          <label className="col-start-1 block min-w-0 text-sm font-medium text-slate-700">
            Entregás
            <select aria-label="Divisa de origen" className={select} value={origen} onChange={(e) => elegir('origen', e.target.value ? Number(e.target.value) : '')}>
              <option value="">Seleccionar…</option>
              {divisas.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.codigo} – {d.nombre}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={intercambiar} className="btn-secondary col-start-2 row-span-2 row-start-1 min-h-10 self-center px-3" aria-label="Intercambiar divisas" title="Intercambiar divisas">
            ⇅
          </button>
          <label className="col-start-1 block min-w-0 text-sm font-medium text-slate-700">
            Recibís
            <select aria-label="Divisa de destino" className={select} value={destino} onChange={(e) => elegir('destino', e.target.value ? Number(e.target.value) : '')}>
              <option value="">Seleccionar…</option>
              {divisas.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.codigo} – {d.nombre}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="block text-sm font-medium text-slate-700">
          Método
          <select aria-label="Método" className={select} value={metodo} onChange={(e) => cambiar(() => setMetodo(e.target.value ? Number(e.target.value) : ''))}>
            <option value="">{metodosQ.isLoading && par ? 'Cargando métodos…' : 'Seleccionar método…'}</option>
            {metodos.map((m) => (
              <option key={m.id} value={m.id}>
                {m.nombre_display}
              </option>
            ))}
          </select>
          {metodosQ.isError && (
            <span className="field-error" role="alert" data-testid="metodos-error">
              {errorMessage(metodosQ.error, OP_MSG.metodosDisponiblesError)}
            </span>
          )}
        </label>
        <MontoInput
          id="simulador-monto"
          label={`Monto${codigoOrigen ? ` en ${codigoOrigen}` : ''}`}
          value={monto}
          onChange={(t) => cambiar(() => setMonto(t))}
          decimales={codigoOrigen ? decimalesDe(codigoOrigen) : 2}
          codigo={codigoOrigen}
          error={errores.monto ?? errorVivo}
          mostrarVacio={enviado}
        />
        {(errores.form ?? errorVivoForm) && (
          <p className="field-error" role="alert">
            {errores.form ?? errorVivoForm}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={simular.isPending}>
          {simular.isPending ? 'Simulando…' : 'Simular'}
        </button>
        {mostrado && <ResultadoSimulacion r={mostrado} divisas={divisas} categoria={categoria} simulaConCategoria={perms.has(P.useSimulacion)} actualizando={vivo.actualizando} actualizado={actualizado} />}
      </form>
    </section>
  );
}

interface ResultadoProps {
  r: SimulacionResultado;
  divisas: DivisaOpcion[];
  /** The category of the client the signed-in customer acts for, if any. */
  categoria: { nombre: string; descuento: string } | null;
  simulaConCategoria: boolean;
  actualizando: boolean;
  actualizado: boolean;
}

function ResultadoSimulacion({ r, divisas, categoria, simulaConCategoria, actualizando, actualizado }: ResultadoProps) {
  const simbolo = (codigo: string) => divisas.find((d) => d.codigo === codigo)?.simbolo ?? codigo;
  // A symbol two currencies share ("$" of ARS and CLP) is told apart by the code, as the receipt does.
  const compartido = (codigo: string) => divisas.filter((d) => d.simbolo === simbolo(codigo)).length > 1;
  const monto = (v: string, codigo: string) => `${compartido(codigo) ? `${codigo} ` : ''}${formatAmount(v, decimalesDe(codigo), simbolo(codigo))}`;
  const tasa = (v: string) => `₲ ${formatRate(v, 4)}`;
  const p = r.parametros;
  const compra = r.operacion_cliente === 'compra';
  const extranjera = compra ? r.divisa_destino : r.divisa_origen;
  return (
    <div
      className={`rounded-lg border border-emerald-200 bg-emerald-50 p-4 transition-opacity ${actualizando ? 'opacity-60' : ''}`}
      aria-live="polite"
      aria-busy={actualizando}
      data-testid="resultado-simulacion"
    >
      {actualizado && <p className="mb-1 text-sm font-medium text-emerald-800">La cotización cambió: resultado actualizado.</p>}
      <p className="text-sm text-slate-600">{compra ? `Comprás ${extranjera}` : `Vendés ${extranjera}`}</p>
      <p className="mt-1 text-sm">
        Entregás <strong className="tabular-nums">{monto(r.monto_origen, r.divisa_origen)}</strong>
      </p>
      <p className="text-2xl font-semibold text-emerald-800 tabular-nums">
        Recibís {monto(r.monto_destino, r.divisa_destino)}
      </p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Precio base {extranjera}</dt>
        <dd className="text-right tabular-nums">{tasa(p.precio_base)}</dd>
        <dt className="text-slate-600">{compra ? 'Margen de venta' : 'Margen de compra'}</dt>
        <dd className="text-right tabular-nums">
          {compra ? '+' : '−'} {tasa(p.comision_base)}
        </dd>
        <dt className="text-slate-600">Descuento por categoría</dt>
        <dd className="max-w-36 text-right tabular-nums sm:max-w-none" data-testid="descuento-categoria">
          {categoria ? (
            <>
              Al operar: <span className="whitespace-nowrap">{formatPercent(categoria.descuento)} del margen</span>
            </>
          ) : (
            'No aplica (sin cliente)'
          )}
        </dd>
        <dt className="text-slate-600">Comisión del método ({p.nombre_metodo})</dt>
        <dd className="text-right tabular-nums">{formatPercent(p.comision_metodo)}</dd>
        <dt className="font-medium text-slate-800">Tasa aplicada</dt>
        <dd className="text-right font-medium tabular-nums">{tasa(r.tc_final)}</dd>
      </dl>
      {r.aviso_billetes && (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="aviso-billetes">
          {r.aviso_billetes}
        </p>
      )}
      {categoria ? (
        <p className="mt-3 text-xs text-slate-500">
          Cotización indicativa, sin tu descuento: al operar, la categoría {categoria.nombre} descuenta el {formatPercent(categoria.descuento)} del margen
          de la casa y la tasa final se confirma al crear la operación.
          {simulaConCategoria && (
            <>
              {' '}
              <Link to="/simulacion-operacion" className="font-medium text-emerald-800 underline">
                Simulá con tu descuento
              </Link>
            </>
          )}
        </p>
      ) : (
        <p className="mt-3 text-xs text-slate-500">
          Cotización indicativa: la tasa final se confirma al crear la operación y puede cambiar. Los clientes con categoría reciben su descuento al
          operar.
        </p>
      )}
    </div>
  );
}
