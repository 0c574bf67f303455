import type { Db } from '../../db';
import { fieldError } from '../../lib/errors';
import { parteEnNotas, sinTope } from '../../../shared/desglose';
import { dec } from '../../../shared/money';
import { MAX_BILLETES, TERMINAL_MSG, type Entrega } from '../../../shared/schemas/terminal';
import { OP_MSG, guaraniesEnEfectivo } from '../../../shared/transacciones';
import type { TransaccionRow } from '../transacciones/transacciones.repository';
import { planEntrega, type DivisaNotas } from './payout';
import * as repo from './terminal.repository';

/** An operation's figures as the terminal plans them: what it pays out and what it takes in. */
export interface FigurasTerminal {
  tauserId: string;
  /** Every operation is guaraníes against a foreign currency: the destination is the base when the customer sells. */
  destino: { id: number; codigo: string; es_base: boolean };
  montoDestino: string;
  tasaAplicada: string;
  origen: { id: number; codigo: string };
  montoOrigen: string;
  /** The method's name: the guaraníes are cash at the terminal only with EFECTIVO (guaraniesEnEfectivo). */
  metodo: string;
}

/** Notes a payment sets aside for its payout (transacciones.reserva). */
export type Reserva = { denominacion_id: number; cantidad: number }[];

export interface Plan {
  entrega: Entrega;
  /** The notes paid out, by denomination id. */
  reserva: Reserva;
  /** The notes taken in, by denomination id. */
  recibidas: Reserva;
  /** Taking them in would leave a denomination above MAX_BILLETES (the stock's ceiling, an integer column). */
  desborda: boolean;
}

/** Notes no other paid operation counts on. */
const libres = (rows: repo.StockRow[]) => rows.map((r) => ({ denominacion: r.denominacion, disponibles: Math.max(0, r.cantidad - r.reservados) }));

/**
 * The terminal's payout plan for these figures (payout.ts) on the notes not reserved for other paid
 * operations (`excepto`: the operation planned, whose own reservation it may use), with the notes
 * it takes by denomination id; null when those notes cannot pay it. One read: the terminal's stock
 * of every active note (the guaraníes are the base's rows, the notes taken in the origin's).
 */
async function planear(db: Db, f: FigurasTerminal, excepto = 0): Promise<Plan | null> {
  const stock = await repo.stockDeTauser(db, f.tauserId, excepto);
  const pygRows = stock.filter((r) => r.es_base);
  const destinoRows = f.destino.es_base ? pygRows : stock.filter((r) => r.divisa_id === f.destino.id);
  const destino: DivisaNotas = { codigo: f.destino.codigo, esBase: f.destino.es_base, stock: libres(destinoRows) };
  const pyg: DivisaNotas = { codigo: pygRows[0]?.codigo ?? '', esBase: true, stock: libres(pygRows) };
  const origenRows = stock.filter((r) => r.divisa_id === f.origen.id);
  const origen = { codigo: f.origen.codigo, monto: f.montoOrigen, denominaciones: origenRows.map((r) => r.denominacion) };
  const entrega = planEntrega(f.montoDestino, destino, pyg, f.tasaAplicada, origen, guaraniesEnEfectivo(f.metodo));
  if (!entrega) return null;
  const id = (rows: repo.StockRow[], valor: number) => rows.find((r) => r.denominacion === valor)!.denominacion_id;
  const reserva = [
    ...entrega.notas.map((n) => ({ denominacion_id: id(destinoRows, n.denominacion), cantidad: n.cantidad })),
    ...entrega.notas_pyg.map((n) => ({ denominacion_id: id(pygRows, n.denominacion), cantidad: n.cantidad })),
  ];
  const recibidas = entrega.recibidas.notas.map((n) => ({ denominacion_id: id(origenRows, n.denominacion), cantidad: n.cantidad }));
  const desborda = recibidas.some((r) => origenRows.find((s) => s.denominacion_id === r.denominacion_id)!.cantidad + r.cantidad > MAX_BILLETES);
  return { entrega, reserva, recibidas, desborda };
}

/**
 * The method the terminal applies to a paid operation. One paid before payments reserved notes (no
 * `reserva`) was told to hand over or collect its guaraníes in cash, whatever its method: it keeps that.
 */
export const metodoEnTerminal = (row: Pick<TransaccionRow, 'reserva' | 'metodo_nombre'>) => (row.reserva === null ? 'EFECTIVO' : row.metodo_nombre);

