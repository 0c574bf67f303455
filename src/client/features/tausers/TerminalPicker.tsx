import { useEffect, useMemo, useRef, useState } from 'react';
import { TAUSER_MSG, type TauserRecord } from '../../../shared/schemas/tausers';
import { usePuedePagar, useTausersActivos } from './hooks';
import { byDistance, formatDistance, type LatLng } from './geo';
import { LazyMap } from './LazyMap';
import type { MapPoint } from './map/types';

export type { TauserRecord };

export interface TerminalPickerProps {
  /** The chosen terminal's idTauser, or null. */
  value: string | null;
  onChange: (idTauser: string, tauser: TauserRecord) => void;
  /** The terminals to offer; when absent the picker fetches the active ones (GET /tauser/?all=true). */
  tausers?: TauserRecord[];
  /**
   * Optional (cash payouts): the amount the terminal must pay out in `divisa`; each card then shows
   * whether that terminal's banknotes can pay it now (GET /api/tauser/puede-pagar/), and one that
   * cannot is not selectable (card or marker).
   */
  pago?: { divisa: number; monto: string } | null;
}

type Ubicacion = { estado: 'inactiva' | 'buscando' | 'denegada' | 'no-disponible' } | { estado: 'lista'; origen: LatLng };

const USER_POINT = 'tu-ubicacion';

/**
 * Step 3 of the operation wizard (spec 001 §2): the active terminals as selectable cards (nombre,
 * código, dirección, ciudad, departamento) in a list about 24rem high, beside a map with a marker
 * each; choosing on either side selects on both. 'Cerca de mí' orders the cards by distance from the
 * browser's position (es-PY km); without permission the order stays as it was.
 */
export function TerminalPicker({ value, onChange, tausers, pago }: TerminalPickerProps) {
  const fetched = useTausersActivos(tausers === undefined);
  const pagables = usePuedePagar(pago ?? null);
  const list = useMemo(() => (tausers ?? fetched.data ?? []).filter((t) => t.isActive), [tausers, fetched.data]);
  const [ubicacion, setUbicacion] = useState<Ubicacion>({ estado: 'inactiva' });
  const cards = useRef(new Map<string, HTMLElement>());

  const ordered = useMemo(
    () =>
      ubicacion.estado === 'lista'
        ? byDistance(list, ubicacion.origen, (t) => ({ lat: Number(t.latitud), lng: Number(t.longitud) }))
        : list.map((item) => ({ item, km: null as number | null })),
    [list, ubicacion],
  );

  const selected = list.find((t) => t.idTauser === value) ?? null;
  const sinBilletes = (id: string) => pagables.get(id) === false;
  const choose = (t: TauserRecord) => {
    if (!sinBilletes(t.idTauser)) onChange(t.idTauser, t);
  };

  // A choice made on the map brings its card into view.
  useEffect(() => {
    if (value) cards.current.get(value)?.scrollIntoView?.({ block: 'nearest' });
  }, [value]);

  const cercaDeMi = () => {
    if (!('geolocation' in navigator)) {
      setUbicacion({ estado: 'no-disponible' });
      return;
    }
    setUbicacion({ estado: 'buscando' });
    navigator.geolocation.getCurrentPosition(
      (pos) => setUbicacion({ estado: 'lista', origen: { lat: pos.coords.latitude, lng: pos.coords.longitude } }),
      (err) => setUbicacion({ estado: err.code === err.PERMISSION_DENIED ? 'denegada' : 'no-disponible' }),
      { timeout: 10000, maximumAge: 60000 },
    );
  };

  if (tausers === undefined && fetched.isLoading) return <p className="py-6 text-center text-sm text-slate-500">Cargando terminales...</p>;
  if (tausers === undefined && fetched.isError) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-red-600">
        {TAUSER_MSG.cargarError}
      </p>
    );
  }
  if (list.length === 0) return <p className="py-6 text-center text-sm text-slate-600">{TAUSER_MSG.sinTerminales}</p>;

  const points: MapPoint[] = list.map((t) => ({
    id: t.idTauser,
    lat: Number(t.latitud),
    lng: Number(t.longitud),
    label: `${t.nombre} (${t.codigo})`,
    tone: t.idTauser === value ? 'selected' : 'default',
  }));
  if (ubicacion.estado === 'lista') points.push({ id: USER_POINT, ...ubicacion.origen, label: 'Tu ubicación', tone: 'user' });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">Elegí el terminal donde vas a completar tu operación.</p>
        <button type="button" className="btn-secondary" onClick={cercaDeMi} disabled={ubicacion.estado === 'buscando'}>
          {ubicacion.estado === 'buscando' ? 'Buscando tu ubicación...' : 'Cerca de mí'}
        </button>
      </div>
      {(ubicacion.estado === 'denegada' || ubicacion.estado === 'no-disponible') && (
        <p role="status" className="text-xs text-slate-500">
          No pudimos obtener tu ubicación; los terminales se muestran en el orden habitual.
        </p>
      )}
      {ubicacion.estado === 'lista' && (
        <p role="status" className="text-xs text-slate-500">
          Ordenados del más cercano al más lejano.
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div role="radiogroup" aria-label="Terminales de autoservicio" className="max-h-96 space-y-2 overflow-y-auto pr-1">
          {ordered.map(({ item: t, km }) => {
            const checked = t.idTauser === value;
            const noPuede = sinBilletes(t.idTauser);
            return (
              <label
                key={t.idTauser}
                ref={(el) => {
                  if (el) cards.current.set(t.idTauser, el);
                  else cards.current.delete(t.idTauser);
                }}
                data-tauser-card={t.codigo}
                aria-disabled={noPuede || undefined}
                className={`block rounded-lg border p-3 transition focus-within:ring-2 focus-within:ring-emerald-500 ${
                  checked ? 'border-emerald-600 bg-emerald-50' : noPuede ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-70' : 'cursor-pointer border-slate-200 bg-white hover:border-emerald-300'
                }`}
              >
                <input type="radio" name="tauser" value={t.idTauser} checked={checked} disabled={noPuede} onChange={() => choose(t)} className="sr-only" />
                <span className="flex items-start justify-between gap-2">
                  <span className="font-medium text-slate-900">{t.nombre}</span>
                  <span className="shrink-0 font-mono text-xs text-slate-500">{t.codigo}</span>
                </span>
                <span className="mt-1 block text-sm text-slate-600">{t.direccion}</span>
                <span className="block text-sm text-slate-600">
                  {t.ciudad}, {t.departamento}
                </span>
                {km !== null && <span className="mt-1 block text-xs font-medium text-emerald-700">{formatDistance(km)}</span>}
                {pagables.has(t.idTauser) && (
                  <span
                    className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${
                      pagables.get(t.idTauser) ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'
                    }`}
                  >
                    {pagables.get(t.idTauser) ? 'Puede pagar este monto' : 'Sin billetes suficientes'}
                  </span>
                )}
              </label>
            );
          })}
        </div>
        <LazyMap
          className="h-64 md:h-96"
          label="Mapa de terminales"
          fit
          points={points}
          follow={selected ? { lat: Number(selected.latitud), lng: Number(selected.longitud) } : null}
          frame={ubicacion.estado === 'lista' ? [ubicacion.origen, { lat: Number(ordered[0].item.latitud), lng: Number(ordered[0].item.longitud) }] : null}
          onPointClick={(id) => {
            const t = list.find((x) => x.idTauser === id);
            if (t) choose(t);
          }}
        />
      </div>
    </div>
  );
}
