import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Two server processes over one PostgreSQL and one Redis (README "Varios procesos"). After any
 * acknowledged write through one, a read through the other shows it on its very next request:
 * operations (the customer's own list, the staff list, the client's history), clients and role
 * permissions; only the kept public rates and simulator prices may lag, until the other process's
 * notice arrives (at most the lease). The login limit is counted once for both (Redis); both expiry
 * sweepers run over the same overdue rows and each is expired once. Needs a PostgreSQL server
 * (TEST_DATABASE_URL, else the local one) and Redis (REDIS_URL, else the local one).
 */
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dbName = `cambio_2p_${process.pid}_${randomBytes(4).toString('hex')}`;
const procs: ChildProcess[] = [];
const dirs: string[] = [];
let A = '';
let B = '';
let dbUrl = '';

function start(databaseUrl: string): Promise<string> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: REDIS, PORT: '0', LOG_LEVEL: 'info', SEED_DEMO: 'true',
      JWT_SECRET: 'two-processes-secret-two-processes-secret-0123', ADMIN_PASSWORD: 'admin-2p', DATA_DIR: dirs[dirs.push(mkdtempSync(join(tmpdir(), 'cambio-2p-'))) - 1],
      EXPIRY_SWEEP: '1s',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  procs.push(proc);
  return new Promise((ok, fail) => {
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /escuchando en (http:\/\/localhost:\d+)/.exec(out);
      if (m) ok(m[1].replace('localhost', '127.0.0.1'));
    });
    proc.once('exit', (code) => fail(new Error(`server exited ${code}: ${out}`)));
  });
}

