import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/harness';
import { auditRows, clienteBody, createCategoria, createCliente, snapshot, uniq, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { MA } from '../../../shared/messagesAdmin';
import { P } from '../../../shared/permissions';

let app: TestApp;
let admin: string;
let cat: { idCategoria: string; nombre: string };
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  cat = await createCategoria(app, admin, { nombre: uniq('CATCLI'), descuento: '10' });
});
afterAll(() => app.close());

const NO_UUID = '00000000-0000-4000-8000-000000000000';

describe('POST /api/clientes/', () => {
  it('creates an individual with cédula (ruc stored null), always active, with the spec field names, and audits', async () => {
    const u = await userWith(app, [P.addCliente]);
    const r = await app.api('POST', '/clientes/', { token: u.token, body: clienteBody(cat.idCategoria, { cedula: '1234567', ruc: '', isActive: false }) });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      idCliente: expect.stringMatching(/^[0-9a-f-]{36}$/), nombre: 'Cliente de prueba', isPersonaFisica: true, cedula: '1234567', ruc: null,
      idCategoria: cat.idCategoria, categoria: { nombre: cat.nombre, descuento: '10.00' }, correo: 'cliente@prueba.com.py',
      telefono: '+595981000000', direccion: 'Asunción', isActive: true,
    });
    const rows = await auditRows(app, 'cliente', r.body.idCliente);
    expect(rows).toEqual([expect.objectContaining({ action: 'create', actor_id: u.id })]);
  });

  it('creates a company with RUC (cédula stored null)', async () => {
    const r = await app.api('POST', '/clientes/', { token: admin, body: clienteBody(cat.idCategoria, { isPersonaFisica: false, cedula: '', ruc: '80012345-6' }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ isPersonaFisica: false, cedula: null, ruc: '80012345-6' });
    const n = await app.api('POST', '/clientes/', { token: admin, body: clienteBody(cat.idCategoria, { isPersonaFisica: false, cedula: null, ruc: '80012346-4' }) });
    expect(n.status).toBe(201);
  });

  it('refuses the document of the other type instead of dropping it (POST, PUT and PATCH), changing nothing', async () => {
    const before = await snapshot(app, 'clientes');
    const post = async (over: Record<string, unknown>) => {
      const r = await app.api('POST', '/clientes/', { token: admin, body: clienteBody(cat.idCategoria, over) });
      expect(r.status).toBe(400);
      return r.body;
    };
    expect(await post({ isPersonaFisica: true, cedula: '1234568', ruc: '80012347-2' })).toEqual({ ruc: [MA.rucNotForPersonaFisica] });
    expect(await post({ isPersonaFisica: false, cedula: '1234569', ruc: '80012348-0' })).toEqual({ cedula: [MA.cedulaNotForJuridica] });
    // With the RUC missing too, both messages come in one answer.
    expect(await post({ isPersonaFisica: false, cedula: '555', ruc: undefined })).toEqual({ cedula: [MA.cedulaNotForJuridica], ruc: [M.required] });
    expect(await snapshot(app, 'clientes')).toEqual(before);

    const c = await createCliente(app, admin, cat.idCategoria, { cedula: '5560001' });
    const mid = await snapshot(app, 'clientes');
    const put = await app.api('PUT', `/clientes/${c.idCliente}/`, { token: admin, body: clienteBody(cat.idCategoria, { cedula: '5560001', ruc: '80055600-1' }) });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ ruc: [MA.rucNotForPersonaFisica] });
    const put2 = await app.api('PUT', `/clientes/${c.idCliente}/`, { token: admin, body: clienteBody(cat.idCategoria, { isPersonaFisica: false, cedula: '5560001', ruc: '80055600-1' }) });
    expect(put2.body).toEqual({ cedula: [MA.cedulaNotForJuridica] });
    const patch = await app.api('PATCH', `/clientes/${c.idCliente}/`, { token: admin, body: { ruc: '80055600-1' } });
    expect(patch.body).toEqual({ ruc: [MA.rucNotForPersonaFisica] });
    expect(await snapshot(app, 'clientes')).toEqual(mid);
  });

  it('names a bad document together with the other bad fields, in one answer', async () => {
    const before = await snapshot(app, 'clientes');
    const r = await app.api('POST', '/clientes/', { token: admin, body: clienteBody(cat.idCategoria, { cedula: '1-2-3', telefono: '++595', direccion: 'C' }) });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ cedula: [MA.documentoFormat], telefono: [MA.telefonoFormat], direccion: [MA.direccionMin] });
    expect(await snapshot(app, 'clientes')).toEqual(before);
  });

  it('answers 401 and 403 and changes nothing', async () => {
    const before = await snapshot(app, 'clientes');
    expect((await app.api('POST', '/clientes/', { body: clienteBody(cat.idCategoria) })).status).toBe(401);
    const u = await userWith(app, [P.viewCliente, P.changeCliente]);
    expect((await app.api('POST', '/clientes/', { token: u.token, body: clienteBody(cat.idCategoria) })).status).toBe(403);
    expect(await snapshot(app, 'clientes')).toEqual(before);
  });

  it('gives the Spanish message of each rule and changes nothing', async () => {
    const before = await snapshot(app, 'clientes');
    const audit = await snapshot(app, 'audit_log');
    const post = async (body: unknown) => {
      const r = await app.api('POST', '/clientes/', { token: admin, body });
      expect(r.status).toBe(400);
      return r.body;
    };
    expect(await post({})).toEqual({
      nombre: [M.required], isPersonaFisica: [M.required], idCategoria: [M.required], correo: [M.required], telefono: [M.required], direccion: [M.required],
    });
    expect(await post(clienteBody(cat.idCategoria, { nombre: 'A', correo: 'no-es-correo', telefono: '12-34', direccion: 'x' }))).toEqual({
      nombre: [MA.clienteNombreMin], correo: [M.invalidEmailUser], telefono: [MA.telefonoFormat], direccion: [MA.direccionMin],
    });
    expect(await post(clienteBody(cat.idCategoria, { cedula: '' }))).toEqual({ cedula: [M.required] });
    expect(await post(clienteBody(cat.idCategoria, { cedula: '12.345' }))).toEqual({ cedula: [MA.documentoFormat] });
    expect(await post(clienteBody(cat.idCategoria, { cedula: 1234568 }))).toEqual({ cedula: ['Debe ser texto'] });
    expect(await post(clienteBody(cat.idCategoria, { isPersonaFisica: false, cedula: '', ruc: '800-12-3' }))).toEqual({ ruc: [MA.documentoFormat] });
    expect(await post(clienteBody(cat.idCategoria, { isPersonaFisica: false, cedula: '', ruc: null }))).toEqual({ ruc: [M.required] });
    expect(await post(clienteBody('no-uuid'))).toEqual({ idCategoria: [MA.categoriaInvalid] });
    expect(await post(clienteBody(NO_UUID))).toEqual({ idCategoria: [MA.categoriaInvalid] });
    expect(await post({ ...clienteBody(cat.idCategoria), categoria: {} })).toEqual({ categoria: ['Campo no permitido.'] });
    expect(await snapshot(app, 'clientes')).toEqual(before);
    expect(await snapshot(app, 'audit_log')).toEqual(audit);
  });

  it('refuses a duplicate document and an inactive category with field errors, also under a race', async () => {
    const c = await createCliente(app, admin, cat.idCategoria, { cedula: '5550001' });
    expect(c.isActive).toBe(true);
    const dup = await app.api('POST', '/clientes/', { token: admin, body: clienteBody(cat.idCategoria, { cedula: '5550001' }) });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ cedula: [MA.cedulaTaken] });

    const inactive = await createCategoria(app, admin, { isActive: false });
    const r = await app.api('POST', '/clientes/', { token: admin, body: clienteBody(inactive.idCategoria) });
    expect(r.body).toEqual({ idCategoria: [MA.categoriaInactive] });

    const body = clienteBody(cat.idCategoria, { isPersonaFisica: false, cedula: null, ruc: '80099999-1' });
    const rs = await Promise.all([1, 2, 3].map(() => app.api('POST', '/clientes/', { token: admin, body })));
    expect(rs.map((x) => x.status).sort()).toEqual([201, 400, 400]);
    for (const x of rs.filter((y) => y.status === 400)) expect(x.body).toEqual({ ruc: [MA.rucTaken] });
  });
});

