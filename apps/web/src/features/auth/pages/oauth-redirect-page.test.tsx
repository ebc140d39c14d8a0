import { STORAGE_KEYS } from '@pathwise/contract';
import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { ann } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { PAGE_LOAD_TIMEOUT_MS } from '../../../test/page-load-timeout';
import { recordPageLoads } from '../../../test/page-loads';
import { renderApp } from '../../../test/render-app';

const FAILED_AUTHENTICATION_HINT =
  'This may happen if you denied access or there was a problem with the authentication server.';

/** Lets `ms` of the page's time pass, with everything that happens meanwhile. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Waits until `check` passes without letting the page's time pass: loading a page's code and
 * answering a request take real time, which findBy would measure on the faked timers instead.
 */
async function eventually(check: () => void) {
  const deadline = performance.now() + PAGE_LOAD_TIMEOUT_MS;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (performance.now() > deadline) throw error;
    }
    await act(() => new Promise((resolve) => setImmediate(resolve)));
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

// The first visit to a signed-in page loads the whole app layout's code, in real time.
describe('OAuth redirect page with a token', () => {
  it('stores the token, loads the user after 200 ms, then opens the remembered page after 500 ms', async () => {
    const meCalls: (string | null)[] = [];
    server.use(
      http.get('/api/auth/me', ({ request }) => {
        meCalls.push(request.headers.get('Authorization'));
        return HttpResponse.json(ann);
      }),
    );
    sessionStorage.setItem(STORAGE_KEYS.oauthRedirectFrom, '/no-such-page?tab=plans');
    const { router } = renderApp('/oauth2/redirect#token=fresh-token');

    await eventually(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Processing authentication...'),
    );
    // The token leaves the address bar (and its history entry) at once.
    expect(router.state.location).toMatchObject({ pathname: '/oauth2/redirect', search: '', hash: '' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('fresh-token');

    await elapse(199);
    expect(meCalls).toEqual([]);
    await elapse(1);
    await eventually(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Authentication successful! Loading your profile...',
      ),
    );
    expect(meCalls).toEqual(['Bearer fresh-token']);

    await elapse(499);
    expect(router.destination().pathname).toBe('/oauth2/redirect');
    await elapse(1);
    expect(router.destination()).toMatchObject({ pathname: '/no-such-page', search: '?tab=plans' });
    // Signed in: the guarded page opens; the remembered page is forgotten.
    await eventually(() =>
      expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument(),
    );
    expect(sessionStorage.getItem(STORAGE_KEYS.oauthRedirectFrom)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('fresh-token');
  });

  it('takes a token in the query too, and removes it from the address bar at once', async () => {
    const meCalls: (string | null)[] = [];
    server.use(
      http.get('/api/auth/me', ({ request }) => {
        meCalls.push(request.headers.get('Authorization'));
        return HttpResponse.json(ann);
      }),
    );
    const { router } = renderApp('/oauth2/redirect?token=query-token');

    await eventually(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Processing authentication...'),
    );
    expect(router.state.location).toMatchObject({ pathname: '/oauth2/redirect', search: '', hash: '' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('query-token');

    await elapse(200);
    await eventually(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Authentication successful! Loading your profile...',
      ),
    );
    expect(meCalls).toEqual(['Bearer query-token']);
    await elapse(500);
    expect(router.destination().pathname).toBe('/');
  });

  it('drops the token when the profile cannot be loaded and returns to the login page after 1.5 s', async () => {
    const pageLoads = recordPageLoads();
    server.use(http.get('/api/auth/me', errorResponse(401, 'Please sign in to continue.')));
    const { router } = renderApp('/oauth2/redirect#token=refused-token');

    await eventually(() => expect(screen.getByText('Processing authentication...')).toBeInTheDocument());
    await elapse(200);
    await eventually(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Error loading profile data. Please try again.'),
    );
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();

    await elapse(1499);
    expect(router.destination().pathname).toBe('/oauth2/redirect');
    await elapse(1);
    expect(router.destination().pathname).toBe('/login');
    await eventually(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Failed to load user profile after authentication. Please try again.',
      ),
    );
    // A refused new token is a failed sign-in, not an expired session to reload for.
    expect(pageLoads).not.toHaveBeenCalled();
  });
});

describe('OAuth redirect page without a token', () => {
  async function expectLoginPageError(message: string, { hint }: { hint: boolean }) {
    await eventually(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    if (hint) expect(screen.getByRole('alert')).toHaveTextContent(FAILED_AUTHENTICATION_HINT);
    else expect(screen.getByRole('alert')).not.toHaveTextContent(FAILED_AUTHENTICATION_HINT);
  }

  it("shows 'Authentication failed!', then after 1 s the server's reason on the login page", async () => {
    const reason = 'Google authentication failed: access was denied.';
    const { router } = renderApp(`/oauth2/redirect?error=${encodeURIComponent(reason)}`);

    await eventually(() => expect(screen.getByRole('status')).toHaveTextContent('Authentication failed!'));
    expect(router.state.location.search).toBe('');
    await elapse(999);
    expect(router.destination().pathname).toBe('/oauth2/redirect');
    await elapse(1);
    expect(router.destination().pathname).toBe('/login');
    await expectLoginPageError(reason, { hint: true });
  });

  it('says OAuth authentication failed when the server gave no reason', async () => {
    renderApp('/oauth2/redirect');

    await eventually(() => expect(screen.getByRole('status')).toHaveTextContent('Authentication failed!'));
    await elapse(1000);

    await expectLoginPageError('OAuth authentication failed. Please try again.', { hint: true });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('shows a reason of our own without the hint about the provider', async () => {
    const reason =
      'Sign-in with Google is not configured on this server. Please sign in with your email and password.';
    renderApp(`/oauth2/redirect?error=${encodeURIComponent(reason)}`);

    await eventually(() => expect(screen.getByRole('status')).toHaveTextContent('Authentication failed!'));
    await elapse(1000);

    await expectLoginPageError(reason, { hint: false });
  });
});
