import type { Db } from '../../db';
import type { CacheRegistry } from '../../lib/readCache';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import { findAuthUser } from './permissions.repository';
import { markKept } from '../../lib/keptValues';

type Row = NonNullable<Awaited<ReturnType<typeof findAuthUser>>>;
/** The user with the set of permissions the checks read (a superuser holds all), built once per load. */
export type AuthUserRow = Readonly<Omit<Row, 'perms'> & { perms: ReadonlySet<string> }>;

const ALL_PERMS: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

const load = async (db: Db, id: number): Promise<AuthUserRow | undefined> => {
  const row = await findAuthUser(db, id);
  // Shared by the requests of this user until the next change: frozen so none can alter it.
  // The set is kept (lib/keptValues.ts): the answer of me/permissions is derived from it once.
  return row && Object.freeze({ ...row, perms: markKept(row.is_superuser ? ALL_PERMS : new Set(row.perms ?? [])) });
};

/**
 * The request's user for the auth check (active, token version, permissions). Kept per process
 * under the rules of lib/readCache.ts: a deactivation, a revoked token or a role change holds on
 * the very next request in every process; without a lease it is read from the database.
 */
export function authUser(ctx: { db: Db; caches?: CacheRegistry }, id: number): Promise<AuthUserRow | undefined> {
  if (!ctx.caches) return load(ctx.db, id);
  return ctx.caches.keyed<number, AuthUserRow>('usuarios-acceso', 'acceso', load).get(ctx.db, id);
}
