import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db';
import type { Env } from '../../env';
import type { PublicCtx, ServiceCtx } from '../../lib/context';
import { audit } from '../../lib/audit';
import { conflict, fieldError, forbidden, notFound, unauthorized } from '../../lib/errors';
import { requirePerms } from '../../lib/permissions';
import { consume, type Limiters } from '../../lib/rateLimit';
import { PAGE_SIZE, pageWith } from '../../lib/pagination';
import { parteEnNotas, type StockNota } from '../../../shared/desglose';
import { dec } from '../../../shared/money';
import { DIVISA_MSG } from '../../../shared/schemas/divisas';
import { P } from '../../../shared/permissions';
import { ESTADO_LABEL, guaraniesEnEfectivo, mensajeTransicion, nombreMedio, type EstadoTransaccion } from '../../../shared/transacciones';
import {
  MAX_BILLETES, TERMINAL_MSG, type Entrega, type StockMovimientoBody, type StockRespuesta, type TerminalTransaccion,
} from '../../../shared/schemas/terminal';
import { issueTerminalToken } from '../auth/tokens';
import { expirarSiVencida, findTransaccion, transicionar, type TransaccionRow } from '../transacciones/transacciones.repository';
import { porQueNo, rechazarTransicion, toRecord } from '../transacciones/transacciones.service';
import { enviarComprobante } from '../transacciones/comprobanteMail';
import type { Mailer } from '../../mail/mailer';
import type { Logger } from '../../lib/logger';
import { metodoEnTerminal, planDe } from './plan';
import { exigirDecimales } from '../simulacion/simulacion.service';
import * as repo from './terminal.repository';

const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

// ---- device secret (staff) ----

async function tauserOr404(db: Db, id: string) {
  const t = await repo.findTauserInfo(db, id);
  if (!t) throw notFound();
  return t;
}

/** Generates (or rotates) the device secret: answered once, stored as its SHA-256; earlier tokens stop working. */
export async function generarSecreto(ctx: ServiceCtx, id: string) {
  requirePerms(ctx, P.changeTauser);
  await tauserOr404(ctx.db, id);
  const secreto = randomBytes(24).toString('base64url');
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.setSecret(trx, id, hashSecret(secreto));
    if (!row) throw notFound();
    await audit(trx, { actorId: ctx.actor.id, action: 'update', entity: 'tauser_secreto', entityId: id, after: { secret_version: row.secret_version } });
    return { codigo: row.codigo, secreto };
  });
}

export async function revocarSecreto(ctx: ServiceCtx, id: string) {
  requirePerms(ctx, P.changeTauser);
  await tauserOr404(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.setSecret(trx, id, null);
    await audit(trx, { actorId: ctx.actor.id, action: 'delete', entity: 'tauser_secreto', entityId: id, after: { secret_version: row?.secret_version } });
  });
}

// ---- sign-in (the terminal) ----

/** Limited like the user sign-in: every attempt per IP, failures per Tauser code (429 + Retry-After). */
export async function login(
  ctx: PublicCtx & { env: Env; ip: string; services: { limiters: Pick<Limiters, 'terminalPerIp' | 'terminalPerTauser'> } },
  input: { codigo: string; secreto: string },
) {
  const { limiters } = ctx.services;
  const key = input.codigo.toUpperCase();
  await consume(limiters.terminalPerIp, ctx.ip);
  // Spent before the check (lib/rateLimit.ts); a successful sign-in clears the Tauser's count.
  await consume(limiters.terminalPerTauser, key);
  const t = await repo.findTauserPorCodigo(ctx.db, input.codigo);
  const given = Buffer.from(hashSecret(input.secreto));
  const ok = !!t?.secret_hash && timingSafeEqual(given, Buffer.from(t.secret_hash));
  if (!t || !ok) throw unauthorized(TERMINAL_MSG.credencialesInvalidas);
  // Only with the right key: a wrong one says nothing about the Tauser's state.
  if (!t.is_active) throw forbidden(TERMINAL_MSG.terminalDesactivada);
  await limiters.terminalPerTauser.delete(key);
  return {
    token: issueTerminalToken(ctx.env, t.id_tauser, t.secret_version),
    tauser: { idTauser: t.id_tauser, codigo: t.codigo, nombre: t.nombre, direccion: t.direccion, ciudad: t.ciudad },
  };
}

