import { STORAGE_KEYS } from '@pathwise/contract';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { postFixture } from '../features/posts/test/posts';
import { ANN_TOKEN, ann } from '../test/fixtures';
import { heldResponse } from '../test/held-response';
import { server } from '../test/msw-server';
import { PAGE_LOAD_TIMEOUT_MS } from '../test/page-load-timeout';
import { recordPageLoads } from '../test/page-loads';
import { pageOf } from '../test/page-of';
import { renderApp } from '../test/render-app';

describe('guards', () => {
  it.each(['/', '/analytics', '/no-such-page'])('sends a visitor on %s to /login', async (path) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/login', '/signup'])('sends a signed-in user on %s to the home page', async (path) => {
    const { router } = renderApp(path, { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('restoring a stored session', () => {
  it("shows the signed-in frame and 'Loading...' until the server says whose the token is", async () => {
    const me = heldResponse();
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    server.use(http.get('/api/auth/me', me.resolver));
    renderApp('/');

    await me.arrived;
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Pathwise');
    me.release(HttpResponse.json(ann));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('drops a token the server refuses and reloads on the session-expired login', async () => {
    const pageLoads = recordPageLoads();
    localStorage.setItem(STORAGE_KEYS.authToken, 'expired-token');
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'Please sign in to continue.' },
          { status: 401 },
        ),
      ),
    );
    renderApp('/');

    await vi.waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/login?expired=true'));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('keeps the session when the server cannot be reached, says so and retries', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    let calls = 0;
    server.use(
      http.get('/api/auth/me', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(ann);
      }),
    );
    const { router } = renderApp('/');

    expect(await screen.findByText("Can't reach Pathwise, retrying…")).toHaveAttribute('role', 'status');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe(ANN_TOKEN);
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Welcome back, Ann Lee' },
        { timeout: PAGE_LOAD_TIMEOUT_MS },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Can't reach Pathwise, retrying…")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the session when the page is left while the user is still loading', async () => {
    let meRequest: Request | undefined;
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    server.use(
      http.get('/api/auth/me', ({ request }) => {
        meRequest = request;
        return new Promise<Response>(() => {});
      }),
    );
    const { router } = renderApp('/');
    await vi.waitFor(() => expect(meRequest).toBeDefined());

    window.dispatchEvent(new Event('pagehide'));

    // The request is cancelled rather than failed, so the page the browser opens next is still signed in.
    await vi.waitFor(() => expect(meRequest!.signal.aborted).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe(ANN_TOKEN);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('a session remembered from the last visit', () => {
  const remember = (token: string) =>
    localStorage.setItem(STORAGE_KEYS.rememberedUser, JSON.stringify({ token, user: ann }));

  it('asks for the feed together with the user, not after: one round trip to the feed', async () => {
    const me = heldResponse();
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    remember(ANN_TOKEN);
    server.use(
      http.get('/api/auth/me', me.resolver),
      http.get('/api/posts', () =>
        HttpResponse.json(pageOf([postFixture({ title: 'Feed while the user loads' })])),
      ),
    );
    renderApp('/');

    await me.arrived;
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Feed while the user loads' })).toBeInTheDocument();
    me.release(HttpResponse.json({ ...ann, name: 'Ann Lee-Smith' }));
    // The server's response wins over the remembered one, and is remembered for the next visit.
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee-Smith' })).toBeInTheDocument();
    // Remembered by an effect, after the render that shows the name.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.rememberedUser)!).user.name).toBe('Ann Lee-Smith'),
    );
  });

  it('ignores a user remembered for another token', async () => {
    const me = heldResponse();
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    remember('token-of-someone-else');
    server.use(http.get('/api/auth/me', me.resolver));
    renderApp('/');

    await me.arrived;
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Welcome back/ })).not.toBeInTheDocument();
    me.release(HttpResponse.json(ann));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
  });

  it('stays signed in as remembered while the server answers 5xx, and retries when back online', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    remember(ANN_TOKEN);
    let serverDown = true;
    server.use(
      http.get('/api/auth/me', () =>
        serverDown
          ? HttpResponse.json(
              { statusCode: 503, error: 'Service Unavailable', message: 'Down' },
              { status: 503 },
            )
          : HttpResponse.json(ann),
      ),
      http.get('/api/posts', () => HttpResponse.json(pageOf([]))),
    );
    const { router } = renderApp('/');

    expect(await screen.findByText("Can't reach Pathwise, retrying…")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.rememberedUser)).not.toBeNull();

    serverDown = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() =>
      expect(screen.queryByText("Can't reach Pathwise, retrying…")).not.toBeInTheDocument(),
    );
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe(ANN_TOKEN);
  });
});

describe('home page', () => {
  it('greets the user by name and offers shortcuts to create a post or a learning plan', async () => {
    renderApp('/', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create a post/ })).toHaveAttribute('href', '/create-post');
    expect(screen.getByRole('link', { name: /Create a learning plan/ })).toHaveAttribute(
      'href',
      '/create-learning-plan',
    );
  });
});

describe('404 page', () => {
  it.each(['/no-such-page', '/post'])(
    'answers %s, a path with no page yet, inside the layout',
    async (path) => {
      const { user, router } = renderApp(path, { signedIn: true });

      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(
        screen.getByText(
          "Sorry, we couldn't find the page you're looking for. The link might be broken or the page " +
            'may have been removed.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('banner')).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Go back home' }));
      expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );
});
