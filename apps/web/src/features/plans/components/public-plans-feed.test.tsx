import { PLAN_MESSAGES } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { responseConfirmation } from '../../../test/confirmation';
import { errorResponse } from '../../../test/error-response';
import { server } from '../../../test/msw-server';
import { PAGE_LOAD_TIMEOUT_MS } from '../../../test/page-load-timeout';
import { pageOf } from '../../../test/page-of';
import { bobRef, planFixture } from '../../../test/plans';
import { renderApp } from '../../../test/render-app';

const findCard = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('article')!;

describe("Home 'Learning Plans' tab", () => {
  it('shows each plan as the spec card: creator, time, category, progress, days, status, topics, link', async () => {
    server.use(http.get('/api/learning-plans/public', () => HttpResponse.json(pageOf([planFixture()]))));
    renderApp('/?tab=plans', { signedIn: true });

    const card = await findCard('Learn Rust');
    expect(screen.getByRole('tab', { name: 'Learning Plans', selected: true })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/profile/7');
    expect(card).toHaveTextContent('3 days ago');
    expect(card).toHaveTextContent('programming');
    expect(card).toHaveTextContent('From ownership to async, one topic a week.');
    expect(card).toHaveTextContent('Progress (1/2 topics)');
    expect(card).toHaveTextContent('50.0%');
    expect(within(card).getByRole('progressbar', { name: 'Progress (1/2 topics)' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(card).toHaveTextContent('Estimated: 30 days');
    expect(card).toHaveTextContent('In Progress');
    expect(card).toHaveTextContent('2 topics: Ownership, Traits');
    expect(within(card).getByRole('link', { name: 'View Learning Plan' })).toHaveAttribute(
      'href',
      '/learning-plan/5',
    );
  });

  it.each([
    ['Not Started', 0, 0],
    ['Completed', 100, 2],
  ])("reads '%s' at %i percent", async (status, completionPercentage, completedTopics) => {
    const plan = planFixture({ completionPercentage, completedTopics, creator: bobRef });
    server.use(http.get('/api/learning-plans/public', () => HttpResponse.json(pageOf([plan]))));
    renderApp('/?tab=plans', { signedIn: true });

    const card = await findCard('Learn Rust');
    expect(card).toHaveTextContent(status);
    expect(card).toHaveTextContent(`Progress (${completedTopics}/2 topics)`);
  });

  it("offers Edit and Delete on the viewer's own plans only", async () => {
    const bobs = planFixture({ id: 6, title: "Bob's cello plan", creator: bobRef });
    server.use(
      http.get('/api/learning-plans/public', () => HttpResponse.json(pageOf([planFixture(), bobs]))),
    );
    renderApp('/?tab=plans', { signedIn: true });

    const mine = await findCard('Learn Rust');
    expect(within(mine).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/learning-plan/5/edit');
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const theirs = await findCard("Bob's cello plan");
    expect(within(theirs).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('deletes after the confirmation, drops the card and says so', async () => {
    let deleted = 0;
    server.use(
      http.get('/api/learning-plans/public', () => HttpResponse.json(pageOf([planFixture()]))),
      http.delete('/api/learning-plans/5', () => {
        deleted++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/?tab=plans', { signedIn: true });
    const card = await findCard('Learn Rust');

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await responseConfirmation(user, PLAN_MESSAGES.confirmDelete, 'Cancel');
    expect(deleted).toBe(0);
    expect(within(card).getByRole('button', { name: 'Delete' })).toHaveFocus();

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await responseConfirmation(user, PLAN_MESSAGES.confirmDelete, 'Delete');
    expect(await screen.findByRole('status')).toHaveTextContent('Learning plan deleted successfully');
    expect(screen.queryByRole('heading', { name: 'Learn Rust' })).not.toBeInTheDocument();
    expect(deleted).toBe(1);
  });

  it("says 'Failed to delete learning plan' and keeps the card when the delete fails", async () => {
    server.use(
      http.get('/api/learning-plans/public', () => HttpResponse.json(pageOf([planFixture()]))),
      http.delete(
        '/api/learning-plans/5',
        errorResponse(403, "You don't have permission to delete this learning plan"),
      ),
    );
    const { user } = renderApp('/?tab=plans', { signedIn: true });
    const card = await findCard('Learn Rust');

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await responseConfirmation(user, PLAN_MESSAGES.confirmDelete, 'Delete');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete learning plan');
    expect(card).toBeInTheDocument();
  });

  it("shows the empty state with a 'New Learning Plan' link", async () => {
    server.use(http.get('/api/learning-plans/public', () => HttpResponse.json(pageOf([]))));
    renderApp('/?tab=plans', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'No learning plans yet' })).toBeInTheDocument();
    expect(screen.getByText('Start by creating a new learning plan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Learning Plan' })).toHaveAttribute(
      'href',
      '/create-learning-plan',
    );
  });

  it("appends the next page with 'Load More' while pages remain", async () => {
    const pages: string[] = [];
    server.use(
      http.get('/api/learning-plans/public', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page')!;
        pages.push(page);
        return HttpResponse.json(
          page === '0'
            ? pageOf([planFixture()], 0, false)
            : pageOf([planFixture({ id: 9, title: 'Second page plan' })], 1, true),
        );
      }),
    );
    const { user } = renderApp('/?tab=plans', { signedIn: true });
    await findCard('Learn Rust');

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await findCard('Second page plan')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Learn Rust' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(pages).toEqual(['0', '1']);
  });

  it('treats a response without content as a failed load', async () => {
    server.use(http.get('/api/learning-plans/public', () => HttpResponse.json({ number: 0, last: true })));
    renderApp('/?tab=plans', { signedIn: true });

    // The query client tries twice more (1 s, then 2 s later) before giving up.
    const alert = await screen.findByRole('alert', {}, { timeout: PAGE_LOAD_TIMEOUT_MS });
    expect(alert).toHaveTextContent('Failed to load learning plans. Please try again later.');
  });

  it("shows 'Error Loading Content' and loads page 0 again, with a new refresh key, on 'Try Again'", async () => {
    const refreshKeys: (string | null)[] = [];
    server.use(
      http.get('/api/learning-plans/public', ({ request }) => {
        refreshKeys.push(new URL(request.url).searchParams.get('_'));
        return refreshKeys.length === 1
          ? errorResponse(400, 'page must be 0 or more')()
          : HttpResponse.json(pageOf([planFixture()]));
      }),
    );
    const { user } = renderApp('/?tab=plans', { signedIn: true });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Content');
    expect(alert).toHaveTextContent('Failed to load learning plans. Please try again later.');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await findCard('Learn Rust')).toBeInTheDocument();
    expect(refreshKeys).toHaveLength(2);
    expect(refreshKeys[1]).not.toBe(refreshKeys[0]);
  });
});
