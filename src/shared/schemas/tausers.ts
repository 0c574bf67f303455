import { decimalDoc, z } from '../zod';
import { Decimal } from '../money';
import { flag, queryFlag, searchField, text } from './fields';
import { uuidField } from './common';

/** Spanish messages of the self-service terminals (spec 001 §5 and §8). */
export const TAUSER_MSG = {
  /** What the confirmation of Desactivar says a deactivation ends. */
  desactivar: 'El terminal cerrará su sesión y no se podrá elegir ni pagar operaciones en él hasta que se lo active y vuelva a iniciar sesión con su clave.',
  codigoRequerido: 'El código es obligatorio.',
  codigoFormato: 'El código solo puede contener letras, números, guiones y guiones bajos.',
  codigoDuplicado: 'Ya existe un Tauser con este código.',
  codigoSoloLectura: 'El código no se puede modificar.',
  nombreRequerido: 'El nombre es obligatorio.',
  direccionRequerida: 'La dirección es obligatoria.',
  ciudadRequerida: 'La ciudad es obligatoria.',
  departamentoRequerido: 'El departamento es obligatorio.',
  latitudNumero: 'La latitud debe ser un número.',
  latitudRequerida: 'La latitud es obligatoria.',
  latitudMin: 'La latitud no puede ser menor que -90.',
  latitudMax: 'La latitud no puede ser mayor que 90.',
  longitudNumero: 'La longitud debe ser un número.',
  longitudRequerida: 'La longitud es obligatoria.',
  longitudMin: 'La longitud no puede ser menor que -180.',
  longitudMax: 'La longitud no puede ser mayor que 180.',
  nuevoActivo: 'Un Tauser nuevo se crea activo.',
  idInvalido: 'ID de Tauser no válido',
  pagadasEnCurso: (codigo: string, n: number) =>
    `No se puede desactivar el Tauser ${codigo} mientras tenga operaciones pagadas sin retirar (${n}). Esperá a que se completen o cancelalas.`,
  // Toasts (spec 001 §8).
  cargarError: 'Error al cargar Tausers',
  crearError: 'Ha ocurrido un error al crear el Tauser.',
  actualizarError: 'Ha ocurrido un error al actualizar el Tauser.',
  estadoError: 'Ha ocurrido un error al cambiar estado del Tauser.',
  crearErrorRed: 'Error al crear el Tauser',
  editarErrorRed: 'Error al editar el Tauser',
  creado: 'Tauser creado con éxito!',
  actualizado: 'Tauser actualizado con éxito!',
  activado: 'Tauser activado con éxito',
  inactivado: 'Tauser inactivado con éxito',
  sinTerminales: 'No hay terminales de autoservicio disponibles en este momento.',
} as const;

/** Decimals a coordinate keeps (numeric(9,6): about 11 cm). */
export const COORD_DECIMALS = 6;

/** Map default (spec 001 §9): Asunción. */
export const MAP_DEFAULT = { latitud: -25.263739, longitud: -57.575926, zoom: 13 } as const;

const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * A coordinate typed in a form ("-25.263739", "-25,263739") or sent as a JSON number, between ±`limit`.
 * Rounded half-up to 6 decimals and answered as a decimal string ("-25.263739"); never stored through a float.
 */
function coordinate(limit: 90 | 180, msg: { requerida: string; numero: string; min: string; max: string }) {
  const ejemplo = String(limit === 90 ? MAP_DEFAULT.latitud : MAP_DEFAULT.longitud);
  const doc = decimalDoc(`Decimal entre -${limit} y ${limit} (número o texto); se guarda con 6 decimales`, ejemplo);
  return z.unknown().meta(doc).transform((v, ctx): string => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (v === undefined || v === null) return fail(msg.requerida);
    let d: Decimal;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return fail(msg.numero);
      d = new Decimal(v);
    } else if (typeof v === 'string') {
      const s = v.trim();
      if (s === '') return fail(msg.requerida);
      if (!NUMBER.test(s)) return fail(msg.numero);
      d = new Decimal(s.replace(',', '.'));
    } else return fail(msg.numero);
    if (d.lt(-limit)) return fail(msg.min);
    if (d.gt(limit)) return fail(msg.max);
    const r = d.toDecimalPlaces(COORD_DECIMALS, Decimal.ROUND_HALF_UP);
    return (r.isZero() ? new Decimal(0) : r).toFixed(COORD_DECIMALS);
  });
}

export const latitudField = coordinate(90, {
  requerida: TAUSER_MSG.latitudRequerida,
  numero: TAUSER_MSG.latitudNumero,
  min: TAUSER_MSG.latitudMin,
  max: TAUSER_MSG.latitudMax,
});
export const longitudField = coordinate(180, {
  requerida: TAUSER_MSG.longitudRequerida,
  numero: TAUSER_MSG.longitudNumero,
  min: TAUSER_MSG.longitudMin,
  max: TAUSER_MSG.longitudMax,
});

export const tauserCodigo = text({ required: TAUSER_MSG.codigoRequerido, max: 20 }).regex(/^[A-Za-z0-9_-]+$/, TAUSER_MSG.codigoFormato);

const fields = {
  codigo: tauserCodigo,
  nombre: text({ required: TAUSER_MSG.nombreRequerido, max: 100 }),
  direccion: text({ required: TAUSER_MSG.direccionRequerida, max: 200 }),
  ciudad: text({ required: TAUSER_MSG.ciudadRequerida, max: 100 }),
  departamento: text({ required: TAUSER_MSG.departamentoRequerido, max: 100 }),
  latitud: latitudField,
  longitud: longitudField,
};

/** The terminal form (create and edit; código is read-only on edit). */
export const tauserForm = z.strictObject(fields);
export type TauserFormIn = z.input<typeof tauserForm>;
export type TauserFormOut = z.output<typeof tauserForm>;

/** POST /tauser/: every field; a new terminal is active (isActive may only repeat true). */
export const tauserCreateInput = tauserForm.extend({
  isActive: flag().refine((v) => v, TAUSER_MSG.nuevoActivo).optional(),
});
export type TauserCreateInput = z.infer<typeof tauserCreateInput>;

/**
 * PATCH /tauser/:id/: any subset. `codigo` and `idTauser` may be echoed unchanged (a GET sent back);
 * a different código answers 400 (read-only after creation).
 */
export const tauserPatchBody = z.strictObject({
  idTauser: uuidField({ error: TAUSER_MSG.idInvalido }).optional(),
  codigo: z.string().trim().optional(),
  nombre: fields.nombre.optional(),
  direccion: fields.direccion.optional(),
  ciudad: fields.ciudad.optional(),
  departamento: fields.departamento.optional(),
  latitud: latitudField.optional(),
  longitud: longitudField.optional(),
  isActive: flag().optional(),
});
export type TauserPatchBody = z.infer<typeof tauserPatchBody>;

export const tauserRecord = z.object({
  idTauser: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  direccion: z.string(),
  ciudad: z.string(),
  departamento: z.string(),
  /** Decimal strings with 6 decimals ("-25.263739"). */
  latitud: z.string(),
  longitud: z.string(),
  isActive: z.boolean(),
});
export type TauserRecord = z.infer<typeof tauserRecord>;

/**
 * Query keys of GET /tauser/: `is_active` filters by state (the operation wizard asks for active ones);
 * `incluir_inactivos` is accepted from older clients (staff lists already include inactive terminals).
 */
export const tauserListFilters = {
  search: searchField,
  is_active: queryFlag.optional(),
  incluir_inactivos: queryFlag.optional(),
};
