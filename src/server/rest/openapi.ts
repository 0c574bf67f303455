import type { AnyRouter } from '@trpc/server';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import type { RestRoute } from './types';
import { pageLinksInSchema } from './pageLinks';
import { IDEMPOTENCY_KEY } from '../../shared/transacciones';
import { TERMINAL_SESION_MSG } from '../../shared/schemas/terminal';

/** 404 and 429: a Spanish `detail`. */
const errorBody = z.object({ detail: z.string() }).meta({ id: 'ErrorDetalle' });
/**
 * 401 and 403: `detail`, and `code` when the answer names its case, as DRF's JWT authentication does
 * (`token_not_valid`, `email_not_verified`, `mfa_enrollment_required`).
 */
const authErrorBody = z
  .object({
    detail: z.string(),
    code: z.string().optional().meta({ description: 'El caso, cuando se nombra: `token_not_valid` (token inválido, vencido o revocado), `email_not_verified`, `mfa_enrollment_required`' }),
    motivo: z
      .enum(Object.keys(TERMINAL_SESION_MSG) as [keyof typeof TERMINAL_SESION_MSG])
      .optional()
      .meta({ description: 'Solo en el 401 de un token de terminal: por qué terminó su sesión' }),
  })
  .meta({ id: 'ErrorAutenticacion' });
/**
 * 400 as DRF answers it (rest/errors.ts): messages by field (`{"campo": ["mensaje"]}`, `non_field_errors`
 * for the body as a whole), or a `detail` when no single field is at fault; a limit refused says which
 * (`limite`, `disponible`). A read-only field echoed with another value adds its message beside either.
 */
const validationBody = z
  .object({
    detail: z.string().optional().meta({ description: 'El motivo cuando no es de un campo' }),
    limite: z.enum(['diario', 'mensual']).optional().meta({ description: 'El límite de operaciones superado (con `detail`)' }),
    disponible: z.string().optional().meta({ description: 'Lo que queda del límite, en guaraníes (con `limite`)' }),
  })
  .catchall(z.array(z.string()))
  .meta({ id: 'ErrorValidacion', description: 'Mensajes por campo (`{"campo": ["mensaje"]}`; los de un elemento de una lista, bajo el nombre de la lista) o `{"detail": "…"}`' });
/** 409: `error` says which; `invalid_transition` carries `estado`, `rate_changed` the new figures. */
const conflictBody = z
  .object({
    error: z.enum(['conflict', 'invalid_transition', 'rate_changed']),
    detail: z.string(),
    estado: z.string().optional().meta({ description: 'invalid_transition: el estado actual de la transacción' }),
  })
  .catchall(z.unknown())
  .meta({ description: 'rate_changed añade cambio, tasa_anterior, tasa_actual, delta_pct, monto_destino_anterior y monto_destino_actual' });
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description: 'Un valor único por intento (por ejemplo un UUID): repetir la petición con la misma clave y el mismo cuerpo responde el primer resultado; con otro cuerpo, 409',
  schema: { type: 'string' as const, minLength: 1, maxLength: 200, pattern: IDEMPOTENCY_KEY.source },
};

const zodOf = (s: unknown) => (s instanceof z.ZodType ? s : undefined);

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const retryAfter = {
  'Retry-After': { description: 'Segundos que hay que esperar antes de intentar de nuevo', required: true, schema: { type: 'integer' as const, minimum: 1 } },
};

/**
 * Each path parameter typed as the procedure reads it: its field of the same name in the input
 * (`idParam` → integer, `uuidParam` → UUID, a code → text), required whatever the field says; text
 * when the input has no such field.
 */
function pathParamsOf(input: z.ZodType | undefined, names: string[]) {
  const shape = input instanceof z.ZodObject ? (input.shape as Record<string, z.ZodType>) : {};
  const required = (field: z.ZodType | undefined): z.ZodType => {
    if (field instanceof z.ZodOptional) return required(field.unwrap() as z.ZodType);
    if (field instanceof z.ZodDefault) return required(field.def.innerType as z.ZodType);
    return field ?? z.string();
  };
  // A preprocessed id (`idParam`) accepts undefined as far as zod-openapi can tell: a path parameter is always required.
  return z.object(Object.fromEntries(names.map((name) => [name, required(shape[name]).meta({ param: { required: true } })])));
}

/** A field the input refuses to miss: asked of the schema itself, since a preprocessed id looks optional to zod-openapi. */
function refusesMissing(field: z.ZodType): boolean {
  try {
    return !field.safeParse(undefined).success;
  } catch {
    return false;
  }
}

/** The query parameters of a read: those the procedure requires are declared required. */
function queryParamsOf(query: z.ZodObject) {
  const shape = query.shape as Record<string, z.ZodType>;
  return z.object(Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, refusesMissing(field) ? field.meta({ param: { required: true } }) : field])));
}

