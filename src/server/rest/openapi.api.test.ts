import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type ApiResponse, type TestApp } from '../test/harness';
import { createCategoria, createCliente, userWith } from '../test/fixtures';
import { M } from '../../shared/messages';
import { tauser } from '../modules/transacciones/testFixtures';

/**
 * The OpenAPI document at /api/schema/ against what the API really answers: each answer below is
 * checked with the schema the document declares for its path, method and status, read back from
 * JSON Schema by zod (`z.fromJSONSchema`), as a generated client would read it.
 */
let app: TestApp;
let admin: string;
let doc: OpenApiDoc;

interface OpenApiResponse {
  content?: Record<string, { schema: unknown }>;
  headers?: Record<string, { required?: boolean; schema: unknown }>;
}
interface OpenApiOperation {
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, OpenApiResponse>;
  security?: Record<string, unknown>[];
}
interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
}

// Failed sign-ins of one account: the third in the window answers 429.
const tight = { points: 2, durationSec: 60 };

beforeAll(async () => {
  app = await startTestApp({ rateLimits: { loginPerAccount: tight } });
  admin = await app.adminToken();
  const r = await app.api('GET', '/schema/');
  expect(r.status).toBe(200);
  doc = r.body as OpenApiDoc;
});
afterAll(() => app.close());

const operation = (path: string, method: string) => {
  const op = doc.paths[`/api${path}`]?.[method];
  expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
  return op;
};

/** The declared JSON body of an answer as a zod schema; the document's components become `$defs`. */
function declared(path: string, method: string, status: number): z.ZodType {
  const response = operation(path, method).responses[String(status)];
  expect(response, `${method.toUpperCase()} ${path} declares ${status}`).toBeDefined();
  const schema = response.content?.['application/json']?.schema;
  expect(schema, `${method.toUpperCase()} ${path} ${status} declares a JSON body`).toBeDefined();
  const standalone = JSON.stringify({ ...(schema as object), $defs: doc.components?.schemas ?? {} }).replaceAll('"#/components/schemas/', '"#/$defs/');
  return z.fromJSONSchema(JSON.parse(standalone));
}

/** The answer has the status and a body the document declares for it. */
function conforms(r: ApiResponse, path: string, method: string, status: number) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const checked = declared(path, method, status).safeParse(r.body);
  expect(checked.success, `${method.toUpperCase()} ${path} ${status}: ${JSON.stringify(r.body)} ${checked.error?.message ?? ''}`).toBe(true);
}

