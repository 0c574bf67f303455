import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { P } from '../../shared/permissions';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A third party sets up staff and customers through the REST paths of spec 000 §7 alone. */
describe('setting up staff and customers through REST', () => {
  it('creates a category, clients, a role and a user, assigns them, and the user acts for a client', async () => {
    const admin = await app.adminToken();
    const call = async (method: string, path: string, body?: unknown, token = admin) => {
      const r = await app.api(method, path, { token, body });
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
      return r.body;
    };

    const cat = await call('POST', '/categorias/', { nombre: 'ORO', descripcion: 'Clientes oro', descuento: 7.5 });
    expect(cat).toMatchObject({ nombre: 'ORO', descuento: '7.50', isActive: true });
    const base = { idCategoria: cat.idCategoria, correo: 'info@cliente.com.py', telefono: '+595981000111', direccion: 'Asunción', isActive: false };
    const ana = await call('POST', '/clientes/', { ...base, nombre: 'Ana Ortiz', isPersonaFisica: true, cedula: '7000001', ruc: '' });
    const coop = await call('POST', '/clientes/', { ...base, nombre: 'Cooperativa Norte', isPersonaFisica: false, ruc: '80070000-1', cedula: '' });
    expect([ana.isActive, ana.ruc, coop.isActive, coop.cedula]).toEqual([true, null, true, null]);

    const permisos: { id: number; app_label: string; codename: string }[] = await call('GET', '/permisos/');
    const idOf = (code: string) => permisos.find((p) => `${p.app_label}.${p.codename}` === code)!.id;
    const role = await call('POST', '/roles/', { name: '  CAJERO  ', permissions: [idOf(P.useSimulacion), idOf(P.useOperacion)] });
    expect(role.name).toBe('CAJERO');

    const user = await call('POST', '/usuarios/', { username: 'cajera', first_name: 'Carla', last_name: 'Benítez', email: 'carla@casa.test', password: 'clave-cajera' });
    expect(await call('POST', `/usuarios/${user.id}/asignar_roles/`, { roles: [role.id] })).toEqual([role]);
    const assigned = await call('POST', `/usuarios/${user.id}/asignar_clientes/`, { clientes: [ana.idCliente, coop.idCliente] });
    expect(assigned.clientes.sort()).toEqual([ana.idCliente, coop.idCliente].sort());

    // The new user signs in and acts for one of their clients.
    const { access } = await app.login('cajera', 'clave-cajera');
    expect((await call('GET', '/me/permissions/', undefined, access)).perms).toEqual([P.useOperacion, P.useSimulacion]);
    const mine = await call('GET', `/usuarios/${user.id}/get_clientes_asignados/`, undefined, access);
    expect(mine.map((c: { nombre: string }) => c.nombre)).toEqual(['Ana Ortiz', 'Cooperativa Norte']);
    await call('POST', `/usuarios/${user.id}/set_cliente_actual/`, { cliente_id: coop.idCliente }, access);
    expect(await call('GET', `/usuarios/${user.id}/cliente_actual/`, undefined, access)).toEqual({ clienteActual: { idCliente: coop.idCliente, nombre: 'Cooperativa Norte' } });
    const operadores = await call('GET', `/clientes/${coop.idCliente}/get_usuarios_asignados/`);
    expect(operadores.map((u: { username: string }) => u.username)).toEqual(['cajera']);

    // A discount change reaches the clients of the category; every staff change is in the audit log.
    await call('PATCH', `/categorias/${cat.idCategoria}/`, { descuento: '10' });
    expect((await call('GET', `/clientes/${coop.idCliente}/`)).categoria).toEqual({ nombre: 'ORO', descuento: '10.00' });
    const trail = await call('GET', `/auditoria/?entity=usuario&entity_id=${user.id}`);
    expect(trail.results.map((r: { action: string }) => r.action)).toEqual(['update', 'assign', 'assign', 'create']);
  });
});
