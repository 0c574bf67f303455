import { minorUnits } from '../../../shared/minorUnits';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import toast from 'react-hot-toast';
import { PageHeader } from '../../components/PageHeader';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { trpc } from '../../trpc';
import { formatAmount, formatRate } from '../../../shared/format';
import { ESTADOS, ESTADO_LABEL } from '../../../shared/transacciones';
import type { GrupoRecord } from '../../../shared/schemas/reportes';
import { Seccion, Tabla, Tarjeta, type Col } from './Piezas';
import { StockTabla } from './StockTabla';
import { Listado } from './Listado';
import { UmbralForm } from './UmbralForm';
import { usePermissions } from '../../session/permissions';
import { P } from '../../../shared/permissions';
import { elegir, filtrosDe, queryDe, type FiltroDeLista, type ReportesSearch } from './search';
import { descargar, ExportRechazado } from './descargar';
import type { Barra, PuntoEvolucion } from './Graficos';

// recharts comes with the charts, after the figures: the tables and cards show first.
const GraficoEvolucion = lazy(() => import('./Graficos').then((m) => ({ default: m.GraficoEvolucion })));
const GraficoBarras = lazy(() => import('./Graficos').then((m) => ({ default: m.GraficoBarras })));

const pyg = (v: string) => `₲ ${formatAmount(v, 0)}`;
const LOAD_ERROR = 'No se pudieron cargar los reportes.';
const OPERACION = {
  compra: 'Compra del cliente',
  venta: 'Venta del cliente',
} as const;
/** The "all" choice of each list filter, in the noun's gender. */
const TODOS: Record<FiltroDeLista, string> = { divisa: 'Todas', metodo: 'Todos', operador: 'Todos', tauser: 'Todos', categoria: 'Todas' };
const AGRUPACION = {
  dia: 'Por día',
  semana: 'Por semana',
  mes: 'Por mes',
} as const;

