import { createHash } from 'node:crypto';
import type { Db } from '../../db';
import { inTrx, type ServiceCtx } from '../../lib/context';
import { audit } from '../../lib/audit';
import { badRequest, conflict, fieldError, forbidden, invalidTransition, notFound, rateChanged, validation } from '../../lib/errors';
import { mapPage, paginateStatement } from '../../lib/pagination';
import { can } from '../../lib/permissions';
import { Decimal, formatAmount, formatRate } from '../../../shared/money';
import { deltaPct } from '../../../shared/pricing';
import { P } from '../../../shared/permissions';
import {
  ESTADO_LABEL, IDEMPOTENCY_KEY, OP_MSG, mensajeCambioMientras, mensajeTransicion, puedeTransicionar, type EstadoTransaccion, type Transicion,
} from '../../../shared/transacciones';
import { FECHAS_MSG, type CrearTransaccionInput, type Reconfirmacion, type TransaccionRecord } from '../../../shared/schemas/operaciones';
import { isAssigned } from '../clientes/clientes.repository';
import { shareLockDivisas } from '../divisas/divisas.repository';
import { clienteOperable, cotizar, cotizarParams, type ClienteOperable, type Cotizacion } from '../simulacion/simulacion.service';
import { exigirEntregableEnBilletes, exigirTerminalPuedePagar, reservarPago, type FigurasTerminal, type PlanPago } from '../terminal/plan';
import { nuevoCodigo } from './codigo';
import type { TransaccionListQuery } from './transacciones.router';
import {
  asociarClave, expirarSiVencida, findClave, findTransaccion, insertarTransaccion, lockClienteConLimites, pageQuery, paginaDeTransacciones,
  reservarClave, transicionar, usadoPyg, type NuevaTransaccion, type TransaccionFilters, type TransaccionRow,
} from './transacciones.repository';

const ENTITY = 'transaccion';

/** What the transport adds: the business time zone of the limits, and the create call's Idempotency-Key. */
export interface OpOptions {
  tz: string;
  idempotencyKey?: string;
}

const iso = (d: unknown) => new Date(d as Date | string).toISOString();

export function toRecord(r: TransaccionRow): TransaccionRecord {
  const estado = r.estado as EstadoTransaccion;
  return {
    id: r.id,
    codigo: r.codigo,
    cliente_id: r.cliente_id,
    cliente_nombre: r.cliente_nombre,
    fecha_inicio: iso(r.fecha_inicio),
    expira_en: iso(r.expira_en),
    fecha_pago: r.fecha_pago ? iso(r.fecha_pago) : null,
    fecha_fin: r.fecha_fin ? iso(r.fecha_fin) : null,
    operacion: r.operacion_cliente,
    operacion_casa: r.operacion_cliente === 'compra' ? 'venta' : 'compra',
    tasa_aplicada: r.tasa_aplicada,
    tasa_inicial: r.tasa_inicial,
    monto_origen: r.monto_origen,
    monto_destino: r.monto_destino,
    monto_destino_inicial: r.monto_destino_inicial,
    monto_pyg: r.monto_pyg,
    divisa_origen: r.divisa_origen_id,
    divisa_destino: r.divisa_destino_id,
    divisa_origen_detalle: { id: r.divisa_origen_id, codigo: r.origen_codigo, simbolo: r.origen_simbolo },
    divisa_destino_detalle: { id: r.divisa_destino_id, codigo: r.destino_codigo, simbolo: r.destino_simbolo },
    tauser: r.tauser_id,
    tauser_detalle: {
      idTauser: r.tauser_id, codigo: r.tauser_codigo, nombre: r.tauser_nombre, direccion: r.tauser_direccion,
      ciudad: r.tauser_ciudad, departamento: r.tauser_departamento,
    },
    estado,
    estado_display: ESTADO_LABEL[estado],
    terminos_aceptados: r.terminos_aceptados,
    motivo: r.motivo,
    operador_detalle: { id: r.operador_id, first_name: r.operador_first_name, last_name: r.operador_last_name },
    metodo_financiero: r.metodo_financiero_id,
    metodo_financiero_detalle: { id: r.metodo_financiero_id, nombre: r.metodo_nombre, nombre_display: r.metodo_nombre_display },
    detalle_metodo_id: r.detalle_metodo_id,
    detalle_metodo_alias: r.detalle_alias,
    parametros: {
      nombre_categoria: r.nombre_categoria,
      descuento_categoria: r.descuento_categoria,
      nombre_metodo: r.metodo_nombre_display,
      comision_metodo: r.comision_metodo,
      precio_base: r.precio_base,
      comision_base: r.comision_base,
    },
    entrega: r.entrega ?? null,
    // What the terminal will pay, fixed at payment: the screens name its guaraníes for the cents.
    entrega_prevista: estado === 'en_proceso' ? ((r.plan_pago as PlanPago | null)?.entrega ?? null) : null,
  };
}

