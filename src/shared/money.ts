import DecimalJs from 'decimal.js';
import { minorUnits } from './minorUnits';

/**
 * Dedicated Decimal constructor for all money arithmetic (DESIGN §6): 40 significant digits,
 * ROUND_HALF_UP. The exponent limits keep toString() in plain notation (never "1e+21").
 * Being a clone, its settings cannot be changed by other code configuring the global Decimal.
 */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
export type Decimal = InstanceType<typeof Decimal>;

export type DecimalLike = string | Decimal;

const CANONICAL = /^\d+(\.\d+)?$/;
const CANONICAL_SIGNED = /^-?\d+(\.\d+)?$/;
const USER_INPUT = /^(\d+)(?:[.,](\d+))?$/;

/** True for a plain decimal string with a point ("7300", "0.5"); no sign unless allowed, no exponent. */
export function isDecimalString(value: unknown, opts: { allowNegative?: boolean } = {}): value is string {
  return typeof value === 'string' && (opts.allowNegative ? CANONICAL_SIGNED : CANONICAL).test(value);
}

/** Builds a Decimal from a plain decimal string (see isDecimalString, sign allowed) or a Decimal. Throws on anything else. */
export function dec(value: DecimalLike): Decimal {
  if (typeof value === 'string') {
    if (!CANONICAL_SIGNED.test(value)) throw new Error(`Valor decimal inválido: "${value}"`);
    return new Decimal(value);
  }
  if (DecimalJs.isDecimal(value)) return new Decimal(value);
  throw new Error('Valor decimal inválido');
}

/**
 * Parses a user-typed non-negative amount: digits with at most one decimal separator, point or
 * comma ("7300,50" -> "7300.50"). Surrounding spaces are ignored. Anything else (thousands
 * separators, signs, exponents, empty) yields null.
 */
export function parseDecimalInput(input: string): string | null {
  const m = USER_INPUT.exec(input.trim());
  if (!m) return null;
  return m[2] === undefined ? m[1] : `${m[1]}.${m[2]}`;
}

// Minor units live apart (no decimal.js): the first page reads them without loading the arithmetic.
export { minorUnits };

/** Half-up rounding to exactly `places` decimals, as a string ("-0.00" is normalised to "0.00"). */
export function toFixedString(value: DecimalLike, places: number): string {
  const d = dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  return (d.isZero() ? new Decimal(0) : d).toFixed(places);
}

/** Rounds to the currency's minor unit: roundMinor("134.135", "USD") -> "134.14". */
export function roundMinor(amount: DecimalLike, codigo: string): string {
  return toFixedString(amount, minorUnits(codigo));
}

/**
 * A stored decimal ("48.5000", "300000000.50") as es-PY text for an input the user edits: the decimal
 * point becomes a comma and, with `trimZeros`, trailing zeros go ("48,5", "8000"). No thousands
 * separators: the inputs (parseDecimalInput) do not accept them. The inverse of parseDecimalInput.
 */
export function toInputDecimal(value: string, opts: { trimZeros?: boolean } = {}): string {
  const d = dec(value); // throws on anything but a plain decimal string
  return (opts.trimZeros ? d.toString() : value).replace('.', ',');
}

/** Rounds to 4 decimals, always printing 4: round4("7455.175") -> "7455.1750". */
export function round4(value: DecimalLike): string {
  return toFixedString(value, 4);
}


// Display lives in ./format (no decimal.js): re-exported so existing imports keep working.
export { decimalesEscritos, formatAmount, formatRate } from './format';
