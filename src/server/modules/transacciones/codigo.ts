import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread for one another: no 0/O, no 1/I. */
export const CODIGO_ALFABETO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODIGO_LARGO = 8;

/** A random code the customer presents at the terminal (32^8 ≈ 10^12 values, drawn with crypto). */
export function nuevoCodigo(): string {
  let s = '';
  for (let i = 0; i < CODIGO_LARGO; i++) s += CODIGO_ALFABETO[randomInt(CODIGO_ALFABETO.length)];
  return s;
}
