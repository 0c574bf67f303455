import { textError, z } from '../zod';
import { M } from '../messages';
import { Decimal, parseDecimalInput } from '../money';
import { idParam } from './common';
import { queryFlag } from './fields';
import { cleanText } from '../text';

/** Spanish messages of currencies, denominations and limits (spec 001 §5, §8). */
export const DIVISA_MSG = {
  nombreRequerido: 'El nombre es obligatorio.',
  nombreLargo: 'El nombre debe tener entre 3 y 30 caracteres.',
  codigoRequerido: 'El código es obligatorio.',
  codigoLargo: 'El código debe tener exactamente 3 caracteres.',
  codigoLetras: 'El código solo puede contener letras.',
  codigoDuplicado: 'Ya existe una divisa con este código.',
  codigoEnUso: 'El código de una divisa con cotización, denominaciones u operaciones no se puede cambiar.',
  simboloRequerido: 'El símbolo es obligatorio.',
  simboloLargo: 'El símbolo debe tener entre 1 y 3 caracteres.',
  maxDigitos: 'El máximo de dígitos debe ser un número mayor a 2.',
  maxDigitosTope: 'El máximo de dígitos no puede ser mayor a 30.',
  maxDigitosEntero: 'El máximo de dígitos debe ser un número entero.',
  precision: 'La precisión debe ser un número mayor a 2.',
  precisionTope: 'La precisión no puede ser mayor a 20.',
  precisionEntera: 'La precisión debe ser un número entero.',
  flag: 'La bandera debe ser un código de país de 2 letras (ISO 3166-1), por ejemplo US.',
  baseExiste: 'Ya existe una divisa base.',
  baseNoCambia: 'No se puede cambiar si una divisa es la divisa base.',
  baseNoDesactivar: 'No se puede desactivar la divisa base.',
  pagadasEnCurso: (codigo: string, n: number) =>
    `No se puede desactivar mientras haya operaciones pagadas en ${codigo} sin completar en un terminal (${n}). Esperá a que se completen o cancelalas.`,
  divisaNoExiste: 'La divisa no existe.',
  divisaRequerida: 'Debe seleccionar una divisa.',
  denominacion: 'La denominación debe ser un número entero mayor a cero.',
  denominacionTope: 'La denominación es demasiado grande.',
  denominacionRequerida: 'Ingresá el valor de la denominación (por ejemplo 200.000).',
  denominacionDuplicada: 'Ya existe esta denominación para la divisa.',
  denominacionReservada: (n: number) =>
    `No se puede desactivar: ${n === 1 ? 'hay 1 billete' : `hay ${n} billetes`} de esta denominación reservados para operaciones pagadas que todavía no se completaron en un terminal. Esperá a que se completen o cancelalas.`,
  denominacionEnUso: 'Una denominación con billetes en terminales no cambia de valor ni de divisa: desactívela y cree otra.',
  limiteNumero: 'Ingrese un número válido.',
  limiteLargo: 'Asegúrese de que este campo no tenga más de 30 caracteres.',
  limiteSinDecimales: 'Los límites son en guaraníes, sin decimales.',
  limiteDiarioMayor: 'El límite diario no puede superar al límite mensual.',
  // Toasts of the screens (spec 001 §8).
  limitesError: 'Error al obtener límites',
  limitesSinVer: 'Para modificar los límites necesitás también el permiso de verlos.',
  limitesActualizarError: 'Error actualizando los límites',
  limitesEditarError: 'Error al editar límites',
  limitesOk: 'Límites actualizados con éxito.',
  crearError: 'Ha ocurrido un error al crear la divisa.',
  actualizarError: 'Ha ocurrido un error al actualizar la divisa.',
  actualizarError2: 'Error al actualizar la divisa.',
  denominacionesError: 'Ha ocurrido un error obteniendo las denominaciones.',
  denominacionCrearError: 'Ha ocurrido un error creando la denominación.',
  denominacionOk: 'Denominacion creada con éxito!',
} as const;

/** A serial id (int4): coerced from path text, never beyond the column's range. */
export const serialId = idParam;

