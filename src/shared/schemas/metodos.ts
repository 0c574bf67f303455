import { cleanText } from '../text';
import { decimalDoc, textError, z } from '../zod';
import { Decimal, toFixedString } from '../money';
import { M } from '../messages';
import { MA } from '../messagesAdmin';
import { idParam, uuidParam } from './common';
import { queryFlag, TELEFONO_RE, text } from './fields';

/** Spanish messages of financial methods, catalogues and instances (spec 001 §5, §8). */
export const METODO_MSG = {
  // Methods
  nombreRequerido: 'El nombre es obligatorio.',
  nombreFormato: 'El nombre debe estar en mayúsculas, con letras y guiones bajos (p. ej. TARJETA_CREDITO).',
  nombreDuplicado: 'Ya existe un método financiero con este nombre.',
  nombreNoCambia: 'El nombre de un método financiero no se puede cambiar.',
  displayRequerido: 'El nombre a mostrar es obligatorio.',
  comisionCobro: 'La comisión de cobro debe estar entre 0 y 100',
  comisionPago: 'La comisión de pago debe estar entre 0 y 100',
  comisionNumero: 'Ingrese un número válido.',
  comisionDecimales: 'Como máximo 2 decimales.',
  // Catalogues
  bancoNombreRequerido: 'El nombre del banco es obligatorio',
  billeteraNombreRequerido: 'El nombre de la billetera es obligatorio',
  nombreMin: 'El nombre debe tener al menos 2 caracteres',
  nombreMax: 'El nombre no puede exceder 100 caracteres',
  cvuRequerido: 'El CVU del banco es obligatorio',
  cvuLargo: 'El CVU debe tener exactamente 22 dígitos',
  cvuNumeros: 'El CVU solo puede contener números',
  cvuDuplicado: 'Ya existe un banco con este CVU fijo.',
  compraNegativa: 'La comisión de compra no puede ser negativa',
  compraExcede: 'La comisión de compra no puede exceder 100%',
  ventaNegativa: 'La comisión de venta no puede ser negativa',
  ventaExcede: 'La comisión de venta no puede exceder 100%',
  marcaRequerida: 'La marca es requerida',
  marcaMax: 'La marca no puede exceder 50 caracteres',
  bancoDuplicado: 'Ya existe un banco con este nombre.',
  billeteraDuplicada: 'Ya existe una billetera con este nombre.',
  marcaDuplicada: 'Ya existe una marca de tarjeta con este nombre.',
  // Instances
  bancoRequerido: 'Debe seleccionar un banco',
  bancoInactivo: 'El banco seleccionado no está activo.',
  bancoNoExiste: 'El banco seleccionado no existe.',
  numeroCuentaRequerido: 'El número de cuenta es requerido',
  titularRequerido: 'El titular es requerido',
  cbuRequerido: 'El CBU/CVU es requerido',
  cbuLargo: 'El CBU/CVU debe tener exactamente 22 dígitos',
  cbuDelBanco: 'El CBU/CVU debe ser el CVU fijo del banco seleccionado.',
  plataformaRequerida: 'Debe seleccionar una plataforma',
  plataformaInactiva: 'La plataforma seleccionada no está activa.',
  plataformaNoExiste: 'La plataforma seleccionada no existe.',
  usuarioIdRequerido: 'El ID de usuario es requerido',
  emailRequerido: 'El email es requerido',
  emailInvalido: 'El email no es válido',
  /** The clients' phone rule and message (schemas/clientes.ts). */
  telefonoFormato: MA.telefonoFormat,
  tipoTarjetaRequerido: 'Debe seleccionar el tipo de tarjeta',
  marcaSeleccion: 'Debe seleccionar una marca',
  marcaInactiva: 'La marca seleccionada no está activa.',
  marcaNoExiste: 'La marca seleccionada no existe.',
  numeroTarjeta: 'El número de tarjeta debe tener entre 13 y 19 dígitos',
  numeroTarjetaRequerido: 'El número de tarjeta es requerido',
  cvv: 'El CVV debe tener 3 o 4 dígitos',
  cvvRequerido: 'El CVV es requerido',
  mesInvalido: 'Mes inválido',
  anioInvalido: 'Año inválido',
  vencida: 'La tarjeta está vencida',
  last4: 'Los últimos 4 dígitos deben ser 4 números.',
  brandRequerido: 'La marca de la tarjeta es requerida',
  datosSensibles: 'El número de tarjeta y el CVV no se envían al servidor.',
  aliasMax: 'El alias no puede exceder 100 caracteres',
  /** On an edit: an alias is optional only when the instance is created (it then gets a default one). */
  aliasVacio: 'El alias no puede quedar vacío.',
  clienteRequerido: 'Debe indicar el cliente de la instancia.',
  clienteNoAsignado: 'El cliente no está asignado a tu usuario.',
  clienteInactivo: 'El cliente no está activo.',
  casaSinCliente: 'Una instancia de la casa no tiene cliente.',
  casaSinTarjetas: 'La casa no registra tarjetas.',
  metodoSinInstancias: 'Este método financiero no admite instancias (solo transferencia bancaria, billetera digital y tarjeta).',
  metodoNoCoincide: 'El detalle pertenece a otro método financiero.',
  detalleOcupado: 'Este detalle ya tiene una cuenta, billetera o tarjeta.',
  detalleNoExiste: 'El detalle de método financiero no existe.',
  detalleNoCambia: 'El cliente, el tipo de cuenta y el método de un detalle no se pueden cambiar.',
  bloqueadaPorCatalogo: 'Esta instancia fue desactivada por catálogo: se reactiva cuando se activa su banco, billetera o marca.',
  catalogoInactivo: 'No se puede activar: su banco, billetera o marca está inactivo.',
  // Toasts (spec 001 §8)
  cargarMetodosError: 'Error al cargar métodos financieros',
  cargarMetodosError2: 'Error al cargar los métodos financieros',
  crearMetodoError: 'Error al crear método financiero',
  actualizarMetodoError: 'Error al actualizar método financiero',
  desactivarMetodoError: 'Error al desactivar método financiero',
  activarMetodoError: 'Error al activar método financiero',
  metodoCreado: 'Método financiero creado exitosamente!',
  metodoActualizado: 'Método financiero actualizado exitosamente!',
  metodoActivado: 'Método financiero activado exitosamente!',
  metodoDesactivado: 'Método financiero desactivado exitosamente!',
  cargarInstanciasError: 'Error al cargar instancias',
  cargarCatalogosError: 'Error al cargar catálogos',
  datosActualizados: 'Datos actualizados',
} as const;

