import type { Explore } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { postFixture } from '../../features/posts/test/posts';
import { server } from '../../test/msw-server';
import { planFixture } from '../../test/plans';
import { renderApp } from '../../test/render-app';

/** The people to follow beside the sections: the feed's own request. */
const noSuggestions = http.get('/api/feed/suggestions', () => HttpResponse.json([]));

const explore = (fields: Partial<Explore> = {}): Explore => ({
  trendingPosts: [],
  popularTemplates: [],
  mostLearned: [],
  popularTags: [],
  ...fields,
});

it('shows each section under its heading, with the cards of posts and plans and what ranks them', async () => {
  server.use(
    noSuggestions,
    http.get('/api/explore', () =>
      HttpResponse.json(
        explore({
          trendingPosts: [postFixture({ id: 42 })],
          popularTemplates: [{ learningPlan: planFixture({ id: 5, title: 'Learn Rust' }), recentUses: 3 }],
          mostLearned: [{ learningPlan: planFixture({ id: 6, title: 'Learn Go' }), learners: 1 }],
          popularTags: [
            { name: 'rust', uses: 4 },
            { name: 'go', uses: 1 },
          ],
        }),
      ),
    ),
  );
  renderApp('/explore', { signedIn: true });

  expect(await screen.findByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
  const trending = await screen.findByRole('region', { name: 'Trending posts' });
  expect(within(trending).getByRole('article', { name: 'Learning Rust ownership' })).toBeInTheDocument();
  const templates = screen.getByRole('region', { name: 'Most used as templates' });
  expect(within(templates).getByRole('article', { name: 'Learn Rust' })).toBeInTheDocument();
  expect(
    within(templates).getByText('Used as a template by 3 people in the last 30 days'),
  ).toBeInTheDocument();
  const learned = screen.getByRole('region', { name: 'Most learned this month' });
  expect(within(learned).getByText('1 person made progress this month')).toBeInTheDocument();
  const tags = screen.getByRole('region', { name: 'Popular tags' });
  expect(within(tags).getByRole('link', { name: '#rust 4 posts and plans' })).toHaveAttribute(
    'href',
    '/tags/rust',
  );
  expect(within(tags).getByRole('link', { name: '#go 1 post or plan' })).toHaveAttribute('href', '/tags/go');
  const people = screen.getByRole('region', { name: 'People to follow' });
  expect(await within(people).findByText('No one to suggest yet.')).toBeInTheDocument();
});

it('says when a section has nothing yet', async () => {
  server.use(
    noSuggestions,
    http.get('/api/explore', () => HttpResponse.json(explore())),
  );
  renderApp('/explore', { signedIn: true });

  expect(
    await screen.findByText('No post has been liked, commented on or saved this week yet.'),
  ).toBeInTheDocument();
  expect(screen.getByText('No plan was used as a template in the last 30 days.')).toBeInTheDocument();
  expect(screen.getByText('No one has made progress on a public plan this month yet.')).toBeInTheDocument();
  expect(screen.getByText('No post or public plan was tagged in the last 30 days.')).toBeInTheDocument();
});

it('offers to try again when Explore cannot be loaded, and loads it again', async () => {
  let calls = 0;
  server.use(
    noSuggestions,
    http.get('/api/explore', () => {
      calls++;
      // The first load and its two retries fail; the person's "Try again" succeeds.
      return calls <= 3
        ? HttpResponse.json({ message: 'down' }, { status: 500 })
        : HttpResponse.json(explore({ trendingPosts: [postFixture({ id: 42 })] }));
    }),
  );
  const { user } = renderApp('/explore', { signedIn: true });

  expect(await screen.findByText('Explore could not be loaded.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('article', { name: 'Learning Rust ownership' })).toBeInTheDocument();
});
