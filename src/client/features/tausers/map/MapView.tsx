import { useEffect, useMemo, useRef, useState } from 'react';
import { Map, Marker, NavigationControl, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { MAPA_ES } from './locale';
import 'maplibre-gl/dist/maplibre-gl.css';
// maplibre-gl 6 loads its worker as a sibling module; the bundler emits it as a same-origin file.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { MAP_DEFAULT } from '../../../../shared/schemas/tausers';
import { OFFLINE_STYLE } from './offlineStyle';
import type { MapPoint, MapState, MapViewProps } from './types';
import { MapNote } from './MapNote';

/** Past this, a configured style that has not loaded is given up for the app's own style. */
const STYLE_TIMEOUT_MS = 8000;

/** Room above for the pins, which stand on their point. */
const FIT_PADDING = { top: 60, bottom: 30, left: 40, right: 40 };

/** Styles that failed in this page: later maps start on the offline style at once. */
const failedStyles = new Set<string>();

const NOTE_FALLBACK = 'No se pudo cargar el mapa base; se muestra un mapa simplificado.';
const NOTE_PARTIAL = 'Algunas partes del mapa no se pudieron cargar.';

const PIN: Record<NonNullable<MapPoint['tone']>, string> = {
  default: 'bg-emerald-600 ring-white',
  selected: 'bg-amber-500 ring-amber-200 scale-125',
  inactive: 'bg-slate-400 ring-white',
  user: 'bg-sky-600 ring-sky-200',
};

/**
 * The terminal map (MapLibre through react-map-gl), in its own lazily loaded chunk. When the
 * configured style fails it falls back to the offline style with a quiet note; when the browser
 * cannot draw a map at all (no WebGL) it shows a note and the surrounding form keeps working.
 */
export default function MapView({ styleUrl, points, label, center, zoom, fit, follow, frame, onMapClick, onPointClick }: MapViewProps) {
  const configured = styleUrl === 'offline' ? null : styleUrl;
  const failedBefore = configured !== null && failedStyles.has(configured);
  const [useOffline, setUseOffline] = useState(configured === null || failedBefore);
  const [state, setState] = useState<MapState>('cargando');
  const [note, setNote] = useState<string | null>(failedBefore ? NOTE_FALLBACK : null);
  const mapRef = useRef<MapRef>(null);
  const loaded = useRef(false);

  const fallBack = () => {
    if (loaded.current || useOffline) return false;
    if (configured) failedStyles.add(configured);
    setUseOffline(true);
    setState('simplificado');
    setNote(NOTE_FALLBACK);
    return true;
  };

  useEffect(() => {
    if (useOffline) return;
    const t = setTimeout(fallBack, STYLE_TIMEOUT_MS);
    return () => clearTimeout(t);
  });

  const initialViewState = useMemo(() => {
    const c = center ?? { lat: MAP_DEFAULT.latitud, lng: MAP_DEFAULT.longitud };
    if (fit && points.length > 1) {
      const lngs = points.map((p) => p.lng);
      const lats = points.map((p) => p.lat);
      return {
        bounds: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)] as [number, number, number, number],
        fitBoundsOptions: { padding: FIT_PADDING, maxZoom: MAP_DEFAULT.zoom },
      };
    }
    if (fit && points.length === 1) return { latitude: points[0].lat, longitude: points[0].lng, zoom: zoom ?? MAP_DEFAULT.zoom };
    return { latitude: c.lat, longitude: c.lng, zoom: zoom ?? MAP_DEFAULT.zoom };
    // Only the first render's view: later changes move markers, not the camera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!follow || !map || !loaded.current) return;
    const m = map.getMap();
    const check = () => {
      if (!m.getBounds().contains([follow.lng, follow.lat])) m.easeTo({ center: [follow.lng, follow.lat], duration: 300 });
    };
    // During a camera animation the bounds are not the final ones: decide where it ends.
    if (m.isMoving()) {
      m.once('moveend', check);
      return () => void m.off('moveend', check);
    }
    check();
  }, [follow?.lat, follow?.lng]); // eslint-disable-line react-hooks/exhaustive-deps

  const frameKey = frame?.length ? JSON.stringify(frame) : null;
  useEffect(() => {
    const map = mapRef.current;
    if (!frame?.length || !map || !loaded.current) return;
    const lngs = frame.map((p) => p.lng);
    const lats = frame.map((p) => p.lat);
    map.fitBounds([Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)], { padding: FIT_PADDING, maxZoom: MAP_DEFAULT.zoom, duration: 300 });
  }, [frameKey]); // eslint-disable-line react-hooks/exhaustive-deps

  if (state === 'no-disponible') {
    return (
      <div role="region" aria-label={label} data-map-state={state} className="flex h-full min-h-40 items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 p-4">
        <MapNote>El mapa no está disponible en este navegador. Las coordenadas se pueden ingresar a mano.</MapNote>
      </div>
    );
  }

  const click = (e: MapLayerMouseEvent) => {
    // A click on a marker is the marker's, not a new point.
    if ((e.originalEvent.target as Element | null)?.closest?.('.maplibregl-marker')) return;
    onMapClick?.(e.lngLat.lat, e.lngLat.lng);
  };

  return (
    <div role="region" aria-label={label} data-map-state={state} className="relative h-full w-full overflow-hidden rounded-md border border-slate-200">
      <Map
        ref={mapRef}
        workerUrl={workerUrl}
        locale={MAPA_ES}
        initialViewState={initialViewState}
        mapStyle={useOffline || !configured ? OFFLINE_STYLE : configured}
        style={{ width: '100%', height: '100%' }}
        cursor={onMapClick ? 'crosshair' : undefined}
        onClick={onMapClick ? click : undefined}
        onLoad={() => {
          loaded.current = true;
          setState(useOffline && configured ? 'simplificado' : 'listo');
        }}
        onError={(e) => {
          // No map object at all: WebGL (or the library) could not start.
          if (!e.target) {
            console.error('Mapa no disponible', e.error);
            setState('no-disponible');
            return;
          }
          if (fallBack()) return;
          if (loaded.current) setNote((n) => n ?? NOTE_PARTIAL);
        }}
        attributionControl={useOffline ? false : { compact: true }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {points.map((p) => (
          <Marker key={p.id} longitude={p.lng} latitude={p.lat} anchor="bottom" style={{ zIndex: p.tone === 'selected' ? 2 : 1 }}>
            <button
              type="button"
              aria-label={p.label}
              title={p.label}
              aria-pressed={onPointClick && p.tone !== 'user' ? p.tone === 'selected' : undefined}
              data-point-id={p.id}
              onClick={(ev) => {
                ev.stopPropagation();
                onPointClick?.(p.id);
              }}
              className={`block h-5 w-5 -translate-y-0.5 rounded-full rounded-bl-none -rotate-45 shadow ring-2 transition ${PIN[p.tone ?? 'default']} ${onPointClick ? 'cursor-pointer' : 'cursor-default'}`}
            />
          </Marker>
        ))}
      </Map>
      {note && (
        <div className="pointer-events-none absolute inset-x-2 bottom-2">
          <MapNote>{note}</MapNote>
        </div>
      )}
    </div>
  );
}
