import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { startServer } from '../server';
import { openDatabase, type DatabaseHandle } from './index';

/**
 * The embedded PGlite is one session: the app's pool connection sends each query as separate
 * protocol messages (parse, bind, execute, sync). The notice listener's LISTEN and its ping must go
 * through that same connection, or they land between those messages and replace the query's
 * unnamed statement ("unnamed prepared statement does not exist", or another statement run).
 */
describe('PGlite: the notice listener shares the one session safely', () => {
  let h: DatabaseHandle;
  const dataDir = mkdtempSync(join(tmpdir(), 'cambio-pglite-sesion-'));
  beforeAll(async () => {
    h = await openDatabase({ dataDir });
    await sql`create table t (n int)`.execute(h.db);
  });
  afterAll(async () => {
    await h.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('queries with parameters run while the listener subscribes, pings and is notified', async () => {
    const avisos: string[] = [];
    const escuchando = h.listen(['canal_prueba'], { onNotice: (_c, p) => avisos.push(p), onLost: () => undefined });
    const consultas = Array.from({ length: 200 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(h.db));
    const l = await escuchando;
    const pings = Array.from({ length: 200 }, () => l.ping());
    const inserts = Array.from({ length: 200 }, (_, i) => sql`insert into t (n) values (${i})`.execute(h.db));
    const resultados = await Promise.allSettled([...consultas, ...pings, ...inserts]);
    expect(resultados.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const leidos = (await Promise.all(consultas)).map((r) => r.rows[0]!.n);
    expect(leidos).toEqual(Array.from({ length: 200 }, (_, i) => i));
    const { rows } = await sql<{ c: string }>`select count(*)::text as c from t`.execute(h.db);
    expect(rows[0]!.c).toBe('200');
    await sql`select pg_notify('canal_prueba', 'hola')`.execute(h.db);
    await expect.poll(() => avisos).toEqual(['hola']);
    await l.stop();
  });
});

describe('PGlite: the app starts and stops with its background tasks and no failed query', () => {
  it('logs no warning or error (the expiry sweep runs while the notices are subscribed and dropped)', async () => {
    const lines: { level: number; msg: string; err?: string }[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const dir = mkdtempSync(join(tmpdir(), 'cambio-pglite-arranque-'));
    try {
      const env = loadEnv({ PORT: '0', DATA_DIR: dir, ADMIN_PASSWORD: 'admin-clave-de-prueba', SEED_DEMO: 'true' } as NodeJS.ProcessEnv);
      const app = await startServer(env, { log: createLogger('warn', sink), clientDir: dir });
      expect(app.database.kind).toBe('pglite');
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    // (a fresh embedded database migrated and seeded: tens of seconds on a busy 2-core machine)
  }, 120_000);
});
