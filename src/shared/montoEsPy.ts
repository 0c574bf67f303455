import { formatRate } from './format';
import { MONTO_MAX_ENTEROS, MONTO_MSG } from './montoMsg';

/**
 * Amounts as people in Paraguay type them (es-PY): `.` groups thousands, `,` marks decimals
 * ("1.000.000", "1.000.000,50", "100,50"; plain "1000000" too). A text is read as exactly the
 * number its digits say or refused with the reason; it is never turned into another number.
 *
 * One reading beyond es-PY (docs/decisions.md): a single dot that cannot be a thousands separator
 * (not followed by exactly three digits, as in a pasted "1000000.50") is a decimal point. A single
 * dot followed by three digits ("1.000") is thousands when the field allows fewer than 3 decimals
 * (it cannot be 3 decimals there) and refused as ambiguous where 3 or more are allowed.
 *
 * Also accepted as pasted: spaces (also U+00A0, U+202F) grouping thousands ("1 500,50"; a dot or a
 * comma after them is the decimal mark), and the field's own currency symbol or code before or after
 * the figure ("US$ 1.500,50", "₲ 150.000", "1.500 USD"). Any other letter or sign is refused as before.
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
  /** Zero is a valid answer (a limit of ₲ 0 allows no operation). */
  cero?: boolean;
}

/**
 * Marks people write next to an amount, longest first, one row per currency (its code first, upper
 * case): the field's own are taken away before or after the figure. One short text (first-page budget).
 */
const MARCAS = 'PYG ₲ GS. GS|USD US$ U$S $|EUR €|BRL R$|ARS $|UYU $U $|CLP $';

// Nobody groups thousands behind a leading zero: "0.500" is never five hundred.
const MILES = /^[1-9]\d{0,2}(\.\d{3})+$/;
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
  // Three digits after the dot cannot be decimals where fewer than three are allowed: thousands.
  if (MILES.test(t)) return decimales < 3 ? { entero: ent + frac, fraccion: '' } : MONTO_TEXTO_MSG.ambiguo(t);
  return { entero: ent, fraccion: frac };
}

/**
 * Reads an amount typed in es-PY: the canonical decimal string ("1000000.5") when it is a positive
 * amount with at most `decimales` decimals and 15 integer digits, otherwise the reason in Spanish.
 * Pure; the same function runs in every amount field.
 */
export function leerMonto(texto: string, reglas: ReglasMonto): LecturaMonto {
  const c = reglas.cantidad;
  let t = texto.trim();
  const codigo = reglas.codigo?.trim().toUpperCase();
  // The field's own currency mark before or after the figure ("US$ 1.500,50", "1.500 USD") goes.
  if (codigo && !c) {
    for (const m of (MARCAS.split('|').find((f) => f.startsWith(codigo + ' ')) ?? codigo).split(' ')) {
      const u = t.toUpperCase();
      if (u.startsWith(m)) t = t.slice(m.length).trim();
      else if (u.endsWith(m)) t = t.slice(0, -m.length).trim();
    }
  }
  if (t === '') return error(c ? CANTIDAD_MSG.vacio : MONTO_TEXTO_MSG.vacio);
  if (/^[-−]/.test(t)) return error(c ? CANTIDAD_MSG.negativo : MONTO_TEXTO_MSG.negativo);
  if (/[eE][+-]?\d|^[\d.,]*[eE]$/.test(t)) return error(MONTO_TEXTO_MSG.exponente);
  // Spaces (JS \s: also U+00A0 and U+202F) grouping the integer digits by three are thousands.
  t = t.replace(/^[1-9]\d{0,2}(\s\d{3})+(?=$|[.,])/, (g) => g.replace(/\s/g, ''));
  if (/[^0-9.,]/.test(t)) return error(MONTO_TEXTO_MSG.caracteres);
  const p = partes(t, reglas.decimales);
  if (typeof p === 'string') return error(p);
  const { decimales } = reglas;
  if (p.fraccion.length > decimales) {
    const cod = reglas.codigo;
    if (decimales === 0) return error(c ? CANTIDAD_MSG.sinDecimales : cod ? MONTO_MSG.sinDecimales(cod) : MONTO_TEXTO_MSG.sinDecimales);
    return error(cod ? MONTO_MSG.decimales(cod, decimales) : MONTO_TEXTO_MSG.decimales(decimales));
  }
  // Canonical text of the same digits (no arithmetic: leading integer zeros and trailing decimal
  // zeros go), so this module stays free of decimal.js on the first page.
  const entero = p.entero.replace(/^0+(?=\d)/, '');
  const fraccion = p.fraccion.replace(/0+$/, '');
  if (/^0*$/.test(entero) && fraccion === '') return reglas.cero ? { ok: true, monto: '0' } : error(c ? CANTIDAD_MSG.positivo : MONTO_MSG.positivo);
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
