import { describe, expect, it } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { OFFLINE_STYLE } from './offlineStyle';

describe('the offline map style', () => {
  it('is a valid MapLibre style', () => {
    expect(validateStyleMin(OFFLINE_STYLE).map((e) => e.message)).toEqual([]);
  });

  it('makes no request: no URL, tiles, fonts or sprites', () => {
    const text = JSON.stringify(OFFLINE_STYLE);
    expect(text).not.toMatch(/https?:|mapbox:|\/\//);
    expect(OFFLINE_STYLE.glyphs).toBeUndefined();
    expect(OFFLINE_STYLE.sprite).toBeUndefined();
    expect(Object.values(OFFLINE_STYLE.sources).every((s) => s.type === 'geojson' && typeof s.data === 'object')).toBe(true);
    expect(OFFLINE_STYLE.layers.some((l) => l.type === 'symbol')).toBe(false);
  });
});
