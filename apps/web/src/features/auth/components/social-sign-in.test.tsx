import { STORAGE_KEYS } from '@pathwise/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordPageLoads } from '../../../test/page-loads';
import { renderApp } from '../../../test/render-app';

describe("'Continue with Google'", () => {
  it.each([
    ['/login', 'Sign in to your account'],
    ['/signup', 'Create your account'],
  ])("is offered on %s under 'Or continue with'", async (path, heading) => {
    renderApp(path);

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.getByText('Or continue with')).toBeInTheDocument();
  });

  it("remembers the page, reads 'Connecting...' (disabled) and hands the tab to the server", async () => {
    const pageLoads = recordPageLoads();
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    expect(screen.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
    expect(sessionStorage.getItem(STORAGE_KEYS.oauthRedirectFrom)).toBe('/login');
    expect(pageLoads).toHaveBeenCalledWith('/api/auth/oauth2/authorize/google');
  });

  it('remembers the page a visitor was sent to the login page from', async () => {
    recordPageLoads();
    const { user } = renderApp('/profile/edit?from=mail');

    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    expect(sessionStorage.getItem(STORAGE_KEYS.oauthRedirectFrom)).toBe('/profile/edit?from=mail');
  });

  it("is usable again when the browser's Back button restores the page", async () => {
    recordPageLoads();
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });

    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });
});