describe('GET /api/clientes/', () => {
  let prefix: string;
  beforeAll(async () => {
    prefix = uniq('Pagina');
    for (let i = 0; i < 12; i++) await createCliente(app, admin, cat.idCategoria, { nombre: `${prefix} ${String(i).padStart(2, '0')}` });
  });

  it('pages 10 per page with search and answers {count, next, previous, results}', async () => {
    const u = await userWith(app, [P.viewCliente]);
    const p1 = await app.api('GET', `/clientes/?search=${prefix}`, { token: u.token });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ count: 12, next: `${app.url}/api/clientes/?search=${prefix}&page=2`, previous: null });
    expect(p1.body.results).toHaveLength(10);
    expect(p1.body.results[0].nombre).toBe(`${prefix} 00`);
    const p2 = await app.api('GET', `/clientes/?search=${prefix}&page=2`, { token: u.token });
    expect(p2.body).toMatchObject({ count: 12, next: null, previous: `${app.url}/api/clientes/?search=${prefix}` });
    expect(p2.body.results.map((c: any) => c.nombre)).toEqual([`${prefix} 10`, `${prefix} 11`]);
  });

  it('answers a plain array with all=true, and searches document, e-mail and category name', async () => {
    const all = await app.api('GET', '/clientes/?all=true', { token: admin });
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.length).toBeGreaterThanOrEqual(12);
    const c = await createCliente(app, admin, cat.idCategoria, { cedula: '7770777', correo: 'unico@correo.com.py' });
    // A cédula typed as Paraguayans write it, with thousands dots, is found too.
    for (const q of ['7770777', 'UNICO@correo', '7.770.777']) {
      const r = await app.api('GET', `/clientes/?search=${encodeURIComponent(q)}`, { token: admin });
      expect(r.body.results.map((x: any) => x.idCliente)).toEqual([c.idCliente]);
    }
    const byCat = await app.api('GET', `/clientes/?search=${cat.nombre.toLowerCase()}&all=true`, { token: admin });
    expect(byCat.body.every((x: any) => x.categoria.nombre === cat.nombre)).toBe(true);
    expect(byCat.body.length).toBeGreaterThan(12);
  });

  it('searches without regard to accents or case, both ways, in name and category name (also ?all=true)', async () => {
    const tag = uniq('Acento').toLowerCase().replace(/[^a-z0-9]/g, '');
    const gonzalez = await createCliente(app, admin, cat.idCategoria, { nombre: `Ña Sofía González ${tag}` });
    const guarani = await createCliente(app, admin, cat.idCategoria, { nombre: `Importadora Guaraní ${tag} S.A.`, isPersonaFisica: false, cedula: '', ruc: `80${String(Date.now()).slice(-6)}-1` });
    // Written decomposed (a + U+0301), as some keyboards send it.
    const decompuesto = await createCliente(app, admin, cat.idCategoria, { nombre: `Jose\u0301 Ramírez ${tag}` });
    const found = async (q: string, all = false) => {
      const r = await app.api('GET', `/clientes/?search=${encodeURIComponent(q)}${all ? '&all=true' : ''}`, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return ((all ? r.body : r.body.results) as { idCliente: string }[]).map((x) => x.idCliente).sort();
    };
    expect(await found(`gonzalez ${tag}`)).toEqual([gonzalez.idCliente]);
    expect(await found(`GONZÁLEZ ${tag}`)).toEqual([gonzalez.idCliente]);
    expect(await found(`na sofia`)).toContain(gonzalez.idCliente);
    expect(await found(`importadora guarani ${tag}`)).toEqual([guarani.idCliente]);
    expect(await found(`importadora guarani ${tag}`, true)).toEqual([guarani.idCliente]);
    expect(await found(`josé ramirez ${tag}`)).toEqual([decompuesto.idCliente]);
    expect(await found(`jose ramirez ${tag}`)).toEqual([decompuesto.idCliente]);
    // A category found by its name without the accent.
    const acentuada = await createCategoria(app, admin, { nombre: uniq('Categoría Única'), descuento: '0' });
    const enCategoria = await createCliente(app, admin, acentuada.idCategoria);
    expect(await found(acentuada.nombre.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase())).toEqual([enCategoria.idCliente]);
  });

  it('folds accents in code exactly as the database does (sin_acentos)', async () => {
    const { sinAcentos } = await import('../../lib/search');
    const marcas = Array.from({ length: 0x70 }, (_, i) => String.fromCharCode(0x300 + i)).join('');
    const muestras = ['áàâäãåéèêëẽíìîïĩóòôöõúùûüũýÿỹñçÁÀÂÄÃÅÉÈÊËẼÍÌÎÏĨÓÒÔÖÕÚÙÛÜŨÝŸỸÑÇ', `a${marcas}b`, 'g̃uarani ñandutí', 'ø æ ß ǎ 100% _x_ \\'];
    for (const t of muestras) {
      const { rows } = await sql<{ f: string }>`select sin_acentos(${t}) as f`.execute(app.db);
      expect(rows[0].f).toBe(sinAcentos(t));
    }
    expect(sinAcentos('Ñandutí Guaraní ỹ')).toBe('Nanduti Guarani y');
  });

  it('answers 401, 403, and 400 on a bad page', async () => {
    expect((await app.api('GET', '/clientes/')).status).toBe(401);
    const u = await userWith(app, [P.addCliente]);
    expect((await app.api('GET', '/clientes/', { token: u.token })).status).toBe(403);
    const assigner = await userWith(app, [P.assignClients]);
    expect((await app.api('GET', '/clientes/?all=true', { token: assigner.token })).status).toBe(200);
    const bad = await app.api('GET', '/clientes/?page=0', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.page).toEqual(['Página no válida']);
  });
});

