import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../test/harness';
import { auditRows, createCategoria, createCliente, snapshot, uniq, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';

let app: TestApp;
let admin: string;
let idCategoria: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  idCategoria = (await createCategoria(app, admin)).idCategoria;
});
afterAll(() => app.close());

const newUser = (over: Record<string, unknown> = {}) => {
  const username = uniq('usr');
  return { username, first_name: 'Juan', last_name: 'Pérez', email: `${username}@correo.com.py`, password: 'secreto1', ...over };
};

async function createUser(over: Record<string, unknown> = {}) {
  const body = newUser(over);
  const r = await app.api('POST', '/usuarios/', { token: admin, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { ...r.body, password: body.password } as { id: number; username: string; email: string; password: string; is_active: boolean };
}

describe('GET /api/usuarios/', () => {
  it('answers an array of users without password hashes, with search on username, names and e-mail', async () => {
    const a = await createUser({ first_name: 'Zacarías', last_name: 'Benítez' });
    const u = await userWith(app, [P.viewUser]);
    const r = await app.api('GET', '/usuarios/', { token: u.token });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body.find((x: any) => x.id === a.id)).toEqual({
      id: a.id, username: a.username, first_name: 'Zacarías', last_name: 'Benítez', email: a.email, is_active: true, is_superuser: false, mfa_enabled: false, clientes: [],
    });
    for (const q of [a.username.toUpperCase(), 'zacar', 'BENÍTEZ', a.email]) {
      const s = await app.api('GET', `/usuarios/?search=${encodeURIComponent(q)}`, { token: u.token });
      expect(s.body.map((x: any) => x.id)).toEqual([a.id]);
    }
  });

  it('answers 401 and 403', async () => {
    expect((await app.api('GET', '/usuarios/')).status).toBe(401);
    const u = await userWith(app, [P.addUser]);
    expect((await app.api('GET', '/usuarios/', { token: u.token })).status).toBe(403);
  });
});

describe('GET /api/usuarios/:id/', () => {
  it('answers one user to viewers, the own record to anyone, 404 when missing', async () => {
    const u = await userWith(app, []);
    const other = await createUser();
    expect((await app.api('GET', `/usuarios/${u.id}/`, { token: u.token })).status).toBe(200);
    expect((await app.api('GET', `/usuarios/${other.id}/`, { token: u.token })).status).toBe(403);
    expect((await app.api('GET', `/usuarios/${other.id}/`)).status).toBe(401);
    const viewer = await userWith(app, [P.viewUser]);
    expect((await app.api('GET', `/usuarios/${other.id}/`, { token: viewer.token })).body.username).toBe(other.username);
    expect((await app.api('GET', '/usuarios/999999/', { token: viewer.token })).status).toBe(404);
  });
});

describe('POST /api/usuarios/', () => {
  it('creates a verified, active user (argon2id) who can log in at once, and audits without the hash', async () => {
    const creator = await userWith(app, [P.addUser]);
    const body = newUser();
    const r = await app.api('POST', '/usuarios/', { token: creator.token, body });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ username: body.username, email: body.email, is_active: true, is_superuser: false, clientes: [] });
    const row = await app.db.selectFrom('users').selectAll().where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(true);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    await app.login(body.username, body.password);
    const [a] = await auditRows(app, 'usuario', r.body.id);
    expect(a).toMatchObject({ action: 'create', actor_id: creator.id });
    expect(JSON.stringify(a.after)).not.toContain('argon2');
  });

  it('takes the User entity clientes: [] as a new user has, ids assigned in the same transaction', async () => {
    expect((await app.api('POST', '/usuarios/', { token: admin, body: newUser({ clientes: [] }) })).body.clientes).toEqual([]);
    const c = await createCliente(app, admin, idCategoria);
    const withClient = await app.api('POST', '/usuarios/', { token: admin, body: newUser({ clientes: [c.idCliente.toUpperCase(), c.idCliente] }) });
    expect(withClient.status, JSON.stringify(withClient.body)).toBe(201);
    expect(withClient.body.clientes).toEqual([c.idCliente]);
    expect((await app.api('GET', `/usuarios/${withClient.body.id}/get_clientes_asignados/`, { token: admin })).body.map((x: any) => x.idCliente)).toEqual([c.idCliente]);

    const creator = await userWith(app, [P.addUser]);
    const before = await snapshot(app, 'users');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const r = await app.api('POST', '/usuarios/', { token: admin, body: newUser({ clientes: [unknown] }) });
    expect(r.status).toBe(400);
    expect(r.body.clientes).toEqual([MA.clienteNotFound(unknown)]);
    // Assigning clients is its own permission.
    expect((await app.api('POST', '/usuarios/', { token: creator.token, body: newUser({ clientes: [c.idCliente] }) })).status).toBe(403);
    expect((await app.api('POST', '/usuarios/', { token: creator.token, body: newUser({ clientes: 'x' }) })).body.clientes).toEqual(['Debe ser una lista de clientes']);
    expect(await snapshot(app, 'users')).toEqual(before);
  });

  it('takes a username with the letters of Spanish (josé, ñandutí), as Django does; not a space', async () => {
    const nombre = `josé.ñandutí${Date.now() % 100000}`;
    const r = await app.api('POST', '/usuarios/', { token: admin, body: newUser({ username: nombre }) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.username).toBe(nombre);
    expect((await app.login(nombre.toUpperCase(), newUser().password as string)).access).toBeTruthy();
    expect(await app.api('POST', '/usuarios/', { token: admin, body: newUser({ username: 'jo sé' }) })).toMatchObject({
      status: 400, body: { username: ['Solo letras, números y los caracteres @ . + - _'] },
    });
  });

  it('creates an inactive user when asked', async () => {
    const r = await app.api('POST', '/usuarios/', { token: admin, body: newUser({ is_active: false }) });
    expect(r.body.is_active).toBe(false);
  });

  it('answers 401 and 403 and changes nothing', async () => {
    const before = await snapshot(app, 'users');
    expect((await app.api('POST', '/usuarios/', { body: newUser() })).status).toBe(401);
    const u = await userWith(app, [P.viewUser, P.changeUser]);
    const after1 = await snapshot(app, 'users');
    expect((await app.api('POST', '/usuarios/', { token: u.token, body: newUser() })).status).toBe(403);
    expect(after1.length).toBe(before.length + 1);
    expect(await snapshot(app, 'users')).toEqual(after1);
  });

  it('gives the spec messages for every rule, refuses duplicates regardless of case, and changes nothing', async () => {
    const existing = await createUser();
    const before = await snapshot(app, 'users');
    const audit = await snapshot(app, 'audit_log');
    const post = async (body: unknown) => {
      const r = await app.api('POST', '/usuarios/', { token: admin, body });
      expect(r.status).toBe(400);
      return r.body;
    };
    expect(await post({})).toEqual({
      username: [M.required], first_name: [M.required], last_name: [M.required], email: [M.required], password: [M.required],
    });
    expect(await post({ username: 'ab', first_name: 'J', last_name: 'P', email: 'no-es-correo', password: '12345' })).toEqual({
      username: [M.usernameMin], first_name: [MA.firstNameMin], last_name: [MA.lastNameMin], email: [M.invalidEmailUser], password: [M.passwordMin],
    });
    expect(await post(newUser({ is_superuser: true }))).toEqual({ is_superuser: ['Campo no permitido.'] });
    expect(await post(newUser({ username: existing.username.toUpperCase(), email: existing.email.toUpperCase() }))).toEqual({
      username: [M.usernameTaken], email: [M.emailTaken],
    });
    expect(await snapshot(app, 'users')).toEqual(before);
    expect(await snapshot(app, 'audit_log')).toEqual(audit);
  });

  it('turns a race on the same username into 400s, never a 500', async () => {
    const body = newUser();
    const rs = await Promise.all([1, 2, 3].map(() => app.api('POST', '/usuarios/', { token: admin, body })));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 400, 400]);
  });
});