const figurasDe = (row: TransaccionRow): FigurasTerminal => ({
  tauserId: row.tauser_id,
  destino: { id: row.divisa_destino_id, codigo: row.destino_codigo, es_base: row.operacion_cliente === 'venta' },
  montoDestino: row.monto_destino,
  tasaAplicada: row.tasa_aplicada,
  origen: { id: row.divisa_origen_id, codigo: row.origen_codigo },
  montoOrigen: row.monto_origen,
  metodo: metodoEnTerminal(row),
});

/** The part of a payment's plan stored beside its reservation (transacciones.plan_pago). */
export type PlanPago = Pick<Plan, 'entrega' | 'recibidas'>;

/**
 * The plan of a stored transaction at its own Tauser (the kiosk's query and completion): the one its
 * payment made and reserved notes for, so a note brought into use since changes nothing the customer
 * was promised; for one paid before payments stored it, planned now, its own reserved notes free.
 */
export const planDe = async (db: Db, row: TransaccionRow): Promise<Plan | null> => {
  const pagado = row.plan_pago as PlanPago | null;
  if (!pagado || !row.reserva) return planear(db, figurasDe(row), row.id);
  const reserva = row.reserva as Reserva;
  // Its notes are set aside, but a jam or a count found short can still leave the terminal without them.
  const stock = await repo.stockDeTauser(db, row.tauser_id, row.id);
  const libre = (id: number) => {
    const s = stock.find((r) => r.denominacion_id === id);
    return s ? s.cantidad - s.reservados : 0;
  };
  return reserva.every((n) => libre(n.denominacion_id) >= n.cantidad) ? { ...pagado, reserva, desborda: false } : null;
};

/** Creation of a real operation: the chosen terminal's free notes must pay it now, as the kiosk would plan it (400 on tauser_id otherwise). */
export async function exigirTerminalPuedePagar(db: Db, f: FigurasTerminal): Promise<void> {
  const plan = await planear(db, f);
  if (!plan) throw fieldError('tauser_id', TERMINAL_MSG.terminalNoPuedePagar);
  if (plan.desborda) throw fieldError('tauser_id', TERMINAL_MSG.noPuedeRecibir);
}

/**
 * Payment: under the terminal's lock, the free notes must pay the payout, and the answer is what to
 * reserve for it, so that no later payment counts on the same notes (the kiosk pays the customer
 * who paid first). 400 on tauser_id when they cannot.
 */
export async function reservarPago(trx: Db, f: FigurasTerminal, transaccionId: number): Promise<Plan> {
  // Read under the lock: a deactivation that committed since the terminal was checked is seen here.
  if (!(await repo.lockTauser(trx, f.tauserId))?.is_active) throw fieldError('tauser_id', OP_MSG.tauserInvalido);
  const plan = await planear(trx, f, transaccionId);
  if (!plan) throw fieldError('tauser_id', TERMINAL_MSG.terminalNoPuedePagar);
  if (plan.desborda) throw fieldError('tauser_id', TERMINAL_MSG.noPuedeRecibir);
  return plan;
}

type DivisaEntregada = { id: number; codigo: string; simbolo: string };

/**
 * Why a foreign amount cannot be handed in at a terminal (the customer sells it), or null when it can:
 * terminals take notes only, so the amount must be a sum of the currency's active notes. A currency
 * without active denominations has no note rule to apply: the kiosk takes it in as it pays it out
 * (payout.ts pays such a currency wholly in guaraníes).
 */
export async function motivoNoEntregable(db: Db, divisa: DivisaEntregada, monto: string): Promise<string | null> {
  const dens = [...new Set((await repo.activeDenominaciones(db, divisa.id)).map((d) => d.denominacion))].sort((a, b) => a - b);
  if (dens.length === 0) return null;
  const total = dec(monto);
  const entero = total.floor().toNumber();
  // A suggestion: the largest amount below it the notes form (R$ 17 for R$ 17,50: 10 + 5 + 2).
  const abajo = parteEnNotas(monto, sinTope(dens, entero), dens[0])?.enNotas ?? 0;
  if (total.isInteger() && abajo === entero) return null;
  return TERMINAL_MSG.montoEnBilletes(divisa.codigo, divisa.simbolo, dens, abajo > 0 ? abajo : null);
}

/** An operation's foreign amount must be one the terminal takes in (400 on monto). Guaraníes are not checked: coins. */
export async function exigirEntregableEnBilletes(db: Db, divisa: DivisaEntregada, monto: string): Promise<void> {
  const motivo = await motivoNoEntregable(db, divisa, monto);
  if (motivo) throw fieldError('monto', motivo);
}