/** Labels of the three catalogues for toasts ('Error al crear banco', 'Banco activado exitosamente!'). */
export const CATALOGO_LABEL = {
  bancos: { nombre: 'banco', titulo: 'Banco', genero: 'o' },
  billeterasCatalogo: { nombre: 'billetera digital', titulo: 'Billetera digital', genero: 'a' },
  tarjetasCatalogo: { nombre: 'marca de tarjeta', titulo: 'Marca de tarjeta', genero: 'a' },
} as const;
export type CatalogoKind = keyof typeof CATALOGO_LABEL;

/** 'Se desactivaron 2 instancia(s) asociada(s)' (spec 001 §8). */
export const instanciasAfectadasMsg = (n: number, activando: boolean) => `Se ${activando ? 'activaron' : 'desactivaron'} ${n} instancia(s) asociada(s)`;

// ---- Fields ----

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A percentage (0–100 unless `max` is null, step 0.01) typed as "1,5", "1.50" or sent as a JSON number:
 * a decimal string with 2 decimals, never a float on the way to the database.
 */
const porcentajeDoc = decimalDoc('Porcentaje de 0 a 100 con hasta 2 decimales (número o texto: "1.5", "1,50")', '1.50');
export const porcentaje = (msgs: { negativo: string; excede: string }) =>
  z.unknown().meta(porcentajeDoc).transform((v, ctx): string => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    let d: Decimal;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return fail(METODO_MSG.comisionNumero);
      d = new Decimal(v);
    } else if (typeof v === 'string') {
      const s = v.trim().replace(',', '.');
      if (!NUMBER.test(s)) return fail(METODO_MSG.comisionNumero);
      d = new Decimal(s);
    } else return fail(METODO_MSG.comisionNumero);
    if (d.lt(0)) return fail(msgs.negativo);
    if (d.gt(100)) return fail(msgs.excede);
    if (d.decimalPlaces() > 2) return fail(METODO_MSG.comisionDecimales);
    return toFixedString(d, 2);
  });

