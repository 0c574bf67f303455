import { parteEnNotas, sinTope, type NotaEntregada, type StockNota } from '../../../shared/desglose';
import { Decimal, dec, roundMinor } from '../../../shared/money';
import type { Entrega } from '../../../shared/schemas/terminal';

export interface DivisaNotas {
  codigo: string;
  esBase: boolean;
  /** Active denominations with the notes the terminal holds. */
  stock: StockNota[];
}

const notaMinima = (stock: readonly StockNota[]) => (stock.length ? Math.min(...stock.map((s) => s.denominacion)) : 0);

/** A guaraní amount: notes within stock for all but what is below the smallest note (parteEnNotas), that in coins. */
function pagarPyg(monto: string, pyg: DivisaNotas): { notas: NotaEntregada[]; monedas: string } | null {
  const parte = parteEnNotas(monto, pyg.stock, notaMinima(pyg.stock));
  if (!parte) return null;
  return { notas: parte.notas, monedas: dec(monto).minus(parte.enNotas).toString() };
}

/**
 * What the terminal pays for `monto` of `destino` (DESIGN §7): a guaraní payout in notes (the part
 * below the smallest note in coins); a foreign one in its notes for all but what is below its smallest
 * note (parteEnNotas) and that rest in guaraníes at the applied rate, half-up, at most what the customer
 * paid for it, itself paid as above. Null when the stock cannot pay it. `recibidas`: the origin amount
 * in the fewest notes (unbounded), the part below the smallest note in coins. Without `pygEnEfectivo` (guaraniesEnEfectivo) the
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
    const parte = parteEnNotas(monto, destino.stock, notaMinima(destino.stock));
    if (!parte) return null;
    notas = parte.notas;
    const alaTasa = roundMinor(dec(monto).minus(parte.enNotas).times(tasaAplicada), 'PYG');
    // Never more guaraníes for the cents than the customer paid for them: the amount was rounded half-up
    // to the cent, so at the applied rate the cents can be worth up to half a cent more (decisions.md, "Money").
    const pagadoPorResto = Decimal.max(0, dec(origen.monto).minus(dec(String(parte.enNotas)).times(tasaAplicada)).floor());
    restoPyg = Decimal.min(alaTasa, pagadoPorResto).toString();
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

/** Money taken in: the amount as the fewest notes of the currency (any number of each), the part below the smallest note as coins. */
function recibir(origen: { codigo: string; monto: string; denominaciones: number[] }) {
  const total = dec(origen.monto);
  const min = origen.denominaciones.length ? Math.min(...origen.denominaciones) : 0;
  // Never null: unbounded notes always form the multiple of the smallest one.
  const parte = parteEnNotas(origen.monto, sinTope(origen.denominaciones, total.floor().toNumber()), min) ?? { enNotas: 0, notas: [] };
  return { divisa: origen.codigo, notas: parte.notas, monedas: total.minus(parte.enNotas).toString() };
}
