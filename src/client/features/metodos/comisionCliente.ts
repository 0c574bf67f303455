/** 'es-PY' percentage, or the customer's 'no disponible' for a direction the method does not take. */
const pctCliente = (v: string | null) => (v == null ? 'no disponible' : `${v.replace('.', ',')}\u00a0%`);

/**
 * An instance's effective commissions in the customer's words, as the wizards put them: when the house
 * sells (`comision_efectiva.venta`, the method's cobro) the customer pays with the method ('Método de
 * Pago'); when the house buys (`compra`, the method's pago) the customer is paid through it ('Método
 * de Cobro'). "Al pagar 1,50 % · Al cobrar 1,00 %".
 */
export function comisionesDelCliente(c: { venta: string | null; compra: string | null }): string {
  return `Al pagar ${pctCliente(c.venta)} · Al cobrar ${pctCliente(c.compra)}`;
}
