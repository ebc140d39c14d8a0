import { REPORT_MESSAGES } from '@pathwise/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, it, vi } from 'vitest';
import { server } from '../test/msw-server';
import { ReportButton } from './report-button';

function renderButton() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReportButton target={{ type: 'COMMENT', id: 12, label: 'comment by Bob Stone' }} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

it('asks for a reason, sends the report and says it was received; focus goes back to Report', async () => {
  let sent: unknown;
  server.use(
    http.post('/api/reports', async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ id: 3, message: REPORT_MESSAGES.received }, { status: 201 });
    }),
  );
  const user = renderButton();

  await user.click(screen.getByRole('button', { name: 'Report comment by Bob Stone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report comment by Bob Stone' });
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(REPORT_MESSAGES.invalidReason);
  expect(sent).toBeUndefined();

  await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
  await user.type(
    within(dialog).getByRole('textbox', { name: /Anything moderators should know/ }),
    'Twice now',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

  expect(await within(dialog).findByRole('status')).toHaveTextContent(REPORT_MESSAGES.received);
  expect(sent).toEqual({ targetType: 'COMMENT', targetId: 12, reason: 'HARASSMENT', details: 'Twice now' });
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await vi.waitFor(() =>
    expect(screen.getByRole('button', { name: 'Report comment by Bob Stone' })).toHaveFocus(),
  );
});

it("shows the server's reason when the report is refused, and keeps the form", async () => {
  server.use(
    http.post('/api/reports', () =>
      HttpResponse.json(
        { statusCode: 404, error: 'Not Found', message: REPORT_MESSAGES.targetNotFound },
        { status: 404 },
      ),
    ),
  );
  const user = renderButton();
  await user.click(screen.getByRole('button', { name: 'Report comment by Bob Stone' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.targetNotFound);
  expect(within(dialog).getByRole('radio', { name: 'Spam or advertising' })).toBeChecked();
});
