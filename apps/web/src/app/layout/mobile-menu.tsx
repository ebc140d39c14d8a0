import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { Avatar } from '../../components/avatar';
import { useAuth, useSignedInUser } from '../../lib/auth/auth-context';
import { THEME_CHOICES, useTheme } from '../../lib/theme';
import { accountNav, CREATE_POST, LIBRARY_NAV, MAIN_NAV } from './nav-items';
import { SearchBox } from './search-box';

const LINK_CLASSES =
  'block rounded-lg px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 ' +
  'aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800';

/**
 * The panel behind the hamburger on small screens (the top bar closes it on Escape and when focus
 * leaves): every page the desktop's menus lead to. It takes focus when it opens, so the next Tab is
 * inside it; following a link or searching closes it. It scrolls within the screen's height: it is
 * part of the sticky top bar, so the page scrolling would never bring a longer panel's end into view.
 */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const user = useSignedInUser();
  const { logout } = useAuth();
  const panel = useRef<HTMLElement>(null);
  const links = [...MAIN_NAV, CREATE_POST, ...accountNav(user), ...LIBRARY_NAV];
  const [theme, setTheme] = useTheme();

  useEffect(() => panel.current?.focus(), []);

  return (
    <nav
      ref={panel}
      aria-label="Mobile"
      // Focusable itself, so a click on its text keeps focus inside and does not count as leaving it.
      tabIndex={-1}
      className="max-h-[calc(100dvh-4rem)] space-y-3 overflow-y-auto overscroll-contain border-t border-slate-200 px-4 pt-3 pb-4 outline-none"
    >
      <SearchBox onSearch={onClose} />
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end onClick={onClose} className={LINK_CLASSES}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-3 border-t border-slate-200 px-3 pt-3">
        <Avatar src={user.profilePicture} alt="" className="size-10" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
        </div>
      </div>
      <fieldset className="flex items-center gap-4 border-t border-slate-200 px-3 pt-3 text-sm text-slate-700">
        <legend className="float-left mr-2 font-semibold text-slate-900">Theme</legend>
        {THEME_CHOICES.map(({ value, label }) => (
          <label key={value} className="flex items-center gap-1.5">
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => setTheme(value)}
              className="accent-indigo-600"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <button type="button" onClick={logout} className={`${LINK_CLASSES} w-full text-left`}>
        Sign out
      </button>
    </nav>
  );
}