const diaCorto = new Intl.DateTimeFormat('es-PY', {
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
});
const mesLargo = new Intl.DateTimeFormat('es-PY', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const fechaLarga = new Intl.DateTimeFormat('es-PY', {
  dateStyle: 'long',
  timeZone: 'UTC',
});
const aFecha = (dia: string) => new Date(`${dia}T00:00:00Z`);
const etiquetaPeriodo = (p: string, a: keyof typeof AGRUPACION) =>
  a === 'mes' ? mesLargo.format(aFecha(p)) : a === 'semana' ? `Sem. ${diaCorto.format(aFecha(p))}` : diaCorto.format(aFecha(p));

const CIFRAS: Col<GrupoRecord>[] = [
  {
    header: 'Operaciones',
    cell: (g) => formatAmount(String(g.operaciones), 0),
    num: true,
  },
  { header: 'Volumen PYG', cell: (g) => pyg(g.volumen_pyg), num: true },
  { header: 'Margen PYG', cell: (g) => pyg(g.margen_pyg), num: true },
];

type Opcion = { value: string; label: string };
const opcionesDe = (rows: GrupoRecord[] | undefined, value: (g: GrupoRecord) => string, label: (g: GrupoRecord) => string): Opcion[] => {
  const seen = new Map<string, string>();
  for (const g of rows ?? []) seen.set(value(g), label(g));
  return [...seen].map(([v, l]) => ({ value: v, label: l })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
};

/** /reportes: what the house earned, bought and sold, with the filters in the URL. */
export function ReportesPage() {
  const s = useSearch({ strict: false }) as ReportesSearch;
  const navigate = useNavigate();
  // A new filter or grouping shows the listing's first page; only the pager moves it.
  const set = (patch: Partial<ReportesSearch>, replace = false) =>
    void navigate({
      to: '.',
      replace,
      search: (prev: Record<string, unknown>) => {
        const next: Record<string, unknown> = { ...prev, page: undefined, ...patch };
        if (next.page === 1) delete next.page;
        for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === '') delete next[k];
        return next as never;
      },
    });
  const agrupacion = s.agrupacion ?? 'dia';
  const rangoInvalido = !!s.desde && !!s.hasta && s.hasta < s.desde;
  const filtros = filtrosDe(s);
  const enabled = !rangoInvalido;
  const keep = { enabled, placeholderData: <T,>(prev: T) => prev };

  const resumen = trpc.reportes.resumen.useQuery(filtros, keep);
  const porDivisa = trpc.reportes.porDivisa.useQuery(filtros, keep);
  const porMetodo = trpc.reportes.porMetodo.useQuery(filtros, keep);
  const porOperador = trpc.reportes.porOperador.useQuery(filtros, keep);
  const porTauser = trpc.reportes.porTauser.useQuery(filtros, keep);
  const porCategoria = trpc.reportes.porCategoria.useQuery(filtros, keep);
  const evolucion = trpc.reportes.evolucion.useQuery({ ...filtros, agrupacion }, keep);
  const listado = trpc.reportes.transacciones.useQuery({ ...filtros, page: s.page ?? 1 }, keep);
  const stock = trpc.reportes.stock.useQuery({ tauser: s.tauser }, { placeholderData: (p) => p });
  // The minimum form offers every currency some terminal holds or has a minimum for, whatever the Tauser filter.
  const puedeFijarMinimos = usePermissions().allows({ all: [P.changeTauser] });
  const stockDeTodas = trpc.reportes.stock.useQuery({ tauser: undefined }, { enabled: puedeFijarMinimos });
  // A period too long for the chosen grouping is said next to the chart, not as a load failure.
  const rangoLargo = evolucion.error?.data?.fields?.fecha_desde?.[0];
  // A link naming a currency, method, operator, Tauser or category that does not exist: the server says which.
  const filtroInexistente = (['divisa', 'metodo', 'operador', 'tauser', 'categoria'] as const).map((k) => resumen.error?.data?.fields?.[k]?.[0]).find(Boolean);
  const sinFiguras = rangoInvalido || !!filtroInexistente;
  // The stock follows only the Tauser filter: one naming no Tauser is said in its table, not as a failure.
  const tauserInexistente = stock.error?.data?.fields?.tauser?.[0];
  const algunError =
    !filtroInexistente && ([resumen, porDivisa, porMetodo, porOperador, porTauser, porCategoria, listado, stock].some((q) => q.isError) || (evolucion.isError && !rangoLargo));
  useLoadErrorToast(algunError, LOAD_ERROR);
  const [exportando, setExportando] = useState<string | null>(null);
  const divisasDeStock = [...new Map((stockDeTodas.data ?? []).map((r) => [r.divisa_id, { id: r.divisa_id, codigo: r.divisa, minimo: r.minimo }])).values()].sort((a, b) =>
    a.codigo.localeCompare(b.codigo),
  );

  const periodo = resumen.data?.filtros;
  // A card waits with '…' while its figures load; a refused or failed request leaves no figure to wait for.
  const sinCifra = resumen.isError ? '—' : '…';
  const estado = (q: { isLoading: boolean; isError: boolean }) => ({
    loading: q.isLoading,
    error: q.isError,
  });

  const exportar = async (formato: 'csv' | 'xlsx' | 'pdf') => {
    setExportando(formato);
    try {
      await descargar(`/api/reportes/ganancias/export/?${queryDe(filtros, { formato })}`);
    } catch (e) {
      toast.error(e instanceof ExportRechazado ? e.message : 'No se pudo generar el archivo. Intentá de nuevo.');
    } finally {
      setExportando(null);
    }
  };

  const puntos: PuntoEvolucion[] = (evolucion.data?.resultados ?? []).map((p) => ({
    periodo: p.periodo,
    etiqueta: etiquetaPeriodo(p.periodo, evolucion.data!.agrupacion),
    volumen: Number(p.volumen_pyg),
    margen: Number(p.margen_pyg),
  }));
  const barrasDivisa: Barra[] = [];
  for (const g of porDivisa.data?.resultados ?? []) {
    let b = barrasDivisa.find((x) => x.nombre === g.divisa);
    if (!b) barrasDivisa.push((b = { nombre: g.divisa ?? g.etiqueta }));
    b[g.operacion === 'compra' ? 'compra' : 'venta'] = Number(g.margen_pyg);
  }
  const barrasMetodo: Barra[] = (porMetodo.data?.resultados ?? []).map((g) => ({
    nombre: g.etiqueta,
    margen: Number(g.margen_pyg),
  }));

  // The choices of each filter: everything of the period and state, whatever the other filters (the
  // same queries as the figures when no other filter is set, so nothing more is asked then).
  const periodo0 = { fecha_desde: filtros.fecha_desde, fecha_hasta: filtros.fecha_hasta, estado: filtros.estado };
  const opcionesQ = {
    divisa: trpc.reportes.porDivisa.useQuery(periodo0, keep),
    metodo: trpc.reportes.porMetodo.useQuery(periodo0, keep),
    operador: trpc.reportes.porOperador.useQuery(periodo0, keep),
    tauser: trpc.reportes.porTauser.useQuery(periodo0, keep),
    categoria: trpc.reportes.porCategoria.useQuery(periodo0, keep),
  };
  const opciones = {
    divisa: opcionesDe(opcionesQ.divisa.data?.resultados, (g) => g.clave.split(':')[0], (g) => g.divisa ?? g.etiqueta),
    metodo: opcionesDe(opcionesQ.metodo.data?.resultados, (g) => g.clave, (g) => g.etiqueta),
    operador: opcionesDe(opcionesQ.operador.data?.resultados, (g) => g.clave, (g) => g.etiqueta),
    tauser: opcionesDe(opcionesQ.tauser.data?.resultados, (g) => g.clave, (g) => g.etiqueta),
    // By id, as every other filter (a category keeps its name, which the server also takes from links written before).
    categoria: opcionesDe(opcionesQ.categoria.data?.resultados, (g) => g.clave, (g) => g.etiqueta),
  };
  const campo = 'block text-sm font-medium text-slate-700';
  const select = (name: FiltroDeLista, label: string) => {
    const opts = opciones[name];
    const raw = s[name] === undefined ? '' : String(s[name]);
    // A category named in an older link (?categoria=VIP) shows as its option.
    const value = (name === 'categoria' && !opts.some((o) => o.value === raw) && opts.find((o) => o.label.toLowerCase() === raw.toLowerCase())?.value) || raw;
    // A value of a shared link with no operation in the period stays listed, so the filter shows.
    const ausente = opcionesQ[name].isLoading ? 'Cargando…' : 'Sin operaciones en el período';
    const all = value && !opts.some((o) => o.value === value) ? [...opts, { value, label: ausente }] : opts;
    return (
      <label className={campo}>
        {label}
        <select className="input mt-1 w-full" value={value} onChange={(e) => set(elegir(name, e.target.value))}>
          <option value="">{TODOS[name]}</option>
          {all.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    );
  };
  const filtrar = (patch: Partial<ReportesSearch>, label: string) => (
    <button type="button" className="whitespace-nowrap text-emerald-800 underline" onClick={() => set(patch)} aria-label={`Ver solo ${label}`}>
      Ver solo
    </button>
  );
  const graficoCargando = <div className="h-64 w-full animate-pulse rounded bg-slate-100" aria-hidden />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Reportes"
        subtitle={
          periodo
            ? `Del ${fechaLarga.format(aFecha(periodo.fecha_desde))} al ${fechaLarga.format(aFecha(periodo.fecha_hasta))}`
            : 'Qué compró, vendió y ganó la casa'
        }
        actions={
          <div className="flex flex-wrap gap-2" role="group" aria-label="Exportar">
            {(['csv', 'xlsx', 'pdf'] as const).map((f) => (
              <button key={f} type="button" className="btn-secondary" disabled={!!exportando || sinFiguras} onClick={() => void exportar(f)}>
                {exportando === f ? 'Generando…' : `Exportar ${f === 'xlsx' ? 'Excel' : f.toUpperCase()}`}
              </button>
            ))}
          </div>
        }
      />

      <form className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5" aria-label="Filtros" onSubmit={(e) => e.preventDefault()}>
        <label className={campo}>
          Desde
          <input
            type="date"
            className="input mt-1 w-full"
            value={s.desde ?? periodo?.fecha_desde ?? ''}
            onChange={(e) => set({ desde: e.target.value || undefined })}
          />
        </label>
        <label className={campo}>
          Hasta
          <input
            type="date"
            className="input mt-1 w-full"
            value={s.hasta ?? periodo?.fecha_hasta ?? ''}
            onChange={(e) => set({ hasta: e.target.value || undefined })}
          />
        </label>
        <label className={campo}>
          Estado
          <select
            className="input mt-1 w-full"
            value={s.estado ?? 'completada'}
            onChange={(e) =>
              set({
                estado: e.target.value === 'completada' ? undefined : (e.target.value as ReportesSearch['estado']),
              })
            }
          >
            {ESTADOS.map((e) => (
              <option key={e} value={e}>
                {ESTADO_LABEL[e]}
              </option>
            ))}
          </select>
        </label>
        <label className={campo}>
          Operación
          <select
            className="input mt-1 w-full"
            value={s.operacion ?? ''}
            onChange={(e) =>
              set({
                operacion: (e.target.value || undefined) as ReportesSearch['operacion'],
              })
            }
          >
            <option value="">Todas</option>
            <option value="compra">{OPERACION.compra}</option>
            <option value="venta">{OPERACION.venta}</option>
          </select>
        </label>
        {select('divisa', 'Divisa')}
        {select('metodo', 'Método')}
        {select('operador', 'Operador')}
        {select('tauser', 'Tauser')}
        {select('categoria', 'Categoría de cliente')}
        <div className="flex items-end">
          <button type="button" className="btn-secondary w-full" onClick={() => navigate({ to: '.', search: {} as never })}>
            Limpiar filtros
          </button>
        </div>
      </form>
      {rangoInvalido && (
        <p className="field-error mb-4" role="alert">
          La fecha hasta no puede ser anterior a la fecha desde.
        </p>
      )}
      {filtroInexistente && (
        <p className="field-error mb-4" role="alert">
          {filtroInexistente}
        </p>
      )}

      {/* Dates in the wrong order ask for nothing, a filter naming nothing gets no figures: no figures stand in for an answer that never comes. */}
      {!sinFiguras && (
        <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-live="polite">
          <Tarjeta
            testId="card-operaciones"
            titulo="Operaciones"
            valor={resumen.data ? formatAmount(String(resumen.data.operaciones), 0) : sinCifra}
            detalle={ESTADO_LABEL[s.estado ?? 'completada']}
          />
          <Tarjeta testId="card-volumen" titulo="Volumen en guaraníes" valor={resumen.data ? pyg(resumen.data.volumen_pyg) : sinCifra} />
          <Tarjeta
            testId="card-margen"
            titulo="Margen de la casa"
            valor={resumen.data ? pyg(resumen.data.margen_pyg) : sinCifra}
            detalle="Contra el precio base de cada operación"
          />
          <Tarjeta testId="card-promedio" titulo="Margen por operación" valor={resumen.data ? pyg(resumen.data.margen_promedio_pyg) : sinCifra} detalle="Promedio" />
        </div>
      )}

      <div className="grid grid-cols-1 gap-6">
        {!sinFiguras && (
          <>
            <Seccion titulo="Evolución del volumen y del margen" id="sec-evolucion">
              <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Agrupación">
                {(Object.keys(AGRUPACION) as (keyof typeof AGRUPACION)[]).map((a) => (
                  <button
                    key={a}
                    type="button"
                    aria-pressed={agrupacion === a}
                    className={agrupacion === a ? 'btn-primary' : 'btn-secondary'}
                    onClick={() => set({ agrupacion: a === 'dia' ? undefined : a })}
                  >
                    {AGRUPACION[a]}
                  </button>
                ))}
              </div>
              {rangoLargo ? (
                <p role="alert" className="mb-3 text-sm text-amber-800">
                  {rangoLargo}
                </p>
              ) : (
                <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
                  <div className="lg:col-span-2">
                    <Suspense fallback={graficoCargando}>
                      {puntos.length > 0 && <GraficoEvolucion datos={puntos} titulo="Gráfico: volumen (barras) y margen (línea) por período" />}
                    </Suspense>
                  </div>
                  <div className="max-h-72 overflow-y-auto" tabIndex={0} role="region" aria-label="Tabla de volumen y margen por período">
                    <Tabla
                      label="Volumen y margen por período"
                      estado={estado(evolucion)}
                      rows={evolucion.data?.resultados.filter((p) => p.operaciones > 0)}
                      rowKey={(p) => p.periodo}
                      cols={[
                        {
                          header: 'Período',
                          cell: (p) => etiquetaPeriodo(p.periodo, agrupacion),
                        },
                        {
                          header: 'Operaciones',
                          cell: (p) => formatAmount(String(p.operaciones), 0),
                          num: true,
                        },
                        {
                          header: 'Volumen PYG',
                          cell: (p) => pyg(p.volumen_pyg),
                          num: true,
                        },
                        {
                          header: 'Margen PYG',
                          cell: (p) => pyg(p.margen_pyg),
                          num: true,
                        },
                      ]}
                    />
                  </div>
                </div>
              )}
            </Seccion>

            <Seccion titulo="Por divisa" id="sec-divisa">
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                <div>
                  <Suspense fallback={graficoCargando}>
                    {barrasDivisa.length > 0 && (
                      <GraficoBarras datos={barrasDivisa} titulo="Gráfico: margen por divisa, compras y ventas del cliente" porOperacion />
                    )}
                  </Suspense>
                </div>
                <Tabla
                  label="Cifras por divisa"
                  estado={estado(porDivisa)}
                  rows={porDivisa.data?.resultados}
                  rowKey={(g) => g.clave}
                  cols={[
                    { header: 'Divisa', cell: (g) => g.divisa },
                    {
                      header: 'Operación',
                      cell: (g) => (g.operacion ? OPERACION[g.operacion] : ''),
                    },
                    {
                      header: 'Volumen divisa',
                      cell: (g) => formatAmount(g.volumen_divisa ?? '0', minorUnits(g.divisa ?? '')),
                      num: true,
                    },
                    {
                      header: 'Tasa promedio',
                      cell: (g) => formatRate(g.tasa_promedio ?? '0', 4),
                      num: true,
                    },
                    ...CIFRAS,
                  ]}
                />
              </div>
            </Seccion>
            <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
              <Seccion titulo="Por método" id="sec-metodo">
                <Suspense fallback={graficoCargando}>
                  {barrasMetodo.length > 0 && <GraficoBarras datos={barrasMetodo} titulo="Gráfico: margen por método financiero" />}
                </Suspense>
                <Tabla
                  label="Cifras por método"
                  estado={estado(porMetodo)}
                  rows={porMetodo.data?.resultados}
                  rowKey={(g) => g.clave}
                  cols={[{ header: 'Método', cell: (g) => g.etiqueta }, ...CIFRAS]}
                />
              </Seccion>
              <Seccion titulo="Por categoría de cliente" id="sec-categoria">
                <Tabla
                  label="Cifras por categoría"
                  estado={estado(porCategoria)}
                  rows={porCategoria.data?.resultados}
                  rowKey={(g) => g.clave}
                  cols={[{ header: 'Categoría', cell: (g) => g.etiqueta }, ...CIFRAS]}
                />
              </Seccion>
              <Seccion titulo="Por operador" id="sec-operador">
                <Tabla
                  label="Cifras por operador"
                  estado={estado(porOperador)}
                  rows={porOperador.data?.resultados}
                  rowKey={(g) => g.clave}
                  cols={[
                    { header: 'Operador', cell: (g) => g.etiqueta },
                    ...CIFRAS,
                    {
                      header: 'Filtro',
                      cell: (g) => (String(s.operador) === g.clave ? 'Filtrado' : filtrar(elegir('operador', g.clave), g.etiqueta)),
                    },
                  ]}
                />
              </Seccion>
              <Seccion titulo="Por Tauser" id="sec-tauser">
                <Tabla
                  label="Cifras por Tauser"
                  estado={estado(porTauser)}
                  rows={porTauser.data?.resultados}
                  rowKey={(g) => g.clave}
                  cols={[
                    { header: 'Tauser', cell: (g) => g.etiqueta },
                    ...CIFRAS,
                    {
                      header: 'Filtro',
                      cell: (g) => (s.tauser === g.clave ? 'Filtrado' : filtrar({ tauser: g.clave }, g.etiqueta)),
                    },
                  ]}
                />
              </Seccion>
            </div>
            <Seccion titulo="Operaciones" id="sec-operaciones">
              <Listado
                page={s.page ?? 1}
                data={listado.data}
                total={listado.isPlaceholderData ? undefined : listado.data?.count}
                estado={estado(listado)}
                onPage={(page, replace) => set({ page }, replace)}
              />
            </Seccion>
          </>
        )}
        <Seccion titulo="Stock de las terminales, ahora" id="sec-stock">
          <StockTabla filas={stock.data} estado={{ loading: stock.isLoading, error: stock.isError && !tauserInexistente }} vacio={tauserInexistente} />
          {puedeFijarMinimos && <UmbralForm divisas={divisasDeStock} />}
        </Seccion>
      </div>
    </div>
  );
}