describe('PATCH /api/usuarios/:id/', () => {
  it('edits fields with change permission; an empty password keeps the old one; a new one replaces it', async () => {
    const target = await createUser();
    const editor = await userWith(app, [P.changeUser]);
    const r = await app.api('PATCH', `/usuarios/${target.id}/`, { token: editor.token, body: { first_name: 'Pedro', password: '' } });
    expect(r.status).toBe(200);
    expect(r.body.first_name).toBe('Pedro');
    await app.login(target.username, target.password);
    await app.api('PATCH', `/usuarios/${target.id}/`, { token: editor.token, body: { password: 'nueva-clave' } });
    await app.login(target.username, 'nueva-clave');
    const rows = await auditRows(app, 'usuario', target.id);
    expect(rows.map((x) => x.action)).toEqual(['create', 'update', 'update']);
    expect(rows[1].before).toMatchObject({ first_name: 'Juan' });
    expect(rows[1].after).toMatchObject({ first_name: 'Pedro' });
    expect(rows[2].after).toMatchObject({ password_changed: true });
  });

  it('toggles is_active only with the delete permission; is_active true reactivates', async () => {
    const target = await createUser();
    const editor = await userWith(app, [P.changeUser]);
    const toggler = await userWith(app, [P.deleteUser]);
    expect((await app.api('PATCH', `/usuarios/${target.id}/`, { token: editor.token, body: { is_active: false } })).status).toBe(403);
    expect((await app.api('PATCH', `/usuarios/${target.id}/`, { token: toggler.token, body: { first_name: 'Otro' } })).status).toBe(403);
    expect((await app.api('PATCH', `/usuarios/${target.id}/`, { token: toggler.token, body: { is_active: false } })).body.is_active).toBe(false);
    expect((await app.api('POST', '/token/', { body: { username: target.username, password: target.password } })).status).toBe(401);
    const on = await app.api('PATCH', `/usuarios/${target.id}/`, { token: toggler.token, body: { is_active: true } });
    expect(on.body.is_active).toBe(true);
    await app.login(target.username, target.password);
    // Sending the unchanged flag along with an edit needs no delete permission.
    expect((await app.api('PATCH', `/usuarios/${target.id}/`, { token: editor.token, body: { first_name: 'Ana', is_active: true } })).status).toBe(200);
    expect((await auditRows(app, 'usuario', target.id)).map((x) => x.action)).toEqual(['create', 'deactivate', 'activate', 'update']);
  });

  it('validates like create (password optional) and changes nothing on 400, 401, 403, 404', async () => {
    const target = await createUser();
    const other = await createUser();
    const viewer = await userWith(app, [P.viewUser]);
    const before = await snapshot(app, 'users');
    const patch = (body: unknown, token?: string, id = target.id) => app.api('PATCH', `/usuarios/${id}/`, { token, body });
    expect((await patch({ username: 'ab', email: 'x', password: '123' }, admin)).body).toEqual({
      username: [M.usernameMin], email: [M.invalidEmailUser], password: [M.passwordMin],
    });
    // Names are judged against the stored ones (a name sent back unchanged passes), once the rest is valid.
    expect((await patch({ first_name: 'J', last_name: '' }, admin)).body).toEqual({ first_name: [MA.firstNameMin], last_name: [M.required] });
    expect((await patch({ last_name: 'P', email: other.email }, admin)).body).toEqual({ last_name: [MA.lastNameMin], email: [M.emailTaken] });
    expect((await patch({ first_name: 'x'.repeat(151) }, admin)).body).toEqual({ first_name: ['Máximo 150 caracteres'] });
    expect((await patch({ username: other.username, email: other.email }, admin)).body).toEqual({ username: [M.usernameTaken], email: [M.emailTaken] });
    expect((await patch({ first_name: 'Xx' })).status).toBe(401);
    expect((await patch({ first_name: 'Xx' }, viewer.token)).status).toBe(403);
    expect((await patch({ first_name: 'Xx' }, admin, 999999)).status).toBe(404);
    expect(await snapshot(app, 'users')).toEqual(before);
  });

  it('a self-registered user (no last name, a one-letter first name) is edited without inventing names; new names follow the rule', async () => {
    const username = uniq('autoreg');
    const reg = await app.api('POST', '/auth/register/', { body: { username, email: `${username}@correo.com.py`, first_name: 'A', password: 'secreto1' } });
    expect(reg.status).toBe(201);
    const { id } = await app.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const path = `/usuarios/${id}/`;
    const read = await app.api('GET', path, { token: admin });
    expect(read.body).toMatchObject({ first_name: 'A', last_name: '' });
    // Read, sent back whole: accepted, nothing changes.
    const back = await app.api('PATCH', path, { token: admin, body: read.body });
    expect(back, JSON.stringify(back.body)).toMatchObject({ status: 200, body: read.body });
    // Another field changed beside the names as read.
    const email = `${uniq('nuevo')}@correo.com.py`;
    expect(await app.api('PATCH', path, { token: admin, body: { ...read.body, email } })).toMatchObject({ status: 200, body: { email, last_name: '' } });
    // The tRPC door takes the same rule (the user details form sends every field).
    const c = await app.caller(admin);
    expect(await c.usuarios.update({ id, username, first_name: 'A', last_name: '', email, password: '' })).toMatchObject({ first_name: 'A', last_name: '' });
    // A new name follows the spec's rule; once given, the last name cannot go back to empty.
    const before = await snapshot(app, 'users');
    expect((await app.api('PATCH', path, { token: admin, body: { last_name: 'B' } })).body).toEqual({ last_name: [MA.lastNameMin] });
    expect((await app.api('PATCH', path, { token: admin, body: { first_name: 'B' } })).body).toEqual({ first_name: [MA.firstNameMin] });
    expect(await snapshot(app, 'users')).toEqual(before);
    expect((await app.api('PATCH', path, { token: admin, body: { last_name: 'Benítez' } })).body.last_name).toBe('Benítez');
    expect((await app.api('PATCH', path, { token: admin, body: { last_name: '' } })).body).toEqual({ last_name: [M.required] });
  });

  it('keeps the own username when it is sent back unchanged', async () => {
    const target = await createUser();
    const r = await app.api('PATCH', `/usuarios/${target.id}/`, { token: admin, body: { username: target.username, email: target.email, password: '' } });
    expect(r.status).toBe(200);
  });
});

