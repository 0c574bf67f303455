import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Whether the app has a screen at this path (features arrive one by one; links to missing ones are not shown). */
export function useRouteExists() {
  const router = useRouter();
  return (path: string) => path in router.routesByPath || `${path}/` in router.routesByPath;
}

/** A Link for paths held in data (menus, cards), where the path is a plain string. */
export function AppLink({ to, className, children, onClick }: { to: string; className?: string; children: ReactNode; onClick?: () => void }) {
  return (
    <Link to={to as never} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
