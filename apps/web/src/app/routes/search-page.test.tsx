import type { Group, LearningPlan, Page, Post, SearchResult, UserSearchItem } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { postFixture } from '../../features/posts/test/posts';
import { heldResponse } from '../../test/held-response';
import { server } from '../../test/msw-server';
import { planFixture } from '../../test/plans';
import { renderApp } from '../../test/render-app';

const person = (id: number, bio = `Bio of person ${id}`): UserSearchItem => ({
  id,
  name: `Person ${id}`,
  handle: `person${id}`,
  email: `person${id}@example.com`,
  bio,
  profilePicture: null,
  isCurrentUserFollowing: false,
});
const post = (id: number) => postFixture({ id, title: `Post ${id}` });
const plan = (id: number) => planFixture({ id, title: `Plan ${id}` });
const group = (id: number): Group => ({
  id,
  name: `Group ${id}`,
  description: '',
  isPublic: true,
  plan: { id: 5, title: 'Learn Rust' },
  founder: { id: 77, name: 'Cleo Founder', profilePicture: null },
  startDate: null,
  topicsPerWeek: null,
  memberCount: id % 2 === 0 ? 1 : 3,
  createdAt: '2026-01-05T10:00:00.000Z',
  viewerRole: null,
  inviteToken: null,
});

/**
 * Page `number` of a kind with `all` results, ten to a page; with `ranked`, as the server answers
 * when more matched than it ranks: only that many, and a total that is a lower bound.
 */
function pageOf<T>(all: T[], number: number, ranked?: number): Page<T> & { totalIsLowerBound: boolean } {
  const totalIsLowerBound = ranked !== undefined && all.length > ranked;
  const totalElements = totalIsLowerBound ? ranked : all.length;
  const totalPages = Math.ceil(totalElements / 10);
  return {
    content: all.slice(number * 10, Math.min(number * 10 + 10, totalElements)),
    number,
    size: 10,
    totalElements,
    totalPages,
    first: number === 0,
    last: number >= totalPages - 1,
    totalIsLowerBound,
  };
}

type Found = {
  users?: UserSearchItem[];
  posts?: Post[];
  learningPlans?: LearningPlan[];
  groups?: Group[];
  ranked?: number;
};

/** Answers GET /api/search from `found`, and records each request's query and page. */
function serveSearch(found: Found) {
  const requests: { query: string | null; page: number }[] = [];
  server.use(
    http.get('/api/search', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page'));
      requests.push({ query: params.get('query'), page });
      const response: SearchResult = {
        users: pageOf(found.users ?? [], page, found.ranked),
        posts: pageOf(found.posts ?? [], page, found.ranked),
        learningPlans: pageOf(found.learningPlans ?? [], page, found.ranked),
        groups: pageOf(found.groups ?? [], page, found.ranked),
      };
      return HttpResponse.json(response);
    }),
  );
  return requests;
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const tab = (name: string) => screen.findByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