describe('GET /api/clientes/:id/ and a customer acting for their own clients only', () => {
  it('lets staff with view permission and the assigned user read it; others get 403', async () => {
    const c = await createCliente(app, admin, cat.idCategoria);
    const other = await createCliente(app, admin, cat.idCategoria);
    const customer = await userWith(app, [P.useOperacion]);
    await app.db.insertInto('user_clientes').values({ user_id: customer.id, cliente_id: c.idCliente }).execute();
    expect((await app.api('GET', `/clientes/${c.idCliente}/`)).status).toBe(401);
    expect((await app.api('GET', `/clientes/${c.idCliente}/`, { token: customer.token })).body.idCliente).toBe(c.idCliente);
    expect((await app.api('GET', `/clientes/${other.idCliente}/`, { token: customer.token })).status).toBe(403);
    expect((await app.api('GET', `/clientes/${NO_UUID}/`, { token: customer.token })).status).toBe(403);
    expect((await app.api('GET', `/clientes/${other.idCliente}/`, { token: admin })).status).toBe(200);
    expect((await app.api('GET', `/clientes/${NO_UUID}/`, { token: admin })).status).toBe(404);

    const h = await app.api('GET', `/clientes/${c.idCliente}/get_historial_transacciones/`, { token: customer.token });
    expect(h.status).toBe(200);
    expect(h.body).toEqual([]);
    const paged = await app.api('GET', `/clientes/${c.idCliente}/get_historial_transacciones/?page=1`, { token: customer.token });
    expect(paged.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await app.api('GET', `/clientes/${other.idCliente}/get_historial_transacciones/`, { token: customer.token })).status).toBe(403);
    expect((await app.api('GET', `/clientes/${other.idCliente}/get_historial_transacciones/`)).status).toBe(401);
    expect((await app.api('GET', `/clientes/${other.idCliente}/get_historial_transacciones/?all=true`, { token: admin })).body).toEqual([]);
    // No such client: 404 for staff (paged and whole list), 403 for a customer (as for the client itself).
    expect((await app.api('GET', `/clientes/${NO_UUID}/get_historial_transacciones/`, { token: admin })).status).toBe(404);
    expect((await app.api('GET', `/clientes/${NO_UUID}/get_historial_transacciones/?page=1`, { token: admin })).status).toBe(404);
    expect((await app.api('GET', `/clientes/${NO_UUID}/get_historial_transacciones/?all=true`, { token: admin })).status).toBe(404);
    expect((await app.api('GET', `/clientes/${NO_UUID}/get_historial_transacciones/`, { token: customer.token })).status).toBe(403);
  });
});