const bool = z.boolean({ error: 'Use true o false' });
const comisionCobro = porcentaje({ negativo: METODO_MSG.comisionCobro, excede: METODO_MSG.comisionCobro });
const comisionPago = porcentaje({ negativo: METODO_MSG.comisionPago, excede: METODO_MSG.comisionPago });
const comisionCompra = porcentaje({ negativo: METODO_MSG.compraNegativa, excede: METODO_MSG.compraExcede });
const comisionVenta = porcentaje({ negativo: METODO_MSG.ventaNegativa, excede: METODO_MSG.ventaExcede });
/** Absent, null or blank reads as `d`, checked like a sent value; optional in the OpenAPI document (prefault). */
const optionalDefault = <T extends z.ZodType>(s: T, d: string) => z.preprocess((v) => (v === null || v === '' ? d : v), s).prefault(d);

export const serialId = idParam;
/**
 * A catalogue or method reference in a body: an id, with the field's own "choose one" message
 * (`ausente`: what an absent one is told, when "choose one" does not fit).
 */
export const refId = (message: string, ausente = message) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.number({ error: (iss) => (iss.input === undefined ? ausente : message) }).int(message).positive(message).max(2_147_483_647, message),
  );

// ---- Methods ----

const metodoNombre = text({ required: METODO_MSG.nombreRequerido, max: 40 })
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z][A-Z_]*$/, METODO_MSG.nombreFormato));

const metodoFields = {
  nombre_display: text({ required: METODO_MSG.displayRequerido, max: 100 }),
  permite_cobro: bool,
  permite_pago: bool,
  comision_cobro_porcentaje: comisionCobro,
  comision_pago_porcentaje: comisionPago,
  is_active: bool,
};

/** POST metodos/: defaults 0.00 and both permits true (spec 001 §5). */
export const metodoCreateInput = z.strictObject({
  nombre: metodoNombre,
  nombre_display: metodoFields.nombre_display,
  permite_cobro: bool.default(true),
  permite_pago: bool.default(true),
  comision_cobro_porcentaje: optionalDefault(comisionCobro, '0'),
  comision_pago_porcentaje: optionalDefault(comisionPago, '0'),
  is_active: bool.default(true),
});
export type MetodoCreateInput = z.infer<typeof metodoCreateInput>;

/** PUT metodos/{id}/: the fields sent are changed; `nombre` may be echoed but never changed. */
export const metodoUpdateInput = z.strictObject({
  id: serialId,
  nombre: metodoNombre.optional(),
  nombre_display: metodoFields.nombre_display.optional(),
  permite_cobro: bool.optional(),
  permite_pago: bool.optional(),
  comision_cobro_porcentaje: comisionCobro.optional(),
  comision_pago_porcentaje: comisionPago.optional(),
  is_active: bool.optional(),
});
export type MetodoUpdateInput = z.infer<typeof metodoUpdateInput>;

export const metodoRecord = z.object({
  id: z.number().int(),
  nombre: z.string(),
  nombre_display: z.string(),
  permite_cobro: z.boolean(),
  permite_pago: z.boolean(),
  comision_cobro_porcentaje: z.string(),
  comision_pago_porcentaje: z.string(),
  is_active: z.boolean(),
});
export type MetodoRecord = z.infer<typeof metodoRecord>;

