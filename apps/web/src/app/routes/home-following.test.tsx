import type { FollowingFeedItemWithRemote, FollowSuggestion, PlanInProgress } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { remotePostFixture } from '../../features/federation/test/fixtures';
import { postFixture } from '../../features/posts/test/posts';
import { errorResponse } from '../../test/error-response';
import { heldResponse } from '../../test/held-response';
import { server } from '../../test/msw-server';
import { pageOf } from '../../test/page-of';
import { planFixture } from '../../test/plans';
import { renderApp } from '../../test/render-app';
import { loadPages } from '../router';

const createdAt = '2026-01-06T10:00:00.000Z';

const suggestion = (fields: Partial<FollowSuggestion> = {}): FollowSuggestion => ({
  id: 21,
  name: 'Cleo Park',
  handle: 'cleopark',
  profilePicture: null,
  followersCount: 12,
  sharesCategory: true,
  ...fields,
});

/** Answers the Following feed with `items`, and keeps whether each request asked for remote posts. */
function serveFollowing(items: FollowingFeedItemWithRemote[]) {
  const remoteAsked: (string | null)[] = [];
  server.use(
    http.get('/api/feed/following', ({ request }) => {
      remoteAsked.push(new URL(request.url).searchParams.get('remote'));
      return HttpResponse.json(pageOf(items));
    }),
  );
  return remoteAsked;
}

/** A window at least `width` wide, as far as CSS media queries go (jsdom has none of its own). */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? Infinity) <= width,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
// The home page's code, loaded once ahead: its first import can take seconds on a busy machine.
beforeAll(() => loadPages('/'));
afterEach(() => vi.unstubAllGlobals());

