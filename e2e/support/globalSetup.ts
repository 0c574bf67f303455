import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding the app's embedded database (`pgdata`), migrated and seeded, made once per run. */
    pgliteTemplate: string;
  }
}

/**
 * Initialising an embedded database (PGlite's initdb), migrating it and seeding it takes several
 * seconds; every browser test file starts the app on a copy of one database made here instead, by
 * the app itself started once as the files start it (`npm start` on a new DATA_DIR). Each file's app
 * still runs its migrations and its seed on start, and finds them done.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'cambio-e2e-initdb-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite(join(dir, 'pgdata'));
  await pglite.waitReady;
  await pglite.close();
  const { loadEnv } = await import('../../src/server/env');
  const { startServer } = await import('../../src/server/server');
  const { ADMIN } = await import('./app');
  const app = await startServer(loadEnv({ PORT: '0', DATA_DIR: dir, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'true', LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv), { clientDir: 'dist/client' });
  await app.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
