import { AUTH_MESSAGES, STORAGE_KEYS } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

/** Answers a password change with a new token; `body` is what the page sent. */
function responseChangeWithNewToken() {
  const sent: { body?: unknown } = {};
  server.use(
    http.post('/api/auth/password/change', async ({ request }) => {
      sent.body = await request.json();
      return HttpResponse.json({ accessToken: 'the-new-token', tokenType: 'Bearer' });
    }),
  );
  return sent;
}

const sectionNamed = async (name: string) => within(await screen.findByRole('region', { name }));

describe('settings: change password', () => {
  it('sends both passwords and keeps the new token the server answers', async () => {
    const sent = responseChangeWithNewToken();
    const { user } = renderApp('/settings', { signedIn: true });
    const section = await sectionNamed('Change password');

    await user.type(section.getByLabelText('Current password'), 'old secret');
    await user.type(section.getByLabelText('New password'), 'new secret');
    await user.click(section.getByRole('button', { name: 'Change password' }));

    expect(await section.findByRole('status')).toHaveTextContent(AUTH_MESSAGES.passwordChanged);
    expect(sent.body).toEqual({ currentPassword: 'old secret', newPassword: 'new secret' });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('the-new-token');
    expect(section.getByLabelText('New password')).toHaveValue('');
  });

  it('lets an account without a password set one, leaving the current password out', async () => {
    const sent = responseChangeWithNewToken();
    const { user } = renderApp('/settings', { signedIn: true });
    const section = await sectionNamed('Change password');
    expect(section.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Leave it empty if you signed up with a social account and have no password yet.',
    );
    await user.type(section.getByLabelText('New password'), 'first password');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByRole('status')).toHaveTextContent(AUTH_MESSAGES.passwordChanged);
    expect(sent.body).toEqual({ newPassword: 'first password' });
  });

  it("checks the new password, and shows the server's refusal", async () => {
    server.use(
      http.post('/api/auth/password/change', errorResponse(400, AUTH_MESSAGES.currentPasswordWrong)),
    );
    const { user } = renderApp('/settings', { signedIn: true });
    const section = await sectionNamed('Change password');

    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(section.getByLabelText('New password')).toHaveAccessibleDescription('Password is required');
    expect(section.getByLabelText('New password')).toHaveFocus();

    await user.type(section.getByLabelText('Current password'), 'not it');
    await user.type(section.getByLabelText('New password'), 'new secret');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.currentPasswordWrong);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).not.toBe('the-new-token');
  });
});

describe('settings: sign out everywhere', () => {
  it("reads 'Processing...' while it runs, then keeps this device signed in with the new token", async () => {
    const request = heldResponse();
    server.use(http.post('/api/auth/sign-out-everywhere', request.resolver));
    const { user } = renderApp('/settings', { signedIn: true });
    const section = await sectionNamed('Sessions');

    await user.click(section.getByRole('button', { name: 'Sign out everywhere' }));
    await request.arrived;
    expect(section.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    request.release(HttpResponse.json({ accessToken: 'the-new-token', tokenType: 'Bearer' }));

    expect(await section.findByRole('status')).toHaveTextContent(AUTH_MESSAGES.signedOutEverywhere);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('the-new-token');
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('says so when it fails', async () => {
    server.use(http.post('/api/auth/sign-out-everywhere', () => HttpResponse.error()));
    const { user } = renderApp('/settings', { signedIn: true });
    const section = await sectionNamed('Sessions');
    await user.click(section.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Failed to sign out the other devices');
  });
});
