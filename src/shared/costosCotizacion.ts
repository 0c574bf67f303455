import { Decimal } from './money';

export interface PartesCotizacion {
  operacion_cliente: 'compra' | 'venta';
  monto_origen: string;
  monto_destino: string;
  parametros: { precio_base: string; comision_base: string; descuento_categoria: string; comision_metodo: string };
}

/**
 * What the category discount saves and the method commission costs, in guaraníes (whole), for a
 * quote (DESIGN §6): per unit of foreign currency the discount is `comision_base · d/100` and the
 * commission `(P ± comision_base·(1 − d/100)) · c/100`, times the foreign amount. Shown beside
 * the percentages; the final rate (rounded to 4 decimals) stays the figure that counts.
 */
export function costosEnGuaranies(r: PartesCotizacion): { descuento: string; comision: string } {
  const p = r.parametros;
  const compra = r.operacion_cliente === 'compra';
  const extranjera = new Decimal(compra ? r.monto_destino : r.monto_origen);
  const margen = new Decimal(p.comision_base);
  const d = new Decimal(p.descuento_categoria).div(100);
  const sinMetodo = compra ? new Decimal(p.precio_base).plus(margen.times(new Decimal(1).minus(d))) : new Decimal(p.precio_base).minus(margen.times(new Decimal(1).minus(d)));
  const redondo = (v: Decimal) => v.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);
  return {
    descuento: redondo(extranjera.times(margen).times(d)),
    comision: redondo(extranjera.times(sinMetodo).times(new Decimal(p.comision_metodo).div(100))),
  };
}