describe("Home 'Following' tab", () => {
  it('is the third tab, selected by ?tab=following, and shows post and plan cards newest first', async () => {
    serveFollowing([
      { type: 'POST', createdAt, post: postFixture({ id: 42, title: 'Bob on lifetimes' }) },
      { type: 'LEARNING_PLAN', createdAt, learningPlan: planFixture({ id: 5, title: 'Learn Rust' }) },
    ]);
    renderApp('/?tab=following', { signedIn: true });

    const post = await screen.findByRole('article', { name: 'Bob on lifetimes' });
    const plan = screen.getByRole('article', { name: 'Learn Rust' });
    expect(post.compareDocumentPosition(plan) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Latest Posts',
      'Learning Plans',
      'Following',
    ]);
    expect(screen.getByRole('tab', { name: 'Following', selected: true })).toBeInTheDocument();
  });

  it('asks for posts from other servers and shows them among the rest, with their server, Like and Reply', async () => {
    const remoteAsked = serveFollowing([
      { type: 'POST', createdAt, post: postFixture({ id: 42, title: 'Bob on lifetimes' }) },
      { type: 'REMOTE_POST', createdAt, remotePost: remotePostFixture({ title: 'Notes from elsewhere' }) },
    ]);
    renderApp('/?tab=following', { signedIn: true });

    const remote = within(await screen.findByRole('article', { name: 'Notes from elsewhere' }));
    expect(remoteAsked).toEqual(['true']);
    expect(screen.getByRole('article', { name: 'Bob on lifetimes' })).toBeInTheDocument();
    expect(remote.getByText('On social.example')).toBeInTheDocument();
    expect(remote.getByRole('link', { name: /^View original/ })).toHaveAttribute(
      'href',
      'https://social.example/@ann/110',
    );
    expect(remote.getByRole('button', { name: 'Like, 0 likes' })).toBeInTheDocument();
    expect(remote.getByRole('textbox', { name: 'Reply to Ann Elsewhere' })).toBeInTheDocument();
    expect(remote.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
  });

  it('offers people to follow when there is nothing yet, and follows at once on a click', async () => {
    serveFollowing([]);
    const follow = heldResponse();
    server.use(
      http.get('/api/feed/suggestions', () => HttpResponse.json([suggestion()])),
      http.post('/api/users/21/follow', follow.resolver),
      http.get('/api/users/21/follow/status', () => HttpResponse.json({ isFollowing: true })),
    );
    const { user } = renderApp('/?tab=following', { signedIn: true });

    expect(
      await screen.findByRole('heading', { name: 'Nothing from the people you follow yet' }),
    ).toBeVisible();
    const suggestions = screen.getByRole('region', { name: 'People to follow' });
    expect(await within(suggestions).findByRole('link', { name: /Cleo Park/ })).toHaveAttribute(
      'href',
      '/profile/21',
    );
    expect(suggestions).toHaveTextContent('@cleopark · 12 followers');

    const button = within(suggestions).getByRole('button', { name: 'Follow Cleo Park' });
    await user.click(button);
    // Optimistic: flipped while the server has not answered yet, focus kept on the button.
    await follow.arrived;
    expect(within(suggestions).getByRole('button', { name: 'Unfollow Cleo Park' })).toHaveFocus();
    follow.release(HttpResponse.json({ isFollowing: true, followersCount: 13 }));
    await vi.waitFor(() =>
      expect(within(suggestions).getByRole('button', { name: 'Unfollow Cleo Park' })).not.toHaveAttribute(
        'aria-busy',
      ),
    );
  });

  it('puts the Follow button back and says why when following fails', async () => {
    serveFollowing([]);
    server.use(
      http.get('/api/feed/suggestions', () => HttpResponse.json([suggestion()])),
      http.post('/api/users/21/follow', errorResponse(500, 'Database unavailable')),
      http.get('/api/users/21/follow/status', () => HttpResponse.json({ isFollowing: false })),
    );
    const { user } = renderApp('/?tab=following', { signedIn: true });

    await user.click(await screen.findByRole('button', { name: 'Follow Cleo Park' }));

    expect(await screen.findByText(/Failed to follow\/unfollow user: Database unavailable/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Follow Cleo Park' })).toBeInTheDocument();
  });

  it('says so, with Try Again, when the feed cannot be loaded', async () => {
    server.use(http.get('/api/feed/following', errorResponse(500, 'boom')));
    renderApp('/?tab=following', { signedIn: true });
    expect(
      await screen.findByText('Failed to load the posts and plans of the people you follow.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('the home side column', () => {
  const inProgress: PlanInProgress = {
    id: 5,
    title: 'Learn Rust',
    category: 'PROGRAMMING',
    completionPercentage: 50,
    completedTopics: 1,
    skippedTopics: 0,
    totalTopics: 2,
  };

  it('shows plans in progress and people to follow on a wide screen', async () => {
    windowWidth(1280);
    server.use(
      http.get('/api/posts', () => HttpResponse.json(pageOf([]))),
      http.get('/api/feed/plans-in-progress', () => HttpResponse.json([inProgress])),
      http.get('/api/feed/suggestions', () => HttpResponse.json([suggestion()])),
    );
    renderApp('/', { signedIn: true });

    const side = await screen.findByRole('complementary', { name: 'Your plans and people to follow' });
    const plans = within(side).getByRole('region', { name: 'Plans in progress' });
    expect(await within(plans).findByRole('link', { name: /Learn Rust/ })).toHaveAttribute(
      'href',
      '/learning-plan/5',
    );
    expect(plans).toHaveTextContent('Programming · 1 of 2 topics · 50.0%');
    expect(within(plans).getByRole('progressbar', { name: 'Progress on Learn Rust' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    const people = within(side).getByRole('region', { name: 'People to follow' });
    expect(await within(people).findByRole('button', { name: 'Follow Cleo Park' })).toBeInTheDocument();
  });

  it('is not there on a phone', async () => {
    windowWidth(390);
    server.use(http.get('/api/posts', () => HttpResponse.json(pageOf([]))));
    renderApp('/', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeVisible();
    expect(screen.queryByRole('complementary', { name: 'Your plans and people to follow' })).toBeNull();
  });
});
