import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { trpc } from '../trpc';
import { session, useSession, type Session } from './store';
import { P } from '../../shared/permissions';

export interface PermissionState {
  ready: boolean;
  perms: ReadonlySet<string>;
  has(perm: string): boolean;
  allows(rule: { all?: string[]; any?: string[] }): boolean;
}

const Ctx = createContext<PermissionState | null>(null);

/** Loads the current user's permissions; a failed load yields none (spec 000 §4). */
export function PermissionsProvider({ children }: { children: ReactNode }) {
  const s = useSession();
  // A pending second-factor enrolment has no permissions to read (the server answers 403).
  const q = trpc.auth.myPermissions.useQuery(undefined, { enabled: !!s && !session.enrolmentPending(), staleTime: 60_000 });
  const value = useMemo<PermissionState>(() => {
    const perms = new Set(s && q.data ? q.data.perms : []);
    const ready = !s || !q.isLoading;
    return {
      ready,
      perms,
      has: (p) => perms.has(p),
      allows: ({ all = [], any = [] }) => all.every((p) => perms.has(p)) && (any.length === 0 || any.some((p) => perms.has(p))),
    };
  }, [s, q.data, q.isLoading]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function usePermissions(): PermissionState {
  const v = useContext(Ctx);
  if (!v) throw new Error('usePermissions outside PermissionsProvider');
  return v;
}

/** Staff (superusers, holders of view_cliente or view_user) need no client of their own, unlike customers. */
export const esStaff = (s: Session | null, perms: PermissionState) => !!s?.user.is_superuser || perms.allows({ any: [P.viewCliente, P.viewUser] });
