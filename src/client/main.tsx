// First: hands the CSP nonce to the toasts' style element before any module writes styles.
import './lib/cspNonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { queryClient, trpc, trpcClient } from './trpc';
import { PermissionsProvider } from './session/permissions';
import { setLogoutHandler } from './session/authFetch';
import { KEYS, session } from './session/store';
import { RouteError } from './components/RouteError';
import { parseSearch } from './lib/searchParams';
import './styles.css';

export const router = createRouter({ routeTree, parseSearch, defaultPreload: 'intent', defaultErrorComponent: RouteError });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/** Ends the session here and goes home (spec 000 §4). */
function salir() {
  session.clear();
  queryClient.clear();
  void router.navigate({ to: '/' });
}
// An unrecoverable 401 ends the session.
setLogoutHandler(salir);

// Another tab signed out or signed in as someone else (they share the storage): this one follows.
window.addEventListener('storage', (e) => {
  if (e.key !== null && !(Object.values(KEYS) as string[]).includes(e.key)) return;
  const before = session.get();
  session.reload();
  const after = session.get();
  if (before?.user.id === after?.user.id) return;
  if (before && !after) return salir();
  queryClient.clear();
  void router.invalidate();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <PermissionsProvider>
          <RouterProvider router={router} />
        </PermissionsProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
