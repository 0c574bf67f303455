import { Decimal, minorUnits } from '../../../shared/money';
import { formatAmount } from '../../../shared/format';
import { OP_MSG, guaraniesEnEfectivo } from '../../../shared/transacciones';
import type { Cupo } from '../../../shared/schemas/operaciones';
import { montoONull } from '../../../shared/montoEsPy';
import type { MetodosRespuesta } from '../../../shared/schemas/operaciones';
import { vencimientoTexto } from '../../../shared/schemas/metodos';

/** A currency as the wizards' selects offer it. */
export interface DivisaOpcion {
  id: number;
  codigo: string;
  nombre: string;
  simbolo: string;
  es_base: boolean;
}

export interface Par {
  origen: number | '';
  destino: number | '';
}

/**
 * Choosing a currency on one side (spec 001 §4): a foreign currency puts the base on the other side;
 * choosing the base while the other side is the base too moves the other side to the first foreign one.
 */
export function elegirDivisa(par: Par, lado: 'origen' | 'destino', id: number | '', divisas: DivisaOpcion[]): Par {
  const otroLado = lado === 'origen' ? 'destino' : 'origen';
  const next: Par = { ...par, [lado]: id };
  const elegida = divisas.find((d) => d.id === id);
  const base = divisas.find((d) => d.es_base);
  if (!elegida || !base) return next;
  if (!elegida.es_base) next[otroLado] = base.id;
  else if (par[otroLado] === base.id) next[otroLado] = divisas.find((d) => !d.es_base)?.id ?? '';
  return next;
}

/** The amount typed (es-PY) in the origin currency, as a canonical decimal string, or null. */
export function montoValido(monto: string, codigoOrigen: string | undefined): string | null {
  return codigoOrigen ? montoONull(monto, { decimales: minorUnits(codigoOrigen), codigo: codigoOrigen }) : null;
}

/** Step 1's Continuar (spec 001 §2): origin ≠ destination, an amount the origin currency admits and a client. */
export function puedeContinuarPaso1(par: Par, monto: string, hayCliente: boolean, codigoOrigen: string | undefined): boolean {
  return par.origen !== '' && par.destino !== '' && par.origen !== par.destino && montoValido(monto, codigoOrigen) !== null && hayCliente;
}

/** The chosen method: a saved instance or the generic method of a type (never both). */
export type MetodoElegido = { tipo: 'instancia'; id: number; metodoId: number } | { tipo: 'generico'; metodoId: number } | null;

/**
 * Whether the terminal pays the payout in cash: a foreign currency always, guaraníes only with
 * EFECTIVO (otherwise they are credited to the method). Unknown while the methods load: cash.
 */
export function pagoEnEfectivo(destinoEsBase: boolean, metodo: MetodoElegido, metodos: MetodosRespuesta['metodos'] | undefined): boolean {
  if (!destinoEsBase || !metodo || !metodos) return true;
  const grupo = Object.values(metodos).find((g) => g.metodo_financiero.id === metodo.metodoId);
  return !grupo || guaraniesEnEfectivo(grupo.metodo_financiero.nombre);
}

/** When methods load: the first group's first instance, otherwise its generic method (spec 001 §4). */
export function metodoInicial(metodos: MetodosRespuesta['metodos']): MetodoElegido {
  const primero = Object.values(metodos)[0];
  if (!primero) return null;
  const inst = primero.instancias[0];
  if (inst) return { tipo: 'instancia', id: inst.id, metodoId: primero.metodo_financiero.id };
  if (primero.permite_generico) return { tipo: 'generico', metodoId: primero.metodo_financiero.id };
  return null;
}

/** The simulation/creation payload's method fields. */
export function camposMetodo(m: MetodoElegido): { detalle_metodo_id?: number; metodo_id?: number } {
  if (!m) return {};
  return m.tipo === 'instancia' ? { detalle_metodo_id: m.id } : { metodo_id: m.metodoId };
}

/**
 * The direction's label (spec 001 §4), from the house's side: the house sells (venta: the client buys
 * currency and pays) → 'Método de Pago'; the house buys (the client sells and is paid) → 'Método de Cobro'.
 */
export function etiquetaDireccion(operacionCasa: 'compra' | 'venta' | undefined): string {
  if (operacionCasa === 'venta') return 'Método de Pago';
  if (operacionCasa === 'compra') return 'Método de Cobro';
  return 'Método Financiero';
}

/** Decimals shown for an amount in a currency (ISO 4217 minor units). */
export const decimalesDe = (codigo: string) => minorUnits(codigo);

/**
 * The limit an amount would pass (the server's own words, spec 001 §6), from the client's `cupo`:
 * `montoPyg` is the guaraní side (the amount itself when paying in guaraníes, the quote's result
 * when selling currency). Null when within the limits or not yet known.
 */
export function excesoDeCupo(montoPyg: string | null | undefined, cupo: Pick<Cupo, 'disponible_diario' | 'disponible_mensual'> | undefined): string | null {
  if (!montoPyg || !cupo) return null;
  const v = new Decimal(montoPyg);
  if (cupo.disponible_diario !== null && v.gt(cupo.disponible_diario)) return OP_MSG.limiteDiario(formatAmount(cupo.disponible_diario, 0, '₲'));
  if (cupo.disponible_mensual !== null && v.gt(cupo.disponible_mensual)) return OP_MSG.limiteMensual(formatAmount(cupo.disponible_mensual, 0, '₲'));
  return null;
}

/** Where a refusal of the server belongs: under the amount (step 1), on the method step, or as a banner on the step it came from. */
export type LugarRechazo = { paso: 1; campo: 'monto' } | { paso: 2 | 3 | 5; campo?: undefined };

export function ubicarRechazo(
  r: { fields?: Record<string, string[]>; extra?: Record<string, unknown> },
  pasoActual: 3 | 5,
): LugarRechazo {
  const f = r.fields ?? {};
  if (f.monto || r.extra?.limite) return pasoActual === 3 ? { paso: 1, campo: 'monto' } : { paso: 5 };
  if (pasoActual === 3 && (f.divisa_origen || f.divisa_destino)) return { paso: 1, campo: 'monto' };
  if (pasoActual === 3 && (f.detalle_metodo_id || f.metodo_id)) return { paso: 2 };
  return { paso: pasoActual };
}

type Instancia = MetodosRespuesta['metodos'][string]['instancias'][number];

/** One line of an instance's details (spec 001 §3: only the last 4 of an account number are shown). */
export function resumenInstancia(i: Instancia): string {
  const d = i.detalles;
  const s = (k: string) => (d[k] === null || d[k] === undefined || d[k] === '' ? null : String(d[k]));
  switch (i.tipo_especifico) {
    case 'cuenta_bancaria':
      return [s('banco_nombre'), s('titular'), s('cbu_cvu') && `•••• ${String(s('cbu_cvu')).slice(-4)}`].filter(Boolean).join(' · ');
    case 'billetera_digital':
      return [s('plataforma_nombre'), s('usuario_id') ?? s('email'), s('telefono')].filter(Boolean).join(' · ');
    default:
      return [s('marca_nombre') ?? s('brand'), s('last4') && `•••• ${s('last4')}`, s('titular'), s('exp_month') && vencimientoTexto(s('exp_month')!, s('exp_year') ?? '')]
        .filter(Boolean)
        .join(' · ');
  }
}