async function api(base: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const r = await fetch(`${base}/api${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}
const login = async (base: string, username: string, password: string) => (await api(base, 'POST', '/token/', { body: { username, password } })).body.access as string;

/** One statement straight on the database, as anyone outside the processes would run it. */
async function sqlOnce(text: string) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  A = await start(url.toString());
  B = await start(url.toString());
}, 180_000);

afterAll(async () => {
  for (const p of procs) {
    if (p.exitCode === null) await new Promise((ok) => (p.once('exit', ok), p.kill('SIGTERM')));
  }
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

describe('two server processes over one PostgreSQL and one Redis', () => {
  const usdOf = async (base: string) => ((await api(base, 'GET', '/cotizaciones/public/')).body as Array<{ codigo: string; compra: string }>).find((r) => r.codigo === 'USD')!;
  const simulate = async (base: string, pyg: number, usd: number) =>
    (await api(base, 'POST', '/operaciones/simular_publica/', { body: { divisa_origen: pyg, divisa_destino: usd, monto: '1000000', metodo_id: efectivo } })).body as { tc_final: string };
  let efectivo = 0;
  // Waits for the condition (the other process's notice), never a fixed pause.
  const until = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 10 });

  it('a rate changed through A is what B serves from its kept prices once the notice arrives, and A at once', async () => {
    const token = await login(A, 'admin', 'admin-2p');
    const divisas = (await api(A, 'GET', '/divisas/?all=true', { token })).body as Array<{ id: number; codigo: string; es_base: boolean }>;
    const usd = divisas.find((d) => d.codigo === 'USD')!;
    const pyg = divisas.find((d) => d.es_base)!;
    const metodos = (await api(A, 'GET', '/operaciones/metodos/?all=true', { token })).body as Array<{ id: number; nombre: string }>;
    efectivo = metodos.find((m) => m.nombre === 'EFECTIVO')!.id;
    const tasas = (await api(A, 'GET', '/cotizaciones/?all=true', { token })).body as Array<{ id: number; divisa: number }>;
    const tasa = tasas.find((t) => t.divisa === usd.id)!;
    // Both processes hold the current answer in memory.
    const before = await usdOf(B);
    expect(await usdOf(A)).toEqual(before);
    const tcBefore = (await simulate(B, pyg.id, usd.id)).tc_final;
    const put = await api(A, 'PUT', `/cotizaciones/${tasa.id}/`, { token, body: { divisa: usd.id, precioBase: '9000', comisionBaseCompra: '100', comisionBaseVenta: '100' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(Number((await usdOf(A)).compra)).toBe(8900);
    await until(async () => expect(Number((await usdOf(B)).compra)).toBe(8900));
    await until(async () => expect((await simulate(B, pyg.id, usd.id)).tc_final).toBe('9100.0000'));
    expect(tcBefore).not.toBe('9100.0000');

    // A change made in the database by anyone (no process involved) reaches both caches.
    const sqlClient = new pg.Client({ connectionString: dbUrl });
    await sqlClient.connect();
    try {
      await sqlClient.query('update tasas set precio_base = 9200 where id = $1', [tasa.id]);
    } finally {
      await sqlClient.end();
    }
    for (const base of [A, B]) {
      await until(async () => expect(Number((await usdOf(base)).compra)).toBe(9100));
      await until(async () => expect((await simulate(base, pyg.id, usd.id)).tc_final).toBe('9300.0000'));
    }
  });

  /** Tries per kind: a process that answered from a stale copy did so in 1–3 % of first reads. */
  const TRIES = 20;

  it('a client edited through A shows in B\'s client list and record on the very next request', async () => {
    const token = await login(A, 'admin', 'admin-2p');
    type Page = { results: Array<{ idCliente: string; direccion: string }> };
    const page1 = async (base: string) => (await api(base, 'GET', '/clientes/?page=1', { token })).body as Page;
    const [first] = (await page1(B)).results;
    for (let i = 0; i < TRIES; i++) {
      const direccion = `Avda. Mariscal López ${1000 + i}`;
      const patch = await api(A, 'PATCH', `/clientes/${first!.idCliente}/`, { token, body: { direccion } });
      expect(patch.status, JSON.stringify(patch.body)).toBe(200);
      expect((await page1(B)).results[0], `try ${i}`).toMatchObject({ idCliente: first!.idCliente, direccion });
      expect((await api(B, 'GET', `/clientes/${first!.idCliente}/`, { token })).body.direccion, `try ${i}`).toBe(direccion);
    }
  });

  it('an operation created or cancelled through A shows in every list of B on its very next request', async () => {
    const staff = await login(A, 'admin', 'admin-2p');
    const customer = await login(A, 'cliente', 'cliente123');
    const divisas = (await api(A, 'GET', '/divisas/?all=true', { token: staff })).body as Array<{ id: number; codigo: string; es_base: boolean }>;
    const usd = divisas.find((d) => d.codigo === 'USD')!;
    const pyg = divisas.find((d) => d.es_base)!;
    const tausers = (await api(A, 'GET', '/tauser/?all=true', { token: staff })).body as Array<{ idTauser: string; isActive: boolean }>;
    const tauser = tausers.find((t) => t.isActive)!.idTauser;
    const users = (await api(A, 'GET', '/usuarios/?all=true', { token: staff })).body as Array<{ id: number; username: string; clientes: string[] }>;
    const clienteId = users.find((u) => u.username === 'cliente')!.clientes[0]!;
    await sqlOnce('update limite_config set limite_diario = null, limite_mensual = null');
    type Tx = { id: number; estado: string };
    const ids = async (base: string, path: string, token: string) => ((await api(base, 'GET', path, { token })).body as { results: Tx[] }).results;
    for (let i = 0; i < TRIES / 2; i++) {
      const created = await api(A, 'POST', '/operaciones/crear-transaccion/', {
        token: customer,
        body: { cliente_id: clienteId, divisa_origen: pyg.id, divisa_destino: usd.id, monto: '100000', metodo_id: efectivo, tauser_id: tauser, terminos_aceptados: true },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as number;
      const views = [
        ['own list', '/operaciones/transacciones/?page=1', customer],
        ['staff list', '/operaciones/transacciones/?estado=pendiente&page=1', staff],
        ['client history', `/clientes/${clienteId}/get_historial_transacciones/?page=1`, customer],
      ] as const;
      for (const [name, path, token] of views) expect((await ids(B, path, token)).find((t) => t.id === id), `${name}, try ${i}`).toMatchObject({ estado: 'pendiente' });
      const cancel = await api(A, 'PATCH', `/operaciones/transacciones/${id}/cancelar/`, { token: customer, body: {} });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      expect((await ids(B, '/operaciones/transacciones/?page=1', customer)).find((t) => t.id === id), `own list, try ${i}`).toMatchObject({ estado: 'cancelada' });
      expect((await ids(B, '/operaciones/transacciones/?estado=pendiente&page=1', staff)).map((t) => t.id), `staff list, try ${i}`).not.toContain(id);
      expect((await api(B, 'GET', `/operaciones/transacciones/${id}/`, { token: customer })).body.estado, `record, try ${i}`).toBe('cancelada');
    }
  });

  it("a role's permission granted or taken through A holds in B on the very next request", async () => {
    const admin = await login(A, 'admin', 'admin-2p');
    const permisos = (await api(A, 'GET', '/permisos/', { token: admin })).body as Array<{ id: number; codename: string; app_label: string }>;
    const viewTasa = permisos.find((p) => `${p.app_label}.${p.codename}` === 'cotizaciones.view_tasa')!.id;
    const role = await api(A, 'POST', '/roles/', { token: admin, body: { name: `DOS_PROCESOS_${randomBytes(3).toString('hex')}`, permissions: [] } });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const username = `dosp_${randomBytes(4).toString('hex')}`;
    const user = await api(A, 'POST', '/usuarios/', {
      token: admin, body: { username, first_name: 'Ana', last_name: 'Benítez', email: `${username}@correo.com.py`, password: 'secreto-dos-1' },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    expect((await api(A, 'POST', `/usuarios/${user.body.id}/asignar_roles/`, { token: admin, body: { roles: [role.body.id] } })).status).toBe(200);
    const token = await login(B, username, 'secreto-dos-1');
    for (let i = 0; i < TRIES / 2; i++) {
      const grant = await api(A, 'PUT', `/roles/${role.body.id}/`, { token: admin, body: { name: role.body.name, permissions: [viewTasa] } });
      expect(grant.status, JSON.stringify(grant.body)).toBe(200);
      expect((await api(B, 'GET', '/cotizaciones/', { token })).status, `granted, try ${i}`).toBe(200);
      const revoke = await api(A, 'PUT', `/roles/${role.body.id}/`, { token: admin, body: { name: role.body.name, permissions: [] } });
      expect(revoke.status).toBe(200);
      expect((await api(B, 'GET', '/cotizaciones/', { token })).status, `revoked, try ${i}`).toBe(403);
      expect((await api(B, 'GET', '/me/permissions/', { token })).body.perms, `revoked, try ${i}`).toEqual([]);
    }
  });

  it('a user deactivated through A is refused by B on the very next request', async () => {
    const token = await login(A, 'admin', 'admin-2p');
    const customer = await login(B, 'cliente', 'cliente123');
    expect((await api(B, 'GET', '/me/permissions/', { token: customer })).status).toBe(200);
    const users = (await api(A, 'GET', '/usuarios/?all=true', { token })).body as Array<{ id: number; username: string }>;
    const id = users.find((u) => u.username === 'cliente')!.id;
    expect((await api(A, 'PATCH', `/usuarios/${id}/`, { token, body: { is_active: false } })).status).toBe(200);
    expect((await api(B, 'GET', '/me/permissions/', { token: customer })).status).toBe(401);
  });

  it('both expiry sweepers run over the same overdue rows: each is expired once and the kept counts stay exact', async () => {
    const sqlClient = new pg.Client({ connectionString: dbUrl });
    await sqlClient.connect();
    const count = async (q: string) => Number((await sqlClient.query(q)).rows[0].n);
    try {
      // 2 500 overdue rows in one statement: more than one batch of a pass (1 000), so both processes find work.
      await sqlClient.query(`
        with ctx as (
          select (select id from users where username = 'admin') op, (select id from divisas where codigo = 'PYG') pyg,
                 (select id from divisas where codigo = 'USD') usd, (select id from metodos_financieros where nombre = 'EFECTIVO') ef,
                 (select id_tauser from tausers order by codigo limit 1) tu, (select id_cliente from clientes order by created_at limit 1) cl)
        insert into transacciones (codigo, cliente_id, operador_id, operacion_cliente, divisa_origen_id, divisa_destino_id,
          monto_origen, monto_destino, monto_pyg, tasa_aplicada, tasa_inicial, monto_destino_inicial, precio_base, comision_base,
          nombre_categoria, descuento_categoria, metodo_financiero_id, comision_metodo, tauser_id, estado, fecha_inicio, expira_en)
        select 'V' || lpad(g::text, 10, '0'), ctx.cl, ctx.op, 'compra', ctx.pyg, ctx.usd, 1000000, 136.05, 1000000, 7350, 7350, 136.05,
          7300, 50, 'MINORISTA', 0, ctx.ef, 0, ctx.tu, (array['pendiente', 'en_proceso'])[1 + g % 2],
          now() - interval '2 days', now() - interval '1 day' - make_interval(secs => g)
        from generate_series(1, 2500) g, ctx`);
      const overdue = `select count(*) as n from transacciones where estado in ('pendiente', 'en_proceso') and expira_en <= now()`;
      await vi.waitFor(async () => expect(await count(overdue)).toBe(0), { timeout: 15_000, interval: 50 });
      // This test's rows (codes of 11 characters; the demo's own codes have 8).
      const mine = `from transacciones where codigo ~ '^V[0-9]{10}$'`;
      expect(await count(`select count(*) as n ${mine}`)).toBe(2500);
      expect(await count(`select count(*) as n ${mine} and (estado <> 'expirada' or fecha_fin is distinct from expira_en)`)).toBe(0);
      // The totals kept by triggers moved each row once: they equal what is stored, state by state.
      const drift = await sqlClient.query(`
        select t.estado, t.n, k.n as kept from (select estado, count(*) n from transacciones group by estado) t
        left join (select estado, sum(n) n from transacciones_conteo group by estado) k using (estado) where k.n is distinct from t.n`);
      expect(drift.rows).toEqual([]);
      // And both processes answer the same exact count for the state.
      const stored = await count(`select count(*) as n from transacciones where estado = 'expirada'`);
      expect(stored).toBeGreaterThanOrEqual(2500);
      const token = await login(A, 'admin', 'admin-2p');
      for (const base of [A, B]) {
        const r = await api(base, 'GET', '/operaciones/transacciones/?estado=expirada', { token });
        expect(r.status).toBe(200);
        expect(r.body.count).toBe(stored);
      }
    } finally {
      await sqlClient.end();
    }
  });

  it('the login limit per account is counted once across both processes (Redis)', async () => {
    const username = `nadie_${randomBytes(4).toString('hex')}`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await api(i % 2 ? B : A, 'POST', '/token/', { body: { username, password: 'incorrecta' } })).status);
    // 10 attempts per account (DEFAULT_RATE_LIMITS.loginPerAccount): the 11th, wherever it lands, is refused.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