describe('DELETE /api/usuarios/:id/', () => {
  it('deactivates (204), never deletes, and the user tokens stop working at once', async () => {
    const target = await userWith(app, [P.viewCliente]);
    const deleter = await userWith(app, [P.deleteUser, P.viewCliente]);
    expect((await app.api('DELETE', `/usuarios/${target.id}/`)).status).toBe(401);
    const editor = await userWith(app, [P.changeUser]);
    expect((await app.api('DELETE', `/usuarios/${target.id}/`, { token: editor.token })).status).toBe(403);
    const r = await app.api('DELETE', `/usuarios/${target.id}/`, { token: deleter.token });
    expect(r.status).toBe(204);
    const row = await app.db.selectFrom('users').select('is_active').where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(false);
    expect((await app.api('GET', '/me/permissions/', { token: target.token })).status).toBe(401);
    expect((await auditRows(app, 'usuario', target.id)).at(-1)).toMatchObject({ action: 'deactivate', actor_id: deleter.id });
    expect((await app.api('DELETE', '/usuarios/999999/', { token: deleter.token })).status).toBe(404);
  });

  it('refuses deactivating oneself, and a non-superuser touching a superuser', async () => {
    const deleter = await userWith(app, [P.deleteUser, P.changeUser]);
    const self = await app.api('DELETE', `/usuarios/${deleter.id}/`, { token: deleter.token });
    expect(self.status).toBe(400);
    expect(self.body.detail).toBe(MA.cannotDeactivateSelf);
    expect((await app.api('PATCH', `/usuarios/${deleter.id}/`, { token: deleter.token, body: { is_active: false } })).body.detail).toBe(MA.cannotDeactivateSelf);
    expect((await app.api('DELETE', '/usuarios/1/', { token: admin })).body.detail).toBe(MA.cannotDeactivateSelf);
    const onSuper = await app.api('DELETE', '/usuarios/1/', { token: deleter.token });
    expect(onSuper.status).toBe(403);
    expect(onSuper.body.detail).toBe(MA.superuserOnly);
    expect((await app.api('PATCH', '/usuarios/1/', { token: deleter.token, body: { first_name: 'Hack' } })).status).toBe(403);
    const row = await app.db.selectFrom('users').select(['is_active', 'first_name']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_active: true, first_name: 'Administrador' });
    await app.login('admin', ADMIN_PASSWORD);
  });
});