export async function yo(db: Db, tauserId: string) {
  const t = await tauserOr404(db, tauserId);
  return { idTauser: t.id_tauser, codigo: t.codigo, nombre: t.nombre, direccion: t.direccion, ciudad: t.ciudad };
}

// ---- stock (staff) ----

function agrupar(tauserId: string, tieneSecreto: boolean, rows: repo.StockRow[]): StockRespuesta {
  const divisas: StockRespuesta['divisas'] = [];
  for (const r of rows) {
    let d = divisas.find((x) => x.divisa_id === r.divisa_id);
    if (!d) {
      d = { divisa_id: r.divisa_id, codigo: r.codigo, simbolo: r.simbolo, denominaciones: [], total: '0' };
      divisas.push(d);
    }
    const valor = dec(String(r.denominacion)).times(r.cantidad);
    d.denominaciones.push({ denominacion_id: r.denominacion_id, denominacion: r.denominacion, cantidad: r.cantidad, reservados: r.reservados, valor: valor.toString(), activa: r.activa });
    d.total = dec(d.total).plus(valor).toString();
  }
  return { tauser: tauserId, tiene_secreto: tieneSecreto, divisas };
}

export async function getStock(ctx: ServiceCtx, id: string): Promise<StockRespuesta> {
  requirePerms(ctx, P.changeTauser);
  const t = await tauserOr404(ctx.db, id);
  return agrupar(id, !!t.secret_hash, await repo.stockDeTauser(ctx.db, id, 0, true));
}

/**
 * Load or withdraw notes of one denomination: audited (who, when, before, after, why). Notes of a denomination
 * (or currency) taken out of use can still be withdrawn, never loaded.
 */
export async function moverStock(ctx: ServiceCtx, id: string, body: StockMovimientoBody): Promise<StockRespuesta> {
  requirePerms(ctx, P.changeTauser);
  await tauserOr404(ctx.db, id);
  const den = await repo.findDenominacion(ctx.db, body.denominacion_id);
  if (!den || (!den.activa && body.operacion === 'cargar')) throw (fieldError('denominacion_id', TERMINAL_MSG.denominacionInvalida));
  await ctx.db.transaction().execute(async (trx) => {
    // Under the Tauser's lock no payment reserves notes meanwhile: those reserved stay in the terminal.
    await repo.lockTauser(trx, id);
    const antes = (await repo.lockStock(trx, id, [den.id])).get(den.id) ?? 0;
    const despues = body.operacion === 'cargar' ? antes + body.cantidad : antes - body.cantidad;
    if (despues < 0) throw (fieldError('cantidad', TERMINAL_MSG.retiroExcede));
    const reservados = (await repo.stockDeTauser(trx, id, 0, true)).find((r) => r.denominacion_id === den.id)?.reservados ?? 0;
    if (body.operacion === 'retirar' && despues < reservados) throw fieldError('cantidad', TERMINAL_MSG.retiroReservado(reservados, Math.max(0, antes - reservados)));
    if (body.operacion === 'cargar' && despues > MAX_BILLETES) throw (fieldError('cantidad', TERMINAL_MSG.cargaExcede));
    await repo.setStock(trx, id, den.id, despues);
    await repo.insertMovimiento(trx, { tauser_id: id, denominacion_id: den.id, usuario_id: ctx.actor.id, transaccion_id: null, antes, despues, motivo: body.motivo });
    await audit(trx, {
      actorId: ctx.actor.id, action: 'update', entity: 'tauser_stock', entityId: `${id}:${den.id}`,
      before: { divisa: den.codigo, denominacion: den.denominacion, cantidad: antes },
      after: { divisa: den.codigo, denominacion: den.denominacion, cantidad: despues, motivo: body.motivo },
    });
  });
  return getStock(ctx, id);
}

