import type { OperacionCasa } from './pricing';
import { PricingError } from './pricing';

/** The generic method's side of the commission (spec 001 §3, metodos_financieros). */
export interface MetodoComisiones {
  nombre_display?: string;
  permite_cobro: boolean;
  permite_pago: boolean;
  comision_cobro_porcentaje: string;
  comision_pago_porcentaje: string;
}

/** A catalogue entry (bank, wallet platform, card brand) that may override the method's commission. */
export interface CatalogoComisiones {
  comision_compra: string;
  comision_venta: string;
  comision_personalizada_compra: boolean;
  comision_personalizada_venta: boolean;
}

export const MSG_METODO_NO_PERMITE_COBRO = 'El método seleccionado no permite cobros: no puede usarse para comprar divisas.';
export const MSG_METODO_NO_PERMITE_PAGO = 'El método seleccionado no permite pagos: no puede usarse para vender divisas.';

/** True when the method may be offered for that direction of the house (DESIGN §6). */
export const metodoPermite = (m: Pick<MetodoComisiones, 'permite_cobro' | 'permite_pago'>, operacionCasa: OperacionCasa) =>
  operacionCasa === 'venta' ? m.permite_cobro : m.permite_pago;

/**
 * The commission in percent (a decimal string) that a method instance charges for a direction
 * (DESIGN §6): when the house sells, it collects (cobro) and a catalogue with
 * `comision_personalizada_venta` set charges its `comision_venta`; when the house buys, it pays
 * (pago) and `comision_personalizada_compra` selects `comision_compra`. Otherwise the generic
 * method's percentage. A method that does not allow the direction throws PricingError.
 */
export function comisionMetodo(metodo: MetodoComisiones, catalogo: CatalogoComisiones | null | undefined, operacionCasa: OperacionCasa): string {
  if (!metodoPermite(metodo, operacionCasa)) {
    throw new PricingError(operacionCasa === 'venta' ? MSG_METODO_NO_PERMITE_COBRO : MSG_METODO_NO_PERMITE_PAGO);
  }
  if (operacionCasa === 'venta') {
    return catalogo?.comision_personalizada_venta ? catalogo.comision_venta : metodo.comision_cobro_porcentaje;
  }
  return catalogo?.comision_personalizada_compra ? catalogo.comision_compra : metodo.comision_pago_porcentaje;
}