/** POST metodos/{id}/toggle_active/: `instancia: true` toggles the detail with that id instead (see docs/decisions.md). */
export const metodoToggleInput = z.strictObject({ id: serialId, instancia: queryFlag.optional() });

// ---- Catalogues ----

const catalogoNombre = (required: string) => text({ required, min: [2, METODO_MSG.nombreMin], max: 10_000 }).max(100, METODO_MSG.nombreMax);

/** A bank's fixed CVU: null/absent = none; a text must be 22 digits. */
const cvu = z
  .string({ error: textError(METODO_MSG.cvuRequerido) })
  .trim()
  .min(1, { error: METODO_MSG.cvuRequerido, abort: true })
  .regex(/^\d*$/, { error: METODO_MSG.cvuNumeros, abort: true })
  .length(22, METODO_MSG.cvuLargo)
  .nullable();

const comisionesCreate = {
  comision_compra: optionalDefault(comisionCompra, '0'),
  comision_venta: optionalDefault(comisionVenta, '0'),
  comision_personalizada_compra: bool.default(false),
  comision_personalizada_venta: bool.default(false),
  is_active: bool.default(true),
};
const comisionesUpdate = {
  comision_compra: comisionCompra.optional(),
  comision_venta: comisionVenta.optional(),
  comision_personalizada_compra: bool.optional(),
  comision_personalizada_venta: bool.optional(),
  is_active: bool.optional(),
};

export const bancoCreateInput = z.strictObject({ nombre: catalogoNombre(METODO_MSG.bancoNombreRequerido), cvu: cvu.optional().default(null), ...comisionesCreate });
export const bancoUpdateInput = z.strictObject({ id: serialId, nombre: catalogoNombre(METODO_MSG.bancoNombreRequerido).optional(), cvu: cvu.optional(), ...comisionesUpdate });
export const billeteraCatalogoCreateInput = z.strictObject({ nombre: catalogoNombre(METODO_MSG.billeteraNombreRequerido), ...comisionesCreate });
export const billeteraCatalogoUpdateInput = z.strictObject({ id: serialId, nombre: catalogoNombre(METODO_MSG.billeteraNombreRequerido).optional(), ...comisionesUpdate });
const marca = text({ required: METODO_MSG.marcaRequerida, max: 10_000 }).max(50, METODO_MSG.marcaMax);
export const tarjetaCatalogoCreateInput = z.strictObject({ marca, ...comisionesCreate });
export const tarjetaCatalogoUpdateInput = z.strictObject({ id: serialId, marca: marca.optional(), ...comisionesUpdate });

const comisionesRecord = {
  id: z.number().int(),
  comision_compra: z.string(),
  comision_venta: z.string(),
  comision_personalizada_compra: z.boolean(),
  comision_personalizada_venta: z.boolean(),
  is_active: z.boolean(),
};
export const bancoRecord = z.object({ ...comisionesRecord, nombre: z.string(), cvu: z.string().nullable() });
export const billeteraCatalogoRecord = z.object({ ...comisionesRecord, nombre: z.string() });
export const tarjetaCatalogoRecord = z.object({ ...comisionesRecord, marca: z.string() });
export type BancoRecord = z.infer<typeof bancoRecord>;
export type BilleteraCatalogoRecord = z.infer<typeof billeteraCatalogoRecord>;
export type TarjetaCatalogoRecord = z.infer<typeof tarjetaCatalogoRecord>;
/** Toggle or PUT of a catalogue entry: the entry and how many instances followed it. */
export const withAffected = <T extends z.ZodObject>(r: T) => r.extend({ affected_instances: z.number().int() });

/** The active entries every signed-in user's forms may offer. */
export const opcionesRecord = z.object({
  bancos: z.array(bancoRecord),
  billeteras: z.array(billeteraCatalogoRecord),
  marcas: z.array(tarjetaCatalogoRecord),
});
export type OpcionesRecord = z.infer<typeof opcionesRecord>;

