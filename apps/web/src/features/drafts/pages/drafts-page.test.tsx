import { DRAFT_MESSAGES, type ListedDraft } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { renderApp } from '../../../test/render-app';

const drafts: ListedDraft[] = [
  {
    id: 4,
    kind: 'PLAN',
    planId: 12,
    title: 'Learn Go',
    excerpt: '',
    updatedAt: '2026-01-07T10:00:00.000Z',
  },
  {
    id: 3,
    kind: 'POST',
    planId: null,
    title: 'Rust traits',
    excerpt: 'Like interfaces',
    updatedAt: '2026-01-06T10:00:00.000Z',
  },
  {
    id: 2,
    kind: 'POST',
    planId: null,
    title: '',
    excerpt: 'Only words so far',
    updatedAt: '2026-01-05T10:00:00.000Z',
  },
];

/** Answers /api/drafts with what is left of `listed`, deleting on DELETE. */
function serveDrafts(listed: ListedDraft[]) {
  let left = [...listed];
  server.use(
    http.get('/api/drafts', () => HttpResponse.json(pageOf(left))),
    http.delete('/api/drafts/:id', ({ params }) => {
      left = left.filter((draft) => draft.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

describe('Drafts page', () => {
  it('lists the drafts in the order given, each opening its editor', async () => {
    serveDrafts(drafts);
    renderApp('/drafts', { signedIn: true });

    const list = await screen.findByRole('list', { name: 'Your drafts' });
    const items = within(list).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Learn Go',
      'Rust traits',
      DRAFT_MESSAGES.untitled,
    ]);
    // Changes to an existing plan open in that plan's editor, which restores them.
    expect(within(items[0]!).getByRole('link', { name: 'Learn Go' })).toHaveAttribute(
      'href',
      '/learning-plan/12/edit',
    );
    expect(items[0]).toHaveTextContent(DRAFT_MESSAGES.planEdit);
    expect(within(items[1]!).getByRole('link', { name: 'Rust traits' })).toHaveAttribute(
      'href',
      '/create-post?draft=3',
    );
    expect(items[2]).toHaveTextContent('Only words so far');
  });

  it('deletes a draft once asked', async () => {
    serveDrafts(drafts);
    renderApp('/drafts', { signedIn: true });
    const u = userEvent.setup();

    await u.click(await screen.findByRole('button', { name: 'Delete draft Rust traits' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await screen.findByText(DRAFT_MESSAGES.untitled);
    expect(screen.queryByText('Rust traits')).not.toBeInTheDocument();
  });

  it('says when there is none', async () => {
    serveDrafts([]);
    renderApp('/drafts', { signedIn: true });
    expect(await screen.findByText(DRAFT_MESSAGES.empty)).toBeInTheDocument();
  });

  it('says when they could not be loaded', async () => {
    server.use(http.get('/api/drafts', errorResponse(500, 'Down')));
    renderApp('/drafts', { signedIn: true });
    expect(await screen.findByText(DRAFT_MESSAGES.loadFailed)).toBeInTheDocument();
  });
});
