import { Link, useRouter } from '@tanstack/react-router';
import type { ComponentPropsWithRef, ReactNode } from 'react';

/** Whether the app has a screen at this path (features arrive one by one; links to missing ones are not shown). */
export function useRouteExists() {
  const router = useRouter();
  return (path: string) => path in router.routesByPath || `${path}/` in router.routesByPath;
}

/**
 * A Link for paths held in data (menus, cards), where the path is a plain string. Other props (role,
 * ids, focus handlers and the ref a Headless UI MenuItem gives its child) reach the anchor.
 */
export function AppLink({ to, children, ...rest }: { to: string; children: ReactNode } & Omit<ComponentPropsWithRef<'a'>, 'href'>) {
  return (
    <Link to={to as never} {...rest}>
      {children}
    </Link>
  );
}
