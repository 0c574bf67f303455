import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { createCategoria, createCliente, snapshot, userWith } from '../test/fixtures';
import { MS } from '../../shared/messagesSecurity';
import { M } from '../../shared/messages';
import { P } from '../../shared/permissions';

/**
 * Odd input on the administration paths never answers 500: a text with U+0000 (which PostgreSQL
 * cannot store) answers 400 with a field error on the field that holds it, ids beyond the integer range 400 on their
 * fields; 401 and 403 come first, and nothing changes.
 */
let app: TestApp;
let admin: string;
let ids: { user: number; cliente: string; categoria: string };
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  const cat = await createCategoria(app, admin);
  const cli = await createCliente(app, admin, cat.idCategoria);
  const user = await userWith(app, []);
  ids = { user: user.id, cliente: cli.idCliente, categoria: cat.idCategoria };
});
afterAll(() => app.close());

const NUL = 'a\u0000b';
const TABLES = ['users', 'auth_group', 'auth_group_permissions', 'user_groups', 'user_clientes', 'clientes', 'categorias_cliente', 'audit_log'];
const snapshotAll = () => Promise.all(TABLES.map((t) => snapshot(app, t)));

/** [method, path, body] for every administration path taking text that reaches the database. */
const cases = (): [string, string, unknown][] => [
  ['GET', `/usuarios/?search=${encodeURIComponent(NUL)}`, undefined],
  ['POST', '/usuarios/', { username: 'nuevo', first_name: NUL, last_name: 'Pérez', email: 'n@x.py', password: 'secreto1' }],
  ['PATCH', `/usuarios/${ids.user}/`, { last_name: NUL }],
  ['GET', `/roles/?search=${encodeURIComponent(NUL)}`, undefined],
  ['POST', '/roles/', { name: NUL, permissions: [] }],
  ['PUT', '/roles/1/', { name: NUL, permissions: [] }],
  ['GET', `/clientes/?search=${encodeURIComponent(NUL)}`, undefined],
  ['POST', '/clientes/', { nombre: NUL, isPersonaFisica: true, cedula: '5551234', idCategoria: ids.categoria, correo: 'c@x.py', telefono: '123', direccion: 'Calle 1' }],
  ['PUT', `/clientes/${ids.cliente}/`, { nombre: 'Otro', isPersonaFisica: true, cedula: '5551234', idCategoria: ids.categoria, correo: 'c@x.py', telefono: '123', direccion: NUL }],
  ['PATCH', `/clientes/${ids.cliente}/`, { nombre: NUL }],
  ['GET', `/categorias/?search=${encodeURIComponent(NUL)}`, undefined],
  ['POST', '/categorias/', { nombre: 'ORO', descripcion: NUL, descuento: '5' }],
  ['PATCH', `/categorias/${ids.categoria}/`, { descripcion: NUL }],
  ['GET', `/auditoria/?entity_id=${encodeURIComponent(NUL)}`, undefined],
];

describe('text with U+0000', () => {
  it('answers 400, with nothing changed, on every administration path', async () => {
    const before = await snapshotAll();
    for (const [method, path, body] of cases()) {
      const r = await app.api(method, path, { token: admin, body });
      expect(r.status, `${method} ${path}`).toBe(400);
      expect(Object.values(r.body as Record<string, string[]>), `${method} ${path}`).toEqual([[MS.controlChars]]);
    }
    expect(await snapshotAll()).toEqual(before);
  });

  it('answers 401 anonymous and 403 without the permission first', async () => {
    const nobody = await userWith(app, []);
    for (const [method, path, body] of cases()) {
      expect((await app.api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await app.api(method, path, { token: nobody.token, body })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('is refused on sign-in too', async () => {
    const r = await app.api('POST', '/token/', { body: { username: `ad${NUL}min`, password: 'x' } });
    expect(r).toMatchObject({ status: 400, body: { username: [MS.controlChars] } });
  });
});

describe('ids beyond the integer range', () => {
  it('answer 400 with the field message in role assignment, role permissions and the audit filter', async () => {
    const before = await snapshotAll();
    const big = 99_999_999_999;
    const roles = await app.api('POST', `/usuarios/${ids.user}/asignar_roles/`, { token: admin, body: { roles: [big] } });
    expect(roles).toMatchObject({ status: 400 });
    expect(roles.body).toEqual({ roles: ['Identificador de rol no válido'] });
    const create = await app.api('POST', '/roles/', { token: admin, body: { name: 'GRANDE', permissions: [big] } });
    expect(create).toMatchObject({ status: 400 });
    expect(create.body).toEqual({ permissions: ['Identificador de permiso no válido'] });
    const put = await app.api('PUT', '/roles/1/', { token: admin, body: { name: 'Administrador', permissions: [big] } });
    expect(put).toMatchObject({ status: 400 });
    expect(put.body).toEqual({ permissions: ['Identificador de permiso no válido'] });
    const audit = await app.api('GET', `/auditoria/?actor_id=${big}`, { token: admin });
    expect(audit).toMatchObject({ status: 400, body: { actor_id: ['Identificador no válido'] } });
    expect(await snapshotAll()).toEqual(before);
  });

  it('a very large page answers an empty page, a page past 10^9 a 400 (10^9 itself is the last one taken), never a 500', async () => {
    const viewer = await userWith(app, [P.viewCliente]);
    for (const page of ['999999999', '1000000000']) {
      const r = await app.api('GET', `/clientes/?page=${page}`, { token: viewer.token });
      expect(r.status, page).toBe(200);
      expect(r.body.results).toEqual([]);
    }
    for (const page of [String(Number.MAX_SAFE_INTEGER), '1e300']) {
      const tooBig = await app.api('GET', `/clientes/?page=${page}`, { token: viewer.token });
      expect(tooBig).toMatchObject({ status: 400, body: { page: ['Página no válida'] } });
    }
  });
});

describe('a path with a broken percent-escape', () => {
  it('answers 400 naming the address, not the body, on every method, and changes nothing', async () => {
    const before = await snapshotAll();
    for (const [method, path] of [['GET', '/clientes/%zz/'], ['GET', '/usuarios/%E0%A4%A/roles/'], ['PATCH', '/clientes/%zz/'], ['DELETE', '/usuarios/%zz/']]) {
      const r = await app.api(method, path, { token: admin, body: method === 'PATCH' ? { nombre: 'Otro nombre' } : undefined });
      expect(r.status, `${method} ${path}`).toBe(400);
      expect(r.body, `${method} ${path}`).toEqual({ detail: M.malformedUrl });
    }
    expect(await snapshotAll()).toEqual(before);
  });
});

describe('a JSON null body of a PUT or PATCH', () => {
  it('answers 400 for the body as a whole, as on a path without an id, and changes nothing', async () => {
    const before = await snapshotAll();
    for (const [method, path] of [['PATCH', `/usuarios/${ids.user}/`], ['PATCH', `/clientes/${ids.cliente}/`], ['PUT', `/clientes/${ids.cliente}/`], ['PATCH', `/categorias/${ids.categoria}/`], ['PUT', '/roles/1/']]) {
      const r = await app.api(method, path, { token: admin, raw: 'null' });
      expect(r.status, `${method} ${path}`).toBe(400);
      expect(Object.keys(r.body), `${method} ${path}: ${JSON.stringify(r.body)}`).toEqual(['non_field_errors']);
    }
    expect(await snapshotAll()).toEqual(before);
  });
});
