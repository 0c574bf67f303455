import type { Db } from '../../db';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import { findAuthUser } from './permissions.repository';

type Row = NonNullable<Awaited<ReturnType<typeof findAuthUser>>>;
/** The user with the set of permissions the checks read (a superuser holds all). */
export type AuthUserRow = Readonly<Omit<Row, 'perms'> & { perms: ReadonlySet<string> }>;

const ALL_PERMS: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

/**
 * The request's user for the auth check (active, token version, permissions), read from the
 * database on every request in one query: a deactivation, a revoked token or a role change holds
 * on the very next request, in every process.
 */
export async function authUser(db: Db, id: number): Promise<AuthUserRow | undefined> {
  const row = await findAuthUser(db, id);
  return row && { ...row, perms: row.is_superuser ? ALL_PERMS : new Set(row.perms ?? []) };
}
