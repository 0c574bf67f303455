import { Decimal, isDecimalString, minorUnits, roundMinor, round4, toFixedString } from './money';
import { DomainError } from './domainError';
import { RATE_INT_DIGITS } from './rates';

/**
 * A pricing rule was violated; `message` is Spanish and can be shown to the user as is (answered 400).
 * A rule about the amount names the field (`{"monto": [message]}`), so a form shows it under the amount.
 */
export class PricingError extends DomainError {
  constructor(message: string, campo?: 'monto') {
    super('validation', message, campo ? { [campo]: [message] } : undefined);
    this.name = 'PricingError';
  }
}

export const MSG_BASE_REQUIRED = 'La operación debe involucrar siempre la divisa base como origen o destino.';
export const MSG_COMISION_MAYOR_PRECIO = 'La comisión no puede ser mayor al precio base.';
export const MSG_MONTO_POSITIVO = 'El monto debe ser mayor a cero.';
export const MSG_TASA_INVALIDA = 'La tasa de cambio resultante debe ser mayor a cero.';
export const MSG_MONTO_DESTINO_CERO = 'El monto es demasiado pequeño: el monto a recibir sería cero.';
/** Amounts stay below 10^15 on both sides: exact in a terminal's note count, in a spreadsheet and in JSON. */
export const MAX_ENTEROS_RESULTADO = 15;
/** The final rate is stored as numeric(20,4): a method's commission on the highest rates could pass it. */
export const MSG_TASA_FINAL_GRANDE = `La tasa resultante tendría más de ${RATE_INT_DIGITS} dígitos enteros: revise la cotización de la divisa.`;
export const MSG_MONTO_DESTINO_GRANDE = `El monto es demasiado grande: el monto a recibir tendría más de ${MAX_ENTEROS_RESULTADO} dígitos enteros.`;

export type OperacionCliente = 'compra' | 'venta';
export type OperacionCasa = 'venta' | 'compra';
export interface Direction {
  operacion_cliente: OperacionCliente;
  operacion_casa: OperacionCasa;
}

function num(value: string, campo: string): Decimal {
  if (!isDecimalString(value)) throw new PricingError(`El valor de ${campo} no es un número válido.`);
  return new Decimal(value);
}

function percent(value: string, campo: string): Decimal {
  const p = num(value, campo);
  if (p.gt(100)) throw new PricingError(`El valor de ${campo} debe estar entre 0 y 100.`);
  return p;
}

export interface QuoteInput {
  precioBase: string;
  comisionBaseCompra: string;
  comisionBaseVenta: string;
}

function quoteParts(q: QuoteInput): { p: Decimal; cc: Decimal; cv: Decimal } {
  const p = num(q.precioBase, 'precio base');
  const cc = num(q.comisionBaseCompra, 'comisión de compra');
  const cv = num(q.comisionBaseVenta, 'comisión de venta');
  if (p.isZero()) throw new PricingError('El precio base debe ser mayor a cero.');
  if (cc.gt(p)) throw new PricingError(MSG_COMISION_MAYOR_PRECIO);
  return { p, cc, cv };
}

/** tasaCompra = P − Cc (the house buys), tasaVenta = P + Cv (the house sells). Throws PricingError if Cc > P. */
export function quoteRates(q: QuoteInput): { tasaCompra: string; tasaVenta: string } {
  const { p, cc, cv } = quoteParts(q);
  return { tasaCompra: p.minus(cc).toString(), tasaVenta: p.plus(cv).toString() };
}

/** Origin is base → the client buys foreign currency; destination is base → the client sells it. */
export function operationDirection(origenEsBase: boolean, destinoEsBase: boolean): Direction {
  if (origenEsBase === destinoEsBase) throw new PricingError(MSG_BASE_REQUIRED);
  return origenEsBase
    ? { operacion_cliente: 'compra', operacion_casa: 'venta' }
    : { operacion_cliente: 'venta', operacion_casa: 'compra' };
}

export interface SimulateInput extends QuoteInput {
  /** Amount the client hands over: PYG when buying, foreign currency when selling. */
  monto: string;
  direction: OperacionCliente | Direction;
  /** Client category discount in percent ("0" for the public simulator). */
  descuento: string;
  /** Method commission in percent: cobro when the client buys, pago when the client sells. */
  comisionMetodo: string;
  /** Code of the currency the client receives (decides the rounding of monto_destino). */
  destinoCodigo: string;
}

/** DESIGN §6: tc_final with exactly 4 decimals, monto_destino in the destination's minor units. */
export function simulate(input: SimulateInput): { tc_final: string; monto_destino: string } {
  const monto = num(input.monto, 'monto');
  if (!monto.gt(0)) throw new PricingError(MSG_MONTO_POSITIVO, 'monto');
  const { p, cc, cv } = quoteParts(input);
  const d = percent(input.descuento, 'descuento');
  const c = percent(input.comisionMetodo, 'comisión del método');
  const op = typeof input.direction === 'string' ? input.direction : input.direction.operacion_cliente;
  const factorDescuento = new Decimal(1).minus(d.div(100));

  let tcFinal: string;
  let montoDestino: string;
  if (op === 'compra') {
    tcFinal = round4(p.plus(cv.times(factorDescuento)).times(new Decimal(1).plus(c.div(100))));
    if (!new Decimal(tcFinal).gt(0)) throw new PricingError(MSG_TASA_INVALIDA);
    if (new Decimal(tcFinal).gte(new Decimal(10).pow(RATE_INT_DIGITS))) throw new PricingError(MSG_TASA_FINAL_GRANDE);
    montoDestino = roundMinor(monto.div(tcFinal), input.destinoCodigo);
  } else {
    tcFinal = round4(p.minus(cc.times(factorDescuento)).times(new Decimal(1).minus(c.div(100))));
    if (!new Decimal(tcFinal).gt(0)) throw new PricingError(MSG_TASA_INVALIDA);
    montoDestino = roundMinor(monto.times(tcFinal), input.destinoCodigo);
  }
  // Half-up, but never more than what the house takes in is worth at the base price: on the smallest
  // amounts a rounded-up cent is a loss no spread covers (₲ 37 bought US$ 0,01, worth ₲ 73). Then
  // the result is rounded down, and an amount that buys nothing is refused below.
  const recibe = op === 'compra' ? monto.div(p) : monto.times(p);
  const places = minorUnits(input.destinoCodigo);
  if (new Decimal(montoDestino).gt(recibe)) montoDestino = recibe.toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed(places);
  if (new Decimal(montoDestino).isZero()) throw new PricingError(MSG_MONTO_DESTINO_CERO, 'monto');
  if (new Decimal(montoDestino).gte(new Decimal(10).pow(MAX_ENTEROS_RESULTADO))) throw new PricingError(MSG_MONTO_DESTINO_GRANDE, 'monto');
  return { tc_final: tcFinal, monto_destino: montoDestino };
}

/** Percentage change from oldRate to newRate, 4 decimals ("7300" → "7373": "1.0000"). */
export function deltaPct(oldRate: string, newRate: string): string {
  const o = num(oldRate, 'tasa anterior');
  const n = num(newRate, 'tasa actual');
  if (o.isZero()) throw new PricingError('La tasa anterior debe ser mayor a cero.');
  return toFixedString(n.minus(o).div(o).times(100), 4);
}
