import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './types';
import { PreparedClient } from './preparedClient';

export type Db = Kysely<Database>;

/** What a LISTEN reports: each notice, and the loss of the connection it listens on. */
export interface Listener {
  onNotice(channel: string, payload: string): void;
  /** The listening connection is gone: notices may be missed until a new `listen` succeeds. */
  onLost(error: Error): void;
}

/** A LISTEN in place: `ping` makes a round trip on its connection (every notice committed before the ping started has been delivered when it resolves). */
export interface Listening {
  ping(): Promise<void>;
  stop(): Promise<void>;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** LISTEN on `channels` (a dedicated connection on PostgreSQL). */
  listen(channels: readonly string[], listener: Listener): Promise<Listening>;
  close(): Promise<void>;
}

/** A PostgreSQL server when a URL is given, otherwise the embedded PGlite in `dataDir`. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  onIdleError?: (message: string) => void;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    // A bounded connect wait: while PostgreSQL is away requests answer 503 quickly instead of hanging.
    // join_collapse_limit=1: joins are planned in the order the query writes them (the filtered,
    // indexed table first, then lookups). The transaction lists join 9 tables: searching every order
    // took ~21 ms of planning for ~3 ms of execution (docs/performance.md).
    // Named prepared statements (db/preparedClient.ts): plans are reused instead of made per query.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000, options: '-c join_collapse_limit=1', Client: PreparedClient,
    });
    // An idle connection the server closes (restart, pg_terminate_backend, a test database dropped)
    // emits 'error' on the pool; unhandled, that would end the process. The pool replaces it.
    pool.on('error', (e) => (opts.onIdleError ?? console.error)(`conexión inactiva cerrada por el servidor: ${e.message}`));
    // A connection that dies while checked out but between queries emits 'error' on its client;
    // without a listener that would end the process. The next query on it fails (503) and the
    // pool drops it on release.
    pool.on('connect', (client) => {
      client.on('error', (e) => (opts.onIdleError ?? console.error)(`conexión en uso cerrada por el servidor: ${e.message}`));
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listen = async (channels: readonly string[], listener: Listener): Promise<Listening> => {
      const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 5000 });
      let stopped = false;
      const lost = (e: Error) => {
        if (!stopped) listener.onLost(e);
        stopped = true;
      };
      client.on('error', lost);
      client.on('end', () => lost(new Error('conexión de avisos cerrada')));
      client.on('notification', (n) => {
        if (channels.includes(n.channel)) listener.onNotice(n.channel, n.payload ?? '');
      });
      try {
        await client.connect();
        for (const channel of channels) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (e) {
        stopped = true;
        await client.end().catch(() => undefined);
        throw e;
      }
      return {
        ping: async () => {
          await client.query('select 1');
        },
        stop: async () => {
          stopped = true;
          await client.end().catch(() => undefined);
        },
      };
    };
    return { db, kind: 'postgres', listen, close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  let dir: string | undefined;
  if (!opts.memory) {
    dir = join(opts.dataDir ?? './data', 'pgdata');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = new PGlite(dir);
  await pglite.waitReady;
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    // PGlite is one session, and the pool's one connection sends a query as separate protocol
    // messages (parse, bind, execute, sync). A LISTEN sent beside it (pglite.listen) could land
    // between them and drop that query's unnamed statement, so it goes through the pool. Notices
    // are delivered in-process as the notifying statement's answer is read: nothing to lose, no
    // connection to ping.
    listen: async (channels, listener) => {
      const off = pglite.onNotification((channel, payload) => {
        if (channels.includes(channel)) listener.onNotice(channel, payload);
      });
      try {
        for (const channel of channels) await sql.raw(`listen ${pg.escapeIdentifier(channel)}`).execute(db);
      } catch (e) {
        off();
        throw e;
      }
      return {
        ping: async () => undefined,
        stop: async () => off(),
      };
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