describe('client assignment and the current client', () => {
  it('assigns clients (replacing the set), lists them, and unassigning the current client clears it', async () => {
    const c1 = await createCliente(app, admin, idCategoria, { nombre: 'Alfa' });
    const c2 = await createCliente(app, admin, idCategoria, { nombre: 'Beta' });
    const customer = await userWith(app, []);
    const assigner = await userWith(app, [P.assignClients]);

    const r = await app.api('POST', `/usuarios/${customer.id}/asignar_clientes/`, { token: assigner.token, body: { clientes: [c1.idCliente, c2.idCliente, c1.idCliente] } });
    expect(r.status).toBe(200);
    expect(r.body.clientes.sort()).toEqual([c1.idCliente, c2.idCliente].sort());

    const list = await app.api('GET', `/usuarios/${customer.id}/get_clientes_asignados/`, { token: customer.token });
    expect(list.status).toBe(200);
    expect(list.body.map((c: any) => c.nombre)).toEqual(['Alfa', 'Beta']);
    expect(list.body[0]).toMatchObject({ idCliente: c1.idCliente, categoria: { nombre: expect.any(String), descuento: '5.00' } });

    expect((await app.api('GET', `/usuarios/${customer.id}/cliente_actual/`, { token: customer.token })).body).toEqual({ clienteActual: null });
    const set = await app.api('POST', `/usuarios/${customer.id}/set_cliente_actual/`, { token: customer.token, body: { cliente_id: c2.idCliente } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ clienteActual: { idCliente: c2.idCliente, nombre: 'Beta' } });
    expect((await app.api('GET', `/usuarios/${customer.id}/cliente_actual/`, { token: customer.token })).body).toEqual(set.body);

    await app.api('POST', `/usuarios/${customer.id}/asignar_clientes/`, { token: assigner.token, body: { clientes: [c1.idCliente] } });
    expect((await app.api('GET', `/usuarios/${customer.id}/cliente_actual/`, { token: customer.token })).body).toEqual({ clienteActual: null });
    const rows = await auditRows(app, 'usuario', customer.id);
    expect(rows.map((x) => x.action)).toEqual(['assign', 'update', 'assign']);
    expect(rows[2].before).toMatchObject({ cliente_actual_id: c2.idCliente });
    expect(rows[2].after).toEqual({ clientes: [c1.idCliente], cliente_actual_id: null });
  });

  it('asignar_clientes answers 401, 403, 404 and 400 (unknown client, bad payload) without changing anything', async () => {
    const customer = await userWith(app, []);
    const c = await createCliente(app, admin, idCategoria);
    await app.api('POST', `/usuarios/${customer.id}/asignar_clientes/`, { token: admin, body: { clientes: [c.idCliente] } });
    const before = await snapshot(app, 'user_clientes');
    const post = (body: unknown, token?: string, id = customer.id) => app.api('POST', `/usuarios/${id}/asignar_clientes/`, { token, body });
    expect((await post({ clientes: [] })).status).toBe(401);
    const viewer = await userWith(app, [P.viewUser, P.changeUser]);
    expect((await post({ clientes: [] }, viewer.token)).status).toBe(403);
    expect((await post({ clientes: [] }, admin, 999999)).status).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await post({ clientes: [c.idCliente, missing] }, admin)).body).toEqual({ clientes: [MA.clienteNotFound(missing)] });
    expect((await post({}, admin)).body).toEqual({ clientes: [M.required] });
    expect((await post({ clientes: 'todos' }, admin)).body).toEqual({ clientes: ['Debe ser una lista de clientes'] });
    // An item's message goes under the list's name, said once for several bad items (DRF's related field with many values).
    expect((await post({ clientes: ['x'] }, admin)).body).toEqual({ clientes: ['Identificador de cliente no válido'] });
    expect((await post({ clientes: [c.idCliente, 'x', 'nope'] }, admin)).body).toEqual({ clientes: ['Identificador de cliente no válido'] });
    expect(await snapshot(app, 'user_clientes')).toEqual(before);
  });

  it('nobody but a superuser assigns clients to themselves (they would act for any client): 403, nothing changes', async () => {
    const assigner = await userWith(app, [P.assignClients, P.viewCliente]);
    const c = await createCliente(app, admin, idCategoria);
    const before = await snapshot(app, 'user_clientes');
    const r = await app.api('POST', `/usuarios/${assigner.id}/asignar_clientes/`, { token: assigner.token, body: { clientes: [c.idCliente] } });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(MA.cannotChangeOwnClientes);
    expect(await snapshot(app, 'user_clientes')).toEqual(before);
    // A superuser may (the seeded admin acts for the clients they assign themselves).
    const su = await app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const own = await app.api('POST', `/usuarios/${su.id}/asignar_clientes/`, { token: admin, body: { clientes: [c.idCliente] } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('set_cliente_actual refuses a client not assigned (403) and an inactive one (400), changing nothing', async () => {
    const customer = await userWith(app, []);
    const mine = await createCliente(app, admin, idCategoria);
    const notMine = await createCliente(app, admin, idCategoria);
    await app.api('POST', `/usuarios/${customer.id}/asignar_clientes/`, { token: admin, body: { clientes: [mine.idCliente] } });
    await app.api('POST', `/usuarios/${customer.id}/set_cliente_actual/`, { token: customer.token, body: { cliente_id: mine.idCliente } });
    const before = await snapshot(app, 'users');

    const r = await app.api('POST', `/usuarios/${customer.id}/set_cliente_actual/`, { token: customer.token, body: { cliente_id: notMine.idCliente } });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(MA.clienteNotAssigned);
    const staff = await app.api('POST', `/usuarios/${customer.id}/set_cliente_actual/`, { token: admin, body: { cliente_id: notMine.idCliente } });
    expect(staff.status).toBe(403);

    const inactive = await createCliente(app, admin, idCategoria);
    await app.api('POST', `/usuarios/${customer.id}/asignar_clientes/`, { token: admin, body: { clientes: [mine.idCliente, inactive.idCliente] } });
    await app.api('DELETE', `/clientes/${inactive.idCliente}/`, { token: admin });
    const snap = await snapshot(app, 'users');
    const ina = await app.api('POST', `/usuarios/${customer.id}/set_cliente_actual/`, { token: customer.token, body: { cliente_id: inactive.idCliente } });
    expect(ina.status).toBe(400);
    expect(ina.body.detail).toBe(MA.clienteInactive);

    expect((await app.api('POST', `/usuarios/${customer.id}/set_cliente_actual/`, { token: customer.token, body: {} })).body).toEqual({ cliente_id: [M.required] });
    expect((await app.api('POST', `/usuarios/${customer.id}/set_cliente_actual/`, { token: customer.token, body: { cliente_id: 'x' } })).body).toEqual({ cliente_id: ['Identificador de cliente no válido'] });
    expect((await app.api('POST', `/usuarios/${customer.id}/set_cliente_actual/`, { body: { cliente_id: mine.idCliente } })).status).toBe(401);
    expect(await snapshot(app, 'users')).toEqual(snap);
    expect(snap).toEqual(before);
  });

  it('a user sets only their own current client; staff need change permission for others', async () => {
    const a = await userWith(app, []);
    const b = await userWith(app, []);
    const c = await createCliente(app, admin, idCategoria);
    await app.api('POST', `/usuarios/${b.id}/asignar_clientes/`, { token: admin, body: { clientes: [c.idCliente] } });
    expect((await app.api('POST', `/usuarios/${b.id}/set_cliente_actual/`, { token: a.token, body: { cliente_id: c.idCliente } })).status).toBe(403);
    expect((await app.api('GET', `/usuarios/${b.id}/cliente_actual/`, { token: a.token })).status).toBe(403);
    expect((await app.api('GET', `/usuarios/${b.id}/get_clientes_asignados/`, { token: a.token })).status).toBe(403);
    expect((await app.api('GET', `/usuarios/${b.id}/get_clientes_asignados/`)).status).toBe(401);
    const changer = await userWith(app, [P.changeUser]);
    const r = await app.api('POST', `/usuarios/${b.id}/set_cliente_actual/`, { token: changer.token, body: { cliente_id: c.idCliente } });
    expect(r.status).toBe(200);
    expect((await auditRows(app, 'usuario', b.id)).at(-1)).toMatchObject({ action: 'update', actor_id: changer.id, after: { cliente_actual_id: c.idCliente } });
    const viewer = await userWith(app, [P.viewUser]);
    expect((await app.api('GET', `/usuarios/${b.id}/cliente_actual/`, { token: viewer.token })).body.clienteActual.idCliente).toBe(c.idCliente);
    expect((await app.api('GET', `/usuarios/${b.id}/get_clientes_asignados/`, { token: viewer.token })).body).toHaveLength(1);
    expect((await app.api('GET', '/usuarios/999999/cliente_actual/', { token: viewer.token })).status).toBe(404);
  });
});

describe('role assignment', () => {
  it('lists and replaces roles; the new permissions apply at once; audited', async () => {
    const target = await userWith(app, []);
    const roles = (await app.api('GET', '/roles/', { token: admin })).body;
    const operador = roles.find((x: any) => x.name === 'Operador');
    const cliente = roles.find((x: any) => x.name === 'Cliente');
    const assigner = await userWith(app, [P.assignRoles]);
    const r = await app.api('POST', `/usuarios/${target.id}/asignar_roles/`, { token: admin, body: { roles: [cliente.id] } });
    expect(r.status).toBe(200);
    expect(r.body.map((x: any) => x.name)).toEqual(['Cliente']);
    expect((await app.api('GET', '/me/permissions/', { token: target.token })).body.perms).toEqual([P.useOperacion, P.useSimulacion]);
    expect((await app.api('GET', `/usuarios/${target.id}/roles/`, { token: target.token })).body).toEqual([cliente]);
    const viewer = await userWith(app, [P.viewUser]);
    expect((await app.api('GET', `/usuarios/${target.id}/roles/`, { token: viewer.token })).body).toEqual([cliente]);
    expect((await app.api('GET', `/usuarios/${target.id}/roles/`, { token: assigner.token })).status).toBe(403);
    expect((await app.api('GET', `/usuarios/${target.id}/roles/`)).status).toBe(401);
    expect((await app.api('GET', '/usuarios/999999/roles/', { token: viewer.token })).status).toBe(404);

    await app.api('POST', `/usuarios/${target.id}/asignar_roles/`, { token: admin, body: { roles: [operador.id] } });
    const rows = await auditRows(app, 'usuario', target.id);
    expect(rows.at(-1)).toMatchObject({ action: 'assign', before: { roles: [{ id: cliente.id, name: 'Cliente' }] }, after: { roles: [{ id: operador.id, name: 'Operador' }] } });
  });

  it('answers 401, 403, 404 and 400, changing nothing; non-superusers cannot change their own roles or escalate', async () => {
    const target = await userWith(app, []);
    const roles = (await app.api('GET', '/roles/', { token: admin })).body;
    const cliente = roles.find((x: any) => x.name === 'Cliente');
    const adm = roles.find((x: any) => x.name === 'Administrador');
    const assigner = await userWith(app, [P.assignRoles, P.useOperacion, P.useSimulacion]);
    const before = await snapshot(app, 'user_groups');
    const post = (body: unknown, token?: string, id = target.id) => app.api('POST', `/usuarios/${id}/asignar_roles/`, { token, body });
    expect((await post({ roles: [] })).status).toBe(401);
    const viewer = await userWith(app, [P.viewUser]);
    const before2 = await snapshot(app, 'user_groups');
    expect((await post({ roles: [cliente.id] }, viewer.token)).status).toBe(403);
    expect((await post({ roles: [] }, admin, 999999)).status).toBe(404);
    expect((await post({ roles: [999999] }, admin)).body).toEqual({ roles: [MA.roleNotFound(999999)] });
    expect((await post({ roles: ['a'] }, admin)).body).toEqual({ roles: ['Identificador de rol no válido'] });
    expect((await post({}, admin)).body).toEqual({ roles: [M.required] });
    const esc = await post({ roles: [adm.id] }, assigner.token);
    expect(esc.status).toBe(403);
    expect(esc.body.detail).toBe(MA.roleExceedsOwnPerms);
    const own = await post({ roles: [cliente.id] }, assigner.token, assigner.id);
    expect(own.status).toBe(403);
    expect(own.body.detail).toBe(MA.cannotChangeOwnRoles);
    expect((await post({ roles: [] }, assigner.token, 1)).status).toBe(403);
    expect(await snapshot(app, 'user_groups')).toEqual(before2);
    expect(before2.length).toBe(before.length + 1);
    expect((await post({ roles: [cliente.id] }, assigner.token)).status).toBe(200);
  });

  it('an assignment racing the deletion of the role never answers 500', async () => {
    const target = await userWith(app, []);
    for (let i = 0; i < 5; i++) {
      const role = (await app.api('POST', '/roles/', { token: admin, body: { name: `EFIMERO${i}`, permissions: [] } })).body;
      const [assign, del] = await Promise.all([
        app.api('POST', `/usuarios/${target.id}/asignar_roles/`, { token: admin, body: { roles: [role.id] } }),
        app.api('DELETE', `/roles/${role.id}/`, { token: admin }),
      ]);
      expect([200, 400]).toContain(assign.status);
      expect(del.status).toBe(204);
      expect((await app.api('GET', `/usuarios/${target.id}/roles/`, { token: admin })).body).toEqual([]);
    }
  });
});

describe('no privilege escalation through another user', () => {
  it('a non-superuser cannot edit, (de/re)activate or assign to a user holding a permission they lack', async () => {
    const roles = (await app.api('GET', '/roles/', { token: admin })).body;
    const adm = roles.find((x: any) => x.name === 'Administrador');
    const cliente = roles.find((x: any) => x.name === 'Cliente');
    const c = await createCliente(app, admin, idCategoria);
    const target = await createUser();
    await app.api('POST', `/usuarios/${target.id}/asignar_clientes/`, { token: admin, body: { clientes: [c.idCliente] } });
    expect((await app.api('POST', `/usuarios/${target.id}/asignar_roles/`, { token: admin, body: { roles: [adm.id] } })).status).toBe(200);
    const staff = await userWith(app, [P.changeUser, P.deleteUser, P.assignRoles, P.useOperacion, P.useSimulacion]);
    const before = await snapshot(app, 'users');
    const beforeRoles = await snapshot(app, 'user_groups');
    const beforeClientes = await snapshot(app, 'user_clientes');
    // It says why: this user holds permissions the caller lacks (a call the caller's own permissions
    // already refuse says only that).
    const forbidden = async (method: string, path: string, body?: unknown, detail: string = MA.outranked) => {
      const r = await app.api(method, path, { token: staff.token, body });
      expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBe(403);
      expect(r.body.detail, `${method} ${path}`).toBe(detail);
    };
    await forbidden('PATCH', `/usuarios/${target.id}/`, { password: 'robada-123', email: 'robo@correo.com.py' });
    await forbidden('PATCH', `/usuarios/${target.id}/`, { first_name: 'Otro' });
    await forbidden('PATCH', `/usuarios/${target.id}/`, { is_active: false });
    await forbidden('DELETE', `/usuarios/${target.id}/`);
    await forbidden('POST', `/usuarios/${target.id}/asignar_roles/`, { roles: [cliente.id] });
    await forbidden('POST', `/usuarios/${target.id}/asignar_clientes/`, { clientes: [] }, M.apiForbidden);
    await forbidden('POST', `/usuarios/${target.id}/set_cliente_actual/`, { cliente_id: c.idCliente });
    expect(await snapshot(app, 'users')).toEqual(before);
    expect(await snapshot(app, 'user_groups')).toEqual(beforeRoles);
    expect(await snapshot(app, 'user_clientes')).toEqual(beforeClientes);
    await app.login(target.username, target.password);

    // Reactivating is refused too: the superuser deactivates, the staff member may not undo it.
    expect((await app.api('DELETE', `/usuarios/${target.id}/`, { token: admin })).status).toBe(204);
    await forbidden('PATCH', `/usuarios/${target.id}/`, { is_active: true });

    // A user whose permissions the caller holds all of stays changeable; the caller edits themselves.
    const peer = await userWith(app, [P.useOperacion, P.useSimulacion]);
    expect((await app.api('PATCH', `/usuarios/${peer.id}/`, { token: staff.token, body: { first_name: 'Par' } })).status).toBe(200);
    expect((await app.api('PATCH', `/usuarios/${staff.id}/`, { token: staff.token, body: { first_name: 'Yo' } })).status).toBe(200);
    // The superuser still changes anyone.
    expect((await app.api('PATCH', `/usuarios/${target.id}/`, { token: admin, body: { is_active: true } })).status).toBe(200);
  });
});
