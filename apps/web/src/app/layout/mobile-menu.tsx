import { type RefObject, useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { Avatar } from '../../components/avatar';
import { useAuth, useSignedInUser } from '../../lib/auth/auth-context';
import { accountNav, CREATE_POST, MAIN_NAV } from './nav-items';
import { SearchBox } from './search-box';

const LINK_CLASSES =
  'block rounded-lg px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800';

type MobileMenuProps = {
  /** The button that opened the menu: focus may move to it without the menu closing. */
  menuButton: RefObject<HTMLButtonElement | null>;
  /** `focusButton`: give focus back to the menu's button (Escape), rather than leave it where it went. */
  onClose: (focusButton: boolean) => void;
};

/**
 * The panel behind the hamburger on small screens. It takes focus when it opens, so the next Tab is
 * inside it; Escape closes it back to its button; following a link, searching or moving focus
 * elsewhere closes it.
 */
export function MobileMenu({ menuButton, onClose }: MobileMenuProps) {
  const user = useSignedInUser();
  const { logout } = useAuth();
  const panel = useRef<HTMLElement>(null);
  const links = [...MAIN_NAV, CREATE_POST, ...accountNav(user.id)];

  useEffect(() => panel.current?.focus(), []);

  return (
    <nav
      ref={panel}
      aria-label="Mobile"
      // Focusable itself, so a click on its text keeps focus inside and does not count as leaving it.
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose(true);
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next && (event.currentTarget.contains(next) || next === menuButton.current)) return;
        onClose(false);
      }}
      className="space-y-3 border-t border-slate-200 px-4 pt-3 pb-4 outline-none"
    >
      <SearchBox onSearch={() => onClose(false)} />
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end onClick={() => onClose(false)} className={LINK_CLASSES}>
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
      <button type="button" onClick={logout} className={`${LINK_CLASSES} w-full text-left`}>
        Sign out
      </button>
    </nav>
  );
}
