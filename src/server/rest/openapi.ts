import type { AnyRouter } from '@trpc/server';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import type { RestRoute } from './types';
import { pageLinksInSchema } from './pageLinks';

const errorBody = z.object({ detail: z.string() });
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
  schema: { type: 'string' as const, maxLength: 255 },
};

const zodOf = (s: unknown) => (s instanceof z.ZodType ? s : undefined);

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
    const op: ZodOpenApiOperationObject = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}_${route.path.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '')}`,
      security: route.public ? [] : [{ bearerAuth: [] }],
      parameters: [
        ...pathParams.map((name) => ({ name, in: 'path' as const, required: true, schema: { type: 'string' as const } })),
        ...(route.idempotent ? [idempotencyKey] : []),
      ],
      responses: {
        [String(route.status ?? 200)]: {
          description: route.file?.description ?? 'Respuesta correcta',
          ...(route.file
            ? { content: Object.fromEntries(route.file.types.map((t) => [t, { schema: { type: 'string' as const, format: 'binary' } }])) }
            : output && route.status !== 204 ? { content: { 'application/json': { schema: output } } } : {}),
        },
        '400': { description: 'Datos inválidos: `{"campo": ["mensaje"]}` o `{"detail": "…"}`' },
        ...(route.public ? {} : { '401': { description: 'No autenticado', content: { 'application/json': { schema: errorBody } } } }),
        ...(route.public ? {} : { '403': { description: 'Sin permiso', content: { 'application/json': { schema: errorBody } } } }),
        ...(pathParams.length ? { '404': { description: 'No encontrado', content: { 'application/json': { schema: errorBody } } } } : {}),
        ...(route.conflict ? { '409': { description: route.conflict, content: { 'application/json': { schema: conflictBody } } } } : {}),
      },
    };
    // Rebuilt from the shape: .omit() refuses objects carrying refinements (cross-field rules).
    const objectInput =
      input instanceof z.ZodObject
        ? z.object(Object.fromEntries(Object.entries(input.shape as Record<string, z.ZodType>).filter(([k]) => !pathParams.includes(k))))
        : undefined;
    if (input && !route.input) {
      if (route.method === 'get' || route.method === 'delete') {
        if (objectInput && Object.keys(objectInput.shape).length) op.requestParams = { query: objectInput };
      } else {
        op.requestBody = { content: { 'application/json': { schema: objectInput ?? input } } };
      }
    } else if (input && route.method === 'get' && objectInput && Object.keys(objectInput.shape).length) {
      op.requestParams = { query: objectInput };
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
