import type { ReactNode } from 'react';
import { usePermissions } from '../session/permissions';
import { Forbidden } from './Forbidden';

/**
 * Shows its content when the user holds all `all` permissions and any of `any` (an empty list
 * allows). Renders nothing until permissions are loaded. `fallback` replaces the 403 screen.
 */
export function Guard({ all, any, children, fallback }: { all?: string[]; any?: string[]; children: ReactNode; fallback?: ReactNode }) {
  const p = usePermissions();
  if (!p.ready) return null;
  if (!p.allows({ all, any })) return <>{fallback === undefined ? <Forbidden /> : fallback}</>;
  return <>{children}</>;
}

/** Renders children only with the permission(s); nothing otherwise. For buttons and links. */
export function Can({ all, any, children }: { all?: string[]; any?: string[]; children: ReactNode }) {
  return (
    <Guard all={all} any={any} fallback={null}>
      {children}
    </Guard>
  );
}
