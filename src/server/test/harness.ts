import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadEnv, type Env } from '../env';
import { createApp } from '../app';
import { createServices, type Services } from '../services';
import { noticesJob } from '../lib/notices';
import type { Mail } from '../mail/mailer';
import { seed } from '../db/seed';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../lib/rateLimit';
import { appRouter } from '../trpc/router';
import { createContext } from '../trpc/context';
import type { Db } from '../db';
import type { Logger } from '../lib/logger';
import { createTestDb } from './testDb';

export const ADMIN_PASSWORD = 'admin-secreto';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestApp {
  url: string;
  db: Db;
  env: Env;
  mails: Mail[];
  services: Services;
  /** Calls a REST path under /api with an optional bearer token. */
  api<T = any>(method: string, path: string, opts?: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  login(username: string, password: string): Promise<{ access: string; refresh: string }>;
  adminToken(): Promise<string>;
  /** A tRPC caller acting with the given bearer token (or anonymous). */
  caller(token?: string): Promise<ReturnType<typeof appRouter.createCaller>>;
  close(): Promise<void>;
}

export async function startTestApp(
  opts: {
    rateLimits?: Partial<RateLimitConfig>;
    seedDemo?: boolean;
    log?: Logger;
    env?: Record<string, string>;
    /**
     * Listen for price notices as a server does: the kept prices are served and price changes are
     * announced on the rates' event stream (listening when this resolves).
     */
    notices?: boolean;
    /** The embedded PGlite (one connection) whatever TEST_DATABASE_URL says. */
    embedded?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await createTestDb(opts.embedded);
  const env = loadEnv({
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ADMIN_PASSWORD,
    DATA_DIR: '/tmp/cambio-test-data',
    SEED_DEMO: opts.seedDemo ? 'true' : 'false',
    // Quiet by default; LOG_LEVEL=info shows the request log of a test run.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...opts.env,
  } as NodeJS.ProcessEnv);
  await seed(database.db, { admin: env.admin, demo: !!opts.seedDemo });
  const mails: Mail[] = [];
  const generous = { points: 10_000, durationSec: 60 };
  const services = createServices(env, {
    mailer: { send: async (m) => void mails.push(m) },
    log: opts.log,
    rateLimits: { ...Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, generous])), ...opts.rateLimits },
  });
  if (opts.notices) {
    services.jobs.register(noticesJob(database, services.prices, services.log, { retryMs: 50, onChange: () => services.tasasEnVivo.publicar() }));
    services.jobs.startAll();
    for (let i = 0; !services.prices.isLive; i++) {
      if (i > 500) throw new Error('change notices: not listening after 5 s');
      await new Promise((ok) => setTimeout(ok, 10));
    }
  }
  const app = createApp({ db: database.db, env, services });
  const server: Server = await new Promise((ok) => {
    const s = app.listen(0, () => ok(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api: TestApp['api'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined = o.raw;
    if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    } else if (o.raw !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${url}/api${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };

  const login = async (username: string, password: string) => {
    const r = await api('POST', '/token/', { body: { username, password } });
    if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as { access: string; refresh: string };
  };

  return {
    url,
    db: database.db,
    env,
    mails,
    services,
    api,
    login,
    adminToken: async () => (await login('admin', ADMIN_PASSWORD)).access,
    async caller(token) {
      const ctx = await createContext({ db: database.db, env, services }, { authorization: token ? `Bearer ${token}` : undefined, ip: '127.0.0.1' });
      return appRouter.createCaller(ctx);
    },
    async close() {
      await new Promise<void>((ok) => server.close(() => ok()));
      server.closeAllConnections();
      await services.close();
      await database.close();
    },
  };
}
