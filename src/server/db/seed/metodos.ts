import type { Db } from '../index';

/**
 * The five generic methods (DESIGN §4): commissions in percent for collecting (cobro, the house
 * sells) and paying (pago, the house buys). Created when missing; staff edits survive restarts.
 */
export const METODOS_BASE = [
  { nombre: 'TRANSFERENCIA_BANCARIA', nombre_display: 'Transferencia bancaria', permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '1.50', comision_pago_porcentaje: '1.00' },
  { nombre: 'BILLETERA_DIGITAL', nombre_display: 'Billetera digital', permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '2.00', comision_pago_porcentaje: '1.50' },
  { nombre: 'TARJETA', nombre_display: 'Tarjeta', permite_cobro: true, permite_pago: false, comision_cobro_porcentaje: '3.50', comision_pago_porcentaje: '0.00' },
  { nombre: 'EFECTIVO', nombre_display: 'Efectivo', permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '0.00', comision_pago_porcentaje: '0.00' },
  { nombre: 'CHEQUE', nombre_display: 'Cheque', permite_cobro: true, permite_pago: false, comision_cobro_porcentaje: '2.50', comision_pago_porcentaje: '0.00' },
] as const;

export async function seedBaseMetodos(db: Db) {
  await db
    .insertInto('metodos_financieros')
    .values(METODOS_BASE.map((m) => ({ ...m })))
    .onConflict((oc) => oc.column('nombre').doNothing())
    .execute();
}
