import { ACCOUNT_MESSAGES, AUTH_MESSAGES, STORAGE_KEYS } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const sectionNamed = async (name: string) => within(await screen.findByRole('region', { name }));

/** Records the JSON bodies posted to `path` and answers each with `message`. */
function responseMessage(path: string, message: string, status = 200) {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ message }, { status });
    }),
  );
  return bodies;
}

describe('settings: change e-mail address', () => {
  it('shows the current address, sends the new one with the password and says where the link went', async () => {
    const sent = AUTH_MESSAGES.emailChangeLinkSent('ann@new.example.com');
    const bodies = responseMessage('/api/auth/email/change', sent, 202);
    const { user } = renderApp('/settings', { signedIn: true });
    const section = await sectionNamed('Change e-mail address');
    expect(section.getByText('ann@example.com')).toBeInTheDocument();

    await user.type(section.getByLabelText('New e-mail address'), 'ann@new.example.com');
    await user.type(section.getByLabelText('Current password'), 'my secret');
    await user.click(section.getByRole('button', { name: 'Send confirmation link' }));

    expect(await section.findByRole('status')).toHaveTextContent(sent);
    expect(bodies).toEqual([{ newEmail: 'ann@new.example.com', currentPassword: 'my secret' }]);
    expect(section.getByLabelText('New e-mail address')).toHaveValue('');
  });

  it("checks the address before sending, and shows the server's refusal", async () => {
    server.use(http.post('/api/auth/email/change', errorResponse(409, AUTH_MESSAGES.emailTaken)));
    const { user } = renderApp('/settings', { signedIn: true });
    const section = await sectionNamed('Change e-mail address');
    await user.click(section.getByRole('button', { name: 'Send confirmation link' }));
    expect(section.getByLabelText('New e-mail address')).toHaveAccessibleDescription('Email is required');

    await user.type(section.getByLabelText('New e-mail address'), 'bob@example.com');
    await user.click(section.getByRole('button', { name: 'Send confirmation link' }));
    expect(await section.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailTaken);
  });
});

describe('confirm e-mail page', () => {
  it('confirms the link once as soon as it opens, and says so', async () => {
    const bodies = responseMessage(
      '/api/auth/email/confirm',
      AUTH_MESSAGES.emailChanged('ann@new.example.com'),
    );
    renderApp('/confirm-email?token=the-token');
    expect(await screen.findByText(AUTH_MESSAGES.emailChanged('ann@new.example.com'))).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'the-token' }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows why a link is refused', async () => {
    server.use(http.post('/api/auth/email/confirm', errorResponse(400, AUTH_MESSAGES.emailLinkExpired)));
    renderApp('/confirm-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailLinkExpired);
  });
});

describe('settings: download my data', () => {
  it('downloads the archive as a file, and shows a refusal', async () => {
    server.use(
      http.get('/api/account/export', () =>
        HttpResponse.arrayBuffer(new Uint8Array([0x50, 0x4b]).buffer, {
          headers: { 'content-type': 'application/zip' },
        }),
      ),
    );
    const createObjectURL = vi.fn(() => 'blob:the-archive');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderApp('/settings', { signedIn: true });
    const section = await sectionNamed('Your data');

    await user.click(section.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('pathwise-data.zip');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));

    server.use(http.get('/api/account/export', errorResponse(429, ACCOUNT_MESSAGES.tooManyExports)));
    await user.click(section.getByRole('button', { name: 'Download my data' }));
    expect(await section.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManyExports);
    click.mockRestore();
    vi.unstubAllGlobals();
  });
});

describe('settings: delete account', () => {
  it('asks in a dialog, sends the password, then signs out to the sign-in page with a message', async () => {
    const bodies = responseMessage('/api/account/delete', ACCOUNT_MESSAGES.accountDeleted);
    const { user, router } = renderApp('/settings', { signedIn: true });
    const section = await sectionNamed('Delete account');

    await user.type(section.getByLabelText('Password', { exact: true }), 'my secret');
    await user.click(section.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(bodies).toEqual([]);

    await user.click(section.getByRole('button', { name: 'Delete my account' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete my account' }),
    );
    await router.arrivesAt('/login');
    expect(bodies).toEqual([{ password: 'my secret' }]);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(await screen.findByText(ACCOUNT_MESSAGES.accountDeleted)).toBeInTheDocument();
    // Two dialogs and a sign-out on a shared, busy machine.
  }, 20_000);

  it("shows the server's refusal and stays signed in", async () => {
    server.use(http.post('/api/account/delete', errorResponse(400, AUTH_MESSAGES.currentPasswordWrong)));
    const { user } = renderApp('/settings', { signedIn: true });
    const section = await sectionNamed('Delete account');
    await user.type(section.getByLabelText('Password', { exact: true }), 'not it');
    await user.click(section.getByRole('button', { name: 'Delete my account' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete my account' }),
    );
    expect(await section.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.currentPasswordWrong);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).not.toBeNull();
  });
});
