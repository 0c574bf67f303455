import type { Db } from '../../db';
import type { PublicCtx, ServiceCtx } from '../../lib/context';
import { badRequest, fieldError, forbidden, throwIfFieldErrors, type FieldErrors } from '../../lib/errors';
import { decimalesEscritos, minorUnits, toFixedString } from '../../../shared/money';
import { operationDirection, simulate, type Direction, type OperacionCasa } from '../../../shared/pricing';
import {
  comisionMetodo, metodoPermite, MSG_METODO_NO_PERMITE_COBRO, MSG_METODO_NO_PERMITE_PAGO, type CatalogoComisiones,
} from '../../../shared/comision';
import { METODOS_GENERICOS_OPERACION, OP_MSG } from '../../../shared/transacciones';
import { MONTO_MSG, type MetodosDisponiblesRespuesta, type MetodosRespuesta, type SimulacionResultado } from '../../../shared/schemas/operaciones';
import {
  clienteConCategoria, instanciasActivasDeCliente, type TauserActivo, type DivisaConTasa, type InstanciaRow, type MetodoRow,
} from './simulacion.repository';
import { dbPrices, quotePrices, type PriceSource } from './precios';
import { exigirEntregableEnBilletes, motivoNoEntregable } from '../terminal/plan';

export const SIM_MSG = {
  divisaNoExiste: 'La divisa no existe.',
  divisaInactiva: 'La divisa no está activa.',
  divisasIguales: 'La divisa de destino debe ser distinta de la de origen.',
  sinCotizacion: (codigo: string) => `La divisa ${codigo} no tiene una cotización activa.`,
  metodoRequerido: 'Debe seleccionar un método financiero.',
  metodoInvalido: 'El método financiero no existe o no está activo.',
  instanciaInvalida: 'El método seleccionado no existe o no pertenece al cliente.',
  instanciaInactiva: 'El método seleccionado no está activo.',
  instanciaPorCatalogo: 'El método seleccionado fue desactivado por catálogo.',
  instanciaOtroMetodo: 'El método no corresponde a la instancia seleccionada.',
  genericoNoPermitido: 'Para este método debe elegir una de sus cuentas, billeteras o tarjetas.',
} as const;

export interface ClienteOperable {
  id_cliente: string;
  nombre: string;
  nombre_categoria: string;
  descuento: string;
  /** Whether a daily or monthly limit was configured when the client was read (limite_config). */
  conLimites: boolean;
  /** The Tauser asked for with the client (see clienteOperable). */
  tauser?: TauserActivo;
}

/**
 * A user simulates or operates only for a client assigned to them (403), and only an active one.
 * With `tauserId`, that Tauser must be active too (400 on tauser_id); it comes in the same statement.
 */
export async function clienteOperable(ctx: ServiceCtx, clienteId: string, tauserId?: string | null): Promise<ClienteOperable> {
  const c = await clienteConCategoria(ctx.db, clienteId, ctx.actor.id, tauserId ?? null);
  if (!c?.asignado) throw forbidden();
  if (!c.is_active) throw badRequest(OP_MSG.clienteInactivo);
  if (tauserId && !c.tauser) throw fieldError('tauser_id', OP_MSG.tauserInvalido);
  return { id_cliente: c.id_cliente, nombre: c.nombre, nombre_categoria: c.nombre_categoria, descuento: c.descuento, conLimites: c.con_limites, tauser: c.tauser };
}

/** Everything a quote used: the figures stored with a transaction and shown by a simulation. */
export interface Cotizacion {
  direction: Direction;
  origen: DivisaConTasa;
  destino: DivisaConTasa;
  montoOrigen: string;
  montoDestino: string;
  /** The guaraní side: what the client pays when buying, receives when selling. */
  montoPyg: string;
  tcFinal: string;
  precioBase: string;
  /** The quote's commission on the side used: Cv when the client buys, Cc when they sell. */
  comisionBase: string;
  categoria: { nombre: string | null; descuento: string };
  metodo: MetodoRow;
  detalle: InstanciaRow | null;
  comisionMetodo: string;
}

