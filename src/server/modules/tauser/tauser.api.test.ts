import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { auditRows, snapshot, uniq, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { TAUSER_MSG } from '../../../shared/schemas/tausers';
import { DEMO_TAUSERS } from '../../db/seed/tausers';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp({ seedDemo: true });
  admin = await app.adminToken();
});
afterAll(() => app.close());

const NO_UUID = '00000000-0000-4000-8000-000000000000';

const body = (over: Record<string, unknown> = {}) => ({
  codigo: uniq('TAU-T'),
  nombre: 'Tauser de prueba',
  direccion: 'Calle Falsa 123',
  ciudad: 'Luque',
  departamento: 'Central',
  latitud: '-25.270000',
  longitud: '-57.480000',
  ...over,
});

async function createTauser(over: Record<string, unknown> = {}) {
  const r = await app.api('POST', '/tauser/', { token: admin, body: body(over) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { idTauser: string; codigo: string; isActive: boolean; latitud: string; longitud: string };
}

describe('GET /api/tauser/', () => {
  it('answers 401 anonymous and 403 without the view permission', async () => {
    expect((await app.api('GET', '/tauser/')).status).toBe(401);
    const u = await userWith(app, [P.viewDivisa, P.addTauser]);
    const r = await app.api('GET', '/tauser/', { token: u.token });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(M.apiForbidden);
  });

  it('pages 10 at a time with count, next and previous, ordered by código', async () => {
    for (let i = 0; i < 7; i++) await createTauser({ codigo: uniq('TAU-PAG') });
    const u = await userWith(app, [P.viewTauser]);
    const p1 = await app.api('GET', '/tauser/', { token: u.token });
    expect(p1.status).toBe(200);
    expect(p1.body.count).toBeGreaterThanOrEqual(12);
    expect(p1.body.results).toHaveLength(10);
    expect(p1.body).toMatchObject({ next: `${app.url}/api/tauser/?page=2`, previous: null });
    const codes = p1.body.results.map((t: any) => t.codigo);
    expect(codes).toEqual([...codes].sort());
    const p2 = await app.api('GET', '/tauser/?page=2', { token: u.token });
    expect(p2.body.previous).toBe(`${app.url}/api/tauser/`);
    expect(p2.body.results.length).toBe(p1.body.count - 10);
  });

  it('answers the seeded terminals with the spec field names and 6-decimal coordinates', async () => {
    const r = await app.api('GET', '/tauser/?search=TAU-ENC-01', { token: admin });
    expect(r.body.results).toEqual([
      {
        idTauser: expect.stringMatching(/^[0-9a-f-]{36}$/),
        codigo: 'TAU-ENC-01',
        nombre: 'Tauser Encarnación',
        direccion: 'Av. Irrazábal y Mcal. Estigarribia',
        ciudad: 'Encarnación',
        departamento: 'Itapúa',
        latitud: '-27.330560',
        longitud: '-55.866670',
        isActive: true,
      },
    ]);
  });

  it('searches código, nombre, dirección, ciudad and departamento, case-insensitively, wildcards literal', async () => {
    const s = async (q: string) => (await app.api('GET', `/tauser/?search=${encodeURIComponent(q)}`, { token: admin })).body.results.map((t: any) => t.codigo);
    expect(await s('tau-cde')).toEqual(['TAU-CDE-01']);
    expect(await s('villa morra')).toEqual(['TAU-ASU-02']);
    expect(await s('palma 452')).toEqual(['TAU-ASU-01']);
    expect(await s('ENCARNACIÓN')).toEqual(['TAU-ENC-01']);
    expect(await s('alto paraná')).toEqual(['TAU-CDE-01']);
    expect(await s('%')).toEqual([]);
  });

  it('all=true answers every terminal to viewers, inactive included; the active ones to customers with the operation permission', async () => {
    const inactive = await createTauser({ codigo: uniq('TAU-OFF') });
    expect((await app.api('PATCH', `/tauser/${inactive.idTauser}/`, { token: admin, body: { isActive: false } })).status).toBe(200);
    for (const [perms, ve] of [[[P.viewTauser], true], [[P.useOperacion], false]] as const) {
      const u = await userWith(app, [...perms]);
      const r = await app.api('GET', '/tauser/?all=true', { token: u.token });
      expect(r.status).toBe(200);
      expect(Array.isArray(r.body)).toBe(true);
      expect(r.body.map((t: any) => t.codigo)).toEqual(expect.arrayContaining(DEMO_TAUSERS.map((t) => t.codigo)));
      expect(r.body.some((t: any) => t.idTauser === inactive.idTauser)).toBe(ve);
      if (!ve) expect(r.body.every((t: any) => t.isActive)).toBe(true);
      const names = r.body.map((t: any) => t.nombre);
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      // The operation wizard asks for the active ones.
      const activos = await app.api('GET', '/tauser/?all=true&is_active=true', { token: u.token });
      expect(activos.body.length).toBeGreaterThan(0);
      expect(activos.body.every((t: any) => t.isActive)).toBe(true);
    }
    const viewer = await userWith(app, [P.viewTauser]);
    const withInactive = await app.api('GET', '/tauser/?all=true&incluir_inactivos=true', { token: viewer.token });
    expect(withInactive.body.some((t: any) => t.idTauser === inactive.idTauser)).toBe(true);
    const inactivos = await app.api('GET', '/tauser/?all=true&is_active=false', { token: viewer.token });
    expect(inactivos.body.map((t: any) => t.idTauser)).toContain(inactive.idTauser);
    expect(inactivos.body.every((t: any) => !t.isActive)).toBe(true);
  });

  it('a customer gets neither the paged list nor inactive terminals', async () => {
    const cliente = await userWith(app, [P.useOperacion, P.useSimulacion]);
    expect((await app.api('GET', '/tauser/', { token: cliente.token })).status).toBe(403);
    expect((await app.api('GET', '/tauser/?all=true&incluir_inactivos=true', { token: cliente.token })).status).toBe(403);
    const sim = await userWith(app, [P.useSimulacion]);
    expect((await app.api('GET', '/tauser/?all=true', { token: sim.token })).status).toBe(403);
  });

  it('answers 400 on a malformed page or flag', async () => {
    expect((await app.api('GET', '/tauser/?page=abc', { token: admin })).status).toBe(400);
    const r = await app.api('GET', '/tauser/?all=true&incluir_inactivos=si', { token: admin });
    expect(r.status).toBe(400);
    expect(r.body.incluir_inactivos).toBeDefined();
  });
});

describe('GET /api/tauser/:id/', () => {
  it('shows one terminal with view permission; 401, 404 and 400 otherwise', async () => {
    const t = await createTauser();
    const u = await userWith(app, [P.viewTauser]);
    const r = await app.api('GET', `/tauser/${t.idTauser}/`, { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(t);
    expect((await app.api('GET', `/tauser/${t.idTauser}/`)).status).toBe(401);
    expect((await app.api('GET', `/tauser/${NO_UUID}/`, { token: u.token })).status).toBe(404);
    const bad = await app.api('GET', '/tauser/12/', { token: u.token });
    expect(bad.status).toBe(400);
    expect(bad.body.id).toEqual(['Identificador no válido']);
  });

  it('answers any signed-in user an active terminal with the fields the list gives them; an inactive one only to viewers', async () => {
    const t = await createTauser();
    for (const perms of [[P.useOperacion], []]) {
      const cliente = await userWith(app, perms);
      const r = await app.api('GET', `/tauser/${t.idTauser}/`, { token: cliente.token });
      expect(r.status).toBe(200);
      expect(r.body).toEqual(t);
    }
    const operador = await userWith(app, [P.useOperacion]);
    const listed = (await app.api('GET', '/tauser/?all=true', { token: operador.token })).body.find((x: any) => x.idTauser === t.idTauser);
    expect((await app.api('GET', `/tauser/${t.idTauser}/`, { token: operador.token })).body).toEqual(listed);
    expect((await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: admin, body: { isActive: false } })).status).toBe(200);
    expect((await app.api('GET', `/tauser/${t.idTauser}/`, { token: operador.token })).status).toBe(404);
    const viewer = await userWith(app, [P.viewTauser]);
    expect((await app.api('GET', `/tauser/${t.idTauser}/`, { token: viewer.token })).body).toMatchObject({ idTauser: t.idTauser, isActive: false });
    // Reading is not writing: the customer's echo of what they read is still refused.
    expect((await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: operador.token, body: { nombre: 'Mío' } })).status).toBe(403);
  });
});