/** Staff who see every transaction; the others see those of the clients assigned to them. */
export const verTodas = (ctx: ServiceCtx) => can(ctx, P.viewTransaccion);

/** A transaction the actor may read: staff with the view permission, or a user its client is assigned to. Others get 404. */
async function visible(ctx: ServiceCtx, id: number): Promise<TransaccionRow> {
  const row = await findTransaccion(ctx.db, id);
  if (!row) throw notFound();
  if (!verTodas(ctx) && !(await isAssigned(ctx.db, ctx.actor.id, row.cliente_id))) throw notFound();
  return row;
}

/** A transaction the actor may act on: only for a client assigned to them (staff who may only read it: 403). */
async function propia(ctx: ServiceCtx, id: number): Promise<TransaccionRow> {
  const row = await visible(ctx, id);
  if (!(await isAssigned(ctx.db, ctx.actor.id, row.cliente_id))) throw forbidden();
  return row;
}

/** The 409 of a transition the state `estado` forbids. */
const transicionInvalida = (estado: string, accion: Transicion) => invalidTransition(estado, mensajeTransicion(accion, estado as EstadoTransaccion));

/**
 * 409 for a transition the current state forbids; an overdue row found on the way is marked expirada.
 * Inside a transaction (the kiosk's completion) the refusal rolls the mark back, which is harmless:
 * every read presents an overdue row as expirada and the sweeper marks it. After a zero-row UPDATE use porQueNo.
 */
export async function rechazarTransicion(db: Db, row: Pick<TransaccionRow, 'id' | 'estado'>, accion: Transicion): Promise<never> {
  if (row.estado === 'expirada') await expirarSiVencida(db, row.id);
  throw transicionInvalida(row.estado, accion);
}

/**
 * After a conditional UPDATE changed nothing: the row is gone (404) or in another state (409). A
 * state that allows the action too was reached meanwhile (paid while being cancelled): the caller
 * acted on what it read, so it is told to look again. Writes nothing.
 */
export async function porQueNo(db: Db, id: number, accion: Transicion): Promise<never> {
  const row = await findTransaccion(db, id);
  if (!row) throw notFound();
  if (puedeTransicionar(accion, row.estado as EstadoTransaccion)) throw invalidTransition(row.estado, mensajeCambioMientras(row.estado as EstadoTransaccion));
  throw transicionInvalida(row.estado, accion);
}

export async function getTransaccion(ctx: ServiceCtx, id: number) {
  return toRecord(await visible(ctx, id));
}

// ---- limits ----

/**
 * Limits of limite_config (PYG, null = none) for one client, within the business day and month of
 * `tz` (of now; for a payment, of its operation's creation). Locks the client row until the end of the database transaction it runs in, so two
 * operations of one client are checked one after the other: call it as late as possible (after the
 * quote), right before the write it allows. Nothing to check, and no lock, when no limit was
 * configured as the client was read (clienteOperable).
 */