export interface CotizarParams {
  divisaOrigen: number;
  divisaDestino: number;
  monto: string;
  metodoId?: number | null;
  detalleId?: number | null;
  /** Absent in the public simulator (no discount, no instances). */
  cliente?: Pick<ClienteOperable, 'id_cliente' | 'nombre' | 'nombre_categoria' | 'descuento'>;
  /** A real operation: the generic method only for cash and cheque. */
  real?: boolean;
}

/** The quote's parameters from a client's request (simulation or operation, as the API names them). */
export function cotizarParams(
  input: { divisa_origen: number; divisa_destino: number; monto: string; metodo_id?: number | null; detalle_metodo_id?: number | null },
  cliente: CotizarParams['cliente'],
  real = false,
): CotizarParams {
  return {
    divisaOrigen: input.divisa_origen,
    divisaDestino: input.divisa_destino,
    monto: input.monto,
    metodoId: input.metodo_id,
    detalleId: input.detalle_metodo_id,
    cliente,
    real,
  };
}

async function divisasDeOperacion(prices: PriceSource, origenId: number, destinoId: number) {
  const errors: FieldErrors = {};
  const [origen, destino] = await prices.divisas(origenId, destinoId);
  for (const [campo, d] of [['divisa_origen', origen], ['divisa_destino', destino]] as const) {
    if (!d) errors[campo] = [SIM_MSG.divisaNoExiste];
    else if (!d.is_active) errors[campo] = [SIM_MSG.divisaInactiva];
  }
  if (!errors.divisa_destino && origenId === destinoId) errors.divisa_destino = [SIM_MSG.divisasIguales];
  throwIfFieldErrors(errors);
  const direction = operationDirection(origen!.es_base, destino!.es_base);
  return { origen: origen!, destino: destino!, direction };
}

const catalogoDe = (i: InstanciaRow | null): CatalogoComisiones | null =>
  i && i.cat_comision_compra !== null && i.cat_comision_venta !== null
    ? {
        comision_compra: i.cat_comision_compra,
        comision_venta: i.cat_comision_venta,
        comision_personalizada_compra: !!i.cat_personalizada_compra,
        comision_personalizada_venta: !!i.cat_personalizada_venta,
      }
    : null;

function checkMetodo(metodo: MetodoRow | undefined, casa: OperacionCasa): MetodoRow {
  if (!metodo || !metodo.is_active) throw fieldError('metodo_id', SIM_MSG.metodoInvalido);
  if (!metodoPermite(metodo, casa)) {
    throw fieldError('metodo_id', casa === 'venta' ? MSG_METODO_NO_PERMITE_COBRO : MSG_METODO_NO_PERMITE_PAGO);
  }
  return metodo;
}

/**
 * An amount of `codigo` may not carry more decimals than the currency's minor units. Counted as
 * written (montoField keeps trailing zeros): "150.000" PYG or "1,500" USD is refused, never read as
 * 150 or 1.50.
 */
export function exigirDecimales(monto: string, codigo: string, campo = 'monto'): void {
  const decimales = minorUnits(codigo);
  if (decimalesEscritos(monto) > decimales) {
    throw fieldError(campo, decimales === 0 ? MONTO_MSG.sinDecimales(codigo) : MONTO_MSG.decimales(codigo, decimales));
  }
}

/**
 * The server's quote (DESIGN §6), the only place prices are computed: currencies, rate, amount in
 * the origin's minor units, method or instance and its commission, then the shared `simulate`.
 */
