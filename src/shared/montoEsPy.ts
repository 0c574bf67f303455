import { formatRate } from './format';
import { MONTO_MAX_ENTEROS, MONTO_MSG } from './montoMsg';

/**
 * Amounts as people in Paraguay type them (es-PY): `.` groups thousands, `,` marks decimals
 * ("1.000.000", "1.000.000,50", "100,50"; plain "1000000" too). A text is read as exactly the
 * number its digits say or refused with the reason; it is never turned into another number.
 *
 * One reading beyond es-PY (docs/decisions.md): a single dot that cannot be a thousands separator
 * (not followed by exactly three digits, as in a pasted "1000000.50") is a decimal point. A single
 * dot followed by three digits ("100.555") is thousands in a currency without decimals and refused
 * as ambiguous in one with decimals.
 */
export const MONTO_TEXTO_MSG = {
  vacio: 'Ingresá un monto.',
  negativo: 'El monto no puede ser negativo.',
  exponente: 'Escribí el monto completo, sin la letra «e» (por ejemplo 100000).',
  caracteres: 'Usá solo números, puntos para los miles y una coma para los decimales (por ejemplo 1.000.000,50).',
  unaComa: 'Usá una sola coma para los decimales.',
  puntoTrasComa: 'Después de la coma van solo los decimales, sin puntos.',
  miles: 'Los puntos de miles van cada tres cifras (por ejemplo 1.000.000).',
  ambiguo: (texto: string) =>
    `«${texto}» puede leerse como miles o como decimales: para decimales usá coma (${texto.replace('.', ',')}); para miles, escribilo sin punto (${texto.replace('.', '')}).`,
  sinDecimales: 'El valor no admite decimales.',
  decimales: (n: number) => `El valor admite como máximo ${n} decimales.`,
} as const;

/** The same field read as a count (notes of a Tauser's stock): its own words. */
export const CANTIDAD_MSG = {
  vacio: 'Ingresá una cantidad.',
  negativo: 'La cantidad no puede ser negativa.',
  positivo: 'La cantidad debe ser mayor a cero.',
  sinDecimales: 'La cantidad es un número entero.',
} as const;

export type LecturaMonto = { ok: true; monto: string } | { ok: false; error: string };

export interface ReglasMonto {
  /** Decimals the currency allows (ISO 4217 minor units: minorUnits(codigo)). */
  decimales: number;
  /** The currency's code, named in the messages. */
  codigo?: string;
  /** A count rather than an amount (whole, its own messages). */
  cantidad?: boolean;
}

const MILES = /^\d{1,3}(\.\d{3})+$/;
const DIGITOS = /^\d+$/;

const error = (e: string): LecturaMonto => ({ ok: false, error: e });

/** Splits the text into its integer digits (thousands dots removed) and its decimal digits, or the reason it cannot. */
function partes(t: string, decimales: number): { entero: string; fraccion: string } | string {
  const comas = t.split(',').length - 1;
  if (comas > 1) return MONTO_TEXTO_MSG.unaComa;
  if (comas === 1) {
    const [ent, frac] = t.split(',');
    if (frac.includes('.')) return MONTO_TEXTO_MSG.puntoTrasComa;
    if (ent === '') return MONTO_TEXTO_MSG.caracteres;
    if (!DIGITOS.test(ent) && !MILES.test(ent)) return MONTO_TEXTO_MSG.miles;
    return { entero: ent.replaceAll('.', ''), fraccion: frac };
  }
  const puntos = t.split('.').length - 1;
  if (puntos === 0) return { entero: t, fraccion: '' };
  if (puntos > 1) return MILES.test(t) ? { entero: t.replaceAll('.', ''), fraccion: '' } : MONTO_TEXTO_MSG.miles;
  const [ent, frac] = t.split('.');
  if (ent === '') return MONTO_TEXTO_MSG.caracteres;
  if (MILES.test(t)) return decimales === 0 ? { entero: ent + frac, fraccion: '' } : MONTO_TEXTO_MSG.ambiguo(t);
  return { entero: ent, fraccion: frac };
}

/**
 * Reads an amount typed in es-PY: the canonical decimal string ("1000000.5") when it is a positive
 * amount with at most `decimales` decimals and 15 integer digits, otherwise the reason in Spanish.
 * Pure; the same function runs in every amount field.
 */
export function leerMonto(texto: string, reglas: ReglasMonto): LecturaMonto {
  const t = texto.trim();
  const c = reglas.cantidad;
  if (t === '') return error(c ? CANTIDAD_MSG.vacio : MONTO_TEXTO_MSG.vacio);
  if (t.startsWith('-') || t.startsWith('−')) return error(c ? CANTIDAD_MSG.negativo : MONTO_TEXTO_MSG.negativo);
  if (/[eE]/.test(t)) return error(MONTO_TEXTO_MSG.exponente);
  if (/[^0-9.,]/.test(t)) return error(MONTO_TEXTO_MSG.caracteres);
  const p = partes(t, reglas.decimales);
  if (typeof p === 'string') return error(p);
  const { decimales, codigo } = reglas;
  if (p.fraccion.length > decimales) {
    if (decimales === 0) return error(c ? CANTIDAD_MSG.sinDecimales : codigo ? MONTO_MSG.sinDecimales(codigo) : MONTO_TEXTO_MSG.sinDecimales);
    return error(codigo ? MONTO_MSG.decimales(codigo, decimales) : MONTO_TEXTO_MSG.decimales(decimales));
  }
  // Canonical text of the same digits (no arithmetic: leading integer zeros and trailing decimal
  // zeros go), so this module stays free of decimal.js on the first page.
  const entero = p.entero.replace(/^0+(?=\d)/, '');
  const fraccion = p.fraccion.replace(/0+$/, '');
  if (/^0*$/.test(entero) && fraccion === '') return error(c ? CANTIDAD_MSG.positivo : MONTO_MSG.positivo);
  if (entero.length > MONTO_MAX_ENTEROS) return error(MONTO_MSG.grande);
  return { ok: true, monto: fraccion === '' ? entero : `${entero}.${fraccion}` };
}

/** The canonical amount, or null (the reason is the field's to show). */
export function montoONull(texto: string, reglas: ReglasMonto): string | null {
  const r = leerMonto(texto, reglas);
  return r.ok ? r.monto : null;
}

/**
 * A decimal string as es-PY text that leerMonto reads back to the same number, with at least the
 * currency's decimals (so a single thousands group is never ambiguous): ("1000000.5", 2) → "1.000.000,50".
 */
export function montoATexto(valor: string, decimales: number): string {
  return formatRate(valor, Math.max(20, decimales), decimales);
}
