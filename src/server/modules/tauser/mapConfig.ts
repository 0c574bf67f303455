import type { Env } from '../../env';

export interface MapConfig {
  /** An http(s) MapLibre style URL, or `offline` for the style shipped with the web client. */
  styleUrl: string;
}

export const mapConfig = (env: Pick<Env, 'mapStyleUrl'>): MapConfig => ({ styleUrl: env.mapStyleUrl });

/**
 * The origins the browser fetches map resources from (style, tiles, sprites, glyphs), for a
 * Content-Security-Policy's connect-src and img-src: the style URL's origin, none when offline.
 * A style whose tiles live on other hosts needs those added by whoever configures it.
 */
export function mapHosts(env: Pick<Env, 'mapStyleUrl'>): string[] {
  if (env.mapStyleUrl === 'offline') return [];
  return [new URL(env.mapStyleUrl).origin];
}
