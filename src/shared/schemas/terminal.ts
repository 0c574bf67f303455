import { z } from '../zod';
import { fromDigits, idParam, intId, requiredMultilineText, uuidParam } from './common';
import { text } from './fields';
import { montoField } from './operaciones';
import { formatAmount } from '../format';

/** Notes of one denomination a terminal may hold after a load (far above any real cassette; the column is a 32-bit integer). */
export const MAX_BILLETES = 1_000_000;

/** Spanish messages of the terminal side (issue 13: stock, processing, receipts). */
export const TERMINAL_MSG = {
  credencialesInvalidas: 'Código o clave del terminal incorrectos.',
  soloTerminal: 'Esta acción solo puede hacerla un terminal.',
  /** The kiosk's 401 and the sign-in of an inactive Tauser say why (the kiosk shows it on its activation screen). */
  terminalDesactivada: 'Este terminal está desactivado. Pedí al personal que lo active.',
  sesionClaveRotada: 'La clave de este terminal fue cambiada: activalo de nuevo con la clave nueva.',
  sesionRevocada: 'La clave de este terminal fue revocada y su sesión se cerró. Pedí al personal una clave nueva.',
  sesionDesactivada: 'Este terminal fue desactivado y su sesión se cerró: activalo de nuevo con su clave.',
  codigoNoCoincide: 'No coincide con el código de la ruta.',
  otroTauser: 'Esta transacción se debe procesar en otro terminal.',
  codigoNoExiste: 'No existe una transacción con ese código.',
  stockInsuficiente: 'El terminal no tiene billetes suficientes para pagar esta transacción. No insertes dinero; consultá al personal.',
  /** The same refusal once the customer pressed 'Ya inserté el dinero': "no insertes" would come too late. */
  stockInsuficienteAlCompletar: 'El terminal no tiene billetes suficientes para pagar esta transacción: no se completó. Consultá al personal.',
  /** Under any refusal of 'Ya inserté el dinero': the notes were not taken in. */
  retiraTuDinero: 'Retirá de la bandeja el dinero que insertaste: el terminal no lo tomó.',
  retiroExcede: 'No hay tantos billetes para retirar.',
  retiroReservado: (reservados: number, libres: number) =>
    `${reservados === 1 ? 'Un billete de esta denominación está reservado' : `${formatAmount(String(reservados), 0)} billetes de esta denominación están reservados`} para operaciones pagadas que se retiran en este terminal: se pueden retirar a lo sumo ${formatAmount(String(libres), 0)}.`,
  cargaExcede: 'Un terminal guarda a lo sumo 1.000.000 de billetes de cada denominación.',
  /** The notes an operation hands in would pass that ceiling. */
  noPuedeRecibir: 'El terminal elegido no puede recibir tantos billetes (guarda a lo sumo 1.000.000 de cada denominación). Elegí otro terminal o cambiá el monto.',
  noPuedeRecibirAlCompletar: 'El terminal no puede recibir tantos billetes: no se completó. Consultá al personal.',
  denominacionInvalida: 'La denominación no existe o no está activa.',
  cantidadInvalida: 'La cantidad debe ser un número entero entre 1 y 100000.',
  operacionInvalida: 'La operación debe ser "cargar" o "retirar".',
  // The stock form's own messages (the browser's bubbles spoke English).
  elegiBillete: 'Elegí un billete.',
  motivoRequerido: 'Escribí el motivo del movimiento.',
  terminalNoPuedePagar: 'El terminal elegido no tiene billetes suficientes para pagar esta operación. Elegí otro terminal o cambiá el monto.',
  montoEnBilletes: (codigo: string, simbolo: string, billetes: readonly number[], sugerido: number | null) => {
    const lista = billetes.map((b) => formatAmount(String(b), 0));
    const de = lista.length > 1 ? `${lista.slice(0, -1).join(', ')} o ${lista[lista.length - 1]}` : lista[0];
    const ejemplo = sugerido === null ? '' : ` Por ejemplo, ${formatAmount(String(sugerido), 0, simbolo)}.`;
    return `Los terminales reciben solo billetes: el monto en ${codigo} tiene que poder entregarse con billetes de ${simbolo} ${de}.${ejemplo}`;
  },
  // Toasts.
  stockActualizado: 'Stock actualizado',
  stockError: 'No se pudo actualizar el stock',
  secretoGenerado: 'Clave del terminal generada. Copiala ahora: no se volverá a mostrar.',
  secretoRevocado: 'Clave del terminal revocada',
  secretoError: 'No se pudo cambiar la clave del terminal',
  fallidaOk: 'Transacción marcada como fallida',
  fallidaError: 'No se pudo marcar la transacción como fallida',
  completada: 'Transacción completada. Retirá tu dinero y tu comprobante.',
} as const;

/** The kiosk's 401 by reason (`motivo` in the answer; server/trpc/context.ts terminalSesionCerrada). */
export const TERMINAL_SESION_MSG = {
  terminal_desactivada: TERMINAL_MSG.terminalDesactivada,
  clave_rotada: TERMINAL_MSG.sesionClaveRotada,
  sesion_revocada: TERMINAL_MSG.sesionRevocada,
  sesion_desactivada: TERMINAL_MSG.sesionDesactivada,
} as const;