// ---- Instances ----

/** The method each instance kind belongs to. */
export const TIPO_METODO = { cuenta_bancaria: 'TRANSFERENCIA_BANCARIA', billetera_digital: 'BILLETERA_DIGITAL', tarjeta: 'TARJETA' } as const;
export type TipoInstancia = keyof typeof TIPO_METODO;

const alias = cleanText({ error: 'Debe ser texto' }).trim().max(100, METODO_MSG.aliasMax);
/** An edit may leave the alias out (it is kept), never blank it: it would otherwise be ignored. */
const aliasEditado = alias.min(1, METODO_MSG.aliasVacio);

export const detalleCreateInput = z.strictObject({
  cliente: uuidParam.nullable().optional(),
  es_cuenta_casa: bool.default(false),
  metodo_financiero: refId('Debe seleccionar un método financiero'),
  alias: alias.optional(),
  is_active: bool.default(true),
});
export type DetalleCreateInput = z.infer<typeof detalleCreateInput>;

export const detalleUpdateInput = z.strictObject({
  id: serialId,
  cliente: uuidParam.nullable().optional(),
  es_cuenta_casa: bool.optional(),
  metodo_financiero: refId('Debe seleccionar un método financiero').optional(),
  alias: aliasEditado.optional(),
  is_active: bool.optional(),
  desactivado_por_catalogo: bool.optional(),
});
export type DetalleUpdateInput = z.infer<typeof detalleUpdateInput>;

export const detalleRecord = z.object({
  id: z.number().int(),
  cliente: z.string().nullable(),
  cliente_nombre: z.string().nullable(),
  es_cuenta_casa: z.boolean(),
  metodo_financiero: z.number().int(),
  metodo_financiero_nombre: z.string(),
  alias: z.string(),
  is_active: z.boolean(),
  desactivado_por_catalogo: z.boolean(),
});
export type DetalleRecord = z.infer<typeof detalleRecord>;

/** POST detalles/: the new detail, and `data.id` (spec 001 §7: it becomes metodo_financiero_detalle of the account, wallet or card). */
export const detalleCreadoRecord = detalleRecord.extend({ data: z.object({ id: z.number().int() }) });
export type DetalleCreadoRecord = z.infer<typeof detalleCreadoRecord>;

const detalleRef = refId(METODO_MSG.detalleNoExiste, M.required);

const cuentaFields = {
  banco: refId(METODO_MSG.bancoRequerido),
  numero_cuenta: text({ required: METODO_MSG.numeroCuentaRequerido, max: 50 }),
  titular: text({ required: METODO_MSG.titularRequerido, max: 100 }),
  /** Optional when the bank has a fixed CVU (the server fills it). */
  cbu_cvu: z
    .string({ error: textError(METODO_MSG.cbuRequerido) })
    .trim()
    .regex(/^\d*$/, { error: METODO_MSG.cbuLargo, abort: true })
    .refine((v) => v === '' || v.length === 22, METODO_MSG.cbuLargo)
    .optional(),
};
/** Optional phone: empty or null for none, otherwise digits with an optional leading + (as a client's). */
const telefono = cleanText({ error: textError('Debe ser texto') })
  .trim()
  .max(30, { error: 'Máximo 30 caracteres', abort: true })
  .refine((v) => v === '' || TELEFONO_RE.test(v), METODO_MSG.telefonoFormato)
  .nullable();
const billeteraFields = {
  plataforma: refId(METODO_MSG.plataformaRequerida),
  usuario_id: text({ required: METODO_MSG.usuarioIdRequerido, max: 100 }),
  email: text({ required: METODO_MSG.emailRequerido, max: 254 }).pipe(z.email(METODO_MSG.emailInvalido)),
  telefono: telefono.optional().transform((v) => (v ? v : null)),
};