describe('real answers validate against the schemas the document declares', () => {
  it('200: a page of a list and a plain array', async () => {
    const cat = await createCategoria(app, admin);
    for (let i = 0; i < 11; i++) await createCliente(app, admin, cat.idCategoria);
    const page = await app.api('GET', '/clientes/?page=1', { token: admin });
    expect(page.body.next).toMatch(/^http/);
    conforms(page, '/clientes/', 'get', 200);
    conforms(await app.api('GET', '/usuarios/', { token: admin }), '/usuarios/', 'get', 200);
  });

  it('400: messages by field (an array item under the array\'s name) and the `detail` form', async () => {
    const roles = await app.api('POST', '/roles/', { token: admin, body: { name: 'Rol con permiso inválido', permissions: [-1] } });
    expect(roles.body).toEqual({ permissions: ['Identificador de permiso no válido'] });
    conforms(roles, '/roles/', 'post', 400);
    const customer = await userWith(app, []);
    const asignar = await app.api('POST', `/usuarios/${customer.id}/asignar_clientes/`, { token: admin, body: { clientes: ['nope'] } });
    expect(asignar.body).toEqual({ clientes: ['Identificador de cliente no válido'] });
    conforms(asignar, '/usuarios/{id}/asignar_clientes/', 'post', 400);
    const malformed = await app.api('POST', '/roles/', { token: admin, raw: '{"name": ' });
    expect(malformed.body).toEqual({ detail: M.malformedJson });
    conforms(malformed, '/roles/', 'post', 400);
    conforms(await app.api('GET', '/usuarios/abc/', { token: admin }), '/usuarios/{id}/', 'get', 400);
  });

  it('401: no token, a bad token (`code: token_not_valid`), a bad refresh token, wrong credentials', async () => {
    conforms(await app.api('GET', '/usuarios/'), '/usuarios/', 'get', 401);
    const bad = await app.api('GET', '/usuarios/', { token: 'no-es-un-token' });
    expect(bad.body.code).toBe('token_not_valid');
    conforms(bad, '/usuarios/', 'get', 401);
    const refresh = await app.api('POST', '/token/refresh/', { body: { refresh: 'no-es-un-token' } });
    expect(refresh.body.code).toBe('token_not_valid');
    conforms(refresh, '/token/refresh/', 'post', 401);
    conforms(await app.api('GET', '/me/permissions/', { token: 'no-es-un-token' }), '/me/permissions/', 'get', 401);
    conforms(await app.api('POST', '/token/', { body: { username: 'admin', password: 'no-es-la-clave' } }), '/token/', 'post', 401);
    await app.adminToken(); // the right password clears the account's failures
  });

  it('403: without the permission, and a second factor still to enrol (`code: mfa_enrollment_required`)', async () => {
    const nobody = await userWith(app, []);
    conforms(await app.api('GET', '/usuarios/', { token: nobody.token }), '/usuarios/', 'get', 403);
    const viewUser = (await app.api('GET', '/permisos/', { token: admin })).body.find((p: { codename: string }) => p.codename === 'view_user').id;
    const role = await app.api('POST', '/roles/', { token: admin, body: { name: `Tesorería ${Date.now()}`, permissions: [viewUser], requiere_mfa: true } });
    const u = await userWith(app, []);
    await app.db.insertInto('user_groups').values({ user_id: u.id, group_id: role.body.id }).execute();
    const login = await app.api('POST', '/token/', { body: { username: u.username, password: u.password } });
    const blocked = await app.api('GET', '/usuarios/', { token: login.body.access });
    expect(blocked.body.code).toBe('mfa_enrollment_required');
    conforms(blocked, '/usuarios/', 'get', 403);
    conforms(await app.api('GET', '/me/permissions/', { token: login.body.access }), '/me/permissions/', 'get', 403);
  });

  it("the kiosk's paths: a refused terminal token with its `motivo` (401), a person's token (403)", async () => {
    const id = await tauser(app);
    const cred = (await app.api('POST', `/tauser/${id}/secreto/`, { token: admin, body: {} })).body as { codigo: string; secreto: string };
    const token = (await app.api('POST', '/tauser/terminal/login/', { body: cred })).body.token as string;
    expect((await app.api('DELETE', `/tauser/${id}/secreto/`, { token: admin })).status).toBe(204);
    const revocada = await app.api('GET', '/tauser/terminal/yo/', { token });
    expect(revocada.body.motivo).toBe('sesion_revocada');
    conforms(revocada, '/tauser/terminal/yo/', 'get', 401);
    expect(declared('/tauser/terminal/yo/', 'get', 401).safeParse({ ...revocada.body, motivo: 'otro' }).success).toBe(false);
    conforms(await app.api('GET', '/tauser/terminal/yo/', { token: admin }), '/tauser/terminal/yo/', 'get', 403);
    for (const [path, method] of [['/tauser/terminal/transacciones/{codigo}/', 'get'], ['/tauser/terminal/transacciones/{codigo}/procesar/', 'post']]) {
      expect((operation(path, method).responses['401'] as { description: string }).description).toContain('motivo');
    }
  });

  it('404 of a record, 409 of an instance its catalogue took down', async () => {
    conforms(await app.api('GET', '/usuarios/99999999/', { token: admin }), '/usuarios/{id}/', 'get', 404);
    const metodo = (await app.db.selectFrom('metodos_financieros').select('id').where('nombre', '=', 'TRANSFERENCIA_BANCARIA').executeTakeFirstOrThrow()).id;
    const d = await app.api('POST', '/operaciones/detalles/', { token: admin, body: { es_cuenta_casa: true, metodo_financiero: metodo, alias: 'Cuenta de la casa', is_active: false } });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    await app.db.updateTable('metodo_financiero_detalle').set({ desactivado_por_catalogo: true }).where('id', '=', d.body.id).execute();
    conforms(await app.api('PUT', `/operaciones/detalles/${d.body.id}/`, { token: admin, body: { alias: 'Cuenta de la casa', is_active: true } }), '/operaciones/detalles/{id}/', 'put', 409);
    conforms(
      await app.api('POST', `/operaciones/metodos/${d.body.id}/toggle_active/`, { token: admin, body: { instancia: true } }),
      '/operaciones/metodos/{id}/toggle_active/', 'post', 409,
    );
  });

  it('429 with Retry-After, as declared', async () => {
    const body = { username: 'cuenta-limitada', password: 'no-es-la-clave' };
    for (let i = 0; i < tight.points; i++) expect((await app.api('POST', '/token/', { body })).status).toBe(401);
    const limited = await app.api('POST', '/token/', { body });
    conforms(limited, '/token/', 'post', 429);
    const header = operation('/token/', 'post').responses['429'].headers?.['Retry-After'];
    expect(header?.required).toBe(true);
    expect(z.fromJSONSchema(header!.schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(Number(limited.headers.get('retry-after'))).success).toBe(true);
  });
});

describe('what the document declares', () => {
  const ops = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

  it('every 400 has the body rest/errors.ts sends', () => {
    for (const { path, method, op } of ops()) {
      if (!op.responses['400']) continue;
      expect(op.responses['400'].content?.['application/json']?.schema, `${method} ${path}`).toBeDefined();
    }
  });

  it('429 and Retry-After on every route whose procedure spends a rate limiter', () => {
    const limited = [
      ['/token/', 'post'], ['/token/mfa/', 'post'], ['/auth/register/', 'post'], ['/auth/verify-email/', 'post'], ['/auth/resend-code/', 'post'],
      ['/auth/password-reset/', 'post'], ['/auth/password-reset/confirm/', 'post'], ['/auth/mfa/enable/', 'post'], ['/auth/mfa/disable/', 'post'],
      ['/auth/password/change/', 'post'], ['/tauser/terminal/login/', 'post'],
    ];
    for (const [path, method] of limited) {
      const r429 = operation(path, method).responses['429'];
      expect(r429?.headers?.['Retry-After'], path).toBeDefined();
      expect(r429?.content?.['application/json'], path).toBeDefined();
    }
    expect(operation('/usuarios/', 'get').responses['429']).toBeUndefined();
  });

  it('401 and 403 where a public route answers them; the token optional on me/permissions', () => {
    expect(Object.keys(operation('/token/refresh/', 'post').responses)).toContain('401');
    expect(Object.keys(operation('/tauser/terminal/login/', 'post').responses)).toContain('401');
    const perms = operation('/me/permissions/', 'get');
    expect(Object.keys(perms.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(perms.security).toEqual([{}, { bearerAuth: [] }]);
    expect(operation('/cotizaciones/public/', 'get').responses['401']).toBeUndefined();
  });

  it('path parameters typed as the procedure reads them: integer ids, UUIDs, codes as text', () => {
    const param = (path: string, method: string, name: string) => operation(path, method).parameters?.find((p) => p.in === 'path' && p.name === name);
    expect(param('/usuarios/{id}/', 'get', 'id')).toMatchObject({ required: true, schema: { type: 'integer', maximum: 2_147_483_647 } });
    expect(param('/clientes/{id}/', 'get', 'id')).toMatchObject({ required: true, schema: { type: 'string', format: 'uuid' } });
    expect(param('/tauser/terminal/transacciones/{codigo}/', 'get', 'codigo')).toMatchObject({ required: true, schema: { type: 'string' } });
    for (const { path, method, op } of ops()) {
      for (const p of op.parameters ?? []) {
        if (p.in !== 'path') continue;
        expect(p.required, `${method} ${path} ${p.name}`).toBe(true);
        if (p.name === 'id') expect(p.schema.type === 'integer' || p.schema.format === 'uuid', `${method} ${path}: ${JSON.stringify(p.schema)}`).toBe(true);
      }
    }
  });

  it('a write whose route reads its body documents that body; one that takes no fields declares none', () => {
    const body = (path: string) => {
      const schema = operation(path, 'post').requestBody?.content['application/json']?.schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
      return schema && { fields: Object.keys(schema.properties ?? {}).sort(), required: [...(schema.required ?? [])].sort() };
    };
    expect(body('/tauser/{id}/stock/')).toEqual({ fields: ['cantidad', 'denominacion_id', 'motivo', 'operacion'], required: ['cantidad', 'denominacion_id', 'motivo', 'operacion'] });
    expect(body('/operaciones/transacciones/{id}/fallar/')).toEqual({ fields: ['motivo'], required: ['motivo'] });
    expect(body('/operaciones/metodos/{id}/toggle_active/')?.fields).toEqual(['instancia']);
    expect(body('/operaciones/bancos/{id}/toggle_active/')).toBeUndefined();
    expect(body('/usuarios/{id}/reset_mfa/')).toBeUndefined();
    expect(body('/auth/logout-all/')).toBeUndefined();
  });

  it('a field the server fills in when absent (commissions default to 0) is not declared required', () => {
    const required = (path: string) => {
      const s = operation(path, 'post').requestBody!.content['application/json'].schema as { $ref?: string; required?: string[] };
      return [...((s.$ref ? (doc.components!.schemas![s.$ref.split('/').pop()!] as typeof s) : s).required ?? [])].sort();
    };
    expect(required('/operaciones/bancos/')).toEqual(['nombre']);
    expect(required('/operaciones/billeteras-catalogo/')).toEqual(['nombre']);
    expect(required('/operaciones/metodos/')).toEqual(['nombre', 'nombre_display']);
  });

  it('a body the server reads strictly declares no other fields, but where a PUT/PATCH takes back what GET answered', () => {
    const extra = (path: string, method: 'post' | 'put' | 'patch') => {
      const s = operation(path, method).requestBody!.content['application/json'].schema as { $ref?: string; additionalProperties?: unknown };
      return (s.$ref ? (doc.components!.schemas![s.$ref.split('/').pop()!] as typeof s) : s).additionalProperties;
    };
    expect(extra('/clientes/', 'post')).toBe(false);
    expect(extra('/operaciones/crear-transaccion/', 'post')).toBe(false);
    expect(extra('/clientes/{id}/', 'put')).toBeUndefined();
    expect(extra('/divisas/{id}/', 'patch')).toBeUndefined();
  });

  it('the query parameters of a list whose whole input is optional are declared (rates: search, activo, page, all)', async () => {
    const query = (path: string) => (operation(path, 'get').parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name).sort();
    expect(query('/cotizaciones/')).toEqual(['activo', 'all', 'page', 'search']);
    expect(query('/clientes/')).toEqual(['all', 'is_active', 'page', 'search']);
    // And each one declared is one the server reads.
    const tasas = await app.api('GET', '/cotizaciones/?activo=quizas', { token: admin });
    expect(tasas).toMatchObject({ status: 400, body: { activo: [expect.any(String)] } });
  });

  it('a query parameter the procedure requires is declared required', async () => {
    const required = (path: string) => (operation(path, 'get').parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name).sort();
    expect(required('/operaciones/metodos-disponibles/')).toEqual(['divisa_destino', 'divisa_origen']);
    expect(required('/operaciones/metodos-cliente/')).toEqual(['cliente_id', 'divisa_destino', 'divisa_origen']);
    expect(required('/tauser/puede-pagar/')).toEqual(['divisa', 'monto']);
    expect(required('/clientes/')).toEqual([]);
    // What the server says without them.
    expect(await app.api('GET', '/operaciones/metodos-disponibles/')).toMatchObject({ status: 400, body: { divisa_origen: [M.required], divisa_destino: [M.required] } });
  });

  it('413 and 415 on every write, with the body the parser sends', async () => {
    conforms(await app.api('POST', '/categorias/', { token: admin, raw: 'hola', headers: { 'content-type': 'text/plain' } }), '/categorias/', 'post', 415);
    const big = JSON.stringify({ nombre: 'x'.repeat(200_000) });
    conforms(await app.api('POST', '/categorias/', { token: admin, raw: big }), '/categorias/', 'post', 413);
  });

  it('ids and counts are integers, and decimals read from a number or a text say so', () => {
    const props = (schema: unknown): Record<string, Record<string, unknown>> => {
      const s = schema as { $ref?: string; properties?: Record<string, Record<string, unknown>> };
      return (s.$ref ? (doc.components!.schemas![s.$ref.split('/').pop()!] as typeof s) : s).properties ?? {};
    };
    const tx = props(operation('/operaciones/transacciones/{id}/', 'get').responses['200'].content!['application/json'].schema);
    for (const k of ['id', 'divisa_origen', 'divisa_destino', 'metodo_financiero']) expect(tx[k].type, k).toBe('integer');
    const tauser = props(operation('/tauser/', 'post').requestBody!.content['application/json'].schema);
    expect(tauser.longitud).toMatchObject({ type: ['number', 'string'], examples: ['-57.575926'] });
    expect(props(operation('/categorias/', 'post').requestBody!.content['application/json'].schema).descuento.type).toEqual(['number', 'string']);
  });

  it('the Idempotency-Key declared is the one the server takes: 1 to 200 visible characters', () => {
    for (const path of ['/operaciones/crear-transaccion/', '/operaciones/transacciones/{id}/confirmar-pago/']) {
      const method = path.endsWith('confirmar-pago/') ? 'patch' : 'post';
      const header = operation(path, method).parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      const key = z.fromJSONSchema(header!.schema as Parameters<typeof z.fromJSONSchema>[0]);
      expect(key.safeParse('x'.repeat(200)).success, path).toBe(true);
      expect(key.safeParse('3f2b8c1e-uno,dos').success, path).toBe(true);
      // The server answers 400 to these (transacciones.api.test.ts, pagoIdempotente.api.test.ts).
      for (const refused of ['x'.repeat(201), '', 'con espacio', 'ñandú']) expect(key.safeParse(refused).success, `${path} ${refused.slice(0, 10)}`).toBe(false);
    }
  });

  it('409 on the instance writes a catalogue can lock', () => {
    expect(operation('/operaciones/detalles/{id}/', 'put').responses['409']).toBeDefined();
    expect(operation('/operaciones/metodos/{id}/toggle_active/', 'post').responses['409']).toBeDefined();
    expect(operation('/operaciones/detalles/{id}/', 'get').responses['409']).toBeUndefined();
  });
});