export const terminalLoginInput = z.strictObject({
  codigo: text({ max: 20 }),
  secreto: text({ max: 200 }),
});

export const terminalInfo = z.object({ idTauser: z.string(), codigo: z.string(), nombre: z.string(), direccion: z.string(), ciudad: z.string() });
export const terminalLoginOutput = z.object({ token: z.string(), tauser: terminalInfo });

export const nota = z.object({ denominacion: z.number().int(), cantidad: z.number().int() });

/** What a completed transaction paid out (transacciones.entrega). */
export const entregaSchema = z.object({
  divisa: z.string(),
  notas: z.array(nota),
  resto_pyg: z.string(),
  notas_pyg: z.array(nota),
  /** Below the smallest guaraní note: paid in coins (not stock-tracked). */
  monedas_pyg: z.string(),
  recibidas: z.object({ divisa: z.string(), notas: z.array(nota), monedas: z.string() }),
  /**
   * Guaraníes settled through the operation's method instead of cash at the terminal (guaraniesEnEfectivo):
   * paid with it before (a purchase: nothing to hand in) or credited to it (a sale: no guaraní notes out).
   * "0" with EFECTIVO; absent in what terminals paid before the rule.
   */
  pyg_con_metodo: z.string().optional(),
});
export type Entrega = z.infer<typeof entregaSchema>;

/** An operation's code as people type it: any case, with the spaces or hyphens used to read it in groups. */
export const codigoLimpio = (c: string) => c.replace(/[\s-]/g, '').toUpperCase();
export const codigoInput = z.strictObject({ codigo: text({ max: 20 }).overwrite(codigoLimpio) });

/** The kiosk's view of a transaction: what to hand in and what will be paid out. */
export const terminalTransaccion = z.object({
  id: z.number().int(),
  codigo: z.string(),
  estado: z.string(),
  estado_display: z.string(),
  cliente_nombre: z.string(),
  entrega_cliente: z.object({ divisa: z.string(), simbolo: z.string(), monto: z.string() }),
  recibe_cliente: z.object({ divisa: z.string(), simbolo: z.string(), monto: z.string() }),
  tasa_aplicada: z.string(),
  /** The operation's method as the customer chose it ("Transferencia bancaria · Mi cuenta"). */
  metodo: z.string(),
  /**
   * A purchase whose guaraníes the customer paid with the method at the payment (guaraniesEnEfectivo):
   * nothing to hand in at the terminal. Known from the operation, with or without a plan.
   */
  ya_pagado: z.boolean(),
  puede_pagar: z.boolean(),
  plan: entregaSchema.nullable(),
});
export type TerminalTransaccion = z.infer<typeof terminalTransaccion>;

export const stockDenominacion = z.object({
  denominacion_id: z.number().int(),
  denominacion: z.number().int(),
  cantidad: z.number().int(),
  /** Of `cantidad`, notes set aside for paid operations still to be collected at this terminal. */
  reservados: z.number().int(),
  valor: z.string(),
  /** False for notes of a denomination or currency taken out of use: listed while the terminal holds them, to withdraw. */
  activa: z.boolean(),
});
export const stockDivisa = z.object({
  divisa_id: z.number().int(),
  codigo: z.string(),
  simbolo: z.string(),
  denominaciones: z.array(stockDenominacion),
  total: z.string(),
});
export const stockRespuesta = z.object({
  tauser: z.string(),
  tiene_secreto: z.boolean(),
  divisas: z.array(stockDivisa),
});
export type StockRespuesta = z.infer<typeof stockRespuesta>;

/** A count of notes: a number, or its digits as text ("10") as ids and denominations take them. */
const cantidadField = z.preprocess(
  fromDigits(6),
  z.number({ error: TERMINAL_MSG.cantidadInvalida }).int(TERMINAL_MSG.cantidadInvalida).min(1, TERMINAL_MSG.cantidadInvalida).max(100_000, TERMINAL_MSG.cantidadInvalida),
);

export const stockMovimientoBody = z.strictObject({
  denominacion_id: intId(TERMINAL_MSG.denominacionInvalida),
  operacion: z.enum(['cargar', 'retirar'], { error: TERMINAL_MSG.operacionInvalida }),
  cantidad: cantidadField,
  motivo: requiredMultilineText(500),
});
export type StockMovimientoBody = z.infer<typeof stockMovimientoBody>;

export const movimientoRecord = z.object({
  id: z.number().int(),
  denominacion_id: z.number().int(),
  divisa: z.string(),
  denominacion: z.number().int(),
  usuario: z.string().nullable(),
  transaccion_codigo: z.string().nullable(),
  antes: z.number().int(),
  despues: z.number().int(),
  motivo: z.string(),
  fecha: z.string(),
});
export type MovimientoRecord = z.infer<typeof movimientoRecord>;

export const tauserIdInput = z.object({ id: uuidParam });
export const secretoRespuesta = z.object({ codigo: z.string(), secreto: z.string() });

export const puedePagarInput = z.object({ divisa: idParam, monto: montoField });
export const puedePagarRow = z.object({ idTauser: z.string(), codigo: z.string(), nombre: z.string(), puede_pagar: z.boolean() });

export const fallarInput = z.strictObject({ id: idParam, motivo: requiredMultilineText(500) });
