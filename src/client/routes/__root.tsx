import { Link, Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { Navbar } from '../components/Navbar';
import { Toasts } from '../components/Toasts';

/** The navbar is hidden on the sign-in screens and their sub-paths (spec 000 §2). */
export const HIDE_NAVBAR = /^\/(login|register|Login|Register|terminal|comprobante)(\/|$)/;

function Layout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className="flex min-h-screen flex-col">
      {!HIDE_NAVBAR.test(pathname) && <Navbar />}
      <main className="flex-1">
        <Outlet />
      </main>
      <Toasts />
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <p className="text-5xl font-bold text-slate-400">404</p>
      <h1 className="mt-4 text-xl font-semibold">Página no encontrada</h1>
      <p className="mt-2 text-slate-600">La dirección que abriste no existe o cambió.</p>
      <Link to="/" className="btn-primary mt-6 inline-flex">
        Ir al inicio
      </Link>
    </div>
  );
}

export const Route = createRootRoute({ component: Layout, notFoundComponent: NotFound });