/**
 * A whole number typed in a form ("30") or sent as JSON (30), checked by `schema`. Any other text keeps
 * its type and fails there. Only counts, ids and note values: never an amount or a rate.
 */
const fromIntText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v.trim()) : v), schema);

/** A number (or its digits as text); one with decimals is told it must be whole, one too large its cap. */
const wholeNumber = (message: string, entero: string) =>
  fromIntText(z.number({ error: message }).refine((n) => Number.isInteger(n), { message: entero, abort: true }).meta({ type: 'integer' }));

const nombre = cleanText({ error: textError(DIVISA_MSG.nombreRequerido) }).trim().min(1, { message: DIVISA_MSG.nombreRequerido, abort: true }).min(3, DIVISA_MSG.nombreLargo).max(30, DIVISA_MSG.nombreLargo);
const codigo = z
  .string({ error: textError(DIVISA_MSG.codigoRequerido) })
  .trim()
  .min(1, { message: DIVISA_MSG.codigoRequerido, abort: true })
  .length(3, DIVISA_MSG.codigoLargo)
  .regex(/^[A-Za-z]*$/, DIVISA_MSG.codigoLetras)
  .transform((v) => v.toUpperCase());
const simbolo = cleanText({ error: textError(DIVISA_MSG.simboloRequerido) }).trim().min(1, { message: DIVISA_MSG.simboloRequerido, abort: true }).max(3, DIVISA_MSG.simboloLargo);
const maxDigitos = wholeNumber(DIVISA_MSG.maxDigitos, DIVISA_MSG.maxDigitosEntero).pipe(z.number().gt(2, DIVISA_MSG.maxDigitos).max(30, DIVISA_MSG.maxDigitosTope));
/** Spec rule for currencies created or edited through the API (the seeded base currency keeps 0). */
const precision = wholeNumber(DIVISA_MSG.precision, DIVISA_MSG.precisionEntera).pipe(z.number().gt(2, DIVISA_MSG.precision).max(20, DIVISA_MSG.precisionTope));
/** On update: 0–20 here; the service asks for more than 2 unless the currency is the base one. */
const precisionUpdate = wholeNumber(DIVISA_MSG.precision, DIVISA_MSG.precisionEntera).pipe(z.number().min(0, DIVISA_MSG.precision).max(20, DIVISA_MSG.precisionTope));
/** ISO 3166-1 alpha-2 code ("us" → "US"); empty or null means no flag. */
const flag = z
  .string({ error: textError(DIVISA_MSG.flag) })
  .trim()
  .regex(/^([A-Za-z]{2})?$/, DIVISA_MSG.flag)
  .transform((v) => (v === '' ? null : v.toUpperCase()))
  .nullable();

export const divisaCreateInput = z.strictObject({
  nombre,
  codigo,
  simbolo,
  max_digitos: maxDigitos.default(30),
  precision: precision.default(6),
  es_base: z.boolean({ error: 'Use true o false' }).default(false),
  is_active: z.boolean({ error: 'Use true o false' }).default(true),
  flag: flag.optional(),
});
export type DivisaCreateInput = z.infer<typeof divisaCreateInput>;
export type DivisaCreateForm = z.input<typeof divisaCreateInput>;

const divisaFields = {
  nombre,
  codigo,
  simbolo,
  max_digitos: maxDigitos,
  precision: precisionUpdate,
  /** Must repeat the stored value: the base flag never changes after creation. */
  es_base: z.boolean({ error: 'Use true o false' }).optional(),
  /** true needs the change permission, false the delete permission. */
  is_active: z.boolean({ error: 'Use true o false' }).optional(),
  flag: flag.optional(),
};

/** PUT /divisas/:id/: every editable field. */
export const divisaUpdateInput = z.strictObject({ id: serialId, ...divisaFields });
/** PATCH /divisas/:id/: any subset, e.g. {"is_active": true} to reactivate. */
export const divisaPatchInput = divisaUpdateInput.partial().required({ id: true });
export type DivisaPatchInput = z.infer<typeof divisaPatchInput>;