export async function cotizar(db: Db, p: CotizarParams, prices: PriceSource = dbPrices(db)): Promise<Cotizacion> {
  const { origen, destino, direction } = await divisasDeOperacion(prices, p.divisaOrigen, p.divisaDestino);
  const extranjera = direction.operacion_cliente === 'compra' ? destino : origen;
  if (!extranjera.tasa_activa || extranjera.precio_base === null || extranjera.comision_base_compra === null || extranjera.comision_base_venta === null) {
    throw badRequest(SIM_MSG.sinCotizacion(extranjera.codigo));
  }

  exigirDecimales(p.monto, origen.codigo);
  const montoOrigen = toFixedString(p.monto, minorUnits(origen.codigo));

  const casa = direction.operacion_casa;
  let detalle: InstanciaRow | null = null;
  let metodo: MetodoRow;
  if (p.detalleId != null) {
    const inst = p.cliente ? await prices.instancia(p.detalleId) : undefined;
    if (!inst || inst.cliente_id !== p.cliente?.id_cliente || !inst.tipo_especifico) {
      throw fieldError('detalle_metodo_id', SIM_MSG.instanciaInvalida);
    }
    if (inst.desactivado_por_catalogo || inst.cat_activo === false) throw fieldError('detalle_metodo_id', SIM_MSG.instanciaPorCatalogo);
    if (!inst.is_active) throw fieldError('detalle_metodo_id', SIM_MSG.instanciaInactiva);
    if (p.metodoId != null && p.metodoId !== inst.metodo_financiero_id) throw fieldError('metodo_id', SIM_MSG.instanciaOtroMetodo);
    metodo = checkMetodo(await prices.metodo(inst.metodo_financiero_id), casa);
    detalle = inst;
  } else if (p.metodoId != null) {
    metodo = checkMetodo(await prices.metodo(p.metodoId), casa);
    if (p.real && !METODOS_GENERICOS_OPERACION.includes(metodo.nombre)) throw fieldError('detalle_metodo_id', SIM_MSG.genericoNoPermitido);
  } else {
    throw fieldError('metodo_id', SIM_MSG.metodoRequerido);
  }

  const comision = comisionMetodo(metodo, catalogoDe(detalle), casa);
  // (no client, no discount: written as a category's discount is, numeric(5,2))
  const descuento = p.cliente?.descuento ?? '0.00';
  const precios = {
    precioBase: extranjera.precio_base,
    comisionBaseCompra: extranjera.comision_base_compra,
    comisionBaseVenta: extranjera.comision_base_venta,
  };
  const { tc_final, monto_destino } = simulate({
    ...precios,
    monto: montoOrigen,
    direction,
    descuento,
    comisionMetodo: comision,
    destinoCodigo: destino.codigo,
  });
  const compra = direction.operacion_cliente === 'compra';
  return {
    direction,
    origen,
    destino,
    montoOrigen,
    montoDestino: monto_destino,
    montoPyg: compra ? montoOrigen : monto_destino,
    tcFinal: tc_final,
    precioBase: precios.precioBase,
    comisionBase: compra ? precios.comisionBaseVenta : precios.comisionBaseCompra,
    categoria: { nombre: p.cliente?.nombre_categoria ?? null, descuento },
    metodo,
    detalle,
    comisionMetodo: comision,
  };
}

/** The §3 simulation result of a quote. */
export function resultado(c: Cotizacion): SimulacionResultado {
  return {
    operacion_cliente: c.direction.operacion_cliente,
    operacion_casa: c.direction.operacion_casa,
    monto_origen: c.montoOrigen,
    divisa_origen: c.origen.codigo,
    monto_destino: c.montoDestino,
    divisa_destino: c.destino.codigo,
    tc_final: c.tcFinal,
    parametros: {
      nombre_categoria: c.categoria.nombre,
      descuento_categoria: c.categoria.descuento,
      nombre_metodo: c.metodo.nombre_display,
      comision_metodo: c.comisionMetodo,
      precio_base: c.precioBase,
      comision_base: c.comisionBase,
    },
  };
}


/**
 * A simulation quotes any amount; selling a foreign one that no sum of its notes makes, it also says what
 * the operation would answer (terminals take notes only), so nobody plans on a quote they cannot use.
 */
async function conAvisoDeBilletes(db: Db, c: Cotizacion): Promise<SimulacionResultado> {
  const r = resultado(c);
  const aviso = c.origen.es_base ? null : await motivoNoEntregable(db, c.origen, c.montoOrigen);
  return aviso ? { ...r, aviso_billetes: aviso } : r;
}

/** The home page's simulator: no client, no discount, the kept pricing catalogue. */
export async function simularPublica(ctx: PublicCtx, input: { divisa_origen: number; divisa_destino: number; monto: string; metodo_id: number }) {
  const params = { divisaOrigen: input.divisa_origen, divisaDestino: input.divisa_destino, monto: input.monto, metodoId: input.metodo_id };
  return conAvisoDeBilletes(ctx.db, await cotizar(ctx.db, params, await quotePrices(ctx)));
}

