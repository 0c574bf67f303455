import { desglosar, repartirPago, totalDesglose, type NotaEntregada, type StockNota } from '../../../shared/desglose';
import { Decimal, dec } from '../../../shared/money';
import type { Entrega } from '../../../shared/schemas/terminal';

export interface DivisaNotas {
  codigo: string;
  esBase: boolean;
  /** Active denominations with the notes the terminal holds. */
  stock: StockNota[];
}

const notaMinima = (stock: readonly StockNota[]) => (stock.length ? Math.min(...stock.map((s) => s.denominacion)) : 0);

/** A guaraní amount: whole multiples of the smallest note in notes (within stock), the rest in coins. */
function pagarPyg(monto: string, pyg: DivisaNotas): { notas: NotaEntregada[]; monedas: string } | null {
  const total = dec(monto);
  const min = notaMinima(pyg.stock);
  if (min === 0) return total.isZero() ? { notas: [], monedas: '0' } : { notas: [], monedas: total.toString() };
  const enNotas = total.div(min).floor().times(min);
  const notas = desglosar(enNotas.toNumber(), pyg.stock);
  if (!notas) return null;
  return { notas, monedas: total.minus(enNotas).toString() };
}

/**
 * What the terminal pays for `monto` of `destino` (DESIGN §7): a guaraní payout in notes (the part
 * below the smallest note in coins); a foreign one in its notes for the multiple of its smallest
 * note and the rest in guaraníes at the applied rate (repartirPago), at most what the customer paid for
 * it, itself paid as above. Null
 * when the stock cannot pay it. `recibidas`: the origin amount in the fewest notes (unbounded),
 * the part below the smallest note in coins. Without `pygEnEfectivo` (guaraniesEnEfectivo) the
 * guaraníes are the method's: a sale pays none out, a purchase takes none in (`pyg_con_metodo`).
 */
export function planEntrega(
  monto: string,
  destino: DivisaNotas,
  pyg: DivisaNotas,
  tasaAplicada: string,
  origen: { codigo: string; monto: string; denominaciones: number[] },
  pygEnEfectivo = true,
): Entrega | null {
  if (destino.esBase && !pygEnEfectivo) {
    return { divisa: destino.codigo, notas: [], resto_pyg: '0', notas_pyg: [], monedas_pyg: '0', recibidas: recibir(origen), pyg_con_metodo: dec(monto).toString() };
  }
  let notas: NotaEntregada[] = [];
  let restoPyg: string;
  if (destino.esBase) {
    restoPyg = dec(monto).toString();
  } else {
    const split = repartirPago(monto, notaMinima(destino.stock), tasaAplicada, false);
    const n = desglosar(split.enNotas, destino.stock);
    if (!n) return null;
    notas = n;
    // Never more guaraníes for the cents than the customer paid for them: the amount was rounded half-up
    // to the cent, so at the applied rate the cents can be worth up to half a cent more (decisions.md, "Money").
    const pagadoPorResto = Decimal.max(0, dec(origen.monto).minus(dec(String(split.enNotas)).times(tasaAplicada)).floor());
    restoPyg = Decimal.min(split.restoPyg, pagadoPorResto).toString();
  }
  const enPyg = pagarPyg(restoPyg, pyg);
  if (!enPyg) return null;
  return {
    divisa: destino.codigo,
    notas: destino.esBase ? enPyg.notas : notas,
    resto_pyg: destino.esBase ? '0' : restoPyg,
    notas_pyg: destino.esBase ? [] : enPyg.notas,
    monedas_pyg: enPyg.monedas,
    recibidas: pygEnEfectivo ? recibir(origen) : { divisa: origen.codigo, notas: [], monedas: '0' },
    pyg_con_metodo: pygEnEfectivo ? '0' : dec(origen.monto).toString(),
  };
}

function recibir(origen: { codigo: string; monto: string; denominaciones: number[] }) {
  const total = dec(origen.monto);
  const min = origen.denominaciones.length ? Math.min(...origen.denominaciones) : 0;
  if (min === 0) return { divisa: origen.codigo, notas: [], monedas: total.toString() };
  const enNotas = total.div(min).floor().times(min).toNumber();
  const stock = origen.denominaciones.map((d) => ({ denominacion: d, disponibles: Math.floor(enNotas / d) }));
  const notas = desglosar(enNotas, stock) ?? [];
  return { divisa: origen.codigo, notas, monedas: total.minus(totalDesglose(notas)).toString() };
}
