import { type LearningPlan, PLAN_MESSAGES } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { bobRef, planFixture, servePlan } from '../../../test/plans';
import { renderApp } from '../../../test/render-app';

const findTitle = (title = 'Learn Rust') => screen.findByRole('heading', { level: 1, name: title });
const topic = (title: string) => screen.getByRole('region', { name: new RegExp(title) });

/** Serves the plan, and answers each progress call with `answer` after storing what it asked. */
function serveProgress(
  plan: LearningPlan,
  response: () => Response | Promise<Response> = () => HttpResponse.json(plan),
) {
  const calls: string[] = [];
  let current = plan;
  server.use(
    http.get(`/api/learning-plans/${plan.id}`, () => HttpResponse.json(current)),
    http.get(`/api/learning-plans/${plan.id}/notes`, () => HttpResponse.json([])),
    http.patch(`/api/learning-plans/${plan.id}/topics/:topicId/*`, ({ request }) => {
      const url = new URL(request.url);
      calls.push(`${url.pathname}${url.search}`);
      return response();
    }),
  );
  return { calls, change: (next: LearningPlan) => (current = next) };
}

describe('plan detail page', () => {
  it('shows the plan, its topics and resources, links opening in a new tab', async () => {
    servePlan(planFixture({ creator: bobRef }));
    renderApp('/learning-plan/5', { signedIn: true });

    await findTitle();
    expect(screen.getByRole('link', { name: 'Bob Stone' })).toHaveAttribute('href', '/profile/8');
    expect(screen.getByText('From ownership to async, one topic a week.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress (1/2 topics)' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('30 days')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();

    const ownership = topic('Ownership');
    expect(within(ownership).getByRole('combobox', { name: 'Status of Ownership' })).toHaveValue('COMPLETED');
    expect(within(ownership).getByRole('checkbox', { name: 'The Book, chapter 4' })).toBeChecked();
    expect(within(ownership).getByRole('checkbox', { name: 'Borrowing slides' })).not.toBeChecked();
    const link = within(ownership).getByRole('link', { name: /Open resource: The Book, chapter 4/ });
    expect(link).toHaveAttribute('href', 'https://doc.rust-lang.org/book/ch04-00.html');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(ownership).getByRole('link', { name: /Open PDF: Borrowing slides/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/media\/plans\/.+\.pdf$/),
    );
    expect(within(topic('Traits')).getByRole('combobox')).toHaveValue('NOT_STARTED');
  });

  it('names the category and resource types as the forms do, never by their stored values', async () => {
    servePlan(planFixture());
    renderApp('/learning-plan/5', { signedIn: true });

    await findTitle();
    expect(screen.getByText('Programming')).toBeInTheDocument();
    expect(screen.queryByText(/PROGRAMMING|programming/)).not.toBeInTheDocument();
    const ownership = topic('Ownership');
    expect(within(ownership).getByText('Book')).toBeInTheDocument();
    expect(within(ownership).getByText('PDF')).toBeInTheDocument();
    expect(within(ownership).queryByText('BOOK')).not.toBeInTheDocument();
  });

  it('shows how far the viewer got once, as the progress bar and its percentage, without a status badge', async () => {
    servePlan(planFixture());
    renderApp('/learning-plan/5', { signedIn: true });

    await findTitle();
    expect(screen.getByRole('progressbar', { name: 'Progress (1/2 topics)' })).toBeInTheDocument();
    expect(screen.getByText('50.0%')).toBeInTheDocument();
    // 'In Progress' is still a choice of each topic's status dropdown; it is not written anywhere else.
    expect(screen.queryByText('In Progress', { ignore: 'option' })).not.toBeInTheDocument();
  });

  it('offers Edit to the creator', async () => {
    servePlan(planFixture());
    renderApp('/learning-plan/5', { signedIn: true });

    await findTitle();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/learning-plan/5/edit');
  });

  it('uses the plan as a template: busy while copying, then opens the copy saying what it is based on', async () => {
    const original = planFixture({ creator: bobRef });
    const copy = planFixture({
      id: 40,
      isPublic: false,
      completionPercentage: 0,
      completedTopics: 0,
      basedOn: { plan: { id: 5, title: 'Learn Rust', creator: bobRef }, deleted: false },
    });
    servePlan(copy);
    servePlan(original);
    const held = heldResponse();
    server.use(http.post('/api/learning-plans/5/copies', held.resolver));
    const { user } = renderApp('/learning-plan/5', { signedIn: true });

    await findTitle();
    await user.click(screen.getByRole('button', { name: 'Use as template' }));
    await held.arrived;
    expect(screen.getByRole('button', { name: 'Copying…' })).toHaveAttribute('aria-busy', 'true');
    held.release(HttpResponse.json(copy, { status: 201 }));

    const origin = await screen.findByText(/^Based on/);
    expect(within(origin).getByRole('link', { name: 'Learn Rust' })).toHaveAttribute(
      'href',
      '/learning-plan/5',
    );
    expect(within(origin).getByRole('link', { name: 'Bob Stone' })).toHaveAttribute('href', '/profile/8');
    expect(screen.getByText('Private')).toBeInTheDocument();
  });

  it('says when copying failed, and names a deleted original and the uses of a template', async () => {
    servePlan(planFixture({ basedOn: { plan: null, deleted: true }, templateUseCount: 3 }));
    server.use(http.post('/api/learning-plans/5/copies', () => HttpResponse.error()));
    const { user } = renderApp('/learning-plan/5', { signedIn: true });

    await findTitle();
    expect(screen.getByText('Based on a deleted plan')).toBeInTheDocument();
    expect(screen.getByText('Used as a template 3 times')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use as template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PLAN_MESSAGES.copyFailed);
  });

  it('sets a topic status, keeps every control waiting (focus kept) until the plan is reloaded, then shows it', async () => {
    const plan = planFixture({ creator: bobRef });
    const held = heldResponse();
    const { calls, change } = serveProgress(plan, held.resolver);
    const { user } = renderApp('/learning-plan/5', { signedIn: true });
    await findTitle();

    await user.selectOptions(within(topic('Traits')).getByRole('combobox'), 'In Progress');
    await held.arrived;
    expect(calls).toEqual(['/api/learning-plans/5/topics/12/user-progress?status=IN_PROGRESS']);
    for (const control of [...screen.getAllByRole('combobox'), ...screen.getAllByRole('checkbox')]) {
      expect(control).toHaveAttribute('aria-disabled', 'true');
    }
    expect(within(topic('Traits')).getByRole('combobox')).toHaveFocus();
    // A change while one is saved is not taken.
    await user.click(screen.getAllByRole('checkbox')[0]!);
    expect(calls).toHaveLength(1);
    // The choice shows at once, while it is saved.
    expect(within(topic('Traits')).getByRole('combobox')).toHaveValue('IN_PROGRESS');

    const traits = { ...plan.topics[1]!, completionStatus: 'IN_PROGRESS' as const };
    change({ ...plan, topics: [plan.topics[0]!, traits] });
    held.release(HttpResponse.json(plan));
    await vi.waitFor(() => expect(screen.getAllByRole('combobox')[0]).not.toHaveAttribute('aria-disabled'));
    expect(within(topic('Traits')).getByRole('combobox')).toHaveValue('IN_PROGRESS');
  });

  it('ticks a resource and shows the reloaded progress', async () => {
    const plan = planFixture({ creator: bobRef });
    const { calls, change } = serveProgress(plan);
    const { user } = renderApp('/learning-plan/5', { signedIn: true });
    await findTitle();

    const done = planFixture({ creator: bobRef, completionPercentage: 50 });
    done.topics[0]!.resources[1]!.isCompleted = true;
    change(done);
    await user.click(screen.getByRole('checkbox', { name: 'Borrowing slides' }));

    expect(await screen.findByRole('checkbox', { name: 'Borrowing slides', checked: true })).toBeEnabled();
    expect(calls).toEqual(['/api/learning-plans/5/topics/11/resources/22/user-progress?isCompleted=true']);
  });

  it.each([
    ['a topic status', 'Failed to update topic status. Please try again.'],
    ['a resource', 'Failed to update resource status. Please try again.'],
  ])('says so when %s cannot be updated', async (what, message) => {
    serveProgress(planFixture(), errorResponse(503, 'The database is unreachable.'));
    const { user } = renderApp('/learning-plan/5', { signedIn: true });
    await findTitle();

    if (what === 'a resource') await user.click(screen.getByRole('checkbox', { name: 'Borrowing slides' }));
    else await user.selectOptions(within(topic('Traits')).getByRole('combobox'), 'Completed');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('checkbox', { name: 'Borrowing slides' })).not.toBeChecked();
  });

  it("shows 'Learning plan not found' for a plan the server does not show", async () => {
    server.use(http.get('/api/learning-plans/5', errorResponse(404, 'Learning plan not found')));
    renderApp('/learning-plan/5', { signedIn: true });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Learning plan not found');
    expect(alert).toHaveTextContent(
      'Failed to load learning plan. It may have been deleted or you may not have permission to view it.',
    );
  });

  it('offers to retry when loading fails otherwise', async () => {
    server.use(http.get('/api/learning-plans/5', errorResponse(400, 'Invalid learning plan ID')));
    const { user } = renderApp('/learning-plan/5', { signedIn: true });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Failed to load learning plan. It may have been deleted or you may not have permission to view it.',
    );
    servePlan(planFixture());
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findTitle()).toBeInTheDocument();
  });
});
