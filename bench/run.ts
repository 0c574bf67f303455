/**
 * npm run bench: the server against PostgreSQL under autocannon on loopback, next to a bare Express
 * handler measured in the same run (the ratio is the figure; absolute numbers vary by machine).
 * BENCH_DATABASE_URL (default: the local server's `test` database) names the server; the benchmark
 * creates and drops its own database.
 */
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import autocannon from 'autocannon';
import express from 'express';
import pg from 'pg';
import { sql } from 'kysely';
import { loadEnv } from '../src/server/env';
import { openDatabase } from '../src/server/db';
import { migrateToLatest } from '../src/server/db/migrate';
import { seed } from '../src/server/db/seed';
import { createServices } from '../src/server/services';
import { createApp } from '../src/server/app';
import { restRoutes } from '../src/server/rest/routes';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);

const listen = (app: express.Express) =>
  new Promise<Server>((ok) => {
    const s = app.listen(0, '127.0.0.1', () => ok(s));
  });
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

async function measure(title: string, url: string, opts: { method?: 'GET' | 'POST'; body?: string; token?: string; connections?: number } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const r = await autocannon({ url, method: opts.method ?? 'GET', body: opts.body, headers, duration: SECONDS, connections: opts.connections ?? 20 });
  const row = { endpoint: title, rps: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
  console.log(`${title.padEnd(44)} ${String(row.rps).padStart(7)} req/s   p50 ${String(row.p50_ms).padStart(4)} ms   p99 ${String(row.p99_ms).padStart(4)} ms${row.non2xx ? `   non-2xx ${row.non2xx}` : ''}`);
  return row;
}

async function main() {
  const name = `cambio_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const env = loadEnv({ DATABASE_URL: url.toString(), JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123', ADMIN_PASSWORD: 'bench-admin', LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv);
  const database = await openDatabase({ databaseUrl: env.databaseUrl });
  const results: unknown[] = [];
  const servers: Server[] = [];
  try {
    await migrateToLatest(database.db);
    await seed(database.db, { admin: env.admin, demo: true });
    const generous = { points: 1e9, durationSec: 60 };
    const services = createServices(env, { rateLimits: { loginPerAccount: generous, loginPerIp: generous, verifyPerAccount: generous, verifyPerIp: generous } });
    const app = await listen(createApp({ db: database.db, env, services }));
    const bare = express();
    bare.get('/ping', (_req, res) => {
      res.json({ ok: true });
    });
    const bareServer = await listen(bare);
    servers.push(app, bareServer);
    const base = urlOf(app);

    const login = await fetch(`${base}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'bench-admin' }) });
    const { access } = (await login.json()) as { access: string };

    console.log(`\nBenchmark: ${SECONDS}s per endpoint, 20 connections, loopback\n`);
    results.push(await measure('bare Express handler (reference)', `${urlOf(bareServer)}/ping`));
    results.push(await measure('GET /api/health/', `${base}/api/health/`));
    results.push(await measure('GET /api/me/permissions/ (bearer)', `${base}/api/me/permissions/`, { token: access }));
    results.push(await measure('GET /api/usuarios/1/ (bearer)', `${base}/api/usuarios/1/`, { token: access }));
    results.push(await measure('POST /api/token/ (argon2id, 4 conns)', `${base}/api/token/`, { method: 'POST', body: JSON.stringify({ username: 'admin', password: 'bench-admin' }), connections: 4 }));

    const hasPath = (p: string) => restRoutes.some((r) => r.method === 'get' && r.path === p);
    if (hasPath('/cotizaciones/public/')) results.push(await measure('GET /api/cotizaciones/public/', `${base}/api/cotizaciones/public/`));
    if (hasPath('/clientes/')) {
      const cat = await database.db.selectFrom('categorias_cliente').select('id_categoria').executeTakeFirstOrThrow();
      console.log(`\nSeeding ${CLIENTS} clients…`);
      await sql`
        insert into clientes (nombre, is_persona_fisica, cedula, id_categoria, correo, telefono, direccion)
        select 'Cliente ' || g, true, (1000000 + g)::text, ${cat.id_categoria}::uuid, 'c' || g || '@bench.test', '0981' || g, 'Calle ' || g
        from generate_series(1, ${CLIENTS}) g`.execute(database.db);
      await sql`analyze clientes`.execute(database.db);
      results.push(await measure(`GET /api/clientes/?page=1 (${CLIENTS} rows)`, `${base}/api/clientes/?page=1`, { token: access }));
      results.push(await measure(`GET /api/clientes/?page=500`, `${base}/api/clientes/?page=500`, { token: access }));
      results.push(await measure(`GET /api/clientes/?search=Cliente 4242`, `${base}/api/clientes/?search=${encodeURIComponent('Cliente 4242')}`, { token: access }));
    }
    writeFileSync('bench/results/latest.json', JSON.stringify({ date: new Date().toISOString(), seconds: SECONDS, results }, null, 2));
    console.log('\nResults written to bench/results/latest.json');
    await services.close();
  } finally {
    // Let requests still in flight when autocannon stopped finish before the pool closes.
    for (const s of servers) {
      const closed = new Promise((ok) => s.close(ok));
      s.closeIdleConnections();
      await closed;
    }
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
