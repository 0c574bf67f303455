import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { AppLink, useRouteExists } from './AppLink';
import { userMenuEntries } from './userMenuEntries';
import { useSession } from '../session/store';
import { usePermissions } from '../session/permissions';
import { useStaffSinClientes } from '../features/clienteSelector/useClienteActual';
import { useAuthActions } from '../session/useAuthActions';
import { CONFIG_HUB_ANY, P } from '../../shared/permissions';

// Only signed-in users see these: their code (and Headless UI's) stays out of the first page.
const ClienteSelector = lazy(() => import('../features/clienteSelector/ClienteSelector').then((m) => ({ default: m.ClienteSelector })));
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

interface NavLink {
  to: string;
  label: string;
  perm?: string;
  guestOnly?: boolean;
  /** The screen works only for a client: hidden to staff with none assigned (customers see there how to get one). */
  needsClient?: boolean;
}

const LINKS: NavLink[] = [
  { to: '/', label: 'Inicio' },
  { to: '/simulacion-operacion', label: 'Simulación de Operaciones', perm: P.useSimulacion, needsClient: true },
  { to: '/operacion-compra-venta', label: 'Operaciones', perm: P.useOperacion, needsClient: true },
  { to: '/reportes', label: 'Reportes', perm: P.viewReporte },
  { to: '/login', label: 'Iniciar sesión', guestOnly: true },
  { to: '/register', label: 'Registrarse', guestOnly: true },
];

export function Navbar() {
  const s = useSession();
  const perms = usePermissions();
  const { logout } = useAuthActions();
  // The ☰ panel belongs to the page it was opened on: any navigation (a link, the logo, the browser's
  // back, signing out) closes it, so the next screen is not hidden under it.
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  const [abiertoEn, setAbiertoEn] = useState<string | null>(null);
  const open = abiertoEn === pathname;
  const setOpen = (v: boolean) => setAbiertoEn(v ? pathname : null);
  const exists = useRouteExists();
  const staffSinClientes = useStaffSinClientes();
  const visible = LINKS.filter(
    (l) => exists(l.to) && (l.guestOnly ? !s : !l.perm || (perms.ready && perms.has(l.perm))) && !(l.needsClient && staffSinClientes),
  );
  const hasHistory = exists('/historial-transacciones');
  const hasConfig = perms.ready && perms.allows({ any: CONFIG_HUB_ANY });
  const hasMisMetodos = perms.ready && (perms.has(P.useOperacion) || perms.has(P.useSimulacion)) && !staffSinClientes && exists('/metodos-financieros-cliente');

  const linkClass = 'rounded-md px-3 py-2 text-sm font-medium text-emerald-50 hover:bg-emerald-800';
  const links = (onClick?: () => void): ReactNode =>
    visible.map((l) => (
      <AppLink key={l.to} to={l.to} onClick={onClick} className={linkClass}>
        {l.label}
      </AppLink>
    ));

  return (
    <nav className="bg-emerald-700 shadow" aria-label="Navegación principal">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-white">
          <span className="flex h-8 w-8 items-center justify-center rounded-md bg-white text-emerald-700">₲</span>
          Cambio
        </Link>
        <div className="hidden flex-1 items-center gap-1 md:flex">{links()}</div>
        <div className="hidden items-center gap-3 md:flex">
          {s && (
            <Suspense fallback={null}>
              <ClienteSelector />
              <UserMenu name={s.user.first_name || s.user.username} onLogout={logout} hasHistory={hasHistory} hasConfig={hasConfig} hasMisMetodos={hasMisMetodos} />
            </Suspense>
          )}
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-white hover:bg-emerald-800 md:hidden"
          aria-label="Abrir menú"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            {open ? <path d="M6 6l12 12M6 18L18 6" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
          </svg>
        </button>
      </div>
      {open && (
        <div className="flex flex-col gap-1 border-t border-emerald-800 px-4 py-3 md:hidden" data-testid="mobile-panel">
          {links(() => setOpen(false))}
          {s && (
            <>
              <Suspense fallback={null}>
                <ClienteSelector className="py-1" />
              </Suspense>
              {userMenuEntries({ hasHistory, hasConfig, hasMisMetodos }).map((e) =>
                !e.to ? (
                  <button
                    key={e.label}
                    type="button"
                    className={`${linkClass} text-left`}
                    onClick={() => {
                      setOpen(false);
                      void logout();
                    }}
                  >
                    {e.label}
                  </button>
                ) : (
                  <AppLink key={e.label} to={e.to} className={linkClass} onClick={() => setOpen(false)}>
                    {e.label}
                  </AppLink>
                ),
              )}
            </>
          )}
        </div>
      )}
    </nav>
  );
}
