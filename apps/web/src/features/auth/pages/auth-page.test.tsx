import { STORAGE_KEYS } from '@pathwise/contract';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ANN_TOKEN, ann } from '../../../test/fixtures';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const FAILED_AUTHENTICATION_HINT =
  'This may happen if you denied access or there was a problem with the authentication server.';

function errorResponse(status: number, message: string) {
  return () => HttpResponse.json({ statusCode: status, error: 'Error', message }, { status });
}

describe('sign-in form', () => {
  it('shows the contract messages under each field', async () => {
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');

    await user.type(screen.getByLabelText('Email address'), 'ann@');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Invalid email address');
  });

  it("shows the server's message when sign-in is refused", async () => {
    server.use(http.post('/api/auth/login', errorResponse(400, 'Invalid email or password')));
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it("says 'Failed to login' when the server gives no message", async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.error()));
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to login');
  });

  it("reads 'Processing...' and cannot be sent twice while the request runs", async () => {
    const login = heldResponse();
    server.use(http.post('/api/auth/login', login.resolver));
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await login.arrived;
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    login.release(errorResponse(429, 'Too many attempts. Please wait a minute and try again.')());
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
  });

  it('signs in: stores the token, loads the user with it and lands on the home page', async () => {
    let meAuthorization: string | null = null;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        expect(await request.json()).toEqual({ email: 'ann@example.com', password: 'secret1' });
        return HttpResponse.json({ accessToken: ANN_TOKEN, tokenType: 'Bearer' });
      }),
      http.get('/api/auth/me', ({ request }) => {
        meAuthorization = request.headers.get('Authorization');
        return HttpResponse.json(ann);
      }),
    );
    const { user, router } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe(ANN_TOKEN);
    expect(meAuthorization).toBe(`Bearer ${ANN_TOKEN}`);
  });
});

describe('sign-up form', () => {
  it('is preset on /signup and shows the contract messages under each field', async () => {
    const { user } = renderApp('/signup');

    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');

    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
  });

  it("shows the server's message, else 'Failed to register'", async () => {
    server.use(http.post('/api/auth/signup', errorResponse(409, 'Email address already in use.')));
    const { user } = renderApp('/signup');

    await user.type(await screen.findByLabelText('Name'), 'Ann Lee');
    await user.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email address already in use.');

    server.use(http.post('/api/auth/signup', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Failed to register')).toBeInTheDocument();
  });

  it('creates the account and lands on the home page signed in', async () => {
    server.use(
      http.post('/api/auth/signup', async ({ request }) => {
        expect(await request.json()).toEqual({
          name: 'Ann Lee',
          email: 'ann@example.com',
          password: 'secret1',
        });
        return HttpResponse.json({ accessToken: ANN_TOKEN, tokenType: 'Bearer' }, { status: 201 });
      }),
      http.get('/api/auth/me', () => HttpResponse.json(ann)),
    );
    const { user } = renderApp('/signup');

    await user.type(await screen.findByLabelText('Name'), '  Ann Lee ');
    await user.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe(ANN_TOKEN);
  });
});

describe('returning to the page asked for', () => {
  it.each([
    ['signing in', 'Sign In'],
    ['signing up', 'Sign Up'],
  ])('a shared link opened while signed out is where %s lands', async (_, submit) => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ accessToken: ANN_TOKEN, tokenType: 'Bearer' })),
      http.post('/api/auth/signup', () =>
        HttpResponse.json({ accessToken: ANN_TOKEN, tokenType: 'Bearer' }, { status: 201 }),
      ),
      http.get('/api/auth/me', () => HttpResponse.json(ann)),
      http.get('/api/posts/32', () => HttpResponse.json({ message: 'Post not found' }, { status: 404 })),
    );
    const { user, router } = renderApp('/post/32?ref=mail');
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(router.state.location.pathname).toBe('/login');

    if (submit === 'Sign Up') {
      await user.click(screen.getByRole('button', { name: 'Sign up' }));
      await user.type(await screen.findByLabelText('Name'), 'Ann Lee');
    }
    await user.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: submit }));

    await vi.waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/post/32?ref=mail'),
    );
    expect(screen.queryByRole('heading', { name: 'Sign in to your account' })).not.toBeInTheDocument();
  });
});

describe('mode toggle', () => {
  it('switches between signing in and signing up and clears the error message', async () => {
    server.use(http.post('/api/auth/login', errorResponse(400, 'Invalid email or password')));
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });
});

describe('messages that arrive with the page', () => {
  it('shows the session-expired message for ?expired=true', async () => {
    renderApp('/login?expired=true');

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it('shows a decoded OAuth error from the query with the hint, then removes it from the URL', async () => {
    const message = 'OAuth authentication failed. Please try again.';
    const { router } = renderApp(`/login?error=${encodeURIComponent(message)}`);

    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent(message);
    expect(box).toHaveTextContent(FAILED_AUTHENTICATION_HINT);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('shows an OAuth error from the navigation state, without the hint when it is not about failed authentication', async () => {
    const message = 'Failed to load user profile after authentication. Please try again.';
    const { router } = renderApp({ pathname: '/login', search: '?expired=true', state: { error: message } });

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(FAILED_AUTHENTICATION_HINT)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.search).toBe('?expired=true');
  });
});
