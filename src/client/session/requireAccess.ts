import { redirect } from '@tanstack/react-router';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { queryClient, trpcClient } from '../trpc';
import { session } from './store';

/** Thrown by a route's beforeLoad when the user lacks its permissions; the router shows the 403 screen. */
export class ForbiddenError extends Error {
  constructor() {
    super('forbidden');
    this.name = 'ForbiddenError';
  }
}

export interface AccessRule {
  all?: string[];
  any?: string[];
}

const utils = createTRPCQueryUtils({ queryClient, client: trpcClient });

/** The signed-in user's permissions, from the same cache the PermissionsProvider reads; a failed load is none (spec 000 §4). */
async function loadPerms(): Promise<ReadonlySet<string>> {
  try {
    const r = await utils.auth.myPermissions.ensureData(undefined, { staleTime: 60_000 });
    return new Set(r.perms);
  } catch {
    return new Set();
  }
}

export const allows = (perms: ReadonlySet<string>, { all = [], any = [] }: AccessRule) =>
  all.every((p) => perms.has(p)) && (any.length === 0 || any.some((p) => perms.has(p)));

/**
 * The one route guard (spec 000 §2): `beforeLoad: requireAccess({ all: [P.viewDivisa] })`.
 * Not signed in → /login; lacking the permissions → the 403 screen; `requireAccess()` only asks for a session.
 */
export function requireAccess(rule: AccessRule = {}) {
  return async () => {
    if (!session.isLoggedIn()) throw redirect({ to: '/login' });
    if (session.enrolmentPending()) throw redirect({ to: '/seguridad' });
    if (!rule.all?.length && !rule.any?.length) return;
    if (!allows(await loadPerms(), rule)) throw new ForbiddenError();
  };
}
