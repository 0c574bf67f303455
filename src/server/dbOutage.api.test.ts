import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { call, childAdminToken, startChildServer, type ChildServer } from './test/childServer';
import { MS } from '../shared/messagesSecurity';

/**
 * PostgreSQL going away and coming back, without restarting the server: a TCP proxy stands
 * between the server (a child process) and PostgreSQL; the test closes it (every connection cut,
 * nothing listening) and opens it again. Needs PostgreSQL: TEST_DATABASE_URL, or the local one.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function tcpProxy(target: { host: string; port: number }) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  let port = 0;
  return {
    get port() {
      return port;
    },
    async open() {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((ok) => server!.listen(port, '127.0.0.1', ok));
      port = (server.address() as net.AddressInfo).port;
    },
    async cut() {
      const closed = new Promise<void>((ok) => server!.close(() => ok()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

let child: ChildServer | undefined;
let dbName: string | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'cambio-outage-'));
afterAll(async () => {
  if (child && child.proc.exitCode === null) {
    child.proc.kill('SIGKILL');
    await child.exited;
  }
  if (dbName) {
    const c = new pg.Client({ connectionString: SERVER_URL });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('PostgreSQL restart', () => {
  it('answers 503 in Spanish while the database is away and recovers by itself', async () => {
    dbName = `cambio_o_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();

    const target = new URL(SERVER_URL);
    const proxy = tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    const viaProxy = new URL(SERVER_URL);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${dbName}`;
    child = await startChildServer({ DATABASE_URL: viaProxy.toString(), DATA_DIR: dataDir });
    const token = await childAdminToken(child.url);
    expect((await call(child.url, 'GET', '/usuarios/', undefined, token)).status).toBe(200);
    expect((await call(child.url, 'GET', '/health/')).body).toMatchObject({ status: 'ok', database: 'ok' });

    await proxy.cut();
    const away = await call(child.url, 'GET', '/usuarios/', undefined, token).catch((e: Error) => {
      throw new Error(`${e.message}; server exit ${child!.proc.exitCode ?? child!.proc.signalCode}; stderr:\n${child!.stderr()}`);
    });
    expect(away.status).toBe(503);
    expect(away.body).toEqual({ detail: MS.unavailable });
    expect(away.headers.get('retry-after')).toBeTruthy();
    const health = await call(child.url, 'GET', '/health/');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'error', database: 'unavailable' });
    const login = await call(child.url, 'POST', '/token/', { username: 'admin', password: 'cualquiera' });
    expect(login.status).toBe(503);
    const write = await call(child.url, 'POST', '/roles/', { name: 'durante-el-corte', permissions: [] }, token);
    expect(write.status).toBe(503);
    const trpc = await fetch(`${child.url}/trpc/usuarios.list`, { headers: { authorization: `Bearer ${token}` } });
    expect(trpc.status).toBe(503);

    await proxy.open();
    await until('usuarios after the database came back', () => call(child!.url, 'GET', '/usuarios/', undefined, token), (r) => r.status === 200);
    expect((await call(child.url, 'GET', '/health/')).body).toMatchObject({ database: 'ok' });
    expect((await call(child.url, 'POST', '/roles/', { name: 'despues-del-corte', permissions: [] }, token)).status).toBe(201);
    expect(child.proc.exitCode).toBeNull();

    const statuses = child.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request').map((l) => l.status as number);
    expect(statuses.filter((s) => s === 500)).toEqual([]);
    child.proc.kill('SIGTERM');
    expect(await child.exited).toBe(0);
  }, 180_000);
});
