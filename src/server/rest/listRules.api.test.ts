import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { createCategoria, createCliente, createDivisa, createTasa, uniq } from '../test/fixtures';
import { M } from '../../shared/messages';

/**
 * The list rules REST clients were written for (docs/decisions.md, "REST compatibility"): `next` and
 * `previous` are URLs of those pages with the query kept, and `?all=true` answers every record,
 * inactive included, on every list of a resource.
 */

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ seedDemo: true });
  admin = await app.adminToken();
});
afterAll(() => app.close());

async function ok(method: string, path: string, body?: unknown) {
  const r = await app.api(method, path, { token: admin, body });
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

describe('next and previous of a paged list', () => {
  it('are the URLs of those pages with the query kept (page 1 without page), or null; following them walks the list', async () => {
    const cat = await createCategoria(app, admin);
    const prefix = uniq('Enlace');
    for (let i = 0; i < 23; i++) await createCliente(app, admin, cat.idCategoria, { nombre: `${prefix} ${String(i).padStart(2, '0')}` });
    const p1 = await app.api('GET', `/clientes/?search=${prefix}`, { token: admin });
    expect(p1.body).toMatchObject({ count: 23, previous: null, next: `${app.url}/api/clientes/?search=${prefix}&page=2` });
    const seen: string[] = [];
    let url: string | null = `${app.url}/api/clientes/?search=${prefix}`;
    let pages = 0;
    while (url) {
      // A DRF client requests the link as given.
      const res = await fetch(url, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { next: string | null; previous: string | null; results: { nombre: string }[] };
      seen.push(...body.results.map((c) => c.nombre));
      if (pages > 0) expect(body.previous).toBe(pages === 1 ? `${app.url}/api/clientes/?search=${prefix}` : `${app.url}/api/clientes/?search=${prefix}&page=${pages}`);
      url = body.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => `${prefix} ${String(i).padStart(2, '0')}`));
  });

  it('keep the other parameters where they were and encode them', async () => {
    const r = await app.api('GET', '/operaciones/transacciones/?page=2&estado=pendiente', { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.previous).toBe(`${app.url}/api/operaciones/transacciones/?estado=pendiente`);
    const s = await app.api('GET', `/tauser/?search=${encodeURIComponent('Tauser A')}&page=1`, { token: admin });
    expect(s.body).toMatchObject({ next: null, previous: null });
    const all = await app.api('GET', '/operaciones/metodos/?page=1', { token: admin });
    expect(all.body.next).toBeNull();
  });

  it('follow the scheme and host a trusted proxy forwards', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'cambio.example.com.py' };
    const r = await app.api('GET', '/divisas/?is_active=true', { token: admin, headers });
    const n = r.body.count as number;
    expect(r.body.next).toBe(n > 10 ? 'https://cambio.example.com.py/api/divisas/?is_active=true&page=2' : null);
    const two = await app.api('GET', '/tauser/?page=2', { token: admin, headers });
    expect(two.body.previous).toBe('https://cambio.example.com.py/api/tauser/');
  });

  it('answer 400, never 500, when the host or scheme they would name is not one', async () => {
    for (const host of ['a b', 'cambio.example:99999', '[zz]', 'a%20b']) {
      const r = await app.api('GET', '/clientes/?page=1', { token: admin, headers: { 'x-forwarded-host': host } });
      expect(r.status, host).toBe(400);
      expect(r.body, host).toEqual({ detail: M.hostInvalido });
    }
    const proto = await app.api('GET', '/clientes/?page=1', { token: admin, headers: { 'x-forwarded-proto': 'ht tp' } });
    expect(proto).toMatchObject({ status: 400, body: { detail: M.hostInvalido } });
  });

  it('ignore forwarded headers when the proxy is not trusted', async () => {
    const direct = await startTestApp({ env: { TRUST_PROXY: 'false' } });
    try {
      const token = await direct.adminToken();
      const r = await direct.api('GET', '/tauser/?page=2', { token, headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' } });
      expect(r.body.previous).toBe(`${direct.url}/api/tauser/`);
    } finally {
      await direct.close();
    }
  });

  it('are page numbers for the web client (tRPC) and URLs in the OpenAPI document', async () => {
    const c = await app.caller(admin);
    const page = (await c.tauser.list({ page: 1 })) as { next: number | null };
    expect(page.next).toBe(null);
    const clientes = (await c.clientes.list({ page: 1 })) as { next: number | null };
    expect(clientes.next).toBe(2);
    const doc = (await app.api('GET', '/schema/')).body;
    const list = doc.paths['/api/clientes/'].get.responses['200'].content['application/json'].schema;
    const page0 = JSON.stringify(list);
    expect(page0).toContain('"format":"uri"');
    expect(page0).not.toMatch(/"next":\{"type":\["integer"/);
  });
});

describe('?all=true answers every record, inactive included', () => {
  interface Case {
    path: string;
    id: string;
    /** Creates a record and makes it inactive; answers its id. */
    inactive: () => Promise<string | number>;
    /** The query key filtering by state: `is_active` unless named; null for a record whose state is its detail's. */
    filtro?: string | null;
  }
  const CASES: Case[] = [
    {
      path: '/divisas/', id: 'id',
      inactive: async () => {
        const d = await createDivisa(app, admin);
        await ok('DELETE', `/divisas/${d.id}/`);
        return d.id;
      },
    },
    {
      path: '/clientes/', id: 'idCliente',
      inactive: async () => {
        const c = await createCliente(app, admin, (await createCategoria(app, admin)).idCategoria);
        await ok('DELETE', `/clientes/${c.idCliente}/`);
        return c.idCliente;
      },
    },
    {
      path: '/categorias/', id: 'idCategoria',
      inactive: async () => {
        const c = await createCategoria(app, admin);
        await ok('DELETE', `/categorias/${c.idCategoria}/`);
        return c.idCategoria;
      },
    },
    {
      path: '/usuarios/', id: 'id',
      inactive: async () => {
        const username = uniq('inactivo');
        const u = await ok('POST', '/usuarios/', { username, first_name: 'In', last_name: 'Activo', email: `${username}@casa.test`, password: 'clave-segura' });
        await ok('DELETE', `/usuarios/${u.id}/`);
        return u.id;
      },
    },
    {
      path: '/cotizaciones/', id: 'id', filtro: 'activo',
      inactive: async () => {
        const t = await createTasa(app, admin, (await createDivisa(app, admin)).id);
        await ok('DELETE', `/cotizaciones/${t.id}/`);
        return t.id;
      },
    },
    {
      path: '/operaciones/metodos/', id: 'id',
      inactive: async () => {
        const m = await ok('POST', '/operaciones/metodos/', { nombre: `INACTIVO_${uniq('').replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)])}`, nombre_display: 'Inactivo' });
        await ok('DELETE', `/operaciones/metodos/${m.id}/`);
        return m.id;
      },
    },
    ...(['bancos', 'billeteras-catalogo', 'tarjetas-catalogo'] as const).map((res) => ({
      path: `/operaciones/${res}/`, id: 'id',
      inactive: async () => {
        const e = await ok('POST', `/operaciones/${res}/`, res === 'tarjetas-catalogo' ? { marca: uniq('Marca ') } : { nombre: uniq('Entrada ') });
        await ok('POST', `/operaciones/${res}/${e.id}/toggle_active/`);
        return e.id;
      },
    })),
    {
      path: '/operaciones/detalles/', id: 'id',
      inactive: async () => {
        const metodos = (await ok('GET', '/operaciones/metodos/?all=true')) as { id: number; nombre: string }[];
        const d = await ok('POST', '/operaciones/detalles/', { es_cuenta_casa: true, metodo_financiero: metodos.find((m) => m.nombre === 'TRANSFERENCIA_BANCARIA')!.id, alias: uniq('Casa ') });
        await ok('POST', `/operaciones/detalles/${d.id}/toggle_active/`);
        return d.id;
      },
    },
    {
      path: '/operaciones/cuentas-bancarias/', id: 'id', filtro: null,
      inactive: async () => {
        const metodos = (await ok('GET', '/operaciones/metodos/?all=true')) as { id: number; nombre: string }[];
        const d = await ok('POST', '/operaciones/detalles/', { es_cuenta_casa: true, metodo_financiero: metodos.find((m) => m.nombre === 'TRANSFERENCIA_BANCARIA')!.id, alias: uniq('Casa ') });
        const banco = await ok('POST', '/operaciones/bancos/', { nombre: uniq('Banco ') });
        const c = await ok('POST', '/operaciones/cuentas-bancarias/', { banco: banco.id, numero_cuenta: '1', titular: 'Casa', cbu_cvu: '1234567890123456789012', metodo_financiero_detalle: d.id });
        await ok('POST', `/operaciones/detalles/${d.id}/toggle_active/`);
        return c.id;
      },
    },
    {
      path: '/tauser/', id: 'idTauser',
      inactive: async () => {
        const t = await ok('POST', '/tauser/', { codigo: uniq('OFF-'), nombre: 'Tauser inactivo', direccion: 'Calle 1', ciudad: 'Luque', departamento: 'Central', latitud: '-25.27', longitud: '-57.48' });
        await ok('PATCH', `/tauser/${t.idTauser}/`, { isActive: false });
        return t.idTauser;
      },
    },
  ];

  it('reads the flag in any letter case, as 1 or 0 too; anything else is a 400 on the flag', async () => {
    for (const v of ['TRUE', 'True', '1']) expect(Array.isArray((await ok('GET', `/clientes/?all=${v}`)) as unknown), v).toBe(true);
    expect(Array.isArray(await ok('GET', '/clientes/?all=0'))).toBe(false);
    const bad = await app.api('GET', '/clientes/?all=si', { token: admin });
    expect(bad).toMatchObject({ status: 400, body: { all: ['Use true o false'] } });
    const activos = (await ok('GET', '/divisas/?all=true&is_active=FALSE')) as { is_active: boolean }[];
    expect(activos.every((d) => !d.is_active)).toBe(true);
  });

  const FILTRADOS = CASES.filter((c) => c.filtro !== null).map((c) => [`${c.path}?all=true&${c.filtro ?? 'is_active'}=`, c] as const);
  it.each(FILTRADOS)('GET %s filters by state, and refuses a flag that is not one', async (_path, c) => {
    const id = await c.inactive();
    const filtro = c.filtro ?? 'is_active';
    const state = (r: Record<string, unknown>) => r.is_active ?? r.isActive ?? r.activo;
    const inactivos = await ok('GET', `${c.path}?all=true&${filtro}=false`);
    expect(inactivos.map((r: Record<string, unknown>) => r[c.id])).toContain(id);
    expect(inactivos.every((r: Record<string, unknown>) => state(r) === false)).toBe(true);
    const activos = await ok('GET', `${c.path}?all=true&${filtro}=true`);
    expect(activos.map((r: Record<string, unknown>) => r[c.id])).not.toContain(id);
    expect(activos.length).toBeGreaterThan(0);
    expect(activos.every((r: Record<string, unknown>) => state(r) === true)).toBe(true);
    expect(await app.api('GET', `${c.path}?${filtro}=quizas`, { token: admin })).toMatchObject({ status: 400, body: { [filtro]: ['Use true o false'] } });
  });

  it.each(CASES.map((c) => [c.path, c] as const))('GET %s?all=true lists an inactive record', async (_path, c) => {
    const id = await c.inactive();
    const all = await app.api('GET', `${c.path}?all=true`, { token: admin });
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.map((r: Record<string, unknown>) => r[c.id])).toContain(id);
  });
});

describe('lists answered whole page on request (users, roles, categories, rates)', () => {
  beforeAll(async () => {
    // More than one page of roles and users.
    for (let i = 0; i < 11; i++) {
      await ok('POST', '/roles/', { name: uniq('ROL PAGINADO '), permissions: [] });
      const username = uniq('pag');
      await ok('POST', '/usuarios/', { username, first_name: 'Pa', last_name: 'Ginado', email: `${username}@casa.test`, password: 'clave-segura' });
    }
  });

  it.each(['/usuarios/', '/roles/', '/categorias/', '/cotizaciones/'])('GET %s is an array; with ?page=N the envelope whose links walk the same records', async (path) => {
    const whole = await app.api('GET', path, { token: admin });
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body)).toBe(true);
    const seen: unknown[] = [];
    let url: string | null = `${app.url}/api${path}?page=1`;
    while (url) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { count: number; next: string | null; results: unknown[] };
      expect(body.count).toBe(whole.body.length);
      expect(body.results.length).toBeLessThanOrEqual(10);
      seen.push(...body.results);
      url = body.next;
    }
    expect(seen).toEqual(whole.body);
    // Back from the last page: every previous link is a page too (page 1 keeps `page`), never the array.
    const last = Math.max(1, Math.ceil(whole.body.length / 10));
    url = `${app.url}/api${path}?page=${last}`;
    const back: unknown[] = [];
    while (url) {
      const body = (await (await fetch(url, { headers: { authorization: `Bearer ${admin}` } })).json()) as { previous: string | null; results: unknown[] };
      expect(Array.isArray(body), url).toBe(false);
      back.unshift(...body.results);
      url = body.previous;
    }
    expect(back).toEqual(whole.body);
    expect(Array.isArray((await app.api('GET', `${path}?page=2&all=true`, { token: admin })).body)).toBe(true);
    const bad = await app.api('GET', `${path}?page=abc`, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.page).toBeDefined();
  });
});

