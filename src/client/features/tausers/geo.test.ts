import { describe, expect, it } from 'vitest';
import { byDistance, coordEsPy, distanceKm, formatDistance, parseCoord, pointOf, roundCoord } from './geo';

describe('roundCoord', () => {
  it('keeps 6 decimals, half-up, never "-0"', () => {
    expect(roundCoord(-25.2637394)).toBe('-25,263739');
    expect(roundCoord(-57.5759255)).toBe('-57,575926');
    expect(roundCoord(10)).toBe('10,000000');
    expect(roundCoord(-0.0000001)).toBe('0,000000');
    expect(coordEsPy('-25.282170')).toBe('-25,282170');
  });
});

describe('parseCoord and pointOf', () => {
  it('reads point or comma decimals within the limit, null otherwise', () => {
    expect(parseCoord('-25,5', 90)).toBe(-25.5);
    expect(parseCoord(' -57.1 ', 180)).toBe(-57.1);
    expect(parseCoord('91', 90)).toBeNull();
    expect(parseCoord('', 90)).toBeNull();
    expect(parseCoord('1e3', 180)).toBeNull();
    expect(pointOf('-25.3', '-57.6')).toEqual({ lat: -25.3, lng: -57.6 });
    expect(pointOf('-25.3', '')).toBeNull();
  });
});

describe('distances', () => {
  const asuncion = { lat: -25.28217, lng: -57.63556 };
  const cde = { lat: -25.5097, lng: -54.6111 };
  const encarnacion = { lat: -27.33056, lng: -55.86667 };

  it('measures great-circle distances in km', () => {
    expect(distanceKm(asuncion, asuncion)).toBe(0);
    // Asunción – Ciudad del Este is about 304 km in a straight line.
    expect(distanceKm(asuncion, cde)).toBeGreaterThan(295);
    expect(distanceKm(asuncion, cde)).toBeLessThan(310);
  });

  it('orders nearest first and keeps the order of ties', () => {
    const items = [{ id: 'enc', p: encarnacion }, { id: 'asu', p: asuncion }, { id: 'cde', p: cde }, { id: 'asu2', p: asuncion }];
    const near = byDistance(items, { lat: -25.3, lng: -57.6 }, (i) => i.p).map((x) => x.item.id);
    expect(near).toEqual(['asu', 'asu2', 'enc', 'cde']);
  });

  it('formats in es-PY', () => {
    expect(formatDistance(0.8504)).toBe('a 850 m');
    expect(formatDistance(3.24)).toBe('a 3,2 km');
    expect(formatDistance(1234.4)).toBe('a 1.234 km');
  });
});