async function checkLimites(db: Db, cliente: ClienteOperable, montoPyg: string, tz: string, pagada?: Pick<TransaccionRow, 'id' | 'fecha_inicio'>) {
  if (!cliente.conLimites) return;
  const clienteId = cliente.id_cliente;
  const lim = await lockClienteConLimites(db, clienteId);
  if (!lim || (lim.limite_diario === null && lim.limite_mensual === null)) return;
  // A payment is checked in the day and month its operation counts in (its creation), without itself.
  const usado = await usadoPyg(db, clienteId, tz, pagada ? { exceptId: pagada.id, en: iso(pagada.fecha_inicio) } : {});
  const excede = (limite: string | null, ya: string) => limite !== null && new Decimal(ya).plus(montoPyg).gt(limite);
  const disponible = (limite: string, ya: string) => Decimal.max(0, new Decimal(limite).minus(ya)).toFixed(0, Decimal.ROUND_DOWN);
  if (excede(lim.limite_diario, usado.dia)) {
    const d = disponible(lim.limite_diario!, usado.dia);
    throw badRequest(OP_MSG.limiteDiario(formatAmount(d, 0, '₲')), { limite: 'diario', disponible: d });
  }
  if (excede(lim.limite_mensual, usado.mes)) {
    const d = disponible(lim.limite_mensual!, usado.mes);
    throw badRequest(OP_MSG.limiteMensual(formatAmount(d, 0, '₲')), { limite: 'mensual', disponible: d });
  }
}

// ---- creation ----

const DECIMAL = /^\d+\.\d+$/;

/**
 * Keys sorted at every level, fields that are null or false left out (left out, they read as null
 * or false: `terminos_aceptados: false`, `detalle_metodo_id: null`) and decimals at their shortest
 * scale (`"100.50"` is `"100.5"`, a `tasa_aceptada` of `"7455.1750"` is `"7455.175"`): the same
 * request always hashes the same, however its client writes the defaults and the amounts.
 */
