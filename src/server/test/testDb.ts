import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db';
import { migrateToLatest } from '../db/migrate';

/**
 * A fresh, migrated database for one test file: a new database on the server of TEST_DATABASE_URL
 * (dropped on close), or an in-memory PGlite when it is not set or `embedded` asks for it.
 */
export async function createTestDb(embedded = false): Promise<DatabaseHandle> {
  const serverUrl = embedded ? undefined : process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true });
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `cambio_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
