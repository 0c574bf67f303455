import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { createCategoria, createCliente, snapshot } from '../test/admin';
import { M } from '../../shared/messages';
import { P } from '../../shared/permissions';

/**
 * Odd input on the administration paths never answers 500: a text with U+0000 (which PostgreSQL
 * cannot store) and ids beyond the integer range answer 400 on their fields, after 401 and 403,
 * and change nothing.
 */
let app: TestApp;
let admin: string;
let ids: { user: number; cliente: string; categoria: string };
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  const cat = await createCategoria(app, admin);
  const cli = await createCliente(app, admin, cat.idCategoria);
  const user = await app.userWith([]);
  ids = { user: user.id, cliente: cli.idCliente, categoria: cat.idCategoria };
});
afterAll(() => app.close());

const NUL = 'a\u0000b';
const TABLES = ['users', 'auth_group', 'auth_group_permissions', 'user_groups', 'user_clientes', 'clientes', 'categorias_cliente', 'audit_log'];
const snapshotAll = () => Promise.all(TABLES.map((t) => snapshot(app, t)));

/** [method, path, body, field] for every administration path taking text. */
const cases = (): [string, string, unknown, string][] => [
  ['GET', `/usuarios/?search=${encodeURIComponent(NUL)}`, undefined, 'search'],
  ['POST', '/usuarios/', { username: 'nuevo', first_name: NUL, last_name: 'Pérez', email: 'n@x.py', password: 'secreto1' }, 'first_name'],
  ['PATCH', `/usuarios/${ids.user}/`, { last_name: NUL }, 'last_name'],
  ['POST', `/usuarios/${ids.user}/asignar_clientes/`, { clientes: [NUL] }, 'clientes.0'],
  ['POST', `/usuarios/${ids.user}/set_cliente_actual/`, { cliente_id: NUL }, 'cliente_id'],
  ['GET', `/roles/?search=${encodeURIComponent(NUL)}`, undefined, 'search'],
  ['POST', '/roles/', { name: NUL, permissions: [] }, 'name'],
  ['PUT', '/roles/1/', { name: NUL, permissions: [] }, 'name'],
  ['GET', `/clientes/?search=${encodeURIComponent(NUL)}`, undefined, 'search'],
  ['POST', '/clientes/', { nombre: NUL, isPersonaFisica: true, cedula: '5551234', idCategoria: ids.categoria, correo: 'c@x.py', telefono: '123', direccion: 'Calle 1' }, 'nombre'],
  ['PUT', `/clientes/${ids.cliente}/`, { nombre: 'Otro', isPersonaFisica: true, cedula: '5551234', idCategoria: ids.categoria, correo: 'c@x.py', telefono: '123', direccion: NUL }, 'direccion'],
  ['PATCH', `/clientes/${ids.cliente}/`, { correo: NUL }, 'correo'],
  ['GET', `/categorias/?search=${encodeURIComponent(NUL)}`, undefined, 'search'],
  ['POST', '/categorias/', { nombre: 'ORO', descripcion: NUL, descuento: '5' }, 'descripcion'],
  ['PATCH', `/categorias/${ids.categoria}/`, { descripcion: NUL }, 'descripcion'],
  ['GET', `/auditoria/?entity_id=${encodeURIComponent(NUL)}`, undefined, 'entity_id'],
];

describe('text with U+0000', () => {
  it('answers 400 on the field, with nothing changed, on every administration path', async () => {
    const before = await snapshotAll();
    for (const [method, path, body, field] of cases()) {
      const r = await app.api(method, path, { token: admin, body });
      expect(r.status, `${method} ${path}`).toBe(400);
      expect(r.body, `${method} ${path}`).toEqual({ [field]: [M.nulChar] });
    }
    expect(await snapshotAll()).toEqual(before);
  });

  it('answers 401 anonymous and 403 without the permission before looking at the input', async () => {
    const nobody = await app.userWith([]);
    for (const [method, path, body] of cases()) {
      expect((await app.api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      if (path.includes('set_cliente_actual')) continue; // anyone may call it for themselves
      expect((await app.api(method, path, { token: nobody.token, body })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('is refused on sign-in too', async () => {
    const r = await app.api('POST', '/token/', { body: { username: `ad${NUL}min`, password: 'x' } });
    expect(r).toMatchObject({ status: 400, body: { username: [M.nulChar] } });
  });
});

describe('ids beyond the integer range', () => {
  it('answer 400 with the field message in role assignment, role permissions and the audit filter', async () => {
    const before = await snapshotAll();
    const big = 99_999_999_999;
    const roles = await app.api('POST', `/usuarios/${ids.user}/asignar_roles/`, { token: admin, body: { roles: [big] } });
    expect(roles).toMatchObject({ status: 400, body: { 'roles.0': ['Identificador de rol no válido'] } });
    const create = await app.api('POST', '/roles/', { token: admin, body: { name: 'GRANDE', permissions: [big] } });
    expect(create).toMatchObject({ status: 400, body: { 'permissions.0': ['Identificador de permiso no válido'] } });
    const put = await app.api('PUT', '/roles/1/', { token: admin, body: { name: 'Administrador', permissions: [big] } });
    expect(put).toMatchObject({ status: 400, body: { 'permissions.0': ['Identificador de permiso no válido'] } });
    const audit = await app.api('GET', `/auditoria/?actor_id=${big}`, { token: admin });
    expect(audit).toMatchObject({ status: 400, body: { actor_id: ['Identificador no válido'] } });
    expect(await snapshotAll()).toEqual(before);
  });

  it('a very large page answers an empty page, never a 500', async () => {
    const viewer = await app.userWith([P.viewCliente]);
    const r = await app.api('GET', `/clientes/?page=${Number.MAX_SAFE_INTEGER}`, { token: viewer.token });
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([]);
    const tooBig = await app.api('GET', '/clientes/?page=1e300', { token: viewer.token });
    expect(tooBig).toMatchObject({ status: 400, body: { page: ['Página no válida'] } });
  });
});
