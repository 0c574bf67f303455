import { useMemo, useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { SearchBar } from '../../components/SearchBar';
import { Pagination } from '../../components/Pagination';
import { useListSearch, useLastPageAtMost } from '../../lib/listSearch';
import { formatDateTime } from '../../lib/format';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { usePermissions } from '../../session/permissions';
import { useSession } from '../../session/store';
import { readUserId } from '../../session/tokenReader';
import { trpc } from '../../trpc';
import { useClientesDelUsuario } from '../clienteSelector/useClienteActual';
import { formatRate } from '../../../shared/format';
import { monto } from './formato';
import { P } from '../../../shared/permissions';
import { ESTADOS, ESTADO_LABEL, OP_MSG, type EstadoTransaccion } from '../../../shared/transacciones';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import { esFecha } from '../../../shared/fechas';
import { TransaccionDetalleModal } from './TransaccionDetalleModal';

type Filtro = 'estado' | 'divisa' | 'desde' | 'hasta' | 'cliente' | 'ver';

const operador = (t: TransaccionRecord) => `${t.operador_detalle.first_name} ${t.operador_detalle.last_name}`.trim();
const metodo = (t: TransaccionRecord) => t.metodo_financiero_detalle.nombre_display || t.metodo_financiero_detalle.nombre;
const operacion = (t: TransaccionRecord) => (t.operacion === 'compra' ? 'Compra' : 'Venta');

const COLUMNAS: Column<TransaccionRecord>[] = [
  { header: 'Fecha de inicio', cell: (t) => formatDateTime(t.fecha_inicio) },
  // The code is what the kiosk, the receipt and the search box ask for: under the operation, as on a phone's card.
  {
    header: 'Operación',
    cell: (t) => (
      <>
        {operacion(t)}
        <span className="block whitespace-nowrap font-mono text-xs text-slate-500" data-codigo-transaccion="">
          {t.codigo}
        </span>
      </>
    ),
  },
  { header: 'Tasa', cell: (t) => formatRate(t.tasa_aplicada, 4), className: 'text-right tabular-nums' },
  { header: 'Monto origen', cell: (t) => monto(t.monto_origen, t.divisa_origen_detalle.codigo), className: 'text-right tabular-nums whitespace-nowrap' },
  { header: 'Monto destino', cell: (t) => monto(t.monto_destino, t.divisa_destino_detalle.codigo), className: 'text-right tabular-nums whitespace-nowrap' },
  // A code is one word: 'TAU-ASU-01' used to break at its hyphen in the narrow column.
  { header: 'Tauser', cell: (t) => <span className="whitespace-nowrap" data-codigo-tauser="">{t.tauser_detalle.codigo}</span> },
  { header: 'Estado', cell: (t) => <span className="whitespace-nowrap font-medium">{ESTADO_LABEL[t.estado]}</span> },
  { header: 'Operador', cell: operador },
  { header: 'Método financiero', cell: metodo },
];

const COLUMNA_CLIENTE: Column<TransaccionRecord> = { header: 'Cliente', cell: (t) => t.cliente_nombre };

/** Narrow screens (under 768 px): one card per transaction, its state and its action in view. */
function TarjetasTransacciones({
  rows,
  loading,
  error,
  conCliente,
  onVer,
}: {
  rows: TransaccionRecord[] | undefined;
  loading: boolean;
  error: boolean;
  /** The list may hold several clients: each card names its client. */
  conCliente: boolean;
  onVer: (id: number) => void;
}) {
  const message = loading ? 'Cargando' : error ? 'Ha ocurrido un error' : !rows?.length ? 'No hay datos' : null;
  if (message) {
    return (
      <p className={`rounded-lg border border-slate-200 bg-white px-4 py-8 text-center text-sm md:hidden ${error ? 'text-red-600' : 'text-slate-500'}`} role={error ? 'alert' : undefined}>
        {message}
      </p>
    );
  }
  return (
    <ul className="space-y-3 md:hidden" aria-label="Transacciones">
      {rows!.map((t) => (
        <li key={t.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {operacion(t)} · <span className="font-mono text-sm">{t.codigo}</span>
              </p>
              {conCliente && <p className="break-words text-sm text-slate-800" data-testid="cliente">{t.cliente_nombre}</p>}
              <p className="text-xs text-slate-600">{formatDateTime(t.fecha_inicio)}</p>
            </div>
            <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800" data-testid="estado">
              {ESTADO_LABEL[t.estado]}
            </span>
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Entrega</dt>
            <dd className="text-right tabular-nums">{monto(t.monto_origen, t.divisa_origen_detalle.codigo)}</dd>
            <dt className="text-slate-600">Recibe</dt>
            <dd className="text-right font-medium tabular-nums">{monto(t.monto_destino, t.divisa_destino_detalle.codigo)}</dd>
            <dt className="text-slate-600">Tasa</dt>
            <dd className="text-right tabular-nums">{formatRate(t.tasa_aplicada, 4)}</dd>
            <dt className="text-slate-600">Tauser</dt>
            <dd className="text-right">{t.tauser_detalle.codigo}</dd>
            <dt className="text-slate-600">Método</dt>
            <dd className="min-w-0 text-right break-words">{metodo(t)}</dd>
            <dt className="text-slate-600">Operador</dt>
            <dd className="min-w-0 text-right break-words">{operador(t)}</dd>
          </dl>
          <button type="button" className="btn-secondary mt-3 min-h-11 w-full" onClick={() => onVer(t.id)} aria-label={`Ver transacción ${t.codigo}`}>
            Ver detalle
          </button>
        </li>
      ))}
    </ul>
  );
}

/** /historial-transacciones (spec 001 §2): the signed-in user's clients' transactions (staff with the view permission: all). */
export function HistorialPage() {
  const { page, search, filters, setPage, setSearch, setFilter } = useListSearch<Filtro>();
  const perms = usePermissions();
  const todas = perms.allows({ all: [P.viewTransaccion] });
  const token = useSession()?.token;
  const propios = useClientesDelUsuario(token ? readUserId(token) : null);
  const staffClientes = trpc.clientes.list.useQuery({ all: true }, { enabled: todas && perms.allows({ all: [P.viewCliente] }) });
  const clientes = useMemo(
    () => (todas && Array.isArray(staffClientes.data) ? staffClientes.data : propios.list).map((c) => ({ id: c.idCliente, nombre: c.nombre })),
    [todas, staffClientes.data, propios.list],
  );

  // Every operation has guaraníes on one side: the filter offers the other currencies, by code in the URL (?divisa=EUR).
  const divisasQ = trpc.divisas.conTasa.useQuery({ all: true }, { staleTime: 60_000 });
  const divisas = Array.isArray(divisasQ.data) ? divisasQ.data.filter((d) => !d.es_base) : [];
  const divisa = divisas.find((d) => d.codigo === filters.divisa?.toUpperCase());
  const estado = ESTADOS.includes(filters.estado as EstadoTransaccion) ? (filters.estado as EstadoTransaccion) : undefined;
  const desde = filters.desde && esFecha(filters.desde) ? filters.desde : undefined;
  const hasta = filters.hasta && esFecha(filters.hasta) ? filters.hasta : undefined;
  const rangoInvalido = !!desde && !!hasta && hasta < desde;
  const cliente = filters.cliente && clientes.some((c) => c.id === filters.cliente) ? filters.cliente : undefined;
  // Rows of several clients (staff see every client; a customer with more than one sees 'Todos'):
  // each row names its client. Filtered to one client, or a customer with one, it would repeat.
  const conCliente = !cliente && (todas || propios.list.length > 1);

  const q = trpc.transacciones.list.useQuery(
    { page, search: search || undefined, estado, divisa: divisa?.id, fecha_desde: desde, fecha_hasta: rangoInvalido ? undefined : hasta, cliente_id: cliente },
    { placeholderData: (prev) => prev },
  );
  useLoadErrorToast(q.isError, OP_MSG.cargarTransaccionesError);
  const data = q.data && !Array.isArray(q.data) ? q.data : undefined;
  useLastPageAtMost(q.isPlaceholderData ? undefined : data?.count);
  // The detail opens from a row (local state, the page stays) or from a link ?ver=<id> (the wizard's confirmation).
  // A `?ver=` that is no transaction id opens the detail's not-found message (id 0), not nothing.
  const [verId, setVerId] = useState<number | null>(filters.ver ? (/^[1-9]\d{0,9}$/.test(filters.ver) ? Number(filters.ver) : 0) : null);
  const cerrarDetalle = () => {
    setVerId(null);
    // Replaced, not pushed: Back returns to where the link came from, not to a URL of a closed detail.
    if (filters.ver) setFilter('ver', undefined, { replace: true });
  };

  const campo = 'block text-sm font-medium text-slate-700';
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Historial de Transacciones"
        subtitle={todas ? 'Operaciones de compra y venta de todos los clientes' : 'Las operaciones de compra y venta de tus clientes'}
      />
      <div className="mb-3">
        <SearchBar key={search} initial={search} placeholder="Buscar por código…" onSearch={setSearch} />
      </div>
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {clientes.length > 1 && (
          <label className={campo}>
            Cliente
            <select className="input mt-1 w-full" value={cliente ?? ''} onChange={(e) => setFilter('cliente', e.target.value || undefined)}>
              <option value="">Todos</option>
              {clientes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nombre}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={campo}>
          Estado
          <select className="input mt-1 w-full" value={estado ?? ''} onChange={(e) => setFilter('estado', e.target.value || undefined)}>
            <option value="">Todos</option>
            {ESTADOS.map((e) => (
              <option key={e} value={e}>
                {ESTADO_LABEL[e]}
              </option>
            ))}
          </select>
        </label>
        <label className={campo}>
          Divisa
          <select className="input mt-1 w-full" value={divisa?.codigo ?? ''} onChange={(e) => setFilter('divisa', e.target.value || undefined)}>
            <option value="">Todas</option>
            {divisas.map((d) => (
              <option key={d.id} value={d.codigo}>
                {d.codigo} – {d.nombre}
              </option>
            ))}
          </select>
        </label>
        <label className={campo}>
          Desde
          <input type="date" className="input mt-1 w-full" value={desde ?? ''} onChange={(e) => setFilter('desde', e.target.value || undefined)} />
        </label>
        <label className={campo}>
          Hasta
          <input type="date" className="input mt-1 w-full" value={hasta ?? ''} min={desde} onChange={(e) => setFilter('hasta', e.target.value || undefined)} />
        </label>
      </div>
      {rangoInvalido && (
        <p className="field-error mb-3" role="alert">
          La fecha hasta no puede ser anterior a la fecha desde.
        </p>
      )}
      {q.isError && (
        <p className="mb-3 text-sm text-red-600" role="alert">
          {OP_MSG.cargarTransaccionesError}
        </p>
      )}
      <TarjetasTransacciones rows={data?.results} loading={q.isLoading} error={q.isError} conCliente={conCliente} onVer={setVerId} />
      <div className="hidden md:block">
        <DataTable
          label="Transacciones"
          columns={[
            COLUMNAS[0],
            ...(conCliente ? [COLUMNA_CLIENTE] : []),
            ...COLUMNAS.slice(1),
            {
              header: 'Detalle',
              cell: (t) => (
                <button
                  type="button"
                  className="-mx-2 inline-flex min-h-8 min-w-8 items-center px-2 text-emerald-800 underline"
                  onClick={() => setVerId(t.id)}
                  aria-label={`Ver transacción ${t.codigo}`}
                >
                  Ver
                </button>
              ),
            },
          ]}
          rows={data?.results}
          rowKey={(t) => t.id}
          loading={q.isLoading}
          error={q.isError}
        />
      </div>
      {data && <Pagination page={page} count={data.count} onChange={setPage} />}
      <TransaccionDetalleModal id={verId} onClose={cerrarDetalle} />
    </div>
  );
}
