import type { LearningPlan, Post } from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, MODERATOR_EMAIL, type TestApp } from './helpers/app.js';
import { createPlan, setResourceCompleted, setTopicStatus } from './helpers/plans.js';
import { createPost } from './helpers/posts.js';

/**
 * Reading signed out (PUBLIC_READING, docs/product.md#decisions, 19): a visitor gets public posts,
 * plans and profiles as a signed-in stranger sees them, and nothing private.
 */
let t: TestApp;
/** Shows her profile to visitors and her e-mail address to members. */
let ann: TestAccount;
/** Shows neither; likes, saves, comments on, tracks and notes Ann's things. */
let bob: TestAccount;
/** A member who never met either: what a stranger sees. */
let stranger: TestAccount;
let moderator: TestAccount;
let suspended: TestAccount;
let annPost: Post;
let bobPost: Post;
let hiddenPost: Post;
let suspendedPost: Post;
let publicPlan: LearningPlan;
let privatePlan: LearningPlan;

const NOTE = 'Private note marker wobbleplum';
const PRIVATE_TITLE = 'Private plan marker quincefig';

const as = (account: TestAccount | null, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...request.headers, ...(account && bearer(account.token)) } });
const ok = async (account: TestAccount | null, request: InjectOptions) => {
  const res = await as(account, request);
  expect(res.statusCode, `${request.method ?? 'GET'} ${request.url}: ${res.body}`).toBeLessThan(300);
  return res;
};

beforeAll(async () => {
  // The full reads' statements are counted here; test/page-cache.test.ts counts those of kept pages.
  t = await createTestApp({ config: { publicReading: true, pageCache: false } });
  ann = await signUp(t, { name: 'Ann Lee' });
  bob = await signUp(t, { name: 'Bob Stone' });
  stranger = await signUp(t, { name: 'Stranger' });
  moderator = await signUp(t, { name: 'Moderator', email: MODERATOR_EMAIL });
  suspended = await signUp(t, { name: 'Sus Pended' });
  await ok(ann, {
    method: 'PUT',
    url: '/api/users/me/privacy',
    payload: { showEmail: true, showProfileToVisitors: true },
  });
  annPost = await createPost(t, ann.token, { title: 'Ann writes in public', tags: ['walked'] });
  bobPost = await createPost(t, bob.token, { title: 'Bob writes too' });
  hiddenPost = await createPost(t, bob.token, { title: 'Hidden by a moderator', tags: ['walked'] });
  suspendedPost = await createPost(t, suspended.token, { title: 'Of a suspended author', tags: ['walked'] });
  publicPlan = await createPlan(t, ann.token, { title: 'Public plan of Ann' });
  privatePlan = await createPlan(t, ann.token, { title: PRIVATE_TITLE, isPublic: false, tags: ['walked'] });

  await ok(bob, { method: 'POST', url: `/api/posts/${annPost.id}/like` });
  await ok(bob, { method: 'PUT', url: `/api/saved/posts/${annPost.id}` });
  await ok(bob, { method: 'PUT', url: `/api/saved/learning-plans/${publicPlan.id}` });
  await ok(bob, {
    method: 'POST',
    url: `/api/posts/${annPost.id}/comments`,
    payload: { content: 'Nice one' },
  });
  await ok(bob, { method: 'POST', url: `/api/users/${ann.user.id}/follow` });
  const [topic] = publicPlan.topics;
  await setTopicStatus(t, bob.token, publicPlan, topic!.id, 'COMPLETED');
  await setResourceCompleted(
    t,
    bob.token,
    publicPlan,
    { topicId: topic!.id, resourceId: topic!.resources[0]!.id },
    true,
  );
  await setTopicStatus(t, ann.token, publicPlan, topic!.id, 'IN_PROGRESS');
  for (const account of [ann, bob]) {
    await ok(account, {
      method: 'PUT',
      url: `/api/learning-plans/${publicPlan.id}/topics/${topic!.id}/note`,
      payload: { content: NOTE },
    });
  }
  await ok(moderator, {
    method: 'POST',
    url: `/api/moderation/posts/${hiddenPost.id}/hide`,
    payload: { reason: 'Spam' },
  });
  await ok(moderator, {
    method: 'POST',
    url: `/api/moderation/users/${suspended.user.id}/suspend`,
    payload: { reason: 'Spam' },
  });
});
afterAll(() => t.close());

