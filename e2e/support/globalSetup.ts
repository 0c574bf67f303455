import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding a freshly initialised, empty embedded database (`pgdata`), made once per run. */
    pgliteTemplate: string;
  }
}

/**
 * Initialising an embedded database (PGlite's initdb) takes about ten seconds; every browser test file
 * starts the app on a copy of one empty cluster made here instead. Migrations and the seed still run
 * in each file's own copy, as `npm start` runs them on a new DATA_DIR.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'cambio-e2e-initdb-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite(join(dir, 'pgdata'));
  await pglite.waitReady;
  await pglite.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