export async function simularPrivada(
  ctx: ServiceCtx,
  input: {
    cliente_id: string; divisa_origen: number; divisa_destino: number; monto: string; detalle_metodo_id?: number | null; metodo_id?: number | null;
    tauser_id?: string | null; es_operacion_real?: boolean;
  },
): Promise<SimulacionResultado> {
  const cliente = await clienteOperable(ctx, input.cliente_id, input.tauser_id);
  const c = await cotizar(ctx.db, cotizarParams(input, cliente), await quotePrices(ctx));
  if (input.es_operacion_real && !c.origen.es_base) await exigirEntregableEnBilletes(ctx.db, c.origen, c.montoOrigen);
  const r = input.es_operacion_real ? resultado(c) : await conAvisoDeBilletes(ctx.db, c);
  return cliente.tauser ? { ...r, tauser_seleccionado: cliente.tauser } : r;
}

const ultimos4 = (s: string | null) => (s ? `****${s.slice(-4)}` : null);

function detallesDe(i: InstanciaRow): Record<string, string | number | null> {
  switch (i.tipo_especifico) {
    case 'cuenta_bancaria':
      return { banco_nombre: i.banco_nombre, titular: i.cuenta_titular, cbu_cvu: ultimos4(i.cbu_cvu) };
    case 'billetera_digital':
      return { plataforma_nombre: i.plataforma_nombre, usuario_id: i.usuario_id, email: i.email, telefono: i.telefono };
    case 'tarjeta_local':
      return { last4: i.last4, titular: i.tarjeta_titular, exp_month: i.exp_month, exp_year: i.exp_year, brand: i.brand, marca_nombre: i.marca_nombre };
    default:
      return { last4: i.last4, titular: i.tarjeta_titular, exp_month: i.exp_month, exp_year: i.exp_year, brand: i.brand };
  }
}

const grupoBase = (m: MetodoRow, casa: OperacionCasa) => ({
  metodo_financiero: { id: m.id, nombre: m.nombre, nombre_display: m.nombre_display, comision_porcentaje: comisionMetodo(m, null, casa) },
});

/** Public: the active methods that allow the direction, as method records (the home simulator's choices). */
export async function metodosDisponibles(ctx: PublicCtx, input: { divisa_origen: number; divisa_destino: number }): Promise<MetodosDisponiblesRespuesta> {
  const prices = await quotePrices(ctx);
  const { direction } = await divisasDeOperacion(prices, input.divisa_origen, input.divisa_destino);
  const casa = direction.operacion_casa;
  const metodos = (await prices.metodosActivos())
    .filter((m) => metodoPermite(m, casa))
    .map((m) => ({ ...m, comision_porcentaje: comisionMetodo(m, null, casa) }));
  return { operacion_casa: casa, metodos };
}

/**
 * The client's instances grouped by method, for the wizards. In a real operation the generic method
 * is offered only for cash and cheque, and a method with neither instances nor generic is left out.
 */
export async function metodosCliente(
  ctx: ServiceCtx,
  input: { cliente_id: string; divisa_origen: number; divisa_destino: number; es_operacion_real?: boolean },
): Promise<MetodosRespuesta> {
  await clienteOperable(ctx, input.cliente_id);
  const prices = await quotePrices(ctx);
  const { direction } = await divisasDeOperacion(prices, input.divisa_origen, input.divisa_destino);
  const casa = direction.operacion_casa;
  const instancias = await instanciasActivasDeCliente(ctx.db, input.cliente_id);
  const metodos: MetodosRespuesta['metodos'] = {};
  for (const m of await prices.metodosActivos()) {
    if (!metodoPermite(m, casa)) continue;
    const propias = instancias
      .filter((i) => i.metodo_financiero_id === m.id && i.tipo_especifico && i.cat_activo !== false)
      .map((i) => ({
        id: i.id,
        alias: i.alias,
        tipo_especifico: i.tipo_especifico!,
        detalles: detallesDe(i),
        comision_porcentaje: comisionMetodo(m, catalogoDe(i), casa),
      }));
    const permiteGenerico = !input.es_operacion_real || METODOS_GENERICOS_OPERACION.includes(m.nombre);
    if (propias.length === 0 && !permiteGenerico) continue;
    metodos[m.nombre] = { ...grupoBase(m, casa), instancias: propias, permite_generico: permiteGenerico };
  }
  return { metodos, operacion_casa: casa };
}