/** Keys a card body must never carry: the full number and the CVV stay in the browser. */
export const CARD_SECRET_KEYS = ['numero', 'numero_tarjeta', 'number', 'card_number', 'cardNumber', 'pan', 'cvv', 'cvc', 'cvv2', 'security_code'] as const;
/** Each secret key, if present with any value, is refused with its own message (the types stay exact). */
const secretKeys = Object.fromEntries(CARD_SECRET_KEYS.map((k) => [k, z.undefined({ error: METODO_MSG.datosSensibles }).optional()])) as Record<
  (typeof CARD_SECRET_KEYS)[number],
  z.ZodOptional<z.ZodUndefined>
>;

const mes = z.preprocess((v) => (typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : v), z.number({ error: METODO_MSG.mesInvalido }).int(METODO_MSG.mesInvalido).min(1, METODO_MSG.mesInvalido).max(12, METODO_MSG.mesInvalido));
const anio = z.preprocess((v) => (typeof v === 'string' && /^\d{4}$/.test(v) ? Number(v) : v), z.number({ error: METODO_MSG.anioInvalido }).int(METODO_MSG.anioInvalido));

/** A card's expiry as shown everywhere: the month padded to 2 digits (spec 001 §9), `01/2027`. */
export const vencimientoTexto = (expMonth: number | string, expYear: number | string) => `${String(expMonth).padStart(2, '0')}/${expYear}`;

/** Year from the current one to +20, and not before the current month (spec 001 §5). */
export function vencimientoErrors(expMonth: number, expYear: number, now = new Date()): Record<string, string[]> {
  const y = now.getFullYear();
  if (expYear < y || expYear > y + 20) return { exp_year: [METODO_MSG.anioInvalido] };
  if (expYear === y && expMonth < now.getMonth() + 1) return { exp_month: [METODO_MSG.vencida] };
  return {};
}

const tarjetaFields = {
  tipo: z.enum(['STRIPE', 'LOCAL'], { error: METODO_MSG.tipoTarjetaRequerido }),
  payment_method_id: cleanText({ error: 'Debe ser texto' }).trim().max(100, 'Máximo 100 caracteres').optional(),
  /** The card network (visa, mastercard…); for a LOCAL card the brand's name is used when missing. */
  brand: cleanText({ error: 'Debe ser texto' }).trim().max(30, 'Máximo 30 caracteres').optional(),
  marca: refId(METODO_MSG.marcaSeleccion).nullable().optional(),
  last4: z.string({ error: METODO_MSG.last4 }).regex(/^\d{4}$/, METODO_MSG.last4),
  exp_month: mes,
  exp_year: anio,
  titular: text({ required: METODO_MSG.titularRequerido, max: 100 }),
};

export const cuentaCreateInput = z.strictObject({ ...cuentaFields, metodo_financiero_detalle: detalleRef });
/**
 * PUT of an account, wallet or card changes the fields sent (omitted fields keep their value); the
 * service checks the merged record's cross-field rules (a bank's fixed CVU, the expiry, a LOCAL card's brand).
 */
