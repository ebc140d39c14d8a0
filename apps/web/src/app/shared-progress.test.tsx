import type { SharedProgress } from '@pathwise/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { server } from '../test/msw-server';
import { planFixture } from '../test/plans';
import { loadPages } from './router';

// The pages' code first, so the tests wait for the pages and not for a cold import on a busy machine.
beforeAll(() => Promise.all(['/learning-plan/5', '/learning-plan/5/progress/ann'].map(loadPages)));

import { renderApp } from '../test/render-app';

const progress: SharedProgress = {
  plan: { id: 5, title: 'Learn Rust', description: 'From ownership to async.', category: 'PROGRAMMING' },
  person: { id: 2, name: 'Ann Lee', handle: 'ann', profilePicture: null },
  percentage: 50,
  completedTopics: 1,
  skippedTopics: 0,
  streakDays: 3,
  topics: [
    { id: 1, title: 'Ownership', status: 'COMPLETED', prerequisiteTopicIds: [] },
    { id: 2, title: 'Traits', status: 'IN_PROGRESS', prerequisiteTopicIds: [1] },
  ],
};

describe('shared progress page', () => {
  it('shows the percentage, streak and each topic with its status in words', async () => {
    server.use(http.get('/api/learning-plans/5/progress/ann', () => HttpResponse.json(progress)));
    renderApp('/learning-plan/5/progress/ann', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ann Lee’s progress on Learn Rust' }),
    ).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByText('3 days')).toBeInTheDocument();
    const map = screen.getByRole('region', { name: 'Map of Ann Lee’s progress on the topics of Learn Rust' });
    const topics = within(map).getAllByRole('listitem');
    expect(topics.map((topic) => topic.textContent)).toEqual(['OwnershipCompleted', 'TraitsIn Progress']);
  });

  it('says when the progress is not shared', async () => {
    server.use(
      http.get('/api/learning-plans/5/progress/ann', () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Not shared' }, { status: 404 }),
      ),
    );
    renderApp('/learning-plan/5/progress/ann', { signedIn: true });
    expect(
      await screen.findByText('This progress is not shared, or you cannot see this plan.'),
    ).toBeInTheDocument();
  });

  it('lets the person turn sharing on from the plan page and then offers the link', async () => {
    let shared = false;
    server.use(
      http.get('/api/learning-plans/5', () => HttpResponse.json(planFixture())),
      http.get('/api/learning-plans/5/progress-share', () => HttpResponse.json({ shared })),
      http.put('/api/learning-plans/5/progress-share', async ({ request }) => {
        shared = ((await request.json()) as { shared: boolean }).shared;
        return HttpResponse.json({ shared });
      }),
    );
    const { user } = renderApp('/learning-plan/5', { signedIn: true });
    const toggle = await screen.findByRole('switch', { name: 'Share my progress' });
    const section = screen.getByRole('region', { name: 'Share my progress' });
    expect(toggle).not.toBeChecked();
    expect(within(section).queryByRole('button')).toBeNull();
    await user.click(toggle);
    expect(await within(section).findByRole('button', { name: /^(Share|Copy link)$/ })).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(shared).toBe(true);
  });

  it('keeps the switch on from the click until the server answers, on a slow connection', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/learning-plans/5', () => HttpResponse.json(planFixture())),
      http.get('/api/learning-plans/5/progress-share', () => HttpResponse.json({ shared: false })),
      http.put('/api/learning-plans/5/progress-share', async () => {
        await answered;
        return HttpResponse.json({ shared: true });
      }),
    );
    renderApp('/learning-plan/5', { signedIn: true });
    const toggle = await screen.findByRole('switch', { name: 'Share my progress' });
    fireEvent.click(toggle);
    // At once, before anything else has run: the switch does not flip back while the request is out.
    expect(toggle).toBeChecked();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toggle).toBeChecked();
    release();
    const section = screen.getByRole('region', { name: 'Share my progress' });
    expect(await within(section).findByRole('button', { name: /^(Share|Copy link)$/ })).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });
});