export async function listMovimientos(ctx: ServiceCtx, id: string, page: number) {
  requirePerms(ctx, P.changeTauser);
  await tauserOr404(ctx.db, id);
  const [rows, count] = await Promise.all([repo.movimientos(ctx.db, id, PAGE_SIZE, (page - 1) * PAGE_SIZE), repo.countMovimientos(ctx.db, id)]);
  return pageWith(
    Number(count.n),
    page,
    rows.map((r) => ({ ...r, fecha: new Date(r.created_at as unknown as string).toISOString(), created_at: undefined })),
  );
}

// ---- which terminals can pay (the wizard's picker) ----

/** Active terminals and whether their notes pay `monto` of `divisa` now (the foreign part in notes; the guaraní rest is checked at the terminal). */
export async function puedePagar(ctx: ServiceCtx, input: { divisa: number; monto: string }) {
  requirePerms(ctx, { any: [P.viewTauser, P.useOperacion] });
  const divisa = await repo.findDivisa(ctx.db, input.divisa);
  if (!divisa) throw fieldError('divisa', DIVISA_MSG.divisaNoExiste);
  exigirDecimales(input.monto, divisa.codigo);
  const dens = await repo.activeDenominaciones(ctx.db, input.divisa);
  const stock = await repo.stockLibreDeDivisas(ctx.db, [input.divisa]);
  const tausers = await repo.tausersActivos(ctx.db);
  const min = dens.length ? Math.min(...dens.map((d) => d.denominacion)) : 0;
  return tausers.map((t) => {
    const propio: StockNota[] = stock.filter((s) => s.tauser_id === t.id_tauser).map((s) => ({ denominacion: s.denominacion, disponibles: s.cantidad }));
    return { idTauser: t.id_tauser, codigo: t.codigo, nombre: t.nombre, puede_pagar: parteEnNotas(input.monto, propio, min) !== null };
  });
}

// ---- the kiosk ----

/** The transaction of this code, if the terminal may process it: 404 unknown, 403 another Tauser's, 409 not en proceso (with its state). */
async function paraTerminal(db: Db, tauserId: string, codigo: string): Promise<TransaccionRow> {
  const ref = await repo.findTransaccionPorCodigo(db, codigo);
  const row = ref ? await findTransaccion(db, ref.id) : undefined;
  if (!row) throw notFound(TERMINAL_MSG.codigoNoExiste);
  if (row.tauser_id !== tauserId) throw forbidden(TERMINAL_MSG.otroTauser);
  if (row.estado !== 'en_proceso') await rechazarTransicion(db, row, 'completar');
  return row;
}

function vista(row: TransaccionRow, plan: Entrega | null): TerminalTransaccion {
  const estado = row.estado as EstadoTransaccion;
  return {
    id: row.id,
    codigo: row.codigo,
    estado,
    estado_display: ESTADO_LABEL[estado],
    cliente_nombre: row.cliente_nombre,
    entrega_cliente: { divisa: row.origen_codigo, simbolo: row.origen_simbolo, monto: row.monto_origen },
    recibe_cliente: { divisa: row.destino_codigo, simbolo: row.destino_simbolo, monto: row.monto_destino },
    tasa_aplicada: row.tasa_aplicada,
    metodo: nombreMedio(row.metodo_nombre_display, row.detalle_alias),
    ya_pagado: row.operacion_cliente === 'compra' && !guaraniesEnEfectivo(metodoEnTerminal(row)),
    puede_pagar: plan !== null,
    plan,
  };
}

export async function consultar(db: Db, tauserId: string, codigo: string): Promise<TerminalTransaccion> {
  const row = await paraTerminal(db, tauserId, codigo);
  return vista(row, (await planDe(db, row))?.entrega ?? null);
}