function canonical(v: unknown): string {
  if (typeof v === 'string' && DECIMAL.test(v)) return JSON.stringify(new Decimal(v).toFixed());
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  const dichos = Object.keys(o).filter((k) => o[k] !== undefined && o[k] !== null && o[k] !== false);
  return `{${dichos.sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
}

/**
 * Runs `write` once per Idempotency-Key of the actor: the key is reserved in the write's own
 * transaction (a concurrent duplicate waits for the first and then answers it), and a repeat with the
 * same request (`what` names the action, so a key cannot be reused for another) answers the
 * transaction the first one wrote, as it is now. Another request with a used key: 409. Without a key,
 * `write` runs in a transaction of its own.
 */
async function unaVez(ctx: ServiceCtx, key: string | undefined, what: unknown, write: (trx: Db) => Promise<TransaccionRow>): Promise<TransaccionRecord> {
  if (key === undefined) return toRecord(await ctx.db.transaction().execute(write));
  if (!IDEMPOTENCY_KEY.test(key)) throw badRequest(OP_MSG.idempotenciaInvalida);
  const hash = createHash('sha256').update(canonical(what)).digest('hex');
  // A repeat answers the operation only while the actor may still act for its client (404/403 as any request).
  const previa = async (prev: { request_hash: string; transaccion_id: number | null }) => {
    if (prev.request_hash !== hash || prev.transaccion_id === null) throw conflict(OP_MSG.idempotenciaOtroCuerpo);
    return toRecord(await propia(ctx, prev.transaccion_id));
  };
  const prev = await findClave(ctx.db, ctx.actor.id, key);
  if (prev) return previa(prev);
  const out = await ctx.db.transaction().execute(async (trx) => {
    if (!(await reservarClave(trx, ctx.actor.id, key, hash))) {
      const first = await findClave(trx, ctx.actor.id, key);
      if (!first) throw conflict(OP_MSG.idempotenciaOtroCuerpo);
      return { first };
    }
    const row = await write(trx);
    await asociarClave(trx, ctx.actor.id, key, row.id);
    return { row };
  });
  return out.first ? previa(out.first) : toRecord(out.row!);
}

const snapshot = (c: Cotizacion) => ({
  tasa_aplicada: c.tcFinal,
  monto_destino: c.montoDestino,
  monto_pyg: c.montoPyg,
  precio_base: c.precioBase,
  comision_base: c.comisionBase,
  nombre_categoria: c.categoria.nombre ?? '',
  descuento_categoria: c.categoria.descuento,
  comision_metodo: c.comisionMetodo,
});

/** A quote's figures as the chosen terminal pays them out and takes them in (creation, payment, the demo's paid operation). */
export const enTerminal = (tauserId: string, c: Cotizacion): FigurasTerminal => ({
  tauserId,
  destino: c.destino,
  montoDestino: c.montoDestino,
  tasaAplicada: c.tcFinal,
  origen: c.origen,
  montoOrigen: c.montoOrigen,
  metodo: c.metodo.nombre,
});

/** How many codes are drawn before giving up (a collision among 36^8 codes is already rare). */
const INTENTOS_CODIGO = 5;

/**
 * Quotes and stores an operation: a fresh read of the client (its assignment to the actor, state,
 * category, the Tauser) and the quote (currencies, rate, method or instance), then the insert with its
 * audit entry and read-back in one statement, so the stored figures are those of this quote and the
 * answer is the stored row. With limits configured, the limits are checked under the client's lock and
 * the insert follows in the same transaction. Without limits the insert is its own transaction: its
 * foreign-key check holds the client until it commits, so a limit check that starts meanwhile (limits
 * configured since) waits for it and counts it (lockClienteConLimites).
 */
async function registrar(ctx: ServiceCtx, db: Db, input: CrearTransaccionInput, opts: OpOptions): Promise<TransaccionRow> {
  const cliente = await clienteOperable(inTrx(ctx, db), input.cliente_id, input.tauser_id);
  const c = await cotizar(db, cotizarParams(input, cliente, true));
  // The customer hands the origin in at the terminal, which takes notes only (guaraníes: coins too).
  if (!c.origen.es_base) await exigirEntregableEnBilletes(db, c.origen, c.montoOrigen);
  // And the terminal must be able to pay the payout with the notes it holds now.
  await exigirTerminalPuedePagar(db, enTerminal(input.tauser_id, c));
  const values: NuevaTransaccion = {
    cliente_id: cliente.id_cliente,
    operador_id: ctx.actor.id,
    operacion_cliente: c.direction.operacion_cliente,
    divisa_origen_id: c.origen.id,
    divisa_destino_id: c.destino.id,
    monto_origen: c.montoOrigen,
    ...snapshot(c),
    tasa_inicial: c.tcFinal,
    monto_destino_inicial: c.montoDestino,
    metodo_financiero_id: c.metodo.id,
    detalle_metodo_id: c.detalle?.id ?? null,
    tauser_id: input.tauser_id,
    terminos_aceptados: input.terminos_aceptados ?? false,
  };
  const guardar = async (d: Db) => {
    await checkLimites(d, cliente, c.montoPyg, opts.tz);
    for (let i = 0; i < INTENTOS_CODIGO; i++) {
      const row = await insertarTransaccion(d, nuevoCodigo(), values);
      if (row) return row;
    }
    throw new Error('No se pudo generar un código de operación libre');
  };
  return cliente.conLimites && !db.isTransaction ? db.transaction().execute(guardar) : guardar(db);
}

/**
 * POST crear-transaccion/: recomputes the quote on the server, checks client, currencies, rate,
 * method or instance, Tauser and limits (under the client lock, when limits are configured), and
 * stores a pendiente transaction valid 24 h. The same Idempotency-Key and body answer the first
 * transaction; another body, 409.
 */
export async function crearTransaccion(ctx: ServiceCtx, input: CrearTransaccionInput, opts: OpOptions): Promise<TransaccionRecord> {
  if (opts.idempotencyKey === undefined) return toRecord(await registrar(ctx, ctx.db, input, opts));
  // "100.5" and "100.50" are the same amount: the same request.
  return unaVez(ctx, opts.idempotencyKey, { crear: input }, (trx) => registrar(ctx, trx, input, opts));
}

// ---- rate reconfirmation and payment ----

/** The quote of a stored transaction with today's rate, discount and commission. */
async function recotizar(db: Db, row: TransaccionRow, cliente: ClienteOperable) {
  return cotizar(db, {
    divisaOrigen: row.divisa_origen_id,
    divisaDestino: row.divisa_destino_id,
    monto: row.monto_origen,
    metodoId: row.metodo_financiero_id,
    detalleId: row.detalle_metodo_id,
    cliente,
    real: true,
  });
}

function figuras(row: TransaccionRow, c: Cotizacion): Reconfirmacion {
  return {
    cambio: !new Decimal(row.tasa_aplicada).eq(c.tcFinal) || !new Decimal(row.monto_destino).eq(c.montoDestino),
    tasa_anterior: row.tasa_aplicada,
    tasa_actual: c.tcFinal,
    delta_pct: deltaPct(row.tasa_aplicada, c.tcFinal),
    monto_destino_anterior: row.monto_destino,
    monto_destino_actual: c.montoDestino,
  };
}

/** GET transacciones/{id}/reconfirmar-tasa/: a pendiente transaction's figures against the current quote (nothing changes). */
export async function reconfirmarTasa(ctx: ServiceCtx, id: number): Promise<Reconfirmacion> {
  const row = await propia(ctx, id);
  if (row.estado === 'expirada') await rechazarTransicion(ctx.db, row, 'confirmarPago');
  if (row.estado !== 'pendiente') throw invalidTransition(row.estado, OP_MSG.reconfirmarSoloPendiente);
  const cliente = await clienteOperable(ctx, row.cliente_id);
  return figuras(row, await recotizar(ctx.db, row, cliente));
}

/**
 * PATCH transacciones/{id}/confirmar-pago/: pendiente → en_proceso with the terms accepted. A moved
 * rate answers 409 rate_changed with the new figures unless `acepta_cambio` (and, when sent,
 * `tasa_aceptada` is the current rate); then the new figures are stored. Limits are checked again.
 * The same Idempotency-Key and body answer the transaction the first payment changed.
 */
export async function confirmarPago(
  ctx: ServiceCtx,
  input: { id: number; terminos_aceptados?: boolean; acepta_cambio?: boolean; tasa_aceptada?: string },
  opts: OpOptions,
): Promise<TransaccionRecord> {
  const row = await propia(ctx, input.id);
  // An overdue row found on the way is recorded before the payment's transaction (its refusal rolls back).
  if (row.estado === 'expirada') await expirarSiVencida(ctx.db, row.id);
  // With an Idempotency-Key, a repeat of a payment that went through answers the transaction as it is now.
  return unaVez(ctx, opts.idempotencyKey, { pagar: input }, async (trx) => {
    if (!puedeTransicionar('confirmarPago', row.estado as EstadoTransaccion)) throw transicionInvalida(row.estado, 'confirmarPago');
    if (input.terminos_aceptados !== true) throw validation({ terminos_aceptados: [OP_MSG.terminosRequeridos] });
    // Until this commits, neither currency goes out of use (exigirSinPagadasEnCurso waits, then counts it).
    await shareLockDivisas(trx, [row.divisa_origen_id, row.divisa_destino_id]);
    // The terminal too: one closed since the creation could never complete the paid operation.
    const cliente = await clienteOperable(inTrx(ctx, trx), row.cliente_id, row.tauser_id);
    const c = await recotizar(trx, row, cliente);
    const f = figuras(row, c);
    if (f.cambio) {
      const aceptada = input.acepta_cambio === true && (input.tasa_aceptada === undefined || new Decimal(input.tasa_aceptada).eq(c.tcFinal));
      if (!aceptada) throw rateChanged(OP_MSG.rateChanged, f);
    } else if (input.tasa_aceptada !== undefined && input.acepta_cambio !== true && !new Decimal(input.tasa_aceptada).eq(c.tcFinal)) {
      // Unchanged, yet the client shows another rate (the public one, say): nobody confirms a figure they did not see.
      throw fieldError('tasa_aceptada', OP_MSG.tasaAceptadaOtra(formatRate(c.tcFinal)));
    }
    // The figures being paid, on the terminal's notes of now that no other paid operation counts on;
    // they are set aside for this payout until it is collected, cancelled or overdue.
    const plan = await reservarPago(trx, enTerminal(row.tauser_id, c), row.id);
    await checkLimites(trx, cliente, c.montoPyg, opts.tz, row);
    const done = await transicionar(trx, row.id, 'confirmarPago', row.estado, { ...snapshot(c), terminos_aceptados: true, fecha_pago: true, reserva: JSON.stringify(plan.reserva), plan_pago: JSON.stringify({ entrega: plan.entrega, recibidas: plan.recibidas } satisfies PlanPago) });
    if (!done) await porQueNo(trx, row.id, 'confirmarPago');
    await audit(trx, {
      actorId: ctx.actor.id, action: 'update', entity: ENTITY, entityId: row.id,
      before: { estado: row.estado, tasa_aplicada: row.tasa_aplicada, monto_destino: row.monto_destino },
      after: { estado: 'en_proceso', tasa_aplicada: c.tcFinal, monto_destino: c.montoDestino },
    });
    return done!;
  });
}

/** PATCH transacciones/{id}/cancelar/: pendiente or en_proceso → cancelada. */
export async function cancelarTransaccion(ctx: ServiceCtx, id: number): Promise<TransaccionRecord> {
  const row = await propia(ctx, id);
  if (!puedeTransicionar('cancelar', row.estado as EstadoTransaccion)) await rechazarTransicion(ctx.db, row, 'cancelar');
  const hecha = await ctx.db.transaction().execute(async (trx) => {
    const done = await transicionar(trx, id, 'cancelar', row.estado, { fecha_fin: true });
    if (!done) await porQueNo(trx, id, 'cancelar');
    await audit(trx, { actorId: ctx.actor.id, action: 'update', entity: ENTITY, entityId: id, before: { estado: row.estado }, after: { estado: 'cancelada' } });
    return done!;
  });
  return toRecord(hecha);
}

// ---- lists ----

/**
 * Transactions newest first: staff with operaciones.view_transaccion see every client's (filter
 * with cliente_id), anyone else only their assigned clients' (another client's id: 403).
 */
export async function listTransacciones(ctx: ServiceCtx, q: TransaccionListQuery, tz: string) {
  const todas = verTodas(ctx);
  if (!todas && q.cliente_id && !(await isAssigned(ctx.db, ctx.actor.id, q.cliente_id))) throw forbidden();
  if (q.fecha_desde && q.fecha_hasta && q.fecha_hasta < q.fecha_desde) throw fieldError('fecha_hasta', FECHAS_MSG);
  const f: TransaccionFilters = {
    cliente_id: q.cliente_id || undefined, divisa: q.divisa, fecha_desde: q.fecha_desde || undefined, fecha_hasta: q.fecha_hasta || undefined,
    codigo: q.search || undefined, tz, usuarioAsignado: todas ? undefined : ctx.actor.id, estado: q.estado,
  };
  if (q.all) return (await pageQuery(ctx.db, f).execute()).map(toRecord);
  const { statement, count, alreadyPaged } = paginaDeTransacciones(ctx.db, q.page, f);
  return mapPage(paginateStatement(ctx.db, statement, q.page, count, { alreadyPaged }), toRecord);
}

/** GET clientes/{id}/get_historial_transacciones/: one client's history, same rules and filters. */
export const historialDeCliente = (ctx: ServiceCtx, clienteId: string, q: Omit<TransaccionListQuery, 'cliente_id'>, tz: string) =>
  listTransacciones(ctx, { ...q, cliente_id: clienteId }, tz);
