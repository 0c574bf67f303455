import { AGRUPACIONES, type Agrupacion } from '../../../shared/reportes';
import type { ReporteFiltrosInput } from '../../../shared/schemas/reportes';
import { ESTADOS, type EstadoTransaccion } from '../../../shared/transacciones';

/** The report's state in the URL: `?desde=2026-11-01&hasta=2026-11-30&tauser=…&agrupacion=semana`. */
export interface ReportesSearch {
  desde?: string;
  hasta?: string;
  divisa?: string;
  operacion?: 'compra' | 'venta';
  metodo?: string;
  operador?: string;
  tauser?: string;
  categoria?: string;
  estado?: EstadoTransaccion;
  agrupacion?: Agrupacion;
}

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const str = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined);
const when = <T extends string>(v: unknown, ok: (s: string) => boolean) => {
  const s = str(v);
  return s !== undefined && ok(s) ? (s as T) : undefined;
};

/** `validateSearch` of /reportes: malformed values are dropped (a shared link with `?divisa=abc` opens without that filter). */
export function reportesSearch(raw: Record<string, unknown>): ReportesSearch {
  const out: ReportesSearch = {
    desde: when(raw.desde, (s) => FECHA.test(s)),
    hasta: when(raw.hasta, (s) => FECHA.test(s)),
    divisa: when(raw.divisa, (s) => ID.test(s)),
    operacion: when<'compra' | 'venta'>(raw.operacion, (s) => s === 'compra' || s === 'venta'),
    metodo: when(raw.metodo, (s) => ID.test(s)),
    operador: when(raw.operador, (s) => ID.test(s)),
    tauser: when(raw.tauser, (s) => UUID.test(s)),
    categoria: when(raw.categoria, (s) => s.trim() !== '' && s.length <= 100),
    estado: when<EstadoTransaccion>(raw.estado, (s) => (ESTADOS as readonly string[]).includes(s)),
    agrupacion: when<Agrupacion>(raw.agrupacion, (s) => (AGRUPACIONES as readonly string[]).includes(s) && s !== 'dia'),
  };
  for (const k of Object.keys(out) as (keyof ReportesSearch)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/** The filters the procedures take, from the URL state. */
export function filtrosDe(s: ReportesSearch): ReporteFiltrosInput {
  return {
    fecha_desde: s.desde,
    fecha_hasta: s.hasta,
    divisa: s.divisa ? Number(s.divisa) : undefined,
    operacion: s.operacion,
    metodo: s.metodo ? Number(s.metodo) : undefined,
    operador: s.operador ? Number(s.operador) : undefined,
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
