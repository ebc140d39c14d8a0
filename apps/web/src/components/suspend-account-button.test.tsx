import { SUSPENSION_MESSAGES } from '@pathwise/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, it, vi } from 'vitest';
import { errorResponse } from '../test/error-response';
import { server } from '../test/msw-server';
import { SuspendAccountButton } from './suspend-account-button';

function renderButton(suspended: boolean) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SuspendAccountButton userId={7} name="Sam Spam" suspended={suspended} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

it('asks why, suspends with the reason, says so, and focus goes back to the button', async () => {
  let sent: unknown;
  server.use(
    http.post('/api/moderation/users/7/suspend', async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({
        userId: 7,
        suspendedAt: '2026-11-26T10:00:00.000Z',
        message: SUSPENSION_MESSAGES.suspended('Sam Spam'),
      });
    }),
  );
  const user = renderButton(false);

  await user.click(screen.getByRole('button', { name: SUSPENSION_MESSAGES.suspendAction }));
  const dialog = await screen.findByRole('dialog', { name: 'Suspend Sam Spam?' });
  await user.click(within(dialog).getByRole('button', { name: SUSPENSION_MESSAGES.confirmSuspend }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(SUSPENSION_MESSAGES.reasonRequired);
  expect(sent).toBeUndefined();

  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam links');
  await user.click(within(dialog).getByRole('button', { name: SUSPENSION_MESSAGES.confirmSuspend }));

  expect(await screen.findByText(SUSPENSION_MESSAGES.suspended('Sam Spam'))).toBeInTheDocument();
  expect(sent).toEqual({ reason: 'Spam links' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await vi.waitFor(() =>
    expect(screen.getByRole('button', { name: SUSPENSION_MESSAGES.suspendAction })).toHaveFocus(),
  );
});

it("shows the server's reason when refused, keeping the dialog open", async () => {
  server.use(
    http.post(
      '/api/moderation/users/7/suspend',
      errorResponse(409, SUSPENSION_MESSAGES.cannotSuspendModerator),
    ),
  );
  const user = renderButton(false);
  await user.click(screen.getByRole('button', { name: SUSPENSION_MESSAGES.suspendAction }));
  const dialog = await screen.findByRole('dialog', { name: 'Suspend Sam Spam?' });
  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Rude');
  await user.click(within(dialog).getByRole('button', { name: SUSPENSION_MESSAGES.confirmSuspend }));
  expect(await within(dialog).findByText(SUSPENSION_MESSAGES.cannotSuspendModerator)).toBeInTheDocument();
});

it('unsuspends a suspended account in one click', async () => {
  server.use(
    http.post('/api/moderation/users/7/unsuspend', () =>
      HttpResponse.json({
        userId: 7,
        suspendedAt: null,
        message: SUSPENSION_MESSAGES.unsuspended('Sam Spam'),
      }),
    ),
  );
  const user = renderButton(true);
  await user.click(screen.getByRole('button', { name: SUSPENSION_MESSAGES.unsuspendAction }));
  expect(await screen.findByText(SUSPENSION_MESSAGES.unsuspended('Sam Spam'))).toBeInTheDocument();
});
