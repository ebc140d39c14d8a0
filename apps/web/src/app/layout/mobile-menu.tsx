import { CloseButton, useClose } from '@headlessui/react';
import { NavLink } from 'react-router';
import { Avatar } from '../../components/avatar';
import { useAuth, useSignedInUser } from '../../lib/auth/auth-context';
import { accountNav, CREATE_POST, MAIN_NAV } from './nav-items';
import { SearchBox } from './search-box';

const LINK_CLASSES =
  'block rounded-lg px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800';

/** The panel behind the hamburger on small screens; following a link or searching closes it. */
export function MobileMenu() {
  const user = useSignedInUser();
  const { logout } = useAuth();
  const close = useClose();
  const links = [...MAIN_NAV, CREATE_POST, ...accountNav(user.id)];

  return (
    <nav aria-label="Mobile" className="space-y-3 border-t border-slate-200 px-4 pt-3 pb-4">
      <SearchBox onSearch={close} />
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <CloseButton as={NavLink} to={link.to} end className={LINK_CLASSES}>
              {link.label}
            </CloseButton>
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
