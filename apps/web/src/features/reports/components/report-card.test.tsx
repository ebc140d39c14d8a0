import { GROUP_POST_REMOVAL_MESSAGES, HIDE_MESSAGES, type ModerationReport } from '@pathwise/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { ReportCard } from './report-card';

const groupPostReport: ModerationReport = {
  id: 7,
  targetType: 'GROUP_POST',
  target: { id: 31, summary: 'Join my paid channel', path: '/groups/4' },
  reason: 'SPAM',
  details: '',
  status: 'OPEN',
  reporter: { id: 2, name: 'Bob Stone', profilePicture: null },
  fromServer: null,
  forwarded: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  closedAt: null,
  closedBy: null,
  note: '',
};

function renderCard(report: ModerationReport) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReportCard report={report} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

it("names a group post's report, links to its group, and removes the post with the note", async () => {
  let sent: unknown;
  server.use(
    http.post('/api/moderation/group-posts/31/remove', async ({ request }) => {
      sent = await request.json();
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const user = renderCard(groupPostReport);

  expect(screen.getByRole('heading', { name: /^Post in a study group:/ })).toBeVisible();
  expect(screen.getByRole('link', { name: 'Join my paid channel' })).toHaveAttribute('href', '/groups/4');
  // A group's posts are removed, not hidden: members-only content has no author-only view.
  expect(screen.queryByRole('button', { name: HIDE_MESSAGES.hide })).not.toBeInTheDocument();

  await user.type(screen.getByRole('textbox', { name: /Note for the log/ }), 'Ads');
  await user.click(screen.getByRole('button', { name: GROUP_POST_REMOVAL_MESSAGES.remove }));
  await expect.poll(() => sent).toEqual({ note: 'Ads' });
});

it("shows the server's refusal of a removal", async () => {
  server.use(
    http.post('/api/moderation/group-posts/31/remove', () =>
      HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Post not found' }, { status: 404 }),
    ),
  );
  const user = renderCard(groupPostReport);

  await user.click(screen.getByRole('button', { name: GROUP_POST_REMOVAL_MESSAGES.remove }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Post not found');
});

it('offers no removal on a report about a whole group', () => {
  renderCard({
    ...groupPostReport,
    targetType: 'GROUP',
    target: { id: 4, summary: 'Rust circle', path: '/groups/4' },
  });

  expect(screen.getByRole('heading', { name: /^Study group:/ })).toBeVisible();
  expect(screen.queryByRole('button', { name: GROUP_POST_REMOVAL_MESSAGES.remove })).not.toBeInTheDocument();
});

it('names someone on another server with their profile there, and a report another server sent', () => {
  renderCard({
    ...groupPostReport,
    targetType: 'REMOTE_ACCOUNT',
    target: {
      id: 9,
      summary: 'Mal',
      path: '/search?q=%40mal%40elsewhere.example',
      remote: { handle: '@mal@elsewhere.example', profileUrl: 'https://elsewhere.example/@mal' },
    },
    reporter: null,
    fromServer: 'elsewhere.example',
    forwarded: true,
  });

  expect(screen.getByRole('heading', { name: /^Someone on another server: Mal/ })).toBeVisible();
  expect(screen.getByRole('link', { name: 'Mal' })).toHaveAttribute(
    'href',
    '/search?q=%40mal%40elsewhere.example',
  );
  expect(screen.getByRole('link', { name: /Their profile there/ })).toHaveAttribute(
    'href',
    'https://elsewhere.example/@mal',
  );
  expect(screen.getByText(/by elsewhere\.example, anonymously/)).toBeVisible();
  expect(screen.getByText(/An anonymous copy was sent to their server/)).toBeVisible();
});

it('shows how many follow a reported person from each server, as a domain block names them', async () => {
  server.use(
    http.get('/api/moderation/users/5/remote-followers', () =>
      HttpResponse.json({
        servers: [
          { server: 'big.example', followers: 2 },
          { server: 'small.example', followers: 1 },
        ],
      }),
    ),
  );
  renderCard({
    ...groupPostReport,
    targetType: 'USER',
    target: { id: 5, summary: 'Ann', path: '/profile/5' },
  });

  expect(await screen.findByText('Followers elsewhere: big.example (2), small.example (1)')).toBeVisible();
});

it('says nothing of followers elsewhere when a reported person has none', async () => {
  let asked = false;
  server.use(
    http.get('/api/moderation/users/5/remote-followers', () => {
      asked = true;
      return HttpResponse.json({ servers: [] });
    }),
  );
  renderCard({
    ...groupPostReport,
    targetType: 'USER',
    target: { id: 5, summary: 'Ann', path: '/profile/5' },
  });

  await waitFor(() => expect(asked).toBe(true));
  expect(screen.queryByText(/Followers elsewhere/)).not.toBeInTheDocument();
});
