import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { clienteBody, createCategoria, createCliente, snapshot } from '../test/fixtures';
import { MS } from '../../shared/messagesSecurity';

/**
 * Free text with control characters or unpaired surrogates is refused with a field error and
 * nothing is stored (never replaced by U+FFFD); bytes that are not UTF-8 are refused too. Ids in
 * paths are canonical: "09" or "1e3" never reach the row of id 9 or 1000.
 */
let app: TestApp;
let admin: string;
let idCategoria: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  idCategoria = (await createCategoria(app, admin)).idCategoria;
});
afterAll(() => app.close());

const TABLES = ['clientes', 'users', 'categorias_cliente', 'audit_log'];
const snapshotAll = () => Promise.all(TABLES.map((t) => snapshot(app, t)));

const BAD: [string, string, string][] = [
  ['CR', 'Calle\r1', MS.controlChars],
  ['LF', 'Calle\n1', MS.controlChars],
  ['CRLF at the end', 'Calle 1\r\n', MS.controlChars],
  ['NUL', 'Calle\u00001', MS.controlChars],
  ['ESC', 'Calle\u001b[31m', MS.controlChars],
  ['C1 NEL', 'Calle\u00851', MS.controlChars],
  ['lone high surrogate', 'Calle \uD83D', MS.badUnicode],
  ['lone low surrogate', '\uDCB1 Calle', MS.badUnicode],
];

describe('control characters and broken Unicode in free text', () => {
  it('are refused with a field error on names, addresses and descriptions, nothing stored', async () => {
    const before = await snapshotAll();
    for (const [what, value, message] of BAD) {
      const cases: [string, string, unknown, string][] = [
        ['POST', '/clientes/', clienteBody(idCategoria, { direccion: value }), 'direccion'],
        ['POST', '/clientes/', clienteBody(idCategoria, { nombre: value }), 'nombre'],
        ['POST', '/categorias/', { nombre: 'PLATA', descripcion: value, descuento: '1' }, 'descripcion'],
        ['POST', '/usuarios/', { username: 'nuevo1', first_name: value, last_name: 'Pérez', email: 'n1@x.py', password: 'secreto1' }, 'first_name'],
        ['POST', '/roles/', { name: value, permissions: [] }, 'name'],
      ];
      for (const [method, path, body, field] of cases) {
        const r = await app.api(method, path, { token: admin, body });
        expect(r.status, `${what} ${path} ${field}`).toBe(400);
        expect(r.body[field], `${what} ${path} ${field}`).toEqual([message]);
      }
    }
    expect(await snapshotAll()).toEqual(before);
  });

  it('are refused on registration (public) too', async () => {
    const before = await snapshot(app, 'users');
    const r = await app.api('POST', '/auth/register/', { body: { username: 'ana_r', email: 'ana_r@x.py', first_name: 'Ana\u0000', password: 'secreto1' } });
    expect(r).toMatchObject({ status: 400, body: { first_name: [MS.controlChars] } });
    expect(await snapshot(app, 'users')).toEqual(before);
  });

  it('a lone surrogate sent as a JSON escape is refused, not stored as U+FFFD', async () => {
    const raw = JSON.stringify(clienteBody(idCategoria, { nombre: 'PLACEHOLDER' })).replace('PLACEHOLDER', 'Ana \\ud800');
    const r = await app.api('POST', '/clientes/', { token: admin, raw });
    expect(r).toMatchObject({ status: 400, body: { nombre: [MS.badUnicode] } });
  });

  it('a body that is not UTF-8 is refused instead of being read as U+FFFD', async () => {
    const json = Buffer.from(JSON.stringify(clienteBody(idCategoria, { nombre: 'Ana XX' })));
    const at = json.indexOf('XX');
    const bytes = Buffer.concat([json.subarray(0, at), Buffer.from([0xed, 0xa0, 0x80]), json.subarray(at + 2)]);
    const res = await fetch(`${app.url}/api/clientes/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: MS.invalidUtf8 });
    expect((await snapshot(app, 'clientes')).some((c: unknown) => JSON.stringify(c).includes('\uFFFD'))).toBe(false);
  });

  it('accents, ñ and emoji are stored as sent', async () => {
    const c = await createCliente(app, admin, idCategoria, { nombre: 'Ñandutí Pérez 💱', direccion: 'Av. España 1234' });
    expect(c.nombre).toBe('Ñandutí Pérez 💱');
  });
});

describe('ids in paths', () => {
  it('09, 1e3, +1 or 1.0 are not the row of id 9, 1000 or 1', async () => {
    expect((await app.api('GET', '/usuarios/1/', { token: admin })).status).toBe(200);
    for (const id of ['01', '1e0', '1.0', '+1', '0x1', '%201']) {
      const r = await app.api('GET', `/usuarios/${id}/`, { token: admin });
      expect([400, 404], id).toContain(r.status);
    }
    expect((await app.api('PATCH', '/usuarios/01/', { token: admin, body: { last_name: 'X' } })).status).toBe(400);
  });

  it('a UUID id must be a well-formed UUID', async () => {
    const c = await createCliente(app, admin, idCategoria);
    expect((await app.api('GET', `/clientes/${c.idCliente}/`, { token: admin })).status).toBe(200);
    for (const id of [`${c.idCliente}0`, c.idCliente.replace(/-/g, ''), `{${c.idCliente}}`]) {
      const r = await app.api('GET', `/clientes/${id}/`, { token: admin });
      expect([400, 404], id).toContain(r.status);
    }
  });
});
