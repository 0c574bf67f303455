import { minorUnits } from '../../../shared/money';
import { montoONull } from '../../../shared/montoEsPy';
import type { MetodosRespuesta } from '../../../shared/schemas/operaciones';

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
