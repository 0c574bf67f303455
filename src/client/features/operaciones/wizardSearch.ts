import type { MetodoElegido, Par } from './wizardRules';

/**
 * The operation wizard's state as it lives in the URL (`validateSearch` of /operacion-compra-venta):
 * the step, the currencies, the amount as typed, the method, the terminal and the created
 * transaction. Back and forward move between steps, a reload resumes, and a link to a step opens
 * it. Malformed values are dropped (the wizard then starts that part again).
 */
export interface OperacionSearch {
  paso?: number;
  origen?: number;
  destino?: number;
  monto?: string;
  /** `i<instancia>-<metodo>` (a saved instance) or `g<metodo>` (the generic method). */
  metodo?: string;
  tauser?: string;
  tx?: number;
  /** The link carried a `tx` that is no transaction id (the wizard says it found no such operation). */
  txInvalida?: true;
}

export interface EstadoWizard {
  paso: number;
  par: Par;
  monto: string;
  metodo: MetodoElegido;
  tauser: string | null;
  tx: number | null;
}

export const ESTADO_INICIAL: EstadoWizard = { paso: 1, par: { origen: '', destino: '' }, monto: '', metodo: null, tauser: null, tx: null };

const id = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function codificarMetodo(m: MetodoElegido): string | undefined {
  if (!m) return undefined;
  return m.tipo === 'instancia' ? `i${m.id}-${m.metodoId}` : `g${m.metodoId}`;
}

export function decodificarMetodo(v: string | undefined): MetodoElegido {
  const inst = v ? /^i([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(v) : null;
  if (inst) return { tipo: 'instancia', id: Number(inst[1]), metodoId: Number(inst[2]) };
  const gen = v ? /^g([1-9]\d{0,9})$/.exec(v) : null;
  return gen ? { tipo: 'generico', metodoId: Number(gen[1]) } : null;
}

export function validarOperacionSearch(raw: Record<string, unknown>): OperacionSearch {
  const out: OperacionSearch = {};
  const paso = id(raw.paso);
  if (paso && paso <= 5 && paso > 1) out.paso = paso;
  const origen = id(raw.origen);
  if (origen) out.origen = origen;
  const destino = id(raw.destino);
  if (destino) out.destino = destino;
  // the amount exactly as typed (the field says whether it reads); bounded, never parsed here
  if (typeof raw.monto === 'string' && raw.monto !== '' && raw.monto.length <= 40) out.monto = raw.monto;
  // a hand-written link's unquoted number arrives parsed: its text is read again by the amount field
  else if (typeof raw.monto === 'number' && Number.isFinite(raw.monto)) out.monto = String(raw.monto);
  if (typeof raw.metodo === 'string' && decodificarMetodo(raw.metodo)) out.metodo = raw.metodo;
  if (typeof raw.tauser === 'string' && UUID.test(raw.tauser)) out.tauser = raw.tauser.toLowerCase();
  const tx = id(raw.tx);
  if (tx) out.tx = tx;
  // (kept while the wizard rewrites the rest of its URL, until a new operation starts)
  else if (raw.tx !== undefined || raw.txInvalida === true || raw.txInvalida === 'true') out.txInvalida = true;
  return out;
}

/**
 * /simulacion-operacion keeps steps 1–3, the currencies, the amount and the method in its URL: no
 * terminal and no operation (a simulation stores nothing).
 */
export function validarSimulacionSearch(raw: Record<string, unknown>): OperacionSearch {
  const { paso, origen, destino, monto, metodo } = validarOperacionSearch(raw);
  const out: OperacionSearch = { origen, destino, monto, metodo };
  if (paso !== undefined && paso <= 3) out.paso = paso;
  for (const k of Object.keys(out) as (keyof OperacionSearch)[]) if (out[k] === undefined) delete out[k];
  return out;
}

export function desdeSearch(s: OperacionSearch): EstadoWizard {
  return {
    paso: s.paso ?? 1,
    par: { origen: s.origen ?? '', destino: s.destino ?? '' },
    monto: s.monto ?? '',
    metodo: decodificarMetodo(s.metodo),
    tauser: s.tauser ?? null,
    tx: s.tx ?? null,
  };
}

export function aSearch(e: EstadoWizard): OperacionSearch {
  const s: OperacionSearch = {};
  if (e.paso > 1) s.paso = e.paso;
  if (e.par.origen !== '') s.origen = e.par.origen;
  if (e.par.destino !== '') s.destino = e.par.destino;
  if (e.monto !== '') s.monto = e.monto;
  const m = codificarMetodo(e.metodo);
  if (m) s.metodo = m;
  if (e.tauser) s.tauser = e.tauser;
  if (e.tx) s.tx = e.tx;
  return s;
}
