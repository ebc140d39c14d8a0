import { STORAGE_KEYS } from '@pathwise/contract';
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import placeholderImage from '../../components/avatar-placeholder.svg';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { rememberUser } from '../../lib/auth/remembered-user';
import { ANN_TOKEN, ann } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { SignedInProviders } from '../providers';
import { TopBar } from './top-bar';

async function renderSignedInHome() {
  const rendered = renderApp('/', { signedIn: true });
  await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' });
  return rendered;
}

describe('top bar', () => {
  it('draws the user menu button in the same render as the rest of the bar', () => {
    // Signed in on an earlier visit, so the session is there from the first render.
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    rememberUser(ANN_TOKEN, ann);
    server.use(http.get('/api/auth/me', () => HttpResponse.json(ann)));

    render(
      <MemoryRouter>
        <AuthProvider>
          <SignedInProviders>
            <TopBar />
          </SignedInProviders>
        </AuthProvider>
      </MemoryRouter>,
    );

    // Checked without waiting: a control that arrives later moves under a click meant for what was
    // there before it.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: '+ Post' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Open user menu' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('links the brand, the main pages and post creation', async () => {
    await renderSignedInHome();
    const banner = screen.getByRole('banner');

    expect(within(banner).getByRole('link', { name: 'Pathwise' })).toHaveAttribute('href', '/');
    const mainNav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(mainNav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    expect(within(mainNav).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');
    expect(within(banner).getByRole('link', { name: '+ Post' })).toHaveAttribute('href', '/create-post');
  });

  it('searches for the trimmed query and clears the box', async () => {
    const { user, router } = await renderSignedInHome();
    const searchBox = screen.getByRole('searchbox', { name: 'Search' });

    await user.type(searchBox, '  react hooks  {Enter}');

    await router.arrivesAt('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('react hooks');
    expect(router.state.location.search).toBe('?q=react%20hooks');
    expect(searchBox).toHaveValue('');
  });

  it('ignores a query that is empty after trimming', async () => {
    const { user, router } = await renderSignedInHome();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '   {Enter}');

    expect(router.state.location.pathname).toBe('/');
  });
});

describe('user menu', () => {
  it('shows who is signed in and links to their pages', async () => {
    const { user } = await renderSignedInHome();

    await user.click(screen.getByRole('button', { name: 'Open user menu' }));

    const menu = screen.getByRole('menu');
    expect(menu).toHaveTextContent('Ann Lee');
    expect(menu).toHaveTextContent('ann@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Your Profile' })).toHaveAttribute(
      'href',
      '/profile/7',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Drafts' })).toHaveAttribute('href', '/drafts');
    expect(within(menu).getByRole('menuitem', { name: 'Scheduled' })).toHaveAttribute('href', '/scheduled');
    expect(within(menu).getByRole('menuitem', { name: 'Saved' })).toHaveAttribute('href', '/saved');
    expect(within(menu).getByRole('menuitem', { name: 'My notes' })).toHaveAttribute('href', '/notes');
    expect(within(menu).getByRole('menuitem', { name: 'Learning Analytics' })).toHaveAttribute(
      'href',
      '/analytics',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('shows the placeholder picture for a user without one', async () => {
    await renderSignedInHome();

    const avatar = within(screen.getByRole('button', { name: 'Open user menu' })).getByRole('presentation');
    expect(avatar).toHaveAttribute('src', placeholderImage);
  });

  it('can be used with the keyboard', async () => {
    const { user, router } = await renderSignedInHome();

    screen.getByRole('button', { name: 'Open user menu' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');

    await router.arrivesAt('/notifications');
  });

  it('signs out: token removed, back on the sign-in page', async () => {
    const { user, router } = await renderSignedInHome();

    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });
});

describe('theme choice', () => {
  it('offers Light, Dark and System in the user menu, System first, and remembers the choice', async () => {
    const { user } = await renderSignedInHome();

    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    expect(screen.getByRole('menuitem', { name: 'System theme' })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Dark theme' }));

    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    expect(screen.getByRole('menuitem', { name: 'Dark theme' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('menuitem', { name: 'System theme' })).toHaveAttribute('aria-current', 'false');
  });

  it('is in the mobile menu too', async () => {
    const { user } = await renderSignedInHome();

    await user.click(screen.getByRole('button', { name: 'Main menu' }));
    const themes = within(screen.getByRole('group', { name: 'Theme' }));
    expect(themes.getByRole('radio', { name: 'System' })).toBeChecked();
    await user.click(themes.getByRole('radio', { name: 'Light' }));

    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(themes.getByRole('radio', { name: 'Light' })).toBeChecked();
  });
});

describe('mobile menu', () => {
  it('offers the main pages, search, the account pages and signing out', async () => {
    const { user, router } = await renderSignedInHome();

    await user.click(screen.getByRole('button', { name: 'Main menu' }));
    const mobileMenu = within(screen.getByRole('navigation', { name: 'Mobile' }));

    for (const [name, href] of [
      ['Home', '/'],
      ['Explore', '/explore'],
      ['Analytics', '/analytics'],
      ['Create Post', '/create-post'],
      ['Your Profile', '/profile/7'],
      ['Notifications', '/notifications'],
      ['Settings', '/settings'],
      ['Drafts', '/drafts'],
      ['Scheduled', '/scheduled'],
    ]) {
      expect(mobileMenu.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(mobileMenu.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();

    await user.click(mobileMenu.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('closes once a link is followed', async () => {
    const { user, router } = await renderSignedInHome();

    await user.click(screen.getByRole('button', { name: 'Main menu' }));
    await user.click(screen.getByRole('link', { name: 'Create Post' }));

    await router.arrivesAt('/create-post');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Main menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('mobile menu and the keyboard', () => {
  it('takes focus when opened and closes on Escape, giving focus back to its button', async () => {
    const { user } = await renderSignedInHome();
    const menuButton = screen.getByRole('button', { name: 'Main menu' });

    menuButton.focus();
    await user.keyboard('{Enter}');
    const mobileMenu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(mobileMenu).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(within(mobileMenu).getByRole('searchbox', { name: 'Search' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus leaves it, and stays open while focus moves inside it', async () => {
    const { user } = await renderSignedInHome();

    await user.click(screen.getByRole('button', { name: 'Main menu' }));
    const mobileMenu = screen.getByRole('navigation', { name: 'Mobile' });
    within(mobileMenu).getByRole('link', { name: 'Analytics' }).focus();
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();

    screen.getByRole('link', { name: 'Pathwise' }).focus();

    await vi.waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Pathwise' })).toHaveFocus();
  });
});

describe('footer', () => {
  it('has the Terms, Privacy and Contact links', async () => {
    await renderSignedInHome();
    const footer = screen.getByRole('contentinfo');

    for (const name of ['Terms', 'Privacy', 'Contact']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
  });
});
