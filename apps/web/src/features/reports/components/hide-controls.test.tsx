import { type ContentModeration, HIDE_MESSAGES } from '@pathwise/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server';
import { HideControls } from './hide-controls';

function renderControls(moderation?: ContentModeration) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HideControls target={{ type: 'COMMENT', id: 12 }} moderation={moderation} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

// A dialog, typing and two answers: seconds on a busy two-core machine.
it('asks why, hides with the reason and says so; focus goes back to Hide', async () => {
  let sent: unknown;
  server.use(
    http.post('/api/moderation/comments/12/hide', async ({ request }) => {
      sent = await request.json();
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const user = renderControls();

  await user.click(screen.getByRole('button', { name: HIDE_MESSAGES.hide }));
  const dialog = await screen.findByRole('dialog', { name: HIDE_MESSAGES.dialogTitle.COMMENT });
  await user.click(within(dialog).getByRole('button', { name: HIDE_MESSAGES.hide }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(HIDE_MESSAGES.reasonRequired);
  expect(sent).toBeUndefined();

  await user.type(within(dialog).getByRole('textbox', { name: HIDE_MESSAGES.reasonLabel }), 'Insults');
  await user.click(within(dialog).getByRole('button', { name: HIDE_MESSAGES.hide }));

  expect(await within(dialog).findByRole('status')).toHaveTextContent(HIDE_MESSAGES.hidden);
  expect(sent).toEqual({ reason: 'Insults' });
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await vi.waitFor(() => expect(screen.getByRole('button', { name: HIDE_MESSAGES.hide })).toHaveFocus());
});

it("shows why a hidden item is hidden, and the server's refusal of Unhide", async () => {
  server.use(
    http.post('/api/moderation/comments/12/unhide', () =>
      HttpResponse.json(
        { statusCode: 409, error: 'Conflict', message: HIDE_MESSAGES.notHidden },
        { status: 409 },
      ),
    ),
  );
  const user = renderControls({ hiddenAt: '2026-01-01T00:00:00.000Z', reason: 'Insults' });

  expect(screen.getByText('Insults')).toBeVisible();
  await user.click(screen.getByRole('button', { name: HIDE_MESSAGES.unhide }));
  expect(await screen.findByRole('alert')).toHaveTextContent(HIDE_MESSAGES.notHidden);
});
