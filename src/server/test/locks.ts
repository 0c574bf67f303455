import { sql } from 'kysely';
import type { Db } from '../db';

/** Sessions of this test's database waiting for a lock (PostgreSQL only). */
export const lockWaits = async (db: Db) =>
  Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)).rows[0]!.n);

/** Resolves once more than `base` sessions wait for a lock, or with what the request answered first. */
export async function statusOrWait(db: Db, r: Promise<{ status: number }>, base = 0): Promise<number | string> {
  let done: number | string | undefined;
  r.then((x) => (done = x.status), (e: unknown) => (done = String(e)));
  for (;;) {
    if (done !== undefined) return done;
    if ((await lockWaits(db)) > base) return 'waits';
    await new Promise((ok) => setTimeout(ok, 10));
  }
}