// Whole pages of cards make role queries slow in jsdom, more so on a busy machine.
describe('search page', () => {
  it('searches on load and shows the All tab: 4 users, 3 posts and 2 plans with real totals, in one request', async () => {
    const requests = serveSearch({
      users: [person(1, ''), ...range(2, 11).map((id) => person(id))],
      posts: range(100, 5).map(post),
      learningPlans: range(200, 3).map(plan),
    });
    renderApp('/search?q=rust%20hooks', { signedIn: true });

    expect(await tab('All Results')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Users (12)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Posts (5)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Learning Plans (3)' })).toBeInTheDocument();
    expect(requests).toEqual([{ query: 'rust hooks', page: 0 }]);
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveValue('rust hooks');

    const users = within(screen.getByRole('region', { name: 'Users' }));
    expect(users.getAllByRole('article')).toHaveLength(4);
    expect(users.getByRole('button', { name: 'View all 12 users' })).toBeInTheDocument();
    const first = within(users.getByRole('article', { name: 'Person 1' }));
    expect(first.getByText('No bio available')).toBeInTheDocument();
    // A person's card names them by @handle, never by address.
    expect(first.getByText('@person1')).toBeInTheDocument();
    expect(first.queryByText(/@example\.com/)).not.toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile/1');
    expect(users.getByRole('article', { name: 'Person 2' })).toHaveTextContent('Bio of person 2');

    const posts = within(screen.getByRole('region', { name: 'Posts' }));
    expect(posts.getAllByRole('article')).toHaveLength(3);
    expect(posts.getByRole('article', { name: 'Post 100' })).toBeInTheDocument();
    expect(posts.queryByRole('article', { name: 'Post 103' })).not.toBeInTheDocument();
    expect(posts.getByRole('button', { name: 'View all 5 posts' })).toBeInTheDocument();

    const plans = within(screen.getByRole('region', { name: 'Learning Plans' }));
    expect(plans.getAllByRole('article')).toHaveLength(2);
    expect(plans.getAllByRole('link', { name: 'View Learning Plan' })[0]).toHaveAttribute(
      'href',
      '/learning-plan/200',
    );
    expect(plans.getByRole('button', { name: 'View all 3 learning plans' })).toBeInTheDocument();
  });

  it("'View all' opens the kind's tab, which pages through every result with 'Load More'", async () => {
    const requests = serveSearch({ users: range(1, 12).map((id) => person(id)), posts: [post(100)] });
    const { user } = renderApp('/search?q=person', { signedIn: true });

    await user.click(await screen.findByRole('button', { name: 'View all 12 users' }));

    const usersTab = screen.getByRole('tab', { name: 'Users (12)' });
    expect(usersTab).toHaveAttribute('aria-selected', 'true');
    expect(usersTab).toHaveFocus();
    expect(within(panel()).getAllByRole('article')).toHaveLength(10);
    await user.click(within(panel()).getByRole('button', { name: 'Load More' }));
    expect(await within(panel()).findByRole('article', { name: 'Person 12' })).toBeInTheDocument();
    expect(within(panel()).getAllByRole('article')).toHaveLength(12);
    expect(within(panel()).queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.page)).toEqual([0, 1]);

    await user.click(screen.getByRole('tab', { name: 'Posts (1)' }));
    expect(within(panel()).getByRole('article', { name: 'Post 100' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it("shows '1,000+ results' for a kind with more matches than the server ranks", async () => {
    serveSearch({ posts: range(1, 1001).map(post), learningPlans: range(2000, 3).map(plan), ranked: 1000 });
    const { user } = renderApp('/search?q=typesc', { signedIn: true });

    const posts = within(await screen.findByRole('region', { name: 'Posts' }));
    expect(screen.getByRole('tab', { name: 'Posts (1,000+)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Learning Plans (3)' })).toBeInTheDocument();
    await user.click(posts.getByRole('button', { name: 'View all 1,000+ posts' }));
    expect(within(panel()).getByText('1,000+ results')).toBeInTheDocument();
    expect(within(panel()).getAllByRole('article')).toHaveLength(10);
  });

  it("keeps what was found and says so in a red box when 'Load More' fails", async () => {
    serveSearch({ posts: range(100, 11).map(post) });
    server.use(
      http.get('/api/search', ({ request }) =>
        new URL(request.url).searchParams.get('page') === '1'
          ? HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'No' }, { status: 400 })
          : undefined,
      ),
    );
    const { user } = renderApp('/search?q=post', { signedIn: true });

    await user.click(await tab('Posts (11)'));
    await user.click(within(panel()).getByRole('button', { name: 'Load More' }));

    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Failed to perform search. Please try again.',
    );
    expect(within(panel()).getAllByRole('article')).toHaveLength(10);
  });

  it('says what was not found, in every tab', async () => {
    serveSearch({ posts: [post(100)] });
    const { user } = renderApp('/search?q=zebra', { signedIn: true });

    await user.click(await tab('Users (0)'));
    expect(panel()).toHaveTextContent('No users found matching "zebra"');
    await user.click(screen.getByRole('tab', { name: 'Learning Plans (0)' }));
    expect(panel()).toHaveTextContent('No learning plans found matching "zebra"');
    await user.click(screen.getByRole('tab', { name: 'Groups (0)' }));
    expect(panel()).toHaveTextContent('No study groups found matching "zebra"');
    await user.click(screen.getByRole('tab', { name: 'All Results' }));
    expect(screen.queryByRole('region', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Posts' })).toBeInTheDocument();
  });

  it('says nothing was found, with a hint, when no kind has results', async () => {
    serveSearch({});
    const { user } = renderApp('/search?q=qwxz', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'No results found for "qwxz"' })).toBeInTheDocument();
    expect(panel()).toHaveTextContent('Try different keywords or check your spelling');
    await user.click(screen.getByRole('tab', { name: 'Posts (0)' }));
    expect(panel()).toHaveTextContent('No posts found matching "qwxz"');
  });

  it('shows study groups: two in All Results, every one in Groups (n), each leading to its page', async () => {
    serveSearch({ groups: range(300, 3).map(group) });
    const { user } = renderApp('/search?q=rust', { signedIn: true });

    const groups = within(await screen.findByRole('region', { name: 'Groups' }));
    expect(groups.getAllByRole('link').map((link) => link.textContent)).toEqual(['Group 300', 'Group 301']);
    expect(groups.getByText('Learn Rust · 1 member')).toBeInTheDocument();
    await user.click(groups.getByRole('button', { name: 'View all 3 study groups' }));

    expect(screen.getByRole('tab', { name: 'Groups (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel()).getAllByRole('link')).toHaveLength(3);
    expect(within(panel()).getByRole('link', { name: 'Group 302' })).toHaveAttribute('href', '/groups/302');
  });

  it("shows 'Loading...' while searching, then a red box when the search fails", async () => {
    const response = heldResponse();
    server.use(http.get('/api/search', response.resolver));
    renderApp('/search?q=rust', { signedIn: true });

    await response.arrived;
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    response.release(
      HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'No' }, { status: 400 }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to perform search. Please try again.');
  });

  it('searches for a submitted query: the address shows it, and submitting it again searches again', async () => {
    const requests = serveSearch({ posts: [post(100)] });
    // Without a query the page suggests plans and people (search-suggestions.test.tsx): none here.
    server.use(
      http.get('/api/learning-plans/public', () => HttpResponse.json(pageOf([], 0))),
      http.get('/api/feed/suggestions', () => HttpResponse.json([])),
    );
    const { user, router } = renderApp('/search', { signedIn: true });
    const box = await screen.findByRole('searchbox', { name: 'Search for' });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();

    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('');
    expect(requests).toEqual([]);

    await user.type(box, ' rust  {Enter}');
    expect(await tab('Posts (1)')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('rust');
    expect(requests).toEqual([{ query: 'rust', page: 0 }]);

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(await tab('Posts (1)')).toBeInTheDocument();
  });

  it('follows a search started from the top bar while on the page', async () => {
    const requests = serveSearch({ posts: [post(100)] });
    const { user } = renderApp('/search?q=rust', { signedIn: true });
    await tab('Posts (1)');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'go{Enter}');

    await vi.waitFor(() => expect(requests.at(-1)).toEqual({ query: 'go', page: 0 }));
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveValue('go');
  });
});
