/**
 * es-PY display of decimal strings, without decimal.js (pages that only show figures stay light).
 * Intl.NumberFormat formats a decimal *string* exactly (ECMA-402 NumberFormat v3): the value never
 * goes through a float, and rounding to the shown decimals is half away from zero, as ROUND_HALF_UP
 * does for money (DESIGN §6).
 */

/** The decimals of a decimal string as written, trailing zeros included ("150.000" → 3, "7" → 0). */
export const decimalesEscritos = (v: string) => v.split('.')[1]?.length ?? 0;

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(minDecimals: number, maxDecimals: number): Intl.NumberFormat {
  const key = `${minDecimals}:${maxDecimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('es-PY', { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals, roundingMode: 'halfExpand' } as Intl.NumberFormatOptions);
    formatters.set(key, f);
  }
  return f;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

function formatDecimal(value: string, minDecimals: number, maxDecimals: number): string {
  if (!DECIMAL.test(value)) throw new Error(`Valor decimal inválido: "${value}"`);
  return formatter(minDecimals, maxDecimals).format(value as Intl.StringNumericLiteral);
}

/** es-PY amount with exactly `decimals` decimals: formatAmount("1234567.5", 2, "US$") -> "US$ 1.234.567,50". */
export function formatAmount(value: string, decimals: number, symbol?: string): string {
  const text = formatDecimal(value, decimals, decimals);
  return symbol ? `${symbol} ${text}` : text;
}

/** es-PY rate with up to `maxDecimals` decimals, trailing zeros dropped: "7455.1750" -> "7.455,175". */
export function formatRate(value: string, maxDecimals = 10, minDecimals = 0): string {
  return formatDecimal(value, Math.min(minDecimals, maxDecimals), maxDecimals);
}

/** The emoji flag of an ISO 3166-1 alpha-2 code ("US" → 🇺🇸); '' for anything else. */
export function flagEmoji(code: string | null | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** es-PY percentage with two decimals and a space before the sign: "1.5" → "1,50 %". */
export function formatPercent(value: string, decimals = 2): string {
  return `${formatDecimal(value, decimals, decimals)} %`;
}
