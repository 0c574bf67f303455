import type { StyleSpecification } from 'maplibre-gl';
import type { Feature, FeatureCollection } from 'geojson';

/**
 * The map style shipped with the app (MAP_STYLE_URL=offline, the browser tests, and the fallback when
 * the configured style cannot load): Paraguay's outline drawn roughly by hand, its two big rivers,
 * a coordinate grid and the department capitals as dots. No tiles, fonts or sprites: no request leaves
 * the page.
 */

type Pt = [number, number];

const PARAGUAY: Pt[] = [
  [-62.64, -22.24], [-61.75, -19.63], [-60.0, -19.3], [-59.1, -19.35], [-58.17, -19.83], [-58.16, -20.17], [-57.87, -20.73],
  [-57.95, -22.09], [-56.88, -22.28], [-56.4, -22.07], [-55.8, -22.37], [-55.6, -22.65], [-55.4, -23.95], [-54.6, -23.85],
  [-54.26, -24.07], [-54.33, -24.65], [-54.6, -25.59], [-54.7, -26.4], [-55.4, -27.0], [-55.9, -27.35], [-56.4, -27.55],
  [-57.2, -27.45], [-58.2, -27.27], [-58.65, -27.15], [-58.3, -26.86], [-58.13, -26.18], [-57.6, -25.35], [-58.5, -24.9],
  [-59.5, -24.3], [-60.9, -23.5], [-61.9, -22.8], [-62.64, -22.24],
];

const RIO_PARAGUAY: Pt[] = [
  [-58.16, -20.17], [-57.85, -22.1], [-57.43, -23.4], [-57.3, -24.0], [-57.5, -25.0], [-57.64, -25.28], [-57.7, -25.6],
  [-58.13, -26.18], [-58.3, -26.86], [-58.65, -27.15],
];

const RIO_PARANA: Pt[] = [
  [-54.26, -24.07], [-54.33, -24.65], [-54.6, -25.59], [-54.7, -26.4], [-55.4, -27.0], [-55.9, -27.35], [-56.4, -27.55],
  [-57.2, -27.45], [-58.2, -27.27], [-58.65, -27.15],
];

const CAPITALES: Pt[] = [
  [-57.6359, -25.282], [-54.6111, -25.5097], [-55.8667, -27.3306], [-57.4343, -23.4064], [-56.4453, -25.7796], [-56.4417, -25.3939],
  [-57.1397, -25.3867], [-56.0169, -26.0], [-57.3664, -25.5064], [-57.1458, -25.3461], [-55.7331, -22.5472], [-56.4445, -27.1213],
  [-57.2342, -26.3925], [-55.3379, -24.8209], [-54.3438, -24.0571], [-58.3053, -26.8647], [-57.1208, -25.0847], [-60.6227, -22.3553],
];

function grid(step: number): FeatureCollection {
  const features: Feature[] = [];
  const [w, e, s, n] = [-62.7, -54.2, -27.7, -19.2];
  const count = (a: number, b: number) => Math.round((b - a) / step);
  for (let i = 0; i <= count(w, e); i++) {
    const x = w + i * step;
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[x, s], [x, n]] } });
  }
  for (let i = 0; i <= count(s, n); i++) {
    const y = s + i * step;
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[w, y], [e, y]] } });
  }
  return { type: 'FeatureCollection', features };
}

const line = (coordinates: Pt[]): Feature => ({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } });

export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  name: 'Cambio sin conexión',
  sources: {
    pais: { type: 'geojson', data: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [PARAGUAY] } } },
    rios: { type: 'geojson', data: { type: 'FeatureCollection', features: [line(RIO_PARAGUAY), line(RIO_PARANA)] } },
    grilla: { type: 'geojson', data: grid(0.1) },
    grillaFina: { type: 'geojson', data: grid(0.01) },
    capitales: {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: CAPITALES.map((c) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: c } })) },
    },
  },
  layers: [
    { id: 'fondo', type: 'background', paint: { 'background-color': '#dbe4ee' } },
    { id: 'pais', type: 'fill', source: 'pais', paint: { 'fill-color': '#f8fafc' } },
    { id: 'grilla-fina', type: 'line', source: 'grillaFina', minzoom: 11, paint: { 'line-color': '#e2e8f0', 'line-width': 1 } },
    { id: 'grilla', type: 'line', source: 'grilla', minzoom: 7, paint: { 'line-color': '#cbd5e1', 'line-width': 1 } },
    { id: 'rios', type: 'line', source: 'rios', paint: { 'line-color': '#7fb2e5', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 1.5, 13, 6] } },
    { id: 'pais-borde', type: 'line', source: 'pais', paint: { 'line-color': '#94a3b8', 'line-width': 1.5 } },
    { id: 'capitales', type: 'circle', source: 'capitales', paint: { 'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 2, 13, 6], 'circle-color': '#64748b', 'circle-opacity': 0.6 } },
  ],
};