/** Every read a visitor may make, on the things made above. */
const visitorReads = () => [
  '/api/posts',
  '/api/posts?page=1&size=2',
  `/api/posts/${annPost.id}`,
  `/api/posts/${bobPost.id}`,
  `/api/posts/${annPost.id}/comments`,
  `/api/posts/user/${ann.user.id}`,
  `/api/posts/user/${bob.user.id}`,
  '/api/learning-plans/public',
  `/api/learning-plans/${publicPlan.id}`,
  `/api/learning-plans/user/${ann.user.id}`,
  `/api/users/${ann.user.id}`,
  `/api/users/by-handle/${ann.user.handle}`,
];

describe('a visitor on an instance with PUBLIC_READING on', () => {
  it('reads public posts, comments, plans and profiles as a signed-in stranger does', async () => {
    for (const url of visitorReads()) {
      const visitor = await ok(null, { url });
      const member = await ok(stranger, { url });
      const { email: _visitorEmail, ...asVisitor } = visitor.json();
      const { email: _memberEmail, ...asMember } = member.json();
      expect(asVisitor, url).toEqual(asMember);
    }
  });

  it('gets the signed-out values of every per-viewer field, with the counts kept', async () => {
    const post = (await ok(null, { url: `/api/posts/${annPost.id}` })).json();
    expect(post).toMatchObject({
      likesCount: 1,
      commentsCount: 1,
      isLikedByCurrentUser: false,
      isSaved: false,
    });
    const plan = (await ok(null, { url: `/api/learning-plans/${publicPlan.id}` })).json() as LearningPlan;
    expect(plan).toMatchObject({ completedTopics: 0, completionPercentage: 0, isSaved: false });
    expect(plan.topics.map((topic) => topic.completionStatus)).toEqual(['NOT_STARTED', 'NOT_STARTED']);
    expect(plan.topics.flatMap((topic) => topic.resources).every((r) => !r.isCompleted)).toBe(true);
    const profile = (await ok(null, { url: `/api/users/${ann.user.id}` })).json();
    expect(profile).toMatchObject({
      followersCount: 1,
      postsCount: 1,
      isCurrentUserFollowing: false,
      isBlocked: false,
      isMuted: false,
      hasFeed: true,
    });
  });

  it('never sees an e-mail address, a note, a private plan or anyone’s progress in any answer', async () => {
    const bodies: string[] = [];
    for (const url of visitorReads()) bodies.push((await ok(null, { url })).body);
    const everything = bodies.join('\n');
    for (const account of [ann, bob, stranger, moderator, suspended]) {
      expect(everything).not.toContain(account.user.email);
    }
    expect(everything).not.toMatch(/"email":"[^"]/);
    expect(everything).not.toContain(NOTE);
    expect(everything).not.toContain(PRIVATE_TITLE);
    expect(everything).not.toMatch(/"completionStatus":"(COMPLETED|IN_PROGRESS)"|"isCompleted":true/);
    // Ann shows her address to members: a member does see it, so the scan above is not vacuous.
    expect((await ok(stranger, { url: `/api/users/${ann.user.id}` })).json().email).toBe(ann.user.email);
  });

  it('gets 404 for a private plan, a hidden post and a suspended author’s post, and does not list them', async () => {
    for (const url of [
      `/api/learning-plans/${privatePlan.id}`,
      `/api/posts/${hiddenPost.id}`,
      `/api/posts/${suspendedPost.id}`,
      `/api/posts/${hiddenPost.id}/comments`,
    ]) {
      expect((await as(null, { url })).statusCode, url).toBe(404);
    }
    const feed = (await ok(null, { url: '/api/posts?size=50' })).json().content as Post[];
    expect(feed.map((post) => post.id)).toEqual([bobPost.id, annPost.id]);
    const annPlans = (await ok(null, { url: `/api/learning-plans/user/${ann.user.id}` })).json();
    expect(annPlans.content.map((plan: LearningPlan) => plan.id)).toEqual([publicPlan.id]);
  });

  it('gets 404 for the profile of someone who does not show it to visitors, whose posts still show by name', async () => {
    for (const url of [`/api/users/${bob.user.id}`, `/api/users/by-handle/${bob.user.handle}`]) {
      const res = await as(null, { url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('User profile not found. Please check the user ID.');
      const asMember = await as(stranger, { url });
      expect(asMember.statusCode, url).toBe(200);
      // No feed either: it is read by feed readers, which are visitors.
      expect(asMember.json().hasFeed, url).toBe(false);
    }
    const post = (await ok(null, { url: `/api/posts/${bobPost.id}` })).json() as Post;
    expect(post.author).toMatchObject({ id: bob.user.id, name: 'Bob Stone' });
  });

  it('finds a profile by handle in any letter case, and says what a malformed handle is', async () => {
    const found = await ok(null, { url: `/api/users/by-handle/${ann.user.handle.toUpperCase()}` });
    expect(found.json().id).toBe(ann.user.id);
    expect((await as(null, { url: '/api/users/by-handle/nobody_here' })).statusCode).toBe(404);
    const malformed = await as(null, { url: '/api/users/by-handle/a-b' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/handle/i);
  });

  it('costs a visitor the same SQL statements as a member, whatever the length of a list', async () => {
    for (const url of ['/api/posts?size=1', '/api/posts?size=20', '/api/learning-plans/public?size=20']) {
      const visitor = await t.queries.count(() => ok(null, { url }));
      const member = await t.queries.count(() => ok(stranger, { url }));
      expect(visitor.statements, url).toBe(member.statements);
    }
    const short = await t.queries.count(() => ok(null, { url: '/api/posts?size=1' }));
    const long = await t.queries.count(() => ok(null, { url: '/api/posts?size=20' }));
    expect(long.statements).toBe(short.statements);
  });

  it('still needs an account for anything personal and for every write', async () => {
    for (const request of [
      { url: '/api/auth/me' },
      { url: '/api/saved' },
      { url: '/api/notes?q=x' },
      { url: '/api/search?query=ann' },
      { url: `/api/users/${ann.user.id}/followers` },
      { url: `/api/users/${ann.user.id}/activities` },
      { url: `/api/learning-plans/${publicPlan.id}/notes` },
      { method: 'POST', url: `/api/posts/${annPost.id}/like` },
      { method: 'POST', url: `/api/posts/${annPost.id}/comments`, payload: { content: 'Hi' } },
      { method: 'POST', url: `/api/users/${ann.user.id}/follow` },
      { method: 'POST', url: `/api/learning-plans/${publicPlan.id}/copies` },
      {
        method: 'PATCH',
        url:
          `/api/learning-plans/${publicPlan.id}/topics/${publicPlan.topics[0]!.id}/user-progress` +
          '?status=COMPLETED',
      },
    ] as InjectOptions[]) {
      expect((await as(null, request)).statusCode, request.url as string).toBe(401);
    }
  });
});

describe('what crawlers and feed readers get with PUBLIC_READING on', () => {
  /** Every document of the site a crawler or feed reader fetches, sitemap pages included. */
  async function siteDocuments(): Promise<string[]> {
    const index = (await ok(null, { url: '/sitemap.xml' })).body;
    const pages = [...index.matchAll(/<loc>https?:\/\/[^/]+(\/sitemaps\/[^<]+)<\/loc>/g)].map(
      ([, path]) => path!,
    );
    expect(pages.length).toBeGreaterThan(0);
    const feeds = [`/@${ann.user.handle}/feed.xml`, '/tags/walked/feed.xml'];
    const urls = ['/robots.txt', '/sitemap.xml', ...pages, ...feeds];
    return Promise.all(urls.map(async (url) => (await ok(null, { url })).body));
  }

  it('never see an e-mail address, a note, a private plan, hidden or suspended content', async () => {
    const everything = (await siteDocuments()).join('\n');
    for (const account of [ann, bob, stranger, moderator, suspended]) {
      expect(everything).not.toContain(account.user.email);
    }
    expect(everything).not.toContain(NOTE);
    expect(everything).not.toContain(PRIVATE_TITLE);
    expect(everything).not.toContain(`/learning-plan/${privatePlan.id}<`);
    expect(everything).not.toContain('Hidden by a moderator');
    expect(everything).not.toContain(`/post/${hiddenPost.id}<`);
    expect(everything).not.toContain(`/post/${suspendedPost.id}<`);
    // Only the profiles shown to visitors: Bob's and the suspended person's are not.
    expect(everything).not.toContain(`/@${bob.user.handle}<`);
    expect(everything).not.toContain(`/@${suspended.user.handle}<`);
    // What they do hold, so the scan above is not vacuous.
    expect(everything).toContain('Ann writes in public');
    expect(everything).toContain(`/post/${bobPost.id}<`);
    expect(everything).toContain(`/learning-plan/${publicPlan.id}<`);
    expect(everything).toContain(`/@${ann.user.handle}<`);
    expect(everything).toContain('/tags/walked<');
    expect(everything).toContain('#walked on Pathwise');
  });

  it('get no feed of a profile not shown to visitors, nor of a suspended person', async () => {
    for (const account of [bob, suspended]) {
      expect((await as(null, { url: `/@${account.user.handle}/feed.xml` })).statusCode).toBe(404);
    }
  });
});

describe('"Show my profile to visitors"', () => {
  it('is off until turned on, and changes without touching the e-mail setting', async () => {
    const cat = await signUp(t, { name: 'Cat' });
    expect((await ok(cat, { url: '/api/users/me/privacy' })).json()).toEqual({
      showEmail: false,
      showProfileToVisitors: false,
      showLearningCalendar: false,
    });
    expect((await as(null, { url: `/api/users/${cat.user.id}` })).statusCode).toBe(404);
    const on = await ok(cat, {
      method: 'PUT',
      url: '/api/users/me/privacy',
      payload: { showProfileToVisitors: true },
    });
    expect(on.json()).toEqual({ showEmail: false, showProfileToVisitors: true, showLearningCalendar: false });
    expect((await ok(null, { url: `/api/users/${cat.user.id}` })).json().name).toBe('Cat');
  });

  it('refuses a value that is not true or false, naming the setting', async () => {
    const res = await as(ann, {
      method: 'PUT',
      url: '/api/users/me/privacy',
      payload: { showProfileToVisitors: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/showProfileToVisitors/);
  });
});

describe('on an instance with PUBLIC_READING off (the default)', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp();
  });
  afterAll(() => closed.close());

  it('answers 401 to a visitor on every read, whatever the person chose', async () => {
    const dan = await signUp(closed, { name: 'Dan' });
    await closed.app.inject({
      method: 'PUT',
      url: '/api/users/me/privacy',
      headers: bearer(dan.token),
      payload: { showProfileToVisitors: true },
    });
    const post = await createPost(closed, dan.token);
    for (const url of ['/api/posts', `/api/posts/${post.id}`, `/api/users/${dan.user.id}`]) {
      expect((await closed.app.inject({ url })).statusCode, url).toBe(401);
    }
    // Nor is there a feed of their posts, which members would be shown.
    const asDan = await closed.app.inject({ url: `/api/users/${dan.user.id}`, headers: bearer(dan.token) });
    expect(asDan.json().hasFeed).toBe(false);
  });
});