/** OpenAPI 3.1 of the REST surface, generated from the route tables and the procedures' zod schemas. */
export function buildOpenApi(appRouter: AnyRouter, routes: RestRoute[]) {
  const procedures = appRouter._def.procedures as Record<string, { _def: { inputs: unknown[]; output?: unknown } }>;
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const def = procedures[route.procedure]._def;
    const input = zodOf(def.inputs[0]);
    const output = zodOf(def.output);
    const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const oaPath = `/api${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const refusals = route.public
      ? { ...(route.optionalToken ? { 401: 'Token inválido, vencido o revocado (`code: "token_not_valid"`)' } : {}), ...route.refusals }
      : { 401: 'No autenticado', 403: 'Sin permiso', ...route.refusals };
    const op: ZodOpenApiOperationObject = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}_${route.path.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '')}`,
      security: route.optionalToken ? [{}, { bearerAuth: [] }] : route.public ? [] : [{ bearerAuth: [] }],
      parameters: route.idempotent ? [idempotencyKey] : [],
      ...(pathParams.length ? { requestParams: { path: pathParamsOf(input, pathParams) } } : {}),
      responses: {
        [String(route.status ?? 200)]: {
          description: route.file?.description ?? 'Respuesta correcta',
          ...(route.file
            ? { content: Object.fromEntries(route.file.types.map((t) => [t, { schema: { type: 'string' as const, format: 'binary' } }])) }
            : output && route.status !== 204 ? json(output) : {}),
        },
        '400': { description: 'Datos inválidos: `{"campo": ["mensaje"]}` o `{"detail": "…"}`', ...json(validationBody) },
        ...(refusals[401] ? { '401': { description: refusals[401], ...json(authErrorBody) } } : {}),
        ...(refusals[403] ? { '403': { description: refusals[403], ...json(authErrorBody) } } : {}),
        ...(pathParams.length ? { '404': { description: 'No encontrado', ...json(errorBody) } } : {}),
        ...(route.conflict ? { '409': { description: route.conflict, ...json(conflictBody) } } : {}),
        ...(route.rateLimited ? { '429': { description: 'Demasiados intentos: esperar los segundos de Retry-After', headers: retryAfter, ...json(errorBody) } } : {}),
        // Every write reads its body through the same parser (app.ts), whatever fields it takes.
        ...(route.method === 'get' || route.method === 'delete'
          ? {}
          : {
              '413': { description: 'Cuerpo demasiado grande', ...json(errorBody) },
              '415': { description: 'El cuerpo no es application/json en UTF-8', ...json(errorBody) },
            }),
      },
    };
    // Rebuilt from the shape: .omit() refuses objects carrying refinements (cross-field rules). A
    // wholly optional input (`z.object({...}).optional()`, a list's query) has the object's fields.
    // A strict input refuses other fields (400 'Campo no permitido.'), and its document says so, but
    // where a PUT/PATCH takes back the record its path's GET answered (rest/echo.ts).
    const inputObject = input instanceof z.ZodOptional ? input.unwrap() : input;
    const echoes = (route.method === 'put' || route.method === 'patch') && routes.some((r) => r.method === 'get' && r.path === route.path);
    const strict = inputObject instanceof z.ZodObject && inputObject._zod.def.catchall?._zod.def.type === 'never' && !echoes;
    const objectInput =
      inputObject instanceof z.ZodObject
        ? (strict ? z.strictObject : z.object)(Object.fromEntries(Object.entries(inputObject.shape as Record<string, z.ZodType>).filter(([k]) => !pathParams.includes(k))))
        : undefined;
    const withQuery = (query: z.ZodObject) => (op.requestParams = { ...op.requestParams, query: queryParamsOf(query) });
    const hasFields = objectInput !== undefined && Object.keys(objectInput.shape).length > 0;
    if (input && !route.input) {
      if (route.method === 'get' || route.method === 'delete') {
        if (hasFields) withQuery(objectInput);
      } else {
        op.requestBody = { content: { 'application/json': { schema: objectInput ?? input } } };
      }
    } else if (input && route.method === 'get' && hasFields) {
      withQuery(objectInput);
    } else if (input && route.method !== 'delete' && hasFields) {
      // A route with its own input that still reads the body (`{...req.body, id}`): its fields are the body.
      op.requestBody = { content: { 'application/json': { schema: objectInput } } };
    }
    paths[oaPath] = { ...paths[oaPath], [route.method]: op };
  }
  const doc = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Cambio API',
      version: '1.0.0',
      description:
        'API REST de la casa de cambios. Autenticación: `Authorization: Bearer <access>` obtenido en POST /api/token/. ' +
        'Listas: `{count, next, previous, results}` de 10 por página (`next` y `previous` son URLs de esas páginas, o null); `?all=true` devuelve un arreglo de todos los registros, inactivos incluidos. ' +
        'PUT/PATCH aceptan el registro leído con GET: los campos de solo lectura iguales al registro se ignoran y los distintos dan 400 `{"campo": ["Campo de solo lectura."]}`.',
    },
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  });
  pageLinksInSchema(doc);
  return doc;
}