export const divisaRecord = z.object({
  id: z.number().int(),
  nombre: z.string(),
  codigo: z.string(),
  simbolo: z.string(),
  max_digitos: z.number().int(),
  precision: z.number().int(),
  es_base: z.boolean(),
  is_active: z.boolean(),
  flag: z.string().nullable(),
});
export type DivisaRecord = z.infer<typeof divisaRecord>;

export const divisaListFilters = {
  es_base: queryFlag.optional(),
  is_active: queryFlag.optional(),
};

// ---- Denominations ----

const denominacionValue = fromIntText(
  z
    .number({ error: DIVISA_MSG.denominacion })
    .int(DIVISA_MSG.denominacion)
    .gt(0, DIVISA_MSG.denominacion)
    .max(2147483647, DIVISA_MSG.denominacionTope),
);
/** The `divisa` of a denomination or a rate: a currency id (int4). */
export const divisaRef = fromIntText(
  z.number({ error: DIVISA_MSG.divisaRequerida }).int(DIVISA_MSG.divisaRequerida).positive(DIVISA_MSG.divisaRequerida).max(2147483647, DIVISA_MSG.divisaNoExiste),
);

export const denominacionCreateInput = z.strictObject({
  denominacion: denominacionValue,
  divisa: divisaRef,
  is_active: z.boolean({ error: 'Use true o false' }).default(true),
});
export type DenominacionCreateInput = z.infer<typeof denominacionCreateInput>;
export type DenominacionCreateForm = z.input<typeof denominacionCreateInput>;

export const denominacionUpdateInput = z.strictObject({
  id: serialId,
  denominacion: denominacionValue,
  divisa: divisaRef.optional(),
  is_active: z.boolean({ error: 'Use true o false' }).optional(),
});
export const denominacionPatchInput = z.strictObject({
  id: serialId,
  denominacion: denominacionValue.optional(),
  divisa: divisaRef.optional(),
  is_active: z.boolean({ error: 'Use true o false' }).optional(),
});
export type DenominacionPatchInput = z.infer<typeof denominacionPatchInput>;

export const denominacionRecord = z.object({
  id: z.number().int(),
  denominacion: z.number().int(),
  divisa: z.number().int(),
  is_active: z.boolean(),
});
export type DenominacionRecord = z.infer<typeof denominacionRecord>;

// ---- Limits ----

/**
 * A limit in PYG (no minor unit): a non-negative whole number of at most 30 characters; empty or null =
 * no limit. A decimal point or comma is refused with its own message ("1,5" is never stored as 1.5).
 */
const limiteValue = z
  .string({ error: (iss) => (iss.input === undefined ? M.required : typeof iss.input === 'number' ? M.enteroComoTexto : DIVISA_MSG.limiteNumero) })
  .nullable()
  .transform((v, ctx) => {
    const text = v?.trim() ?? '';
    if (text === '') return null;
    if (text.length > 30) {
      ctx.addIssue({ code: 'custom', message: DIVISA_MSG.limiteLargo });
      return z.NEVER;
    }
    const parsed = parseDecimalInput(text);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: DIVISA_MSG.limiteNumero });
      return z.NEVER;
    }
    if (parsed.includes('.')) {
      ctx.addIssue({ code: 'custom', message: DIVISA_MSG.limiteSinDecimales });
      return z.NEVER;
    }
    return parsed;
  });

/** Both limits; the daily one may not exceed the monthly one when both are set. */
export const limitesInput = z.strictObject({ limite_diario: limiteValue, limite_mensual: limiteValue }).superRefine((v, ctx) => {
  if (v.limite_diario !== null && v.limite_mensual !== null && new Decimal(v.limite_diario).gt(v.limite_mensual)) {
    ctx.addIssue({ code: 'custom', path: ['limite_diario'], message: DIVISA_MSG.limiteDiarioMayor });
  }
});
export type LimitesInput = z.infer<typeof limitesInput>;
export type LimitesForm = z.input<typeof limitesInput>;

export const limitesRecord = z.object({ limite_diario: z.string().nullable(), limite_mensual: z.string().nullable() });
export type LimitesRecord = z.infer<typeof limitesRecord>;

/** "US" → "🇺🇸" (regional indicator symbols); anything else → "". */
export { flagEmoji } from '../format';
