import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { auditRows, createCategoria, snapshot, uniq, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp({ seedDemo: true });
  admin = await app.adminToken();
});
afterAll(() => app.close());

const NO_UUID = '00000000-0000-4000-8000-000000000000';

describe('GET /api/categorias/', () => {
  it('answers 401 anonymous and 403 without a view permission', async () => {
    expect((await app.api('GET', '/categorias/')).status).toBe(401);
    const u = await userWith(app, [P.viewUser]);
    const r = await app.api('GET', '/categorias/', { token: u.token });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(M.apiForbidden);
  });

  it('lists every category as an array with decimal-string discounts, for category or client viewers', async () => {
    for (const perms of [[P.viewCategoria], [P.viewCliente]]) {
      const u = await userWith(app, perms);
      const r = await app.api('GET', '/categorias/', { token: u.token });
      expect(r.status).toBe(200);
      expect(Array.isArray(r.body)).toBe(true);
      const vip = r.body.find((c: any) => c.nombre === 'VIP');
      expect(vip).toEqual({ idCategoria: expect.stringMatching(/^[0-9a-f-]{36}$/), nombre: 'VIP', descripcion: 'Clientes preferenciales', descuento: '10.00', isActive: true });
    }
    const all = await app.api('GET', '/categorias/?all=true', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(5);
  });

  it('searches by name or description, case-insensitively, with wildcards taken literally', async () => {
    const r = await app.api('GET', '/categorias/?search=corpor', { token: admin });
    expect(r.body.map((c: any) => c.nombre)).toEqual(['CORPORATIVO']);
    const d = await app.api('GET', '/categorias/?search=EMPRESAS', { token: admin });
    expect(d.body.map((c: any) => c.nombre)).toEqual(['CORPORATIVO']);
    expect((await app.api('GET', '/categorias/?search=%25', { token: admin })).body).toEqual([]);
  });

  it('shows one category by id, 404 when missing, 400 on a malformed id', async () => {
    const c = await createCategoria(app, admin);
    expect((await app.api('GET', `/categorias/${c.idCategoria}/`, { token: admin })).body.nombre).toBe(c.nombre);
    expect((await app.api('GET', `/categorias/${NO_UUID}/`, { token: admin })).status).toBe(404);
    const bad = await app.api('GET', '/categorias/123/', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.id).toEqual(['Identificador no válido']);
  });
});

describe('POST /api/categorias/', () => {
  it('creates with 201, normalises the discount to 2 decimals, and audits', async () => {
    const u = await userWith(app, [P.addCategoria]);
    const nombre = uniq('ORO');
    const r = await app.api('POST', '/categorias/', { token: u.token, body: { nombre: `  ${nombre} `, descripcion: 'Clientes oro', descuento: '12.5' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ nombre, descripcion: 'Clientes oro', descuento: '12.50', isActive: true });
    const num = await app.api('POST', '/categorias/', { token: u.token, body: { nombre: uniq('PLATA'), descripcion: 'x', descuento: 7.25 } });
    expect(num.body.descuento).toBe('7.25');
    const rows = await auditRows(app, 'categoria_cliente', r.body.idCategoria);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', actor_id: u.id, before: null });
    expect(rows[0].after).toMatchObject({ nombre, descuento: '12.50' });
  });

  it('answers 401 anonymous and 403 without add permission, changing nothing', async () => {
    const before = await snapshot(app, 'categorias_cliente');
    expect((await app.api('POST', '/categorias/', { body: { nombre: 'X', descripcion: 'x', descuento: '1' } })).status).toBe(401);
    const u = await userWith(app, [P.viewCategoria, P.changeCategoria]);
    expect((await app.api('POST', '/categorias/', { token: u.token, body: { nombre: 'X', descripcion: 'x', descuento: '1' } })).status).toBe(403);
    expect(await snapshot(app, 'categorias_cliente')).toEqual(before);
  });

  it('gives the spec messages for each rule and changes nothing', async () => {
    const before = await snapshot(app, 'categorias_cliente');
    const audit = await snapshot(app, 'audit_log');
    const req = async (body: unknown) => (await app.api('POST', '/categorias/', { token: admin, body })).body;
    expect(await req({})).toEqual({
      nombre: [MA.categoriaNombreRequired], descripcion: [MA.categoriaDescripcionRequired], descuento: [MA.descuentoRequired],
    });
    expect(await req({ nombre: '  ', descripcion: '', descuento: '' })).toEqual({
      nombre: [MA.categoriaNombreRequired], descripcion: [MA.categoriaDescripcionRequired], descuento: [MA.descuentoRequired],
    });
    expect((await req({ nombre: 'A', descripcion: 'b', descuento: '-1' })).descuento).toEqual([MA.descuentoMin]);
    expect((await req({ nombre: 'A', descripcion: 'b', descuento: -0.01 })).descuento).toEqual([MA.descuentoMin]);
    expect((await req({ nombre: 'A', descripcion: 'b', descuento: '100.01' })).descuento).toEqual([MA.descuentoMax]);
    expect((await req({ nombre: 'A', descripcion: 'b', descuento: '1.005' })).descuento).toEqual([MA.descuentoStep]);
    expect((await req({ nombre: 'A', descripcion: 'b', descuento: 'diez' })).descuento).toEqual([MA.descuentoNumber]);
    expect((await req({ nombre: 'A', descripcion: 'b', descuento: '1', extra: 1 })).extra).toEqual(['Campo no permitido.']);
    expect(await req({ nombre: 'vip', descripcion: 'b', descuento: '1' })).toEqual({ nombre: [MA.categoriaNombreTaken] });
    expect(await snapshot(app, 'categorias_cliente')).toEqual(before);
    expect(await snapshot(app, 'audit_log')).toEqual(audit);
  });

  it('accepts the bounds 0 and 100', async () => {
    expect((await app.api('POST', '/categorias/', { token: admin, body: { nombre: uniq('CERO'), descripcion: 'b', descuento: '0' } })).body.descuento).toBe('0.00');
    expect((await app.api('POST', '/categorias/', { token: admin, body: { nombre: uniq('CIEN'), descripcion: 'b', descuento: '100' } })).body.descuento).toBe('100.00');
  });

  it('turns a race on the unique name into a 400, never a 500', async () => {
    const nombre = uniq('RACE');
    const body = { nombre, descripcion: 'b', descuento: '1' };
    const rs = await Promise.all([1, 2, 3, 4].map(() => app.api('POST', '/categorias/', { token: admin, body })));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    for (const r of rs.filter((x) => x.status === 400)) expect(r.body.nombre).toEqual([MA.categoriaNombreTaken]);
  });
});

describe('PATCH /api/categorias/:id/', () => {
  it('edits descripcion and descuento, keeps the name locked, and audits before/after', async () => {
    const c = await createCategoria(app, admin);
    const u = await userWith(app, [P.changeCategoria]);
    const r = await app.api('PATCH', `/categorias/${c.idCategoria}/`, { token: u.token, body: { nombre: c.nombre, idCategoria: c.idCategoria, descripcion: 'Nueva', descuento: '7' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ nombre: c.nombre, descripcion: 'Nueva', descuento: '7.00' });
    const rows = await auditRows(app, 'categoria_cliente', c.idCategoria);
    expect(rows.at(-1)).toMatchObject({ action: 'update', actor_id: u.id });
    expect(rows.at(-1)!.before).toMatchObject({ descuento: '5.00' });
    expect(rows.at(-1)!.after).toMatchObject({ descuento: '7.00', descripcion: 'Nueva' });

    const before = await snapshot(app, 'categorias_cliente');
    const locked = await app.api('PATCH', `/categorias/${c.idCategoria}/`, { token: u.token, body: { nombre: 'OTRO' } });
    expect(locked.status).toBe(400);
    expect(locked.body.nombre).toEqual([MA.categoriaNombreLocked]);
    const badId = await app.api('PATCH', `/categorias/${c.idCategoria}/`, { token: u.token, body: { idCategoria: NO_UUID } });
    expect(badId.body.idCategoria).toEqual([MA.toast.categoriaInvalidId]);
    const v = await app.api('PATCH', `/categorias/${c.idCategoria}/`, { token: u.token, body: { descripcion: '', descuento: '101' } });
    expect(v.body).toEqual({ descripcion: [MA.categoriaDescripcionRequired], descuento: [MA.descuentoMax] });
    expect(await snapshot(app, 'categorias_cliente')).toEqual(before);
  });

  it('deactivates and reactivates through isActive with change permission', async () => {
    const c = await createCategoria(app, admin);
    const u = await userWith(app, [P.changeCategoria]);
    const off = await app.api('PATCH', `/categorias/${c.idCategoria}/`, { token: u.token, body: { isActive: false } });
    expect(off.body.isActive).toBe(false);
    const on = await app.api('PATCH', `/categorias/${c.idCategoria}/`, { token: u.token, body: { isActive: true } });
    expect(on.body.isActive).toBe(true);
    expect((await auditRows(app, 'categoria_cliente', c.idCategoria)).map((r) => r.action)).toEqual(['create', 'deactivate', 'activate']);
  });

  it('answers 401, 403 and 404', async () => {
    const c = await createCategoria(app, admin);
    expect((await app.api('PATCH', `/categorias/${c.idCategoria}/`, { body: { descripcion: 'x' } })).status).toBe(401);
    const u = await userWith(app, [P.viewCategoria, P.addCategoria]);
    expect((await app.api('PATCH', `/categorias/${c.idCategoria}/`, { token: u.token, body: { descripcion: 'x' } })).status).toBe(403);
    expect((await app.api('PATCH', `/categorias/${NO_UUID}/`, { token: admin, body: { descripcion: 'x' } })).status).toBe(404);
  });
});

describe('DELETE /api/categorias/:id/', () => {
  it('deactivates (204), never deletes, and needs the change permission', async () => {
    const c = await createCategoria(app, admin);
    expect((await app.api('DELETE', `/categorias/${c.idCategoria}/`)).status).toBe(401);
    const viewer = await userWith(app, [P.viewCategoria, P.addCategoria]);
    expect((await app.api('DELETE', `/categorias/${c.idCategoria}/`, { token: viewer.token })).status).toBe(403);
    const u = await userWith(app, [P.changeCategoria]);
    const r = await app.api('DELETE', `/categorias/${c.idCategoria}/`, { token: u.token });
    expect(r.status).toBe(204);
    const row = await app.db.selectFrom('categorias_cliente').selectAll().where('id_categoria', '=', c.idCategoria).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(false);
    expect((await auditRows(app, 'categoria_cliente', c.idCategoria)).at(-1)).toMatchObject({ action: 'deactivate', actor_id: u.id });
    expect((await app.api('DELETE', `/categorias/${NO_UUID}/`, { token: u.token })).status).toBe(404);
  });
});

describe('demo seed', () => {
  it('is idempotent and gives an operator who sees clients (two pages of them) and categories', async () => {
    const { seed } = await import('../../db/seed');
    const count = async (t: 'clientes' | 'users' | 'categorias_cliente') =>
      Number((await app.db.selectFrom(t).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = [await count('clientes'), await count('users'), await count('categorias_cliente')];
    await seed(app.db, { admin: app.env.admin, demo: true });
    expect([await count('clientes'), await count('users'), await count('categorias_cliente')]).toEqual(before);
    const { DEMO_OPERATOR } = await import('../../db/seed/demo');
    const { access } = await app.login(DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    const page = await app.api('GET', '/clientes/', { token: access });
    expect(page.status).toBe(200);
    expect(page.body.count).toBeGreaterThanOrEqual(12);
    expect(page.body.next).toBe(`${app.url}/api/clientes/?page=2`);
    expect((await app.api('GET', '/categorias/', { token: access })).status).toBe(200);
    expect((await app.api('GET', '/usuarios/', { token: access })).status).toBe(403);
  });
});