describe('POST /api/tauser/', () => {
  it('creates an active terminal (201), keeps coordinates at 6 decimals and audits', async () => {
    const u = await userWith(app, [P.addTauser]);
    const codigo = uniq('TAU-NEW');
    const r = await app.api('POST', '/tauser/', { token: u.token, body: body({ codigo: `  ${codigo} `, latitud: -25.2637394, longitud: '-57,5759255' }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ codigo, isActive: true, latitud: '-25.263739', longitud: '-57.575926' });
    const row = await app.db.selectFrom('tausers').select(['latitud', 'longitud']).where('id_tauser', '=', r.body.idTauser).executeTakeFirstOrThrow();
    expect(row).toEqual({ latitud: '-25.263739', longitud: '-57.575926' });
    const rows = await auditRows(app, 'tauser', r.body.idTauser);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', actor_id: u.id, before: null });
    expect(rows[0].after).toMatchObject({ codigo, latitud: '-25.263739' });
    const bounds = await app.api('POST', '/tauser/', { token: u.token, body: body({ latitud: '90', longitud: -180 }) });
    expect(bounds.body).toMatchObject({ latitud: '90.000000', longitud: '-180.000000' });
  });

  it('answers 401 anonymous and 403 without the add permission, changing nothing', async () => {
    const before = await snapshot(app, 'tausers');
    expect((await app.api('POST', '/tauser/', { body: body() })).status).toBe(401);
    const u = await userWith(app, [P.viewTauser, P.changeTauser, P.deleteTauser]);
    expect((await app.api('POST', '/tauser/', { token: u.token, body: body() })).status).toBe(403);
    expect(await snapshot(app, 'tausers')).toEqual(before);
  });

  it('gives every spec message and changes nothing', async () => {
    const before = await snapshot(app, 'tausers');
    const audit = await snapshot(app, 'audit_log');
    const req = async (b: unknown) => {
      const r = await app.api('POST', '/tauser/', { token: admin, body: b });
      expect(r.status).toBe(400);
      return r.body;
    };
    expect(await req({})).toEqual({
      codigo: [TAUSER_MSG.codigoRequerido],
      nombre: [TAUSER_MSG.nombreRequerido],
      direccion: [TAUSER_MSG.direccionRequerida],
      ciudad: [TAUSER_MSG.ciudadRequerida],
      departamento: [TAUSER_MSG.departamentoRequerido],
      latitud: [TAUSER_MSG.latitudRequerida],
      longitud: [TAUSER_MSG.longitudRequerida],
    });
    expect(await req({ codigo: ' ', nombre: '', direccion: '  ', ciudad: '', departamento: '', latitud: '', longitud: null })).toEqual({
      codigo: [TAUSER_MSG.codigoRequerido],
      nombre: [TAUSER_MSG.nombreRequerido],
      direccion: [TAUSER_MSG.direccionRequerida],
      ciudad: [TAUSER_MSG.ciudadRequerida],
      departamento: [TAUSER_MSG.departamentoRequerido],
      latitud: [TAUSER_MSG.latitudRequerida],
      longitud: [TAUSER_MSG.longitudRequerida],
    });
    expect(await req(body({ latitud: 'norte', longitud: '1e5' }))).toEqual({ latitud: [TAUSER_MSG.latitudNumero], longitud: [TAUSER_MSG.longitudNumero] });
    expect(await req(body({ latitud: true, longitud: [1] }))).toEqual({ latitud: [TAUSER_MSG.latitudNumero], longitud: [TAUSER_MSG.longitudNumero] });
    expect(await req(body({ latitud: '-90.000001', longitud: -180.5 }))).toEqual({ latitud: [TAUSER_MSG.latitudMin], longitud: [TAUSER_MSG.longitudMin] });
    expect(await req(body({ latitud: 90.1, longitud: '180.0000001' }))).toEqual({ latitud: [TAUSER_MSG.latitudMax], longitud: [TAUSER_MSG.longitudMax] });
    expect((await req(body({ codigo: 'TAU 01' }))).codigo).toEqual([TAUSER_MSG.codigoFormato]);
    expect((await req(body({ codigo: 'tau-asu-01' }))).codigo).toEqual([TAUSER_MSG.codigoDuplicado]);
    expect((await req(body({ isActive: false }))).isActive).toEqual([TAUSER_MSG.nuevoActivo]);
    expect((await req(body({ extra: 1 }))).extra).toEqual(['Campo no permitido.']);
    expect(await snapshot(app, 'tausers')).toEqual(before);
    expect(await snapshot(app, 'audit_log')).toEqual(audit);
  });

  it('20 parallel creations of one código (in different cases) give exactly one 201', async () => {
    const codigo = uniq('TAU-RACE');
    const rs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => app.api('POST', '/tauser/', { token: admin, body: body({ codigo: i % 2 ? codigo.toLowerCase() : codigo }) })),
    );
    expect(rs.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of rs.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ codigo: [TAUSER_MSG.codigoDuplicado] });
    }
    const n = await app.db.selectFrom('tausers').select('id_tauser').where('codigo', 'ilike', codigo).execute();
    expect(n).toHaveLength(1);
  });
});

