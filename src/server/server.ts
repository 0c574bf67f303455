import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Env } from './env';
import { openDatabase, type DatabaseHandle } from './db';
import { migrateToLatest } from './db/migrate';
import { seed } from './db/seed';
import { DEMO_CUSTOMER, DEMO_OPERATOR } from './db/seed/demo';
import { createServices, type ServiceOverrides } from './services';
import { createApp } from './app';
import { startExpirySweeper } from './modules/transacciones/sweeper';

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  credentials: string[];
  close(): Promise<void>;
}

/** What `npm start` runs: open the database, migrate, seed, serve UI + /api + /trpc. */
export async function startServer(env: Env, overrides: ServiceOverrides & { clientDir?: string } = {}): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  await migrateToLatest(database.db);
  const admin = await seed(database.db, { admin: env.admin, demo: env.seedDemo });
  const credentials = adminCredentials(env, database.kind, admin.generatedPassword);
  if (env.seedDemo) {
    credentials.push(`Cliente de demostración: ${DEMO_CUSTOMER.username} / ${DEMO_CUSTOMER.password}`);
    credentials.push(`Operador de demostración: ${DEMO_OPERATOR.username} / ${DEMO_OPERATOR.password}`);
  }

  const services = createServices(env, overrides);
  const sweeper = startExpirySweeper(database.db);
  const app = createApp({ db: database.db, env, services, clientDir: overrides.clientDir ?? resolve('dist/client') });
  const server = app.listen(env.port);
  await new Promise<void>((ok, fail) => {
    server.once('listening', ok);
    server.once('error', fail);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    database,
    credentials,
    async close() {
      await new Promise<void>((ok) => server.close(() => ok()));
      server.closeAllConnections();
      await sweeper.stop();
      await services.close();
      await database.close();
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
