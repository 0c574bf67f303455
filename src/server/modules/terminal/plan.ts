import type { Db } from '../../db';
import { fieldError } from '../../lib/errors';
import { desglosar } from '../../../shared/desglose';
import { dec } from '../../../shared/money';
import { TERMINAL_MSG, type Entrega } from '../../../shared/schemas/terminal';
import type { TransaccionRow } from '../transacciones/transacciones.repository';
import { planEntrega, type DivisaNotas } from './payout';
import * as repo from './terminal.repository';

/** An operation's figures as the terminal plans them: what it pays out and what it takes in. */
export interface FigurasTerminal {
  tauserId: string;
  destino: { id: number; codigo: string };
  montoDestino: string;
  tasaAplicada: string;
  origen: { id: number; codigo: string };
  montoOrigen: string;
}

/** Notes a payment sets aside for its payout (transacciones.reserva). */
export type Reserva = { denominacion_id: number; cantidad: number }[];

/** The notes of one currency no other paid operation counts on. */
const notasDe = (stock: repo.StockRow[], divisaId: number, codigo: string, esBase: boolean): DivisaNotas => ({
  codigo,
  esBase,
  stock: stock.filter((r) => r.divisa_id === divisaId).map((r) => ({ denominacion: r.denominacion, disponibles: Math.max(0, r.cantidad - r.reservados) })),
});

/**
 * The terminal's payout plan for these figures (payout.ts) on the notes not reserved for other paid
 * operations (`excepto`: the operation planned, whose own reservation it may use), with the notes
 * it takes by denomination id; null when those notes cannot pay it.
 */
async function planear(db: Db, f: FigurasTerminal, excepto = 0): Promise<{ entrega: Entrega; reserva: Reserva } | null> {
  const base = await repo.baseDivisa(db);
  if (!base) return null;
  // One read of the terminal's stock serves both the foreign notes and the guaraní remainder.
  const stock = await repo.stockDeTauser(db, f.tauserId, excepto);
  const destino = notasDe(stock, f.destino.id, f.destino.codigo, f.destino.id === base.id);
  const pyg = notasDe(stock, base.id, base.codigo, true);
  const origenDens = (await repo.activeDenominaciones(db, f.origen.id)).map((d) => d.denominacion);
  const entrega = planEntrega(f.montoDestino, destino, pyg, f.tasaAplicada, { codigo: f.origen.codigo, monto: f.montoOrigen, denominaciones: origenDens });
  if (!entrega) return null;
  const id = (divisaId: number, valor: number) => stock.find((r) => r.divisa_id === divisaId && r.denominacion === valor)!.denominacion_id;
  const reserva = [
    ...entrega.notas.map((n) => ({ denominacion_id: id(f.destino.id, n.denominacion), cantidad: n.cantidad })),
    ...entrega.notas_pyg.map((n) => ({ denominacion_id: id(base.id, n.denominacion), cantidad: n.cantidad })),
  ];
  return { entrega, reserva };
}

const figurasDe = (row: TransaccionRow): FigurasTerminal => ({
  tauserId: row.tauser_id,
  destino: { id: row.divisa_destino_id, codigo: row.destino_codigo },
  montoDestino: row.monto_destino,
  tasaAplicada: row.tasa_aplicada,
  origen: { id: row.divisa_origen_id, codigo: row.origen_codigo },
  montoOrigen: row.monto_origen,
});

/** The plan of a stored transaction at its own Tauser (the kiosk's query and completion): its own reserved notes count as free. */
export const planDe = async (db: Db, row: TransaccionRow): Promise<Entrega | null> => (await planear(db, figurasDe(row), row.id))?.entrega ?? null;

/** Creation of a real operation: the chosen terminal's free notes must pay it now, as the kiosk would plan it (400 on tauser_id otherwise). */
export async function exigirTerminalPuedePagar(db: Db, f: FigurasTerminal): Promise<void> {
  if (!(await planear(db, f))) throw fieldError('tauser_id', TERMINAL_MSG.terminalNoPuedePagar);
}

/**
 * Payment: under the terminal's lock, the free notes must pay the payout, and the answer is what to
 * reserve for it, so that no later payment counts on the same notes (the kiosk pays the customer
 * who paid first). 400 on tauser_id when they cannot.
 */
export async function reservarPago(trx: Db, f: FigurasTerminal, transaccionId: number): Promise<Reserva> {
  await repo.lockTauser(trx, f.tauserId);
  const plan = await planear(trx, f, transaccionId);
  if (!plan) throw fieldError('tauser_id', TERMINAL_MSG.terminalNoPuedePagar);
  return plan.reserva;
}

/**
 * Foreign currency handed in at a terminal (the customer sells it): terminals take notes only, so
 * the amount must be a sum of the currency's active notes (400 on monto). Guaraníes are not
 * checked: the kiosk takes what is below the smallest note in coins. A currency without active
 * denominations is not checked either (see below).
 */
export async function exigirEntregableEnBilletes(db: Db, divisa: { id: number; codigo: string; simbolo: string }, monto: string): Promise<void> {
  const dens = [...new Set((await repo.activeDenominaciones(db, divisa.id)).map((d) => d.denominacion))].sort((a, b) => a - b);
  // A currency with no active notes has no note rule to apply: the kiosk takes it in as it pays it out
  // (payout.ts pays such a currency wholly in guaraníes), so only configured notes constrain the amount.
  if (dens.length === 0) return;
  const total = dec(monto);
  const formable = (n: number) => desglosar(n, dens.map((d) => ({ denominacion: d, disponibles: Math.floor(n / d) }))) !== null;
  if (total.isInteger() && formable(total.toNumber())) return;
  // A suggestion: the largest multiple of the smallest note below the amount, when the notes form it.
  const abajo = total.div(dens[0]).floor().times(dens[0]).toNumber();
  throw fieldError('monto', TERMINAL_MSG.montoEnBilletes(divisa.codigo, divisa.simbolo, dens, abajo > 0 && formable(abajo) ? abajo : null));
}
