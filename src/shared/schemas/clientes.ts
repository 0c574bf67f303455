import { textError, z } from '../zod';
import { M } from '../messages';
import { MA } from '../messagesAdmin';
import { emailField, flag, requiredFlag, TELEFONO_RE, text } from './fields';
import { uuidField } from './common';

export const clienteRecord = z.object({
  idCliente: z.string(),
  nombre: z.string(),
  isPersonaFisica: z.boolean(),
  cedula: z.string().nullable(),
  ruc: z.string().nullable(),
  idCategoria: z.string(),
  categoria: z.object({ nombre: z.string(), descuento: z.string() }),
  correo: z.string(),
  telefono: z.string(),
  direccion: z.string(),
  isActive: z.boolean(),
});
export type ClienteRecord = z.infer<typeof clienteRecord>;

/** Cédula or RUC: digits with an optional hyphen (the RUC's check digit). */
export const documentoField = text({ max: 20 }).regex(/^\d+(-\d+)?$/, MA.documentoFormat);

export const clienteFields = {
  nombre: text({ min: [2, MA.clienteNombreMin], max: 150 }),
  isPersonaFisica: requiredFlag(),
  idCategoria: z
    .string({ error: textError(M.required) })
    .min(1, { error: M.required, abort: true })
    .pipe(uuidField({ error: MA.categoriaInvalid })),
  correo: emailField(M.invalidEmailUser),
  telefono: text({ max: 30 }).regex(TELEFONO_RE, MA.telefonoFormat),
  direccion: text({ min: [2, MA.direccionMin], max: 255 }),
};

/** A cédula or RUC as written in Paraguay, with thousands dots ("4.567.890", "80.012.345-6"): its digits. */
export const sinPuntosDeMiles = (v: string) => (/^\s*\d{1,3}(\.\d{3})+(-\d+)?\s*$/.test(v) ? v.replace(/\./g, '') : v);
/** A phone as people space it ("0981 123 456", "+595 981 123456"): without the spaces between its digits. */
export const sinEspaciosInternos = (v: string) => v.trim().replace(/\s+/g, '');

/**
 * The client form of the screens: one `documento` box whose meaning follows the type. It reads a
 * document with thousands dots and a phone with spaces as people type them and keeps the digits (the
 * API itself takes only the digits, spec 000 §5).
 */
export const clienteForm = z.strictObject({
  ...clienteFields,
  telefono: z.string({ error: textError(M.required) }).transform(sinEspaciosInternos).pipe(clienteFields.telefono),
  documento: z.string({ error: textError(M.required) }).transform(sinPuntosDeMiles).pipe(documentoField),
});
export type ClienteForm = z.infer<typeof clienteForm>;

/** The API payload for a form: cédula for an individual, RUC otherwise, the other empty; always active. */
export function clientePayloadFromForm(f: ClienteForm) {
  const { documento, ...rest } = f;
  return {
    ...rest,
    cedula: f.isPersonaFisica ? documento : null,
    ruc: f.isPersonaFisica ? null : documento,
    isActive: true,
  };
}

/**
 * A document is text (a number would drop a leading zero or the RUC's check digit): a number says so.
 * A non-empty one is checked here too, so its message comes with those of the other fields (the rule
 * of the whole body, `requireDocument`, does not run once a field's own rule has failed).
 */
const optionalDoc = z
  .union(
    [
      z.string().superRefine((v, ctx) => {
        const r = v.trim() === '' ? null : documentoField.safeParse(v);
        if (r && !r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0].message });
      }),
      z.null(),
    ],
    { error: (iss) => (typeof iss.input === 'number' ? 'Debe ser texto' : MA.documentoFormat) },
  )
  .optional();

/** A non-empty document of the other type is refused, never dropped silently: its field and message, or null. */
export function otherDocumentError(isPersonaFisica: boolean, v: { cedula?: unknown; ruc?: unknown }): { cedula: string[] } | { ruc: string[] } | null {
  const other = isPersonaFisica ? v.ruc : v.cedula;
  if (typeof other !== 'string' || other.trim() === '') return null;
  return isPersonaFisica ? { ruc: [MA.rucNotForPersonaFisica] } : { cedula: [MA.cedulaNotForJuridica] };
}

/**
 * Checks the document that belongs to the client type, and that the other one is empty or absent (it
 * is stored null). It runs even when other fields fail, so every field message comes in one answer.
 */
export function requireDocument(v: { isPersonaFisica?: unknown; cedula?: unknown; ruc?: unknown }, ctx: z.RefinementCtx) {
  if (typeof v.isPersonaFisica !== 'boolean') return;
  const key = v.isPersonaFisica ? 'cedula' : 'ruc';
  const r = documentoField.safeParse(v[key] ?? '');
  if (!r.success) ctx.addIssue({ code: 'custom', path: [key], message: r.error.issues[0].message });
  for (const [field, [message]] of Object.entries(otherDocumentError(v.isPersonaFisica, v) ?? {})) ctx.addIssue({ code: 'custom', path: [field], message });
}
const anObject = (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value);

/** POST and PUT /clientes/ body (spec 000 §7). */
export const clienteBodyShape = {
  ...clienteFields,
  cedula: optionalDoc,
  ruc: optionalDoc,
  isActive: flag().optional(),
};
export const clienteBody = z.strictObject(clienteBodyShape).superRefine(requireDocument, { when: anObject });
export type ClienteBody = z.infer<typeof clienteBody>;

/** PATCH /clientes/:id/ body: any subset; `{isActive: true}` reactivates. */
export const clientePatchBody = z.strictObject({
  nombre: clienteFields.nombre.optional(),
  isPersonaFisica: clienteFields.isPersonaFisica.optional(),
  idCategoria: clienteFields.idCategoria.optional(),
  correo: clienteFields.correo.optional(),
  telefono: clienteFields.telefono.optional(),
  direccion: clienteFields.direccion.optional(),
  cedula: optionalDoc,
  ruc: optionalDoc,
  isActive: flag().optional(),
});
export type ClientePatchBody = z.infer<typeof clientePatchBody>;