describe('PATCH /api/tauser/:id/', () => {
  it('edits fields with the change permission, keeps código read-only, and audits before/after', async () => {
    const t = await createTauser();
    const u = await userWith(app, [P.changeTauser]);
    const r = await app.api('PATCH', `/tauser/${t.idTauser}/`, {
      token: u.token,
      body: { idTauser: t.idTauser, codigo: t.codigo, nombre: 'Nuevo nombre', latitud: '-25.3', longitud: -57.1234567 },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ codigo: t.codigo, nombre: 'Nuevo nombre', latitud: '-25.300000', longitud: '-57.123457', direccion: 'Calle Falsa 123' });
    const rows = await auditRows(app, 'tauser', t.idTauser);
    expect(rows.at(-1)).toMatchObject({ action: 'update', actor_id: u.id });
    expect(rows.at(-1)!.before).toMatchObject({ nombre: 'Tauser de prueba', latitud: '-25.270000' });
    expect(rows.at(-1)!.after).toMatchObject({ nombre: 'Nuevo nombre', latitud: '-25.300000' });

    const before = await snapshot(app, 'tausers');
    const audit = await snapshot(app, 'audit_log');
    const locked = await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: u.token, body: { codigo: 'OTRO-01' } });
    expect(locked.status).toBe(400);
    expect(locked.body).toEqual({ codigo: [TAUSER_MSG.codigoSoloLectura] });
    const recased = await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: u.token, body: { codigo: t.codigo.toLowerCase(), nombre: 'x' } });
    expect(recased.body).toEqual({ codigo: [TAUSER_MSG.codigoSoloLectura] });
    const badId = await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: u.token, body: { idTauser: NO_UUID } });
    expect(badId.body).toEqual({ idTauser: [TAUSER_MSG.idInvalido] });
    const v = await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: u.token, body: { nombre: '', ciudad: ' ', latitud: 91, longitud: 'x' } });
    expect(v.body).toEqual({ nombre: [TAUSER_MSG.nombreRequerido], ciudad: [TAUSER_MSG.ciudadRequerida], latitud: [TAUSER_MSG.latitudMax], longitud: [TAUSER_MSG.longitudNumero] });
    const same = await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: u.token, body: { nombre: 'Nuevo nombre', latitud: '-25.300000' } });
    expect(same.status).toBe(200);
    expect(await snapshot(app, 'tausers')).toEqual(before);
    expect(await snapshot(app, 'audit_log')).toEqual(audit);
  });

  it('a GET sent back whole is accepted', async () => {
    const t = await createTauser();
    const got = (await app.api('GET', `/tauser/${t.idTauser}/`, { token: admin })).body;
    const r = await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: admin, body: { ...got, nombre: 'Reenviado' } });
    expect(r.status).toBe(200);
    expect(r.body.nombre).toBe('Reenviado');
  });

  it('isActive toggles with the delete permission (both ways) and audits activate/deactivate', async () => {
    const t = await createTauser();
    const changer = await userWith(app, [P.changeTauser]);
    expect((await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: changer.token, body: { isActive: false } })).status).toBe(403);
    const u = await userWith(app, [P.deleteTauser]);
    const off = await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: u.token, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: changer.token, body: { isActive: true } })).status).toBe(403);
    const on = await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: u.token, body: { isActive: true } });
    expect(on.body.isActive).toBe(true);
    expect((await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: u.token, body: { nombre: 'x' } })).status).toBe(403);
    expect((await auditRows(app, 'tauser', t.idTauser)).map((r) => r.action)).toEqual(['create', 'deactivate', 'activate']);
  });

  it('answers 401, 403, 404 and 400 on a malformed id', async () => {
    const t = await createTauser();
    expect((await app.api('PATCH', `/tauser/${t.idTauser}/`, { body: { nombre: 'x' } })).status).toBe(401);
    const u = await userWith(app, [P.viewTauser, P.addTauser]);
    expect((await app.api('PATCH', `/tauser/${t.idTauser}/`, { token: u.token, body: { nombre: 'x' } })).status).toBe(403);
    expect((await app.api('PATCH', `/tauser/${NO_UUID}/`, { token: admin, body: { nombre: 'x' } })).status).toBe(404);
    expect((await app.api('PATCH', '/tauser/abc/', { token: admin, body: { nombre: 'x' } })).status).toBe(400);
  });

  it('has no PUT or DELETE (405)', async () => {
    const t = await createTauser();
    expect((await app.api('DELETE', `/tauser/${t.idTauser}/`, { token: admin })).status).toBe(405);
    expect((await app.api('PUT', `/tauser/${t.idTauser}/`, { token: admin, body: body() })).status).toBe(405);
  });
});

describe('map configuration and demo seed', () => {
  it('tells anyone which map style to load', async () => {
    const caller = await app.caller();
    expect(await caller.tauser.mapConfig()).toEqual({ styleUrl: app.env.mapStyleUrl });
  });

  it('the demo seed is idempotent', async () => {
    const { seed } = await import('../../db/seed');
    const count = async () => (await app.db.selectFrom('tausers').select('codigo').where('codigo', 'like', 'TAU-___-0_').execute()).length;
    const before = await count();
    expect(before).toBe(DEMO_TAUSERS.length);
    await seed(app.db, { admin: app.env.admin, demo: true });
    expect(await count()).toBe(before);
  });
});
