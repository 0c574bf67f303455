import { Component, Suspense, lazy, type ReactNode } from 'react';
import { trpc } from '../../trpc';
import { MapNote } from './map/MapNote';
import type { MapViewProps } from './map/types';

/** maplibre-gl and react-map-gl live in this chunk, loaded only where a terminal map is shown. */
const MapView = lazy(() => import('./map/MapView'));

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('Mapa no disponible', error);
  }
  render() {
    if (this.state.failed) {
      return (
        <div data-map-state="no-disponible" className="flex h-full items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 p-4">
          <MapNote>No se pudo cargar el mapa. Las coordenadas se pueden ingresar a mano.</MapNote>
        </div>
      );
    }
    return this.props.children;
  }
}

const Loading = () => (
  <div data-map-state="cargando" className="flex h-full items-center justify-center rounded-md border border-slate-200 bg-slate-50 text-sm text-slate-500">
    Cargando mapa…
  </div>
);

/**
 * A terminal map sized by `className` (give it a height). Reads the style from the server
 * (MAP_STYLE_URL); if that cannot be asked, the app's offline style.
 */
export function LazyMap({ className = 'h-64', ...props }: Omit<MapViewProps, 'styleUrl'> & { className?: string }) {
  const config = trpc.tauser.mapConfig.useQuery(undefined, { staleTime: Infinity, retry: 1 });
  const styleUrl = config.data?.styleUrl ?? (config.isError ? 'offline' : null);
  return (
    <div className={className}>
      <MapBoundary>
        <Suspense fallback={<Loading />}>{styleUrl ? <MapView styleUrl={styleUrl} {...props} /> : <Loading />}</Suspense>
      </MapBoundary>
    </div>
  );
}
