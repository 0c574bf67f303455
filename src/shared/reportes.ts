/** Groupings of the figures (REST `ganancias/por_<x>/`). Kept free of zod: the route's URL parser reads them. */
export const DIMENSIONES = ['divisa', 'metodo', 'operador', 'tauser', 'categoria'] as const;
export type Dimension = (typeof DIMENSIONES)[number];
export const AGRUPACIONES = ['dia', 'semana', 'mes'] as const;
export type Agrupacion = (typeof AGRUPACIONES)[number];
export const FORMATOS = ['csv', 'xlsx', 'pdf'] as const;
export type Formato = (typeof FORMATOS)[number];

/** The business day `now` falls on in `tz`, as AAAA-MM-DD. */
export function diaDeNegocio(tz: string, now: Date = new Date()): string {
  // en-CA formats dates as AAAA-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The reports' default period: from the first of this month to today (business days of `tz`). */
export function periodoPorDefecto(tz: string, now: Date = new Date()): { fecha_desde: string; fecha_hasta: string } {
  const hoy = diaDeNegocio(tz, now);
  return { fecha_desde: `${hoy.slice(0, 8)}01`, fecha_hasta: hoy };
}

export const TZ_NEGOCIO = 'America/Asuncion';
