import { AGRUPACIONES, type Agrupacion } from '../../../shared/reportes';
import type { ReporteFiltrosInput } from '../../../shared/schemas/reportes';
import { esFecha } from '../../../shared/fechas';
import { ESTADOS, type EstadoTransaccion } from '../../../shared/transacciones';
import { MAX_PAGE } from '../../../shared/paginas';

/**
 * The report's state in the URL: `?desde=2026-11-01&hasta=2026-11-30&divisa=2&tauser=…&agrupacion=semana&page=2`.
 * Ids are numbers: the router writes a string that reads as a number quoted (`?divisa=%222%22`).
 */
export interface ReportesSearch {
  desde?: string;
  hasta?: string;
  divisa?: number;
  operacion?: 'compra' | 'venta';
  metodo?: number;
  operador?: number;
  tauser?: string;
  categoria?: string;
  estado?: EstadoTransaccion;
  agrupacion?: Agrupacion;
  /** The page of the operations' listing (absent: the first). */
  page?: number;
}

const ID = /^[1-9]\d{0,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const str = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined);
const when = <T extends string>(v: unknown, ok: (s: string) => boolean) => {
  const s = str(v);
  return s !== undefined && ok(s) ? (s as T) : undefined;
};
/** An id as a number; the quoted form of links written before (`?divisa=%222%22`) still reads. */
const id = (v: unknown) => {
  const s = when(v, (x) => ID.test(x));
  return s === undefined ? undefined : Number(s);
};

/** A listing page past the first, at most the highest the server takes; 1 and malformed read as absent. */
const pagina = (v: unknown) => {
  const n = id(v);
  return n === undefined || n === 1 ? undefined : Math.min(n, MAX_PAGE);
};

/**
 * `validateSearch` of /reportes: malformed values read as absent (a shared link with `?divisa=abc`
 * opens without that filter). Every key is answered, `undefined` when absent: the router lays the
 * answer over the raw query, so a key left out would keep the malformed value.
 */
export function reportesSearch(raw: Record<string, unknown>): ReportesSearch {
  return {
    desde: when(raw.desde, esFecha),
    hasta: when(raw.hasta, esFecha),
    divisa: id(raw.divisa),
    operacion: when<'compra' | 'venta'>(raw.operacion, (s) => s === 'compra' || s === 'venta'),
    metodo: id(raw.metodo),
    operador: id(raw.operador),
    tauser: when(raw.tauser, (s) => UUID.test(s)),
    categoria: when(raw.categoria, (s) => s.trim() !== '' && s.length <= 100),
    estado: when<EstadoTransaccion>(raw.estado, (s) => (ESTADOS as readonly string[]).includes(s)),
    agrupacion: when<Agrupacion>(raw.agrupacion, (s) => (AGRUPACIONES as readonly string[]).includes(s) && s !== 'dia'),
    page: pagina(raw.page),
  };
}

/** The filters chosen from a list: ids are numbers, the Tauser's and the category's are UUIDs (a category of an older link may be its name). */
export type FiltroDeLista = 'divisa' | 'metodo' | 'operador' | 'tauser' | 'categoria';

/** The URL change of choosing `value` (an option's text value; '' is "all") in a filter's list. */
export function elegir(name: FiltroDeLista, value: string): Partial<ReportesSearch> {
  if (value === '') return { [name]: undefined };
  return { [name]: name === 'tauser' || name === 'categoria' ? value : Number(value) };
}

/** The filters the procedures take, from the URL state. */
export function filtrosDe(s: ReportesSearch): ReporteFiltrosInput {
  return {
    fecha_desde: s.desde,
    fecha_hasta: s.hasta,
    divisa: s.divisa,
    operacion: s.operacion,
    metodo: s.metodo,
    operador: s.operador,
    tauser: s.tauser,
    categoria: s.categoria,
    estado: s.estado,
  };
}

/** The same filters as the REST query string (exports). */
export function queryDe(f: ReporteFiltrosInput, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') q.set(k, String(v));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}
