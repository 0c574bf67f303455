/** A marker on a terminal map. */
export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  /** Accessible name and tooltip of the marker. */
  label: string;
  tone?: 'default' | 'selected' | 'inactive' | 'user';
}

export interface MapViewProps {
  /** An http(s) MapLibre style URL, or `offline` for the style shipped with the app. */
  styleUrl: string;
  points: MapPoint[];
  /** Accessible name of the map. */
  label: string;
  /** Initial view; the spec's default (Asunción, zoom 13) when absent. */
  center?: { lat: number; lng: number };
  zoom?: number;
  /** Fit the initial view to the points. */
  fit?: boolean;
  /** Pans here when it changes and lies outside the view (the marker of typed coordinates). */
  follow?: { lat: number; lng: number } | null;
  /** Fits the view to these points whenever they change (e.g. the user's position and the nearest terminal). */
  frame?: { lat: number; lng: number }[] | null;
  onMapClick?: (lat: number, lng: number) => void;
  onPointClick?: (id: string) => void;
}

/** What the map shows, for the page and the tests (`data-map-state`). */
export type MapState = 'cargando' | 'listo' | 'simplificado' | 'no-disponible';
