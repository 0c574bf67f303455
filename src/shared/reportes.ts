import { formatAmount } from './format';

/** Groupings of the figures (REST `ganancias/por_<x>/`). Kept free of zod: the route's URL parser reads them. */
export const DIMENSIONES = ['divisa', 'metodo', 'operador', 'tauser', 'categoria'] as const;
export type Dimension = (typeof DIMENSIONES)[number];
export const AGRUPACIONES = ['dia', 'semana', 'mes'] as const;
export type Agrupacion = (typeof AGRUPACIONES)[number];
export const FORMATOS = ['csv', 'xlsx', 'pdf'] as const;
export type Formato = (typeof FORMATOS)[number];

/** The most periods one evolution holds (a daily series of about 2 years and 9 months). */
export const MAX_PERIODOS = 1000;
const UNIDADES: Record<Agrupacion, string> = { dia: 'días', semana: 'semanas', mes: 'meses' };
const CONSEJO: Record<Agrupacion, string> = { dia: 'Acortá las fechas o agrupá por semana o mes.', semana: 'Acortá las fechas o agrupá por mes.', mes: 'Acortá las fechas.' };
/** Counts written as people here write them: "2.523 días", "como máximo 1.000". */
const cuenta = (n: number) => formatAmount(String(n), 0);
export const periodosMsg = (n: number, agrupacion: Agrupacion) =>
  `El período tiene ${cuenta(n)} ${UNIDADES[agrupacion]}; la evolución muestra como máximo ${cuenta(MAX_PERIODOS)}. ${CONSEJO[agrupacion]}`;

/** How many periods of `agrupacion` the days `desde`..`hasta` (AAAA-MM-DD, inclusive) touch. */
export function periodos(agrupacion: Agrupacion, desde: string, hasta: string): number {
  if (agrupacion === 'mes') return (Number(hasta.slice(0, 4)) - Number(desde.slice(0, 4))) * 12 + Number(hasta.slice(5, 7)) - Number(desde.slice(5, 7)) + 1;
  const dias = Math.round((Date.parse(hasta) - Date.parse(desde)) / 86_400_000);
  if (agrupacion === 'dia') return dias + 1;
  // Weeks start on Monday (PostgreSQL's date_trunc('week')): counted from the Monday of `desde`'s week.
  const desdeLunes = (new Date(`${desde}T00:00:00Z`).getUTCDay() + 6) % 7;
  return Math.floor((dias + desdeLunes) / 7) + 1;
}

/** The finest grouping whose series fits MAX_PERIODOS (the files' evolution); none past ~83 years. */
export const agrupacionQueCabe = (desde: string, hasta: string): Agrupacion | undefined =>
  AGRUPACIONES.find((a) => periodos(a, desde, hasta) <= MAX_PERIODOS);

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
