import { decimalesEscritos, formatAmount, formatPercent, formatRate } from './format';
import type { TransaccionRecord } from './schemas/operaciones';
import type { Entrega } from './schemas/terminal';
import { nombreMedio } from './transacciones';

export const NOMBRE_CASA = 'Cambio · Casa de Cambios';

const fechaHora = new Intl.DateTimeFormat('es-PY', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Asuncion' });
/** "1.000.000 PYG", "134,14 USD": the code names the currency once (a $ alone is ARS, CLP or USD). */
const monto = (v: string, codigo: string) => `${formatAmount(v, decimalesEscritos(v))} ${codigo}`;

/**
 * The receipt's lines (label, value): the screen, the downloaded PDF and the PDF of the REST path
 * and the mail all show these. "Cliente" is the client operated for; "Realizada por" the signed-in
 * person who made the operation (a customer or staff), never called "Operador".
 */
/** An operation's rate as the receipt and the kiosk say it: guaraníes per unit of the foreign currency. */
export const tasaPorUnidad = (tasa: string, codigoExtranjera: string) => `₲ ${formatRate(tasa, 4)} por ${codigoExtranjera}`;

export function lineasComprobante(t: TransaccionRecord): [string, string][] {
  const entrega = (t.entrega ?? null) as Entrega | null;
  const lineas: [string, string][] = [
    ['Código', t.codigo],
    ['Estado', t.estado_display],
    ['Fecha y hora', `${fechaHora.format(new Date(t.fecha_inicio))} (hora de Paraguay)`],
  ];
  if (t.fecha_fin) lineas.push(['Finalizada', fechaHora.format(new Date(t.fecha_fin))]);
  lineas.push(
    ['Cliente', t.cliente_nombre],
    ['Realizada por', `${t.operador_detalle.first_name} ${t.operador_detalle.last_name}`.trim()],
    ['Terminal', `${t.tauser_detalle.codigo} · ${t.tauser_detalle.nombre}`],
    ['Operación del cliente', t.operacion === 'compra' ? 'Compra' : 'Venta'],
    ['Entrega', monto(t.monto_origen, t.divisa_origen_detalle.codigo)],
    ['Recibe', monto(t.monto_destino, t.divisa_destino_detalle.codigo)],
    ['Tasa aplicada', tasaPorUnidad(t.tasa_aplicada, t.operacion === 'compra' ? t.divisa_destino_detalle.codigo : t.divisa_origen_detalle.codigo)],
    ['Descuento por categoría', `${formatPercent(t.parametros.descuento_categoria)} del margen (${t.parametros.nombre_categoria})`],
    ['Comisión del método', `${formatPercent(t.parametros.comision_metodo)} (${t.metodo_financiero_detalle.nombre_display})`],
  );
  if (t.motivo) lineas.push(['Motivo', t.motivo]);
  if (entrega) {
    const notas = (ns: { denominacion: number; cantidad: number }[], cod: string) => ns.map((n) => `${n.cantidad} × ${cod} ${formatAmount(String(n.denominacion), 0)}`).join(', ');
    if (entrega.notas.length) lineas.push(['Billetes entregados', notas(entrega.notas, entrega.divisa)]);
    if (entrega.notas_pyg.length) lineas.push(['Resto en guaraníes', notas(entrega.notas_pyg, 'PYG')]);
    if (entrega.monedas_pyg !== '0') lineas.push(['Monedas', monto(entrega.monedas_pyg, 'PYG')]);
    // Guaraníes the method settled (guaraniesEnEfectivo): paid with it, or credited to it.
    if ((entrega.pyg_con_metodo ?? '0') !== '0') {
      const medio = nombreMedio(t.metodo_financiero_detalle.nombre_display, t.detalle_metodo_alias);
      lineas.push([t.operacion === 'compra' ? 'Pagado con' : 'Acreditado en', `${medio}: ${monto(entrega.pyg_con_metodo!, 'PYG')}`]);
    }
  }
  return lineas;
}

export const nombreArchivoComprobante = (t: Pick<TransaccionRecord, 'codigo'>) => `comprobante-${t.codigo}.pdf`;
