import { type FocusEvent, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { NotificationBell } from '../../features/notifications';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV } from './nav-items';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';
import { VisitorActions } from './visitor-frame';

/** The brand, leading home: the same on every top bar. */
function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded text-lg font-bold tracking-tight text-indigo-700">
      <img src="/favicon.svg" alt="" className="size-7" />
      Pathwise
    </Link>
  );
}

/**
 * A visitor's top bar: the brand, Explore (which visitors may read), then "Sign in" and "Join"; no bell,
 * menu or search (members only).
 */
export function VisitorTopBar() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 md:gap-6">
        <Brand />
        <nav aria-label="Main">
          <NavLink
            to="/explore"
            className="rounded-lg px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800 sm:px-3"
          >
            Explore
          </NavLink>
        </nav>
        <VisitorActions />
      </div>
    </header>
  );
}

export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const closeMenuOnEscape = (event: { key: string }) => {
    if (event.key !== 'Escape') return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  // The button and the panel count as the menu: focus moving between them keeps it open.
  const closeMenuWhenFocusLeaves = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && (next === menuButton.current || menuPanel.current?.contains(next))) return;
    setMenuOpen(false);
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 md:gap-6">
        <Brand />
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
          {/*
            Part of the frame, not loaded after it: a control that appears late moves under a click
            meant for what was there before.
          */}
          <div className="hidden md:flex">
            <UserMenu />
          </div>
          <button
            ref={menuButton}
            type="button"
            aria-label="Main menu"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            onClick={() => setMenuOpen((open) => !open)}
            onKeyDown={menuOpen ? closeMenuOnEscape : undefined}
            onBlur={menuOpen ? closeMenuWhenFocusLeaves : undefined}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          >
            {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        /* biome-ignore lint/a11y/noStaticElementInteractions: it only hears what bubbles up from the menu's
           own controls (Escape, focus leaving). */
        <div
          ref={menuPanel}
          id={menuId}
          onKeyDown={closeMenuOnEscape}
          onBlur={closeMenuWhenFocusLeaves}
          className="md:hidden"
        >
          <MobileMenu onClose={() => setMenuOpen(false)} />
        </div>
      )}
    </header>
  );
}