export const cuentaUpdateInput = z.strictObject({
  id: serialId,
  banco: cuentaFields.banco.optional(),
  numero_cuenta: cuentaFields.numero_cuenta.optional(),
  titular: cuentaFields.titular.optional(),
  cbu_cvu: cuentaFields.cbu_cvu,
  metodo_financiero_detalle: detalleRef.optional(),
  alias: aliasEditado.optional(),
});
export const billeteraCreateInput = z.strictObject({ ...billeteraFields, metodo_financiero_detalle: detalleRef });
/** `telefono`: omitted keeps it; null or "" clears it. */
export const billeteraUpdateInput = z.strictObject({
  id: serialId,
  plataforma: billeteraFields.plataforma.optional(),
  usuario_id: billeteraFields.usuario_id.optional(),
  email: billeteraFields.email.optional(),
  telefono: telefono.optional(),
  metodo_financiero_detalle: detalleRef.optional(),
  alias: aliasEditado.optional(),
});
export const tarjetaCreateInput = z.strictObject({ ...tarjetaFields, metodo_financiero_detalle: detalleRef, ...secretKeys });
export const tarjetaUpdateInput = z.strictObject({
    id: serialId,
    tipo: tarjetaFields.tipo.optional(),
    payment_method_id: tarjetaFields.payment_method_id,
    brand: tarjetaFields.brand,
    marca: tarjetaFields.marca,
    last4: tarjetaFields.last4.optional(),
    exp_month: mes.optional(),
    exp_year: anio.optional(),
    titular: tarjetaFields.titular.optional(),
    metodo_financiero_detalle: detalleRef.optional(),
    alias: aliasEditado.optional(),
    ...secretKeys,
});
export type CuentaCreateInput = z.infer<typeof cuentaCreateInput>;
export type CuentaUpdateInput = z.infer<typeof cuentaUpdateInput>;
export type BilleteraCreateInput = z.infer<typeof billeteraCreateInput>;
export type BilleteraUpdateInput = z.infer<typeof billeteraUpdateInput>;
export type TarjetaCreateInput = z.infer<typeof tarjetaCreateInput>;
export type TarjetaUpdateInput = z.infer<typeof tarjetaUpdateInput>;

/** Owner of a new instance for the web client's one-call creation. */
const owner = {
  cliente: uuidParam.nullable().optional(),
  es_cuenta_casa: bool.default(false),
  alias: alias.optional(),
};

/** The web client's one call: the detail and its account, wallet or card in one transaction. */
export const instanciaCreateInput = z.discriminatedUnion('tipo_instancia', [
  z.strictObject({ tipo_instancia: z.literal('cuenta_bancaria'), ...owner, ...cuentaFields }),
  z.strictObject({ tipo_instancia: z.literal('billetera_digital'), ...owner, ...billeteraFields }),
  z.strictObject({ tipo_instancia: z.literal('tarjeta'), ...owner, ...tarjetaFields, ...secretKeys }),
]);
export type InstanciaCreateInput = z.infer<typeof instanciaCreateInput>;

/** What every instance answers besides its own fields: its detail, and the commission it charges. */
const instanciaCommon = {
  id: z.number().int(),
  metodo_financiero_detalle: z.number().int(),
  detalle: detalleRecord,
  /** Effective commission (comisionMetodo): venta = the house collects, compra = it pays; null when not allowed. */
  comision_efectiva: z.object({ venta: z.string().nullable(), compra: z.string().nullable() }),
};
export const cuentaRecord = z.object({
  ...instanciaCommon,
  banco: z.number().int(),
  banco_nombre: z.string(),
  banco_cvu: z.string().nullable(),
  numero_cuenta: z.string(),
  titular: z.string(),
  cbu_cvu: z.string(),
});
export const billeteraRecord = z.object({
  ...instanciaCommon,
  plataforma: z.number().int(),
  plataforma_nombre: z.string(),
  usuario_id: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
});
export const tarjetaRecord = z.object({
  ...instanciaCommon,
  tipo: z.enum(['STRIPE', 'LOCAL']),
  payment_method_id: z.string(),
  brand: z.string(),
  marca: z.number().int().nullable(),
  marca_nombre: z.string().nullable(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  titular: z.string(),
});
export type CuentaRecord = z.infer<typeof cuentaRecord>;
export type BilleteraRecord = z.infer<typeof billeteraRecord>;
export type TarjetaRecord = z.infer<typeof tarjetaRecord>;

export const instanciaRecord = z.union([cuentaRecord, billeteraRecord, tarjetaRecord]);

/** List filters of instances and details: ?cliente=<uuid>, ?es_cuenta_casa=true, ?is_active=true. */
export const instanciaFilters = {
  cliente: uuidParam.optional(),
  es_cuenta_casa: queryFlag.optional(),
  is_active: queryFlag.optional(),
};
export const catalogoFilters = { is_active: queryFlag.optional() };
