import { AUTH_MESSAGES } from '@pathwise/contract';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

describe('forgot password', () => {
  it('is reached from the sign-in page', async () => {
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await router.arrivesAt('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('checks the address, then shows what the server says was sent', async () => {
    const request = heldResponse();
    server.use(http.post('/api/auth/password/forgot', request.resolver));
    const { user } = renderApp('/forgot-password');

    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Email address')).toHaveFocus();

    await user.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await request.arrived;
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    request.release(HttpResponse.json({ message: AUTH_MESSAGES.resetLinkSent }, { status: 202 }));
    expect(await screen.findByRole('status')).toHaveTextContent(AUTH_MESSAGES.resetLinkSent);
  });

  it("shows the server's refusal", async () => {
    server.use(http.post('/api/auth/password/forgot', errorResponse(429, AUTH_MESSAGES.tooManyAttempts)));
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.tooManyAttempts);
  });
});

describe('reset password', () => {
  /** The link works unless a test says otherwise. */
  beforeEach(() => {
    server.use(http.get('/api/auth/password/reset', () => new HttpResponse(null, { status: 204 })));
  });

  it('sends the token of the link with the new password, then offers to sign in', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/password/reset', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: AUTH_MESSAGES.passwordReset });
      }),
    );
    const { user } = renderApp('/reset-password?token=abc-123');

    await user.type(await screen.findByLabelText('New password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );

    await user.type(screen.getByLabelText('New password'), 'defghi');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(AUTH_MESSAGES.passwordReset);
    expect(sent).toEqual({ token: 'abc-123', password: 'abcdefghi' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('says why a used or expired link is refused', async () => {
    server.use(http.post('/api/auth/password/reset', errorResponse(400, AUTH_MESSAGES.resetLinkExpired)));
    const { user } = renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText('New password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetLinkExpired);
  });

  it('says at once that a used or expired link no longer works, without the form, and offers a new one', async () => {
    let checked: string | null = null;
    server.use(
      http.get('/api/auth/password/reset', ({ request }) => {
        checked = new URL(request.url).searchParams.get('token');
        return errorResponse(410, AUTH_MESSAGES.resetLinkUsed)();
      }),
    );
    const { user, router } = renderApp('/reset-password?token=used-one');

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetLinkUsed);
    expect(checked).toBe('used-one');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Send a new link' }));
    await router.arrivesAt('/forgot-password');
  });

  it('explains a link without its token, and where to get a new one', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is incomplete.');
    expect(screen.getByRole('link', { name: 'ask for a new one' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
