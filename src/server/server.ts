import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Env } from './env';
import { openDatabase, type DatabaseHandle } from './db';
import { migrateToLatest } from './db/migrate';
import { seed } from './db/seed';
import { DEMO_CUSTOMER, DEMO_OPERATOR } from './db/seed/demo';
import { DEMO_TERMINAL } from './db/seed/terminal';
import { createServices, type ServiceOverrides } from './services';
import { createApp } from './app';
import { createLifecycle } from './lib/lifecycle';
import { createLogger } from './lib/logger';
import { expiryJob } from './modules/transacciones/sweeper';
import { noticesJob } from './lib/notices';

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  credentials: string[];
  close(): Promise<void>;
}

/** What `npm start` runs: open the database, migrate, seed, serve UI + /api + /trpc. */
export async function startServer(env: Env, overrides: ServiceOverrides & { clientDir?: string } = {}): Promise<RunningServer> {
  const log = overrides.log ?? createLogger(env.logLevel);
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, onIdleError: (m) => log.warn(m) });
  await migrateToLatest(database.db);
  const admin = await seed(database.db, { admin: env.admin, demo: env.seedDemo });
  const credentials = adminCredentials(env, database.kind, admin.generatedPassword);
  if (env.seedDemo) {
    credentials.push(`Cliente de demostración: ${DEMO_CUSTOMER.username} / ${DEMO_CUSTOMER.password}`);
    credentials.push(`Operador de demostración: ${DEMO_OPERATOR.username} / ${DEMO_OPERATOR.password}`);
    credentials.push(`Terminal de demostración (/terminal): ${DEMO_TERMINAL.codigo} / ${DEMO_TERMINAL.secreto}`);
  }

  const services = createServices(env, { ...overrides, log });
  const lifecycle = createLifecycle();
  services.jobs.register(expiryJob(database.db, env.expirySweepMs, log));
  services.jobs.register(noticesJob(database, services.prices, log, { onChange: () => services.tasasEnVivo.publicar() }));
  const app = createApp({ db: database.db, env, services, lifecycle, clientDir: overrides.clientDir ?? resolve('dist/client') });
  const server = app.listen(env.port);
  await new Promise<void>((ok, fail) => {
    server.once('listening', ok);
    server.once('error', fail);
  });
  const port = (server.address() as AddressInfo).port;
  services.jobs.startAll();
  let closing: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    database,
    credentials,
    /**
     * Graceful: stop accepting connections, let requests in flight finish (up to SHUTDOWN_GRACE),
     * stop background jobs, and only then close the database pool.
     */
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((ok) => server.close(() => ok()));
        server.closeIdleConnections();
        const finished = await lifecycle.drain(env.shutdownGraceMs);
        if (!finished) log.warn({ inflight: lifecycle.inflight }, 'plazo de apagado vencido: se cortan las solicitudes pendientes');
        server.closeAllConnections();
        await closed;
        await services.close();
        await database.close();
      })();
      return closing;
    },
  };
}

/** The embedded mode keeps a generated admin password in DATA_DIR so it can be shown on every start. */
function adminCredentials(env: Env, kind: DatabaseHandle['kind'], generated?: string): string[] {
  const file = join(env.dataDir, 'admin-credentials.txt');
  if (generated && kind === 'pglite') writeFileSync(file, generated, { mode: 0o600 });
  const password =
    env.admin.password ?? generated ?? (kind === 'pglite' && existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined);
  return [`Administrador: ${env.admin.username} / ${password ?? '(la contraseña mostrada en el primer arranque)'}`];
}
