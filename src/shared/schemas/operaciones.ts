import { z } from '../zod';
import { M } from '../messages';
import { Decimal, decimalesEscritos, parseDecimalInput } from '../money';
import { ESTADOS } from '../transacciones';
import { enumParam, idParam, uuidParam } from './common';
import { queryFlag } from './fields';
import { metodoRecord } from './metodos';
import { MONTO_MAX_ENTEROS, MONTO_MSG } from '../montoMsg';
import { esFecha } from '../fechas';

export { MONTO_MAX_ENTEROS, MONTO_MSG };

/**
 * An amount: a decimal string ("1000000", "100.50", "100,50") or a finite JSON number read through
 * its text (100.5 → "100.5"). Positive, at most 15 integer digits. The decimals allowed depend on
 * the currency, checked by the service. Answers the plain decimal string.
 */
export const montoField = z
  .union([z.string(), z.number()], { error: (iss) => (iss.input === undefined || iss.input === null ? M.required : MONTO_MSG.invalido) })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
    // Past 15 significant digits a JSON number may not be what was sent (392074468759261.17 arrives as …261.2).
    if (typeof v === 'number' && text !== '' && new Decimal(text).sd() > 15) {
      ctx.addIssue({ code: 'custom', message: M.decimalComoTexto });
      return z.NEVER;
    }
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: M.required });
      return z.NEVER;
    }
    const parsed = parseDecimalInput(text);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: MONTO_MSG.invalido });
      return z.NEVER;
    }
    const d = new Decimal(parsed);
    if (!d.gt(0)) {
      ctx.addIssue({ code: 'custom', message: MONTO_MSG.positivo });
      return z.NEVER;
    }
    if (d.gte(new Decimal(10).pow(MONTO_MAX_ENTEROS))) {
      ctx.addIssue({ code: 'custom', message: MONTO_MSG.grande });
      return z.NEVER;
    }
    // The decimals as written, trailing zeros included: "150.000" is three decimals (refused for PYG,
    // where a Paraguayan means a hundred and fifty thousand), never 150. Leading zeros go.
    return d.toFixed(decimalesEscritos(parsed));
  });

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'Debe ser verdadero o falso' })
  .transform((v) => v === true || v === 'true' || v === '1');

const divisaPar = {
  divisa_origen: idParam,
  divisa_destino: idParam,
};

/** POST simular_publica/: generic method, no discount. */
export const simulacionPublicaInput = z.strictObject({ ...divisaPar, monto: montoField, metodo_id: idParam });

/** POST simular_privada_con_instancia/: the client's discount and the chosen instance (or generic method). */
export const simulacionPrivadaInput = z.strictObject({
  cliente_id: uuidParam,
  ...divisaPar,
  monto: montoField,
  detalle_metodo_id: idParam.nullish(),
  metodo_id: idParam.nullish(),
  /** The operation wizard's chosen terminal: the result then carries tauser_seleccionado. */
  tauser_id: uuidParam.nullish(),
  /**
   * Beyond the spec: the operation wizard's quote. Foreign cash the terminals cannot take in notes is
   * then refused here, on the amount, as the creation would refuse it.
   */
  es_operacion_real: boolish.optional(),
});
export type SimulacionPrivadaInput = z.infer<typeof simulacionPrivadaInput>;

/** GET metodos-disponibles/?divisa_origen&divisa_destino (public). */
export const metodosDisponiblesInput = z.object(divisaPar);
/** GET metodos-cliente/?cliente_id&divisa_origen&divisa_destino&es_operacion_real. */
export const metodosClienteInput = z.object({ cliente_id: uuidParam, ...divisaPar, es_operacion_real: queryFlag.optional() });

/** POST crear-transaccion/ (spec 001 §3). */
export const crearTransaccionInput = z.strictObject({
  cliente_id: uuidParam,
  ...divisaPar,
  monto: montoField,
  detalle_metodo_id: idParam.nullish(),
  metodo_id: idParam.nullish(),
  tauser_id: uuidParam,
  terminos_aceptados: boolish.optional(),
});
export type CrearTransaccionInput = z.infer<typeof crearTransaccionInput>;

export const transaccionIdInput = z.strictObject({ id: idParam });

/** GET cupo/?cliente_id (beyond the spec): a client's limits and what is left of them. */
export const cupoInput = z.object({ cliente_id: uuidParam });
const guaranies = z.string().nullable();
export const cupo = z.object({
  limite_diario: guaranies,
  limite_mensual: guaranies,
  usado_diario: z.string(),
  usado_mensual: z.string(),
  /** Null when there is no such limit. */
  disponible_diario: guaranies,
  disponible_mensual: guaranies,
});
export type Cupo = z.infer<typeof cupo>;

const TASA_ACEPTADA_MSG = 'Ingrese una tasa válida.';

/** PATCH transacciones/{id}/confirmar-pago/. `tasa_aceptada` (beyond the spec): the rate the customer saw and accepted. */
export const confirmarPagoInput = z.strictObject({
  id: idParam,
  terminos_aceptados: boolish.optional(),
  acepta_cambio: boolish.optional(),
  tasa_aceptada: z
    .string({ error: (iss) => (typeof iss.input === 'number' ? M.decimalComoTexto : TASA_ACEPTADA_MSG) })
    .regex(/^\d+(\.\d+)?$/, TASA_ACEPTADA_MSG)
    .optional(),
});

export const FECHA_MSG = 'Ingrese una fecha válida (AAAA-MM-DD).';
export const fecha = z
  .string({ error: FECHA_MSG })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: FECHA_MSG, abort: true })
  .refine(esFecha, FECHA_MSG);

