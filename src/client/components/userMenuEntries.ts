/** One entry of the signed-in user's menu: a link, or the sign-out button (`to` absent). */
export interface UserMenuEntry {
  label: string;
  to?: string;
}

/**
 * The user menu's entries (spec 000 §2), one list for the desktop menu (UserMenu) and the phone's ☰
 * panel (Navbar), so both offer the same: Historial, 'Mis métodos financieros' for customers,
 * Configuraciones only for whoever may open the hub, Seguridad, Cerrar sesión.
 */
export function userMenuEntries(o: { hasHistory: boolean; hasConfig: boolean; hasMisMetodos: boolean }): UserMenuEntry[] {
  return [
    ...(o.hasHistory ? [{ label: 'Historial', to: '/historial-transacciones' }] : []),
    ...(o.hasMisMetodos ? [{ label: 'Mis métodos financieros', to: '/metodos-financieros-cliente' }] : []),
    ...(o.hasConfig ? [{ label: 'Configuraciones', to: '/configuraciones' }] : []),
    { label: 'Seguridad', to: '/seguridad' },
    { label: 'Cerrar sesión' },
  ];
}
