import { NOTE_MESSAGES, type PlanNoteGroup } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { renderApp } from '../../../test/render-app';

const group: PlanNoteGroup = {
  plan: { id: 5, title: 'Learn Rust' },
  notes: [
    {
      id: 70,
      planId: 5,
      topicId: 11,
      resourceId: null,
      content: 'Moves **first**',
      createdAt: '2026-01-06T10:00:00.000Z',
      updatedAt: '2026-01-06T10:00:00.000Z',
      topicTitle: 'Ownership',
      resourceTitle: null,
    },
    {
      id: 71,
      planId: 5,
      topicId: 11,
      resourceId: 22,
      content: 'Print it',
      createdAt: '2026-01-06T10:00:00.000Z',
      updatedAt: '2026-01-06T10:00:00.000Z',
      topicTitle: 'Ownership',
      resourceTitle: 'Borrowing slides',
    },
  ],
};

/** Answers /api/notes with `groups` for any search, recording each query string. */
function serveNotes(groups: PlanNoteGroup[]) {
  const queries: string[] = [];
  server.use(
    http.get('/api/notes', ({ request }) => {
      queries.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json(pageOf(groups));
    }),
  );
  return queries;
}

describe('My notes page', () => {
  it('lists the notes grouped by plan, linking to the plan', async () => {
    serveNotes([group]);
    renderApp('/notes', { signedIn: true });

    const plan = await screen.findByRole('region', { name: 'Learn Rust' });
    expect(within(plan).getByRole('link', { name: 'Learn Rust' })).toHaveAttribute(
      'href',
      '/learning-plan/5',
    );
    expect(within(plan).getByText('Ownership › Borrowing slides')).toBeInTheDocument();
    expect(await within(plan).findByText('first')).toHaveProperty('tagName', 'STRONG');
    expect(within(plan).getByText('Print it')).toBeInTheDocument();
  });

  it('searches the notes with the query in the address, and says when nothing matches', async () => {
    const queries = serveNotes([]);
    const { user } = renderApp('/notes', { signedIn: true });

    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search your notes' }), 'lifetimes');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText(NOTE_MESSAGES.noMatches)).toBeInTheDocument();
    expect(queries).toEqual(['', 'lifetimes']);
  });

  it('offers to retry when the notes cannot be loaded', async () => {
    server.use(http.get('/api/notes', errorResponse(500, 'boom')));
    const { user } = renderApp('/notes', { signedIn: true });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NOTE_MESSAGES.loadFailed);
    serveNotes([group]);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Learn Rust' })).toBeInTheDocument();
  });
});
