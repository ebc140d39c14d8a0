import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { NotificationBell } from '../../features/notifications';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV } from './nav-items';
import { SearchBox } from './search-box';
import { UserMenuFace } from './user-menu-face';

/**
 * Loaded after the first paint: Headless UI's Menu brings its positioning library along, the largest
 * part of the top bar's code. Until then the user's picture shows in its place.
 */
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

export function TopBar() {
  return (
    <Disclosure as="header" className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 md:gap-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded text-lg font-bold tracking-tight text-indigo-700"
        >
          <img src="/favicon.svg" alt="" className="size-7" />
          Pathwise
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800"
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden max-w-sm flex-1 md:block">
          <SearchBox />
        </div>
        <div className="ml-auto flex items-center gap-3">
          <Link to="/create-post" className="btn-primary">
            + Post
          </Link>
          <NotificationBell />
          {/* flex: the picture alone lines up exactly as the menu button around it will. */}
          <div className="hidden md:flex">
            <Suspense fallback={<UserMenuFace />}>
              <UserMenu />
            </Suspense>
          </div>
          <DisclosureButton
            aria-label="Main menu"
            className="group rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          >
            <MenuIcon className="size-6 group-data-open:hidden" />
            <CloseIcon className="hidden size-6 group-data-open:block" />
          </DisclosureButton>
        </div>
      </div>
      <DisclosurePanel className="md:hidden">
        <MobileMenu />
      </DisclosurePanel>
    </Disclosure>
  );
}
