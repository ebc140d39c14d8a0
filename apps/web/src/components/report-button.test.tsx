import { REPORT_FORWARD_TEXTS, REPORT_MESSAGES } from '@pathwise/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, it, vi } from 'vitest';
import { server } from '../test/msw-server';
import { ReportButton } from './report-button';
import type { ReportTarget } from './report-dialog';

function renderButton(target: ReportTarget = { type: 'COMMENT', id: 12, label: 'comment by Bob Stone' }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReportButton target={target} />
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

  // Only someone on another server can be reported to their server.
  expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
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

it('offers to send someone elsewhere an anonymous copy, checked, and sends what the person chose', async () => {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/reports', async ({ request }) => {
      sent.push(await request.json());
      const forwarded = (sent.at(-1) as { forward: boolean }).forward;
      const message = forwarded ? REPORT_MESSAGES.receivedAndForwarded : REPORT_MESSAGES.received;
      return HttpResponse.json({ id: sent.length, message, forwarded }, { status: 201 });
    }),
  );
  const user = renderButton({
    type: 'REMOTE_ACCOUNT',
    id: 5,
    label: '@mal@elsewhere.example',
    server: 'elsewhere.example',
  });

  await user.click(screen.getByRole('button', { name: 'Report @mal@elsewhere.example' }));
  let dialog = await screen.findByRole('dialog', { name: 'Report @mal@elsewhere.example' });
  const copy = within(dialog).getByRole('checkbox', {
    name: REPORT_FORWARD_TEXTS.label('elsewhere.example'),
  });
  expect(copy).toBeChecked();
  expect(copy).toHaveAccessibleDescription(REPORT_FORWARD_TEXTS.hint);
  await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent(REPORT_MESSAGES.receivedAndForwarded);
  expect(sent[0]).toEqual({
    targetType: 'REMOTE_ACCOUNT',
    targetId: 5,
    reason: 'SPAM',
    details: '',
    forward: true,
  });
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));

  // Unchecked (by keyboard: Space on the focused box), the report stays here.
  await user.click(screen.getByRole('button', { name: 'Report @mal@elsewhere.example' }));
  dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
  within(dialog).getByRole('checkbox').focus();
  await user.keyboard(' ');
  expect(within(dialog).getByRole('checkbox')).not.toBeChecked();
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent(REPORT_MESSAGES.received);
  expect(sent[1]).toMatchObject({ forward: false });
});