describe('PUT and PATCH /api/clientes/:id/', () => {
  it('PUT replaces the client, swapping the document with the type, and audits before/after', async () => {
    const c = await createCliente(app, admin, cat.idCategoria, { cedula: '3330001' });
    const u = await userWith(app, [P.changeCliente]);
    const cat2 = await createCategoria(app, admin);
    const body = clienteBody(cat2.idCategoria, { nombre: 'Empresa SA', isPersonaFisica: false, cedula: '', ruc: '80033300-1' });
    const r = await app.api('PUT', `/clientes/${c.idCliente}/`, { token: u.token, body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ idCliente: c.idCliente, nombre: 'Empresa SA', isPersonaFisica: false, cedula: null, ruc: '80033300-1', idCategoria: cat2.idCategoria, isActive: true });
    const last = (await auditRows(app, 'cliente', c.idCliente)).at(-1)!;
    expect(last).toMatchObject({ action: 'update', actor_id: u.id });
    expect(last.before).toMatchObject({ cedula: '3330001', ruc: null });
    expect(last.after).toMatchObject({ cedula: null, ruc: '80033300-1' });
  });

  it('a PUT or PATCH that changes nothing writes no audit row', async () => {
    const c = await createCliente(app, admin, cat.idCategoria, { cedula: '3330002' });
    const rows = (await auditRows(app, 'cliente', c.idCliente)).length;
    const same = clienteBody(cat.idCategoria, { cedula: '3330002' });
    expect((await app.api('PUT', `/clientes/${c.idCliente}/`, { token: admin, body: same })).status).toBe(200);
    expect((await app.api('PATCH', `/clientes/${c.idCliente}/`, { token: admin, body: { nombre: same.nombre, isActive: true } })).status).toBe(200);
    expect(await auditRows(app, 'cliente', c.idCliente)).toHaveLength(rows);
  });

  it('PUT validates like create and changes nothing on 400, 401, 403, 404', async () => {
    const c = await createCliente(app, admin, cat.idCategoria);
    const taken = await createCliente(app, admin, cat.idCategoria);
    const takenCedula = (await app.db.selectFrom('clientes').select('cedula').where('id_cliente', '=', taken.idCliente).executeTakeFirstOrThrow()).cedula;
    const before = await snapshot(app, 'clientes');
    const put = (body: unknown, token?: string, id = c.idCliente) => app.api('PUT', `/clientes/${id}/`, { token, body });
    expect((await put(clienteBody(cat.idCategoria, { nombre: 'A', telefono: 'abc' }), admin)).body).toEqual({ nombre: [MA.clienteNombreMin], telefono: [MA.telefonoFormat] });
    expect((await put(clienteBody(cat.idCategoria, { cedula: takenCedula }), admin)).body).toEqual({ cedula: [MA.cedulaTaken] });
    expect((await put(clienteBody(cat.idCategoria))).status).toBe(401);
    const viewer = await userWith(app, [P.viewCliente]);
    expect((await put(clienteBody(cat.idCategoria), viewer.token)).status).toBe(403);
    const deleter = await userWith(app, [P.deleteCliente]);
    expect((await put(clienteBody(cat.idCategoria), deleter.token)).status).toBe(403);
    expect((await put(clienteBody(cat.idCategoria), admin, NO_UUID)).status).toBe(404);
    expect(await snapshot(app, 'clientes')).toEqual(before);
  });

  it('keeps an inactive category the client already had, but refuses moving to one', async () => {
    const k = await createCategoria(app, admin);
    const c = await createCliente(app, admin, k.idCategoria);
    await app.api('DELETE', `/categorias/${k.idCategoria}/`, { token: admin });
    const r = await app.api('PATCH', `/clientes/${c.idCliente}/`, { token: admin, body: { nombre: 'Sigue igual' } });
    expect(r.status).toBe(200);
    const c2 = await createCliente(app, admin, cat.idCategoria);
    const moved = await app.api('PATCH', `/clientes/${c2.idCliente}/`, { token: admin, body: { idCategoria: k.idCategoria } });
    expect(moved.body).toEqual({ idCategoria: [MA.categoriaInactive] });
  });

  it('DELETE deactivates (needs delete), PATCH isActive true reactivates (needs change), each audited', async () => {
    const c = await createCliente(app, admin, cat.idCategoria);
    const changer = await userWith(app, [P.changeCliente]);
    const deleter = await userWith(app, [P.deleteCliente]);
    expect((await app.api('DELETE', `/clientes/${c.idCliente}/`)).status).toBe(401);
    expect((await app.api('DELETE', `/clientes/${c.idCliente}/`, { token: changer.token })).status).toBe(403);
    expect((await app.api('PATCH', `/clientes/${c.idCliente}/`, { token: changer.token, body: { isActive: false } })).status).toBe(403);
    const del = await app.api('DELETE', `/clientes/${c.idCliente}/`, { token: deleter.token });
    expect(del.status).toBe(204);
    const row = await app.db.selectFrom('clientes').select('is_active').where('id_cliente', '=', c.idCliente).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(false);
    expect((await app.api('PATCH', `/clientes/${c.idCliente}/`, { token: deleter.token, body: { isActive: true } })).status).toBe(403);
    const on = await app.api('PATCH', `/clientes/${c.idCliente}/`, { token: changer.token, body: { isActive: true } });
    expect(on.status).toBe(200);
    expect(on.body.isActive).toBe(true);
    expect((await auditRows(app, 'cliente', c.idCliente)).map((r) => [r.action, r.actor_id])).toEqual([
      ['create', 1], ['deactivate', deleter.id], ['activate', changer.id],
    ]);
    expect((await app.api('DELETE', `/clientes/${NO_UUID}/`, { token: deleter.token })).status).toBe(404);
  });

  it('PUT of an inactive client saves it active again (the screens always save active)', async () => {
    const c = await createCliente(app, admin, cat.idCategoria);
    await app.api('DELETE', `/clientes/${c.idCliente}/`, { token: admin });
    const body = clienteBody(cat.idCategoria);
    delete (body as Record<string, unknown>).isActive;
    const r = await app.api('PUT', `/clientes/${c.idCliente}/`, { token: admin, body });
    expect(r.body.isActive).toBe(true);
  });

  it('PATCH validates the merged document when the type changes', async () => {
    const c = await createCliente(app, admin, cat.idCategoria);
    const before = await snapshot(app, 'clientes');
    const r = await app.api('PATCH', `/clientes/${c.idCliente}/`, { token: admin, body: { isPersonaFisica: false } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ ruc: [M.required] });
    expect(await snapshot(app, 'clientes')).toEqual(before);
    const ok = await app.api('PATCH', `/clientes/${c.idCliente}/`, { token: admin, body: { isPersonaFisica: false, ruc: '80044400-2' } });
    expect(ok.body).toMatchObject({ cedula: null, ruc: '80044400-2' });
  });

  it('deactivating a client clears it as the current client of its users', async () => {
    const c = await createCliente(app, admin, cat.idCategoria);
    const u = await userWith(app, []);
    await app.db.insertInto('user_clientes').values({ user_id: u.id, cliente_id: c.idCliente }).execute();
    await app.db.updateTable('users').set({ cliente_actual_id: c.idCliente }).where('id', '=', u.id).execute();
    await app.api('DELETE', `/clientes/${c.idCliente}/`, { token: admin });
    expect((await app.api('GET', `/usuarios/${u.id}/cliente_actual/`, { token: u.token })).body).toEqual({ clienteActual: null });
    expect((await auditRows(app, 'cliente', c.idCliente)).at(-1)!.after).toMatchObject({ usuarios_sin_cliente_actual: [u.id] });
  });

  it('a deactivation racing a choice of that client never leaves it as a current client', async () => {
    const u = await userWith(app, []);
    for (let i = 0; i < 5; i++) {
      const c = await createCliente(app, admin, cat.idCategoria);
      await app.db.insertInto('user_clientes').values({ user_id: u.id, cliente_id: c.idCliente }).execute();
      const [set, del] = await Promise.all([
        app.api('POST', `/usuarios/${u.id}/set_cliente_actual/`, { token: u.token, body: { cliente_id: c.idCliente } }),
        app.api('DELETE', `/clientes/${c.idCliente}/`, { token: admin }),
      ]);
      expect([200, 400]).toContain(set.status);
      expect(del.status).toBe(204);
      expect((await app.api('GET', `/usuarios/${u.id}/cliente_actual/`, { token: u.token })).body).toEqual({ clienteActual: null });
    }
  });
});

describe('GET /api/clientes/:id/get_usuarios_asignados/', () => {
  it('lists the users assigned to the client for client viewers', async () => {
    const c = await createCliente(app, admin, cat.idCategoria);
    const a = await userWith(app, []);
    const b = await userWith(app, []);
    await app.db.insertInto('user_clientes').values([{ user_id: a.id, cliente_id: c.idCliente }, { user_id: b.id, cliente_id: c.idCliente }]).execute();
    const viewer = await userWith(app, [P.viewCliente]);
    const r = await app.api('GET', `/clientes/${c.idCliente}/get_usuarios_asignados/`, { token: viewer.token });
    expect(r.status).toBe(200);
    expect(r.body.map((x: any) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(r.body[0]).not.toHaveProperty('password_hash');
    expect((await app.api('GET', `/clientes/${c.idCliente}/get_usuarios_asignados/`)).status).toBe(401);
    expect((await app.api('GET', `/clientes/${c.idCliente}/get_usuarios_asignados/`, { token: a.token })).status).toBe(403);
    expect((await app.api('GET', `/clientes/${NO_UUID}/get_usuarios_asignados/`, { token: viewer.token })).status).toBe(404);
  });
});
