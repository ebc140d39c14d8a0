import type { BenchManifest } from '../seed/manifest.js';

export type BenchRequest = { method: 'GET' | 'POST'; path: string; token: string; body?: string };

export type Scenario = {
  name: string;
  /** Reads are held to the read targets; the write mix changes data, so it runs last. */
  kind: 'read' | 'write';
  /** The next request: each one as a different user, on different things. */
  next(): BenchRequest;
};

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const anyOf = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** Query shapes people type: names with typos, a word being typed, phrases with exclusions, rare words. */
const SEARCHES = {
  'search: name with a typo': ['jonh', 'mray smith', 'petr novak', 'fatma khan', 'olvia chen'],
  'search: words, last one a prefix': [
    'typesc',
    'react hoo',
    'kubernetes dock',
    'guitar prac',
    'rust compil',
  ],
  'search: phrase and exclusion': [
    '"machine learning" -redux',
    '"deep neural" -python',
    '"data science" -finance',
  ],
  'search: rare word': ['term41234', 'term37711', 'term45678', 'term39999', 'term48888'],
  // The worst of them alone (the targets' "worst search"): about one post in eight starts a word with it.
  'search: broad prefix (typesc)': ['typesc'],
};

/** Every scenario over the seeded data of `manifest`, reads first. */
export function allScenarios(manifest: BenchManifest): Scenario[] {
  const { ids, viewers, trackedPlans } = manifest;
  const tokenOf = new Map(viewers.map((viewer) => [viewer.id, viewer.token]));
  const token = () => anyOf(viewers).token;
  const get = (path: string): BenchRequest => ({ method: 'GET', path, token: token() });
  const read = (name: string, next: () => BenchRequest): Scenario => ({ name, kind: 'read', next });
  // The time in a cursor is only read when its post is gone: the post's id is what places the page.
  const cursorAfterPage = (page: number) => `0_${ids.posts - (page + 1) * 10 + 1}`;

  return [
    read('feed page 0', () => get('/api/posts?page=0&size=10')),
    read('feed page 200', () => get('/api/posts?page=200&size=10')),
    // Deeper pages as the web app reads them, after the cursor of the page before (docs/api.md): a cursor
    // names the last post of that page, whose time the server looks up (the seed's ids grow with time).
    read('feed page 1 by cursor', () => get(`/api/posts?size=10&cursor=${cursorAfterPage(0)}`)),
    read('feed page 50 by cursor', () => get(`/api/posts?size=10&cursor=${cursorAfterPage(49)}`)),
    // The same pages by number, as the spec's clients ask: OFFSET skips the posts before them.
    read('feed page 1 by number', () => get('/api/posts?page=1&size=10')),
    read('feed page 50 by number', () => get('/api/posts?page=50&size=10')),
    read('post detail', () => get(`/api/posts/${between(1, ids.posts)}`)),
    read('profile', () => get(`/api/users/${between(1, ids.users)}`)),
    read("user's posts", () => get(`/api/posts/user/${between(1, ids.users)}?page=0&size=10`)),
    read('public plans', () => get('/api/learning-plans/public?page=0&size=10')),
    read('plan detail with progress', () => {
      const { userId, planId } = anyOf(trackedPlans);
      return { method: 'GET', path: `/api/learning-plans/${planId}`, token: tokenOf.get(userId)! };
    }),
    ...Object.entries(SEARCHES).map(([name, queries]) =>
      read(name, () => get(`/api/search?query=${encodeURIComponent(anyOf(queries))}&page=0&size=10`)),
    ),
    // The home page's Following tab and side column (docs/features.md, "Following"): each viewer follows a
    // few dozen people.
    read('following feed page 0', () => get('/api/feed/following?page=0&size=10')),
    read('people to follow', () => get('/api/feed/suggestions')),
    read('plans in progress', () => get('/api/feed/plans-in-progress')),
    // The Explore page (docs/features.md, "Explore"): shared rankings, then each viewer's rows.
    read('explore', () => get('/api/explore')),
    read('unread count', () => get('/api/notifications/unread/count')),
    read('notifications', () => get('/api/notifications?page=0&size=10')),
    {
      name: 'write mix (3 like toggles : 1 comment)',
      kind: 'write',
      next: () =>
        Math.random() < 0.75
          ? { method: 'POST', path: `/api/posts/${between(1, ids.posts)}/like`, token: token() }
          : {
              method: 'POST',
              path: `/api/posts/${between(1, ids.posts)}/comments`,
              token: token(),
              body: JSON.stringify({ content: `Benchmark comment ${between(1, 1_000_000)}` }),
            },
    },
  ];
}
