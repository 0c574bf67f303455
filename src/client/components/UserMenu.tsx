import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { AppLink } from './AppLink';
import { userMenuEntries } from './userMenuEntries';

/** The signed-in user's menu in the navbar (spec 000 §2); its entries are userMenuEntries, as on a phone. */
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
        {userMenuEntries({ hasHistory, hasConfig, hasMisMetodos }).map((e) => (
          <MenuItem key={e.label}>
            {!e.to ? (
              <button type="button" className={item} onClick={onLogout}>{e.label}</button>
            ) : (
              <AppLink to={e.to} className={item}>{e.label}</AppLink>
            )}
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
