import { Decimal } from '../../../shared/money';
import { COORD_DECIMALS } from '../../../shared/schemas/tausers';

export interface LatLng {
  lat: number;
  lng: number;
}

/** A map click's coordinate as the form keeps it: half-up to 6 decimals, written es-PY ("-25,263739"). */
export function roundCoord(value: number): string {
  const d = new Decimal(value).toDecimalPlaces(COORD_DECIMALS, Decimal.ROUND_HALF_UP);
  return coordEsPy((d.isZero() ? new Decimal(0) : d).toFixed(COORD_DECIMALS));
}

/** A stored coordinate ("-25.263739") as people here write it: a decimal comma, no thousands ("-25,263739"). */
export const coordEsPy = (value: string | number): string => String(value).replace('.', ',');

/** A typed coordinate ("-25,26" or "-25.26") as a number within ±limit, or null while it is not one. */
export function parseCoord(text: unknown, limit: 90 | 180): number | null {
  if (typeof text === 'number') return Number.isFinite(text) && Math.abs(text) <= limit ? text : null;
  if (typeof text !== 'string' || !/^\s*[+-]?\d+(?:[.,]\d+)?\s*$/.test(text)) return null;
  const n = Number(text.trim().replace(',', '.'));
  return Math.abs(n) <= limit ? n : null;
}

/** The point of a form's latitud/longitud, when both are valid. */
export function pointOf(latitud: unknown, longitud: unknown): LatLng | null {
  const lat = parseCoord(latitud, 90);
  const lng = parseCoord(longitud, 180);
  return lat === null || lng === null ? null : { lat, lng };
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). A display figure, not money: floats are fine here. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The items nearest first (a stable sort: equal distances keep their order), each with its distance. */
export function byDistance<T>(items: readonly T[], from: LatLng, where: (item: T) => LatLng): { item: T; km: number }[] {
  return items
    .map((item, i) => ({ item, km: distanceKm(from, where(item)), i }))
    .sort((a, b) => a.km - b.km || a.i - b.i)
    .map(({ item, km }) => ({ item, km }));
}

const kmShort = new Intl.NumberFormat('es-PY', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const kmLong = new Intl.NumberFormat('es-PY', { maximumFractionDigits: 0 });

/** "a 850 m", "a 3,2 km", "a 1.234 km" (es-PY). */
export function formatDistance(km: number): string {
  if (km < 1) return `a ${Math.round(km * 1000)} m`;
  return `a ${(km < 100 ? kmShort : kmLong).format(km)} km`;
}
