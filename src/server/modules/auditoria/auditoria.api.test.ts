import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { createCategoria, createCliente, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { ALL_PERMISSIONS } from '../../../shared/permissions';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
});
afterAll(() => app.close());

describe('GET /api/auditoria/', () => {
  it('answers superusers the trail newest first, filtered by entity and id, paged', async () => {
    const cat = await createCategoria(app, admin);
    const c = await createCliente(app, admin, cat.idCategoria);
    await app.api('PATCH', `/clientes/${c.idCliente}/`, { token: admin, body: { nombre: 'Renombrado' } });
    await app.api('DELETE', `/clientes/${c.idCliente}/`, { token: admin });

    const r = await app.api('GET', `/auditoria/?entity=cliente&entity_id=${c.idCliente}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(r.body.results.map((x: any) => x.action)).toEqual(['deactivate', 'update', 'create']);
    expect(r.body.results[1]).toMatchObject({
      actor_id: 1, actor_username: 'admin', entity: 'cliente', entity_id: c.idCliente,
      before: { nombre: 'Cliente de prueba' }, after: { nombre: 'Renombrado' },
    });
    expect(new Date(r.body.results[0].created_at).toISOString()).toBe(r.body.results[0].created_at);

    const all = await app.api('GET', '/auditoria/?actor_id=1', { token: admin });
    expect(all.body.count).toBe(4);
    expect((await app.api('GET', '/auditoria/?entity=categoria_cliente', { token: admin })).body.results[0].entity_id).toBe(cat.idCategoria);
  });

  it('answers 401 anonymous, 403 to anyone but a superuser (even holding every permission), 400 on a bad page', async () => {
    expect((await app.api('GET', '/auditoria/')).status).toBe(401);
    const u = await userWith(app, ALL_PERMISSIONS);
    const r = await app.api('GET', '/auditoria/', { token: u.token });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(M.apiForbidden);
    expect((await app.api('GET', '/auditoria/?page=abc', { token: admin })).status).toBe(400);
  });
});

describe('the tRPC door of the administration procedures', () => {
  it('shares validation, permissions and answers with REST', async () => {
    const anon = await app.caller();
    await expect(anon.clientes.list({ page: 1 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const plain = await userWith(app, []);
    const asPlain = await app.caller(plain.token);
    await expect(asPlain.usuarios.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asPlain.roles.permisos()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asPlain.auditoria.list({ page: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const asAdmin = await app.caller(admin);
    const cat = await asAdmin.categorias.create({ nombre: 'TRPC', descripcion: 'desde tRPC', descuento: '3.5' });
    expect(cat.descuento).toBe('3.50');
    await expect(asAdmin.categorias.create({ nombre: '', descripcion: 'x', descuento: '1' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const cli = await asAdmin.clientes.create({
      nombre: 'Cliente tRPC', isPersonaFisica: true, cedula: '4440444', idCategoria: cat.idCategoria,
      correo: 'trpc@correo.com.py', telefono: '0981000000', direccion: 'Luque',
    });
    await asAdmin.usuarios.asignarClientes({ id: plain.id, clientes: [cli.idCliente] });
    expect(await asPlain.usuarios.clientesAsignados({ id: plain.id })).toEqual([cli]);
    expect(await asPlain.usuarios.setClienteActual({ id: plain.id, cliente_id: cli.idCliente })).toEqual({
      clienteActual: { idCliente: cli.idCliente, nombre: 'Cliente tRPC' },
    });
    const page = await asAdmin.clientes.list({ page: 1, search: 'tRPC' });
    expect(page).toMatchObject({ count: 1, results: [cli] });
    const roles = await asAdmin.roles.list({});
    expect(Array.isArray(roles) && roles.length).toBeGreaterThanOrEqual(3);
  });
});

describe('OpenAPI', () => {
  it('documents every administration path', async () => {
    const doc = await app.api('GET', '/schema/');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/usuarios/', '/api/usuarios/{id}/', '/api/usuarios/{id}/asignar_clientes/', '/api/usuarios/{id}/get_clientes_asignados/',
        '/api/usuarios/{id}/cliente_actual/', '/api/usuarios/{id}/set_cliente_actual/', '/api/usuarios/{id}/roles/', '/api/usuarios/{id}/asignar_roles/',
        '/api/roles/', '/api/roles/{id}/', '/api/permisos/',
        '/api/clientes/', '/api/clientes/{id}/', '/api/clientes/{id}/get_usuarios_asignados/', '/api/clientes/{id}/get_historial_transacciones/',
        '/api/categorias/', '/api/categorias/{id}/', '/api/auditoria/',
      ]),
    );
    expect(Object.keys(doc.body.paths['/api/clientes/{id}/'])).toEqual(expect.arrayContaining(['get', 'put', 'patch', 'delete']));
  });
});