/** Filters of the transaction lists and the history (dates are business days, inclusive). */
/** A state in any letter case (the history shows them in upper case, and a client may send them back so). */
export const estadoParam = enumParam(ESTADOS, 'Estado no válido');

export const transaccionFiltros = {
  estado: estadoParam.optional(),
  divisa: idParam.optional(),
  fecha_desde: fecha.optional(),
  fecha_hasta: fecha.optional(),
};
export const FECHAS_MSG = 'La fecha hasta no puede ser anterior a la fecha desde.';

// ---- answers ----

const decimal = z.string();

export const simulacionParametros = z.object({
  nombre_categoria: z.string().nullable(),
  descuento_categoria: decimal,
  nombre_metodo: z.string(),
  comision_metodo: decimal,
  /** Beyond the spec: the quote's parts, so screens can itemise the rate. */
  precio_base: decimal,
  comision_base: decimal,
});

export const tauserResumen = z.object({
  idTauser: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  direccion: z.string(),
  ciudad: z.string(),
  departamento: z.string(),
});

export const simulacionResultado = z.object({
  operacion_cliente: z.enum(['compra', 'venta']),
  operacion_casa: z.enum(['compra', 'venta']),
  monto_origen: decimal,
  divisa_origen: z.string(),
  monto_destino: decimal,
  divisa_destino: z.string(),
  tc_final: decimal,
  parametros: simulacionParametros,
  tauser_seleccionado: tauserResumen.optional(),
  /** Selling a foreign amount no sum of its notes makes: terminals take notes only, so the operation would refuse it. */
  aviso_billetes: z.string().optional(),
});
export type SimulacionResultado = z.infer<typeof simulacionResultado>;

export const instanciaMetodo = z.object({
  id: z.number().int(),
  alias: z.string(),
  tipo_especifico: z.enum(['cuenta_bancaria', 'billetera_digital', 'tarjeta', 'tarjeta_local']),
  detalles: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** Beyond the spec: what this instance charges in this direction, in percent. */
  comision_porcentaje: decimal,
});

export const grupoMetodo = z.object({
  metodo_financiero: z.object({ id: z.number().int(), nombre: z.string(), nombre_display: z.string(), comision_porcentaje: decimal }),
  instancias: z.array(instanciaMetodo),
  /** Whether the generic method (no instance) may be chosen. */
  permite_generico: z.boolean(),
});

export const metodosRespuesta = z.object({
  metodos: z.record(z.string(), grupoMetodo),
  operacion_casa: z.enum(['compra', 'venta']),
});
export type MetodosRespuesta = z.infer<typeof metodosRespuesta>;

/** A method a direction allows: the method's record and, beyond it, what it charges in this direction (percent). */
export const metodoDisponible = metodoRecord.extend({ comision_porcentaje: decimal });
export type MetodoDisponible = z.infer<typeof metodoDisponible>;

/**
 * GET metodos-disponibles/ (public): `metodos` is a plain array of method records, as the clients of
 * this path read it; the groups keyed by type with instances are metodos-cliente/'s answer.
 */
export const metodosDisponiblesRespuesta = z.object({
  operacion_casa: z.enum(['compra', 'venta']),
  metodos: z.array(metodoDisponible),
});
export type MetodosDisponiblesRespuesta = z.infer<typeof metodosDisponiblesRespuesta>;

export const reconfirmacion = z.object({
  cambio: z.boolean(),
  tasa_anterior: decimal,
  tasa_actual: decimal,
  delta_pct: decimal,
  monto_destino_anterior: decimal,
  monto_destino_actual: decimal,
});
export type Reconfirmacion = z.infer<typeof reconfirmacion>;

const divisaCorta = z.object({ id: z.number().int(), codigo: z.string(), simbolo: z.string() });

/** A transaction as every read answers it; the history row of spec 001 §3 is a subset. */
export const transaccionRecord = z.object({
  id: z.number().int(),
  codigo: z.string(),
  cliente_id: z.string(),
  cliente_nombre: z.string(),
  fecha_inicio: z.string(),
  expira_en: z.string(),
  fecha_pago: z.string().nullable(),
  fecha_fin: z.string().nullable(),
  operacion: z.enum(['compra', 'venta']),
  operacion_casa: z.enum(['compra', 'venta']),
  tasa_aplicada: decimal,
  tasa_inicial: decimal,
  monto_origen: decimal,
  monto_destino: decimal,
  monto_destino_inicial: decimal,
  monto_pyg: decimal,
  divisa_origen: z.number().int(),
  divisa_destino: z.number().int(),
  divisa_origen_detalle: divisaCorta,
  divisa_destino_detalle: divisaCorta,
  tauser: z.string(),
  tauser_detalle: tauserResumen,
  estado: z.enum(ESTADOS),
  estado_display: z.string(),
  terminos_aceptados: z.boolean(),
  motivo: z.string().nullable(),
  operador_detalle: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  metodo_financiero: z.number().int(),
  metodo_financiero_detalle: z.object({ id: z.number().int(), nombre: z.string(), nombre_display: z.string() }),
  detalle_metodo_id: z.number().int().nullable(),
  detalle_metodo_alias: z.string().nullable(),
  parametros: simulacionParametros,
  /** What the terminal paid out (completed transactions; see schemas/terminal.ts entregaSchema). */
  entrega: z.unknown().optional(),
  /** What the terminal will pay out, fixed at payment (en_proceso only; the same shape as `entrega`). */
  entrega_prevista: z.unknown().optional(),
});
export type TransaccionRecord = z.infer<typeof transaccionRecord>;