/**
 * Completes the transaction in one database transaction: the conditional UPDATE (only en_proceso,
 * not overdue, at this Tauser: a second terminal or a double tap finds nothing to update), under the
 * Tauser's lock the payout planned on the notes other paid operations have not reserved, notes out
 * decremented and notes in incremented, every movement and the audit row. If the stock cannot pay,
 * nothing changes (409).
 */
export async function procesar(deps: { db: Db; mailer: Mailer; log: Logger }, tauserId: string, codigo: string) {
  const { db } = deps;
  const pre = await paraTerminal(db, tauserId, codigo);
  const entrega = await db.transaction().execute(async (trx) => {
    // Payments reserving notes and withdrawals wait while the terminal pays out.
    await repo.lockTauser(trx, tauserId);
    const done = await repo.completar(trx, pre.id, tauserId);
    if (!done) await paraTerminal(trx, tauserId, codigo);
    if (!done) throw conflict(mensajeTransicion('completar', 'completada'));
    const plan = await planDe(trx, pre);
    if (!plan) throw conflict(TERMINAL_MSG.stockInsuficienteAlCompletar, { puede_pagar: false });
    const movs = [...plan.reserva.map((n) => ({ ...n, delta: -n.cantidad })), ...plan.recibidas.map((n) => ({ ...n, delta: n.cantidad }))];
    const actual = await repo.lockStock(trx, tauserId, [...new Set(movs.map((m) => m.denominacion_id))].sort((a, b) => a - b));
    for (const m of movs) {
      const antes = actual.get(m.denominacion_id) ?? 0;
      const despues = antes + m.delta;
      // The notes reserved at payment are there (withdrawals leave them); this guards the stock anyway.
      if (despues < 0) throw conflict(TERMINAL_MSG.stockInsuficienteAlCompletar, { puede_pagar: false });
      // Notes loaded since the payment could leave no room for the ones taken in: nothing changes.
      if (despues > MAX_BILLETES) throw conflict(TERMINAL_MSG.noPuedeRecibirAlCompletar);
      actual.set(m.denominacion_id, despues);
      await repo.setStock(trx, tauserId, m.denominacion_id, despues);
      await repo.insertMovimiento(trx, {
        tauser_id: tauserId, denominacion_id: m.denominacion_id, usuario_id: null, transaccion_id: pre.id, antes, despues,
        motivo: m.delta < 0 ? `Pago de la transacción ${pre.codigo}` : `Billetes recibidos en la transacción ${pre.codigo}`,
      });
    }
    await repo.setEntrega(trx, pre.id, plan.entrega);
    await audit(trx, { actorId: null, action: 'update', entity: 'transaccion', entityId: pre.id, before: { estado: 'en_proceso' }, after: { estado: 'completada', tauser: tauserId, entrega: plan.entrega } });
    return plan.entrega;
  });
  const row = (await findTransaccion(db, pre.id))!;
  const transaccion = toRecord(row);
  // After the commit and not awaited: the mail never delays nor fails the completion.
  void enviarComprobante(deps, transaccion);
  return { transaccion, entrega };
}

// ---- staff: mark a transaction at the terminal as failed ----

export async function fallar(ctx: ServiceCtx, id: number, motivo: string) {
  requirePerms(ctx, { all: [P.viewTransaccion, P.changeTauser] });
  const row = await findTransaccion(ctx.db, id);
  if (!row) throw notFound();
  if (row.estado === 'expirada') await expirarSiVencida(ctx.db, id);
  const hecha = await ctx.db.transaction().execute(async (trx) => {
    const done = await transicionar(trx, id, 'fallar', row.estado, { motivo, fecha_fin: true });
    if (!done) await porQueNo(trx, id, 'fallar');
    await audit(trx, { actorId: ctx.actor.id, action: 'update', entity: 'transaccion', entityId: id, before: { estado: row.estado }, after: { estado: 'fallida', motivo } });
    return done!;
  });
  return toRecord(hecha);
}
