/** ISO 4217 (list one, 2024) currencies whose minor unit is not 2. Funds codes included; metals have none. */
const MINOR_UNITS_NOT_2: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'].map((c) => [c, 0]),
  ),
  ...Object.fromEntries(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((c) => [c, 3])),
  CLF: 4,
  UYW: 4,
};

/**
 * ISO 4217 minor units: 0 for PYG, CLP, JPY, KRW, VND…; 3 for BHD, KWD, TND…; 4 for CLF and UYW;
 * 2 for every other code (USD, EUR, BRL, ARS, UYU, and codes ISO does not list).
 */
export function minorUnits(codigo: string): number {
  const code = codigo.trim().toUpperCase();
  return Object.hasOwn(MINOR_UNITS_NOT_2, code) ? MINOR_UNITS_NOT_2[code] : 2;
}

