/** Rate constants and the public table's messages, free of zod and decimal.js (the home page reads them). */

/** Decimals of every rate figure on the wire and in the database: "7300.0000". */
export const RATE_DECIMALS = 4;
/** Digits before the point a rate figure may have (numeric(20,4)). */
export const RATE_INT_DIGITS = 16;

/** Load-failure toasts of the rates screens (spec 001 §8). */
export const TASA_LOAD_MSG = {
  cargarError: 'Error al cargar cotizaciones',
  cargarError2: 'Error cargando cotizaciones',
} as const;
