import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { auditRows, snapshot, uniq, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { MA } from '../../../shared/messagesAdmin';
import { ALL_PERMISSIONS, P } from '../../../shared/permissions';

let app: TestApp;
let admin: string;
let permId: Map<string, number>;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  const rows = await app.db.selectFrom('auth_permission').select(['id', 'app_label', 'codename']).execute();
  permId = new Map(rows.map((r) => [`${r.app_label}.${r.codename}`, r.id]));
});
afterAll(() => app.close());

const ids = (...codes: string[]) => codes.map((c) => permId.get(c)!);

describe('GET /api/permisos/', () => {
  it('lists the whole catalogue with id, name, codename, app_label, name_es', async () => {
    const u = await userWith(app, [P.viewGroup]);
    const r = await app.api('GET', '/permisos/', { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(ALL_PERMISSIONS.length);
    expect(r.body.find((p: any) => p.codename === 'view_cliente')).toEqual({
      id: expect.any(Number), name: 'Can view cliente', codename: 'view_cliente', app_label: 'clientes', name_es: 'Ver cliente',
    });
  });

  it('answers 401 and 403', async () => {
    expect((await app.api('GET', '/permisos/')).status).toBe(401);
    const u = await userWith(app, [P.viewUser]);
    expect((await app.api('GET', '/permisos/', { token: u.token })).status).toBe(403);
  });
});

describe('GET /api/roles/', () => {
  it('lists roles with permission ids and searches by name', async () => {
    const u = await userWith(app, [P.viewGroup]);
    const r = await app.api('GET', '/roles/', { token: u.token });
    expect(r.status).toBe(200);
    const cliente = r.body.find((x: any) => x.name === 'Cliente');
    expect(cliente).toEqual({ id: expect.any(Number), name: 'Cliente', permissions: ids(P.useOperacion, P.useSimulacion).sort((a, b) => a - b), requiere_mfa: false });
    const s = await app.api('GET', '/roles/?search=operad', { token: u.token });
    expect(s.body.map((x: any) => x.name)).toEqual(['Operador']);
    expect((await app.api('GET', `/roles/${cliente.id}/`, { token: u.token })).body).toEqual(cliente);
    expect((await app.api('GET', '/roles/999999/', { token: u.token })).status).toBe(404);
  });

  it('answers 401 and 403; role assigners may list roles too', async () => {
    expect((await app.api('GET', '/roles/')).status).toBe(401);
    const u = await userWith(app, [P.addGroup]);
    expect((await app.api('GET', '/roles/', { token: u.token })).status).toBe(403);
    const assigner = await userWith(app, [P.assignRoles]);
    expect((await app.api('GET', '/roles/', { token: assigner.token })).status).toBe(200);
    expect((await app.api('GET', '/permisos/', { token: assigner.token })).status).toBe(403);
  });
});

describe('POST /api/roles/', () => {
  it('creates with 201, trims the name, and audits with permission codes', async () => {
    const name = uniq('Cajero');
    const r = await app.api('POST', '/roles/', { token: admin, body: { name: `  ${name}  `, permissions: ids(P.viewCliente, P.viewTasa) } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(Number), name, permissions: ids(P.viewCliente, P.viewTasa).sort((a, b) => a - b), requiere_mfa: false });
    const [row] = await auditRows(app, 'rol', r.body.id);
    expect(row).toMatchObject({ action: 'create', actor_id: 1 });
    expect((row.after as any).permission_codes.sort()).toEqual([P.viewCliente, P.viewTasa].sort());
  });

  it('validates name (required, unique regardless of case) and permission ids, changing nothing', async () => {
    const before = await snapshot(app, 'auth_group');
    const links = await snapshot(app, 'auth_group_permissions');
    const post = async (body: unknown) => {
      const r = await app.api('POST', '/roles/', { token: admin, body });
      expect(r.status).toBe(400);
      return r.body;
    };
    expect(await post({})).toEqual({ name: [M.required] });
    expect(await post({ name: '   ', permissions: [] })).toEqual({ name: [M.required] });
    expect(await post({ name: 'x', permissions: 'todos' })).toEqual({ permissions: ['Debe ser una lista de permisos'] });
    expect(await post({ name: 'x', permissions: ['a'] })).toEqual({ permissions: ['Identificador de permiso no válido'] });
    expect(await post({ name: 'x', permissions: [1, -1, 0] })).toEqual({ permissions: ['Identificador de permiso no válido'] });
    expect(await post({ name: 'OPERADOR', permissions: [999999] })).toEqual({ name: [MA.roleNameTaken], permissions: [MA.permissionNotFound(999999)] });
    expect(await post({ name: 'x', permissions: ['1.5'] })).toEqual({ permissions: ['Identificador de permiso no válido'] });
    expect(await snapshot(app, 'auth_group')).toEqual(before);
    expect(await snapshot(app, 'auth_group_permissions')).toEqual(links);
    // Ids as digit strings read as numbers, as in paths and queries.
    const texto = await app.api('POST', '/roles/', { token: admin, body: { name: 'ROL POR TEXTO', permissions: ['1', 2] } });
    expect(texto.status, JSON.stringify(texto.body)).toBe(201);
    expect(texto.body.permissions).toEqual([1, 2]);
  });

  it('answers 401 and 403; a non-superuser cannot grant permissions they lack', async () => {
    expect((await app.api('POST', '/roles/', { body: { name: 'x', permissions: [] } })).status).toBe(401);
    const viewer = await userWith(app, [P.viewGroup]);
    expect((await app.api('POST', '/roles/', { token: viewer.token, body: { name: 'x', permissions: [] } })).status).toBe(403);
    const creator = await userWith(app, [P.addGroup, P.viewCliente]);
    const before = await snapshot(app, 'auth_group');
    const r = await app.api('POST', '/roles/', { token: creator.token, body: { name: uniq('Escalada'), permissions: ids(P.viewCliente, P.deleteUser) } });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(MA.permsExceedOwn);
    expect(await snapshot(app, 'auth_group')).toEqual(before);
    const ok = await app.api('POST', '/roles/', { token: creator.token, body: { name: uniq('Permitida'), permissions: ids(P.viewCliente) } });
    expect(ok.status).toBe(201);
  });
});

describe('PUT /api/roles/:id/', () => {
  it('replaces name and permissions and audits before/after', async () => {
    const created = (await app.api('POST', '/roles/', { token: admin, body: { name: uniq('Rol'), permissions: ids(P.viewCliente) } })).body;
    const u = await userWith(app, [P.changeGroup]);
    const name = uniq('Renombrado');
    const r = await app.api('PUT', `/roles/${created.id}/`, { token: admin, body: { name, permissions: ids(P.viewTasa) } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: created.id, name, permissions: ids(P.viewTasa), requiere_mfa: false });
    const last = (await auditRows(app, 'rol', created.id)).at(-1)!;
    expect(last).toMatchObject({ action: 'update' });
    expect((last.before as any).permission_codes).toEqual([P.viewCliente]);
    expect((last.after as any).permission_codes).toEqual([P.viewTasa]);
    expect((await app.api('PUT', `/roles/${created.id}/`, { token: u.token, body: { name, permissions: ids(P.viewCliente) } })).status).toBe(403);
  });

  it('answers 400, 401, 403, 404 and protects the Cliente role name', async () => {
    const roles = (await app.api('GET', '/roles/', { token: admin })).body;
    const cliente = roles.find((x: any) => x.name === 'Cliente');
    const operador = roles.find((x: any) => x.name === 'Operador');
    const viewer = await userWith(app, [P.viewGroup]);
    const before = await snapshot(app, 'auth_group');
    expect((await app.api('PUT', `/roles/${cliente.id}/`, { token: admin, body: { name: 'Clientes', permissions: cliente.permissions } })).body).toEqual({ name: [MA.roleProtected] });
    expect((await app.api('PUT', `/roles/${operador.id}/`, { token: admin, body: { name: 'cliente', permissions: [] } })).body).toEqual({ name: [MA.roleNameTaken] });
    expect((await app.api('PUT', `/roles/${operador.id}/`, { body: { name: 'x', permissions: [] } })).status).toBe(401);
    expect((await app.api('PUT', `/roles/${operador.id}/`, { token: viewer.token, body: { name: 'x', permissions: [] } })).status).toBe(403);
    expect((await app.api('PUT', '/roles/999999/', { token: admin, body: { name: 'x', permissions: [] } })).status).toBe(404);
    expect((await app.api('PUT', '/roles/abc/', { token: admin, body: { name: 'x', permissions: [] } })).body).toEqual({ id: ['Identificador no válido'] });
    expect(await snapshot(app, 'auth_group')).toEqual(before);
  });

  it('requires permissions: a PUT without them answers 400 and wipes nothing', async () => {
    const created = (await app.api('POST', '/roles/', { token: admin, body: { name: uniq('Rol'), permissions: ids(P.viewCliente, P.viewTasa) } })).body;
    const links = await snapshot(app, 'auth_group_permissions');
    const r = await app.api('PUT', `/roles/${created.id}/`, { token: admin, body: { name: created.name } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ permissions: [M.required] });
    expect(await snapshot(app, 'auth_group_permissions')).toEqual(links);
    expect((await app.api('GET', `/roles/${created.id}/`, { token: admin })).body.permissions.sort()).toEqual(ids(P.viewCliente, P.viewTasa).sort());
    // An explicit empty list still empties the role.
    expect((await app.api('PUT', `/roles/${created.id}/`, { token: admin, body: { name: created.name, permissions: [] } })).body.permissions).toEqual([]);
  });

  it('a role editor who is not a superuser cannot add permissions they lack to a role', async () => {
    const editor = await userWith(app, [P.changeGroup, P.viewTasa]);
    const created = (await app.api('POST', '/roles/', { token: admin, body: { name: uniq('Rol'), permissions: [] } })).body;
    expect((await app.api('PUT', `/roles/${created.id}/`, { token: editor.token, body: { name: created.name, permissions: ids(P.viewTasa) } })).status).toBe(200);
    const r = await app.api('PUT', `/roles/${created.id}/`, { token: editor.token, body: { name: created.name, permissions: ids(P.viewTasa, P.assignRoles) } });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(MA.permsExceedOwn);
  });
});

describe('a role that outranks its editor', () => {
  it('is changed only by whoever holds all its permissions: not its name, its second factor nor the permissions the editor holds', async () => {
    const editor = await userWith(app, [P.changeGroup, P.viewTasa]);
    const alto = (await app.api('POST', '/roles/', { token: admin, body: { name: uniq('Alto'), permissions: ids(P.viewTasa, P.deleteUser), requiere_mfa: true } })).body;
    const grupos = await snapshot(app, 'auth_group');
    const links = await snapshot(app, 'auth_group_permissions');
    for (const body of [
      { name: alto.name, permissions: alto.permissions, requiere_mfa: false },
      { name: uniq('Renombrado'), permissions: alto.permissions },
      { name: alto.name, permissions: ids(P.deleteUser) },
    ]) {
      const r = await app.api('PUT', `/roles/${alto.id}/`, { token: editor.token, body });
      expect(r.status, JSON.stringify(body)).toBe(403);
      expect(r.body.detail).toBe(MA.roleOutranks);
    }
    expect(await snapshot(app, 'auth_group')).toEqual(grupos);
    expect(await snapshot(app, 'auth_group_permissions')).toEqual(links);
    // Saving it as it is changes nothing, and is no refusal.
    expect((await app.api('PUT', `/roles/${alto.id}/`, { token: editor.token, body: { name: alto.name, permissions: alto.permissions, requiere_mfa: true } })).status).toBe(200);
    // A role within the editor's permissions stays theirs to change.
    const bajo = (await app.api('POST', '/roles/', { token: admin, body: { name: uniq('Bajo'), permissions: ids(P.viewTasa) } })).body;
    expect((await app.api('PUT', `/roles/${bajo.id}/`, { token: editor.token, body: { name: uniq('Bajo2'), permissions: [], requiere_mfa: true } })).status).toBe(200);
  });

  it('a non-superuser cannot change the second-factor rule of a role they hold', async () => {
    const editor = await userWith(app, [P.changeGroup]);
    const propio = (await app.api('POST', '/roles/', { token: admin, body: { name: uniq('Propio'), permissions: ids(P.changeGroup) } })).body;
    await app.db.insertInto('user_groups').values({ user_id: editor.id, group_id: propio.id }).execute();
    const r = await app.api('PUT', `/roles/${propio.id}/`, { token: editor.token, body: { name: propio.name, permissions: propio.permissions, requiere_mfa: true } });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(MA.ownRoleMfa);
    expect((await app.api('GET', `/roles/${propio.id}/`, { token: admin })).body.requiere_mfa).toBe(false);
    // Its name stays theirs to change.
    expect((await app.api('PUT', `/roles/${propio.id}/`, { token: editor.token, body: { name: uniq('Propio2'), permissions: propio.permissions } })).status).toBe(200);
  });
});

describe('DELETE /api/roles/:id/', () => {
  it('deletes for real; holders lose its permissions at once; the audit keeps who held it', async () => {
    const role = (await app.api('POST', '/roles/', { token: admin, body: { name: uniq('Temporal'), permissions: ids(P.viewTauser) } })).body;
    const holder = await userWith(app, []);
    await app.db.insertInto('user_groups').values({ user_id: holder.id, group_id: role.id }).execute();
    expect((await app.api('GET', '/me/permissions/', { token: holder.token })).body.perms).toEqual([P.viewTauser]);

    expect((await app.api('DELETE', `/roles/${role.id}/`)).status).toBe(401);
    const viewer = await userWith(app, [P.viewGroup]);
    expect((await app.api('DELETE', `/roles/${role.id}/`, { token: viewer.token })).status).toBe(403);
    const deleter = await userWith(app, [P.deleteGroup, P.viewTauser]);
    const r = await app.api('DELETE', `/roles/${role.id}/`, { token: deleter.token });
    expect(r.status).toBe(204);
    expect(await app.db.selectFrom('auth_group').select('id').where('id', '=', role.id).executeTakeFirst()).toBeUndefined();
    expect((await app.api('GET', '/me/permissions/', { token: holder.token })).body.perms).toEqual([]);
    const last = (await auditRows(app, 'rol', role.id)).at(-1)!;
    expect(last).toMatchObject({ action: 'delete', actor_id: deleter.id, after: null });
    expect(last.before).toMatchObject({ name: role.name, permission_codes: [P.viewTauser], usuarios: [holder.id] });
    expect((await app.api('DELETE', `/roles/${role.id}/`, { token: deleter.token })).status).toBe(404);
  });

  it('refuses deleting the Cliente role and, for non-superusers, roles beyond their permissions', async () => {
    const roles = (await app.api('GET', '/roles/', { token: admin })).body;
    const cliente = roles.find((x: any) => x.name === 'Cliente');
    const r = await app.api('DELETE', `/roles/${cliente.id}/`, { token: admin });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(MA.roleProtected);
    const deleter = await userWith(app, [P.deleteGroup]);
    const admRole = roles.find((x: any) => x.name === 'Administrador');
    expect((await app.api('DELETE', `/roles/${admRole.id}/`, { token: deleter.token })).status).toBe(403);
    expect(await app.db.selectFrom('auth_group').select('id').where('id', '=', admRole.id).executeTakeFirst()).toBeDefined();
  });
});
