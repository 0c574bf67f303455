import { redirect } from '@tanstack/react-router';
import { session } from './store';

/** beforeLoad of every route that needs a logged-in user: otherwise go to /login. */
export function requireLogin() {
  if (!session.isLoggedIn()) throw redirect({ to: '/login' });
}
