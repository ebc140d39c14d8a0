import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons';
import { useAuth, useSignedInUser } from '../../lib/auth/auth-context';
import { THEME_CHOICES, useTheme } from '../../lib/theme';
import { accountNav, LIBRARY_NAV } from './nav-items';
import { UserMenuFace } from './user-menu-face';

const ITEM_CLASSES =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-indigo-50 ' +
  'data-focus:text-indigo-800';

export function UserMenu() {
  const user = useSignedInUser();
  const { logout } = useAuth();
  const items = [...accountNav(user), ...LIBRARY_NAV, { to: '/analytics', label: 'Learning Analytics' }];
  const [theme, setTheme] = useTheme();

  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex rounded-full" aria-label="Open user menu">
        <UserMenuFace />
      </MenuButton>
      <MenuItems className="absolute right-0 z-40 mt-2 w-64 origin-top-right rounded-xl bg-white py-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none">
        <div className="border-b border-slate-100 px-4 py-3">
          <p className="truncate font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
        </div>
        {items.map((item) => (
          <MenuItem key={item.to}>
            <Link to={item.to} className={ITEM_CLASSES}>
              {item.label}
            </Link>
          </MenuItem>
        ))}
        <p
          className="border-t border-slate-100 px-4 pt-2 pb-1 text-xs font-semibold text-slate-600"
          aria-hidden="true"
        >
          Theme
        </p>
        {THEME_CHOICES.map(({ value, label }) => (
          <MenuItem key={value}>
            <button
              type="button"
              // Headless UI makes every item a menuitem, which cannot be checked; aria-current may mark it.
              aria-current={theme === value}
              aria-label={`${label} theme`}
              onClick={() => setTheme(value)}
              className={`${ITEM_CLASSES} flex items-center justify-between`}
            >
              {label}
              {theme === value && <CheckIcon className="size-4" />}
            </button>
          </MenuItem>
        ))}
        <MenuItem>
          <button type="button" onClick={logout} className={`${ITEM_CLASSES} border-t border-slate-100`}>
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
