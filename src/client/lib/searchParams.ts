import { parseSearchWith } from '@tanstack/react-router';

/**
 * One value of the URL's query as the app reads it: JSON where it is JSON (the router's default), but a
 * number whose text would change by reading it stays text. A hand-typed `?monto=1.500` is one thousand
 * five hundred to a Paraguayan, not 1.5; `?search=1.500` searches what was typed.
 */
export function leerValor(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return typeof value === 'number' && String(value) !== text ? text : value;
}

/** The router's `parseSearch`. */
export const parseSearch = parseSearchWith(leerValor);
