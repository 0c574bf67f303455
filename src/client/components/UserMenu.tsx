import { Link } from '@tanstack/react-router';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { AppLink } from './AppLink';

/**
 * The signed-in user's menu in the navbar (spec 000 §2): Historial, 'Mis métodos financieros' for
 * customers, Configuraciones only for whoever may open the hub (it would answer 403), Seguridad, Cerrar sesión.
 */
export function UserMenu({
  name,
  onLogout,
  hasHistory,
  hasConfig,
  hasMisMetodos,
}: {
  name: string;
  onLogout: () => void;
  hasHistory: boolean;
  hasConfig: boolean;
  hasMisMetodos: boolean;
}) {
  const item = 'block min-h-10 w-full px-4 py-2 text-left text-sm text-slate-700 data-[focus]:bg-slate-100';
  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex items-center gap-2 rounded-md bg-emerald-800 px-3 py-2 text-sm font-medium text-white hover:bg-emerald-900">
        <span className="flex h-6 w-6 items-center justify-center rounded-full bg-white text-xs font-bold text-emerald-800">
          {name.slice(0, 1).toUpperCase()}
        </span>
        {name}
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 mt-2 w-48 rounded-md bg-white py-1 shadow-lg ring-1 ring-black/5 focus:outline-none">
        {hasHistory && (
          <MenuItem>
            <AppLink to="/historial-transacciones" className={item}>Historial</AppLink>
          </MenuItem>
        )}
        {hasMisMetodos && (
          <MenuItem>
            <AppLink to="/metodos-financieros-cliente" className={item}>Mis métodos financieros</AppLink>
          </MenuItem>
        )}
        {hasConfig && (
          <MenuItem>
            <Link to="/configuraciones" className={item}>Configuraciones</Link>
          </MenuItem>
        )}
        <MenuItem>
          <Link to="/seguridad" className={item}>Seguridad</Link>
        </MenuItem>
        <MenuItem>
          <button type="button" className={item} onClick={onLogout}>Cerrar sesión</button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
