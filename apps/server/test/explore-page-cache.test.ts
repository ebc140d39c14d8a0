import type { Explore, LearningPlan, Post } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { signUp, type TestAccount } from './helpers/accounts.js';
import {
  createTestApp,
  MODERATOR_EMAIL,
  TEST_PASSWORD_HASHING,
  type TestApp,
  testConfig,
} from './helpers/app.js';
import { createPlan, planBody, setTopicStatus } from './helpers/plans.js';
import { createPost, postPart, sendPost, validPost } from './helpers/posts.js';
import { callAs, toggleLike } from './helpers/social.js';

/**
 * Explore's sections kept built per process as a visitor sees them (PAGE_CACHE, db/shared-pages.ts): every
 * viewer gets what the full read would answer them, a kept page costs one statement, and nobody is served
 * a post or plan they may not see from it. Both servers keep their ranking for an hour, made once the
 * likes, copies and progress below are in, so their sections differ only by what they keep.
 */

let t: TestApp;
/** A second server on the same database with PAGE_CACHE=false: the answers to match. */
let uncached: Awaited<ReturnType<typeof buildApp>>;
let ann: TestAccount;
let bob: TestAccount;
let carol: TestAccount;
let dave: TestAccount;
let erin: TestAccount;
let frank: TestAccount;
let moderator: TestAccount;
const made = {} as Record<'ann' | 'bob' | 'carol' | 'dave' | 'frank', Post> &
  Record<'original' | 'copy' | 'learned', LearningPlan>;

async function ok(account: TestAccount | null, method: string, url: string, payload?: object) {
  const res = await callAs(t, account, { method: method as 'GET', url, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

async function exploreOf(account: TestAccount | null, app = t.app): Promise<Explore> {
  const res = await callAs({ app }, account, { url: '/api/explore' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Reads until a read sends no statement: the sections, the viewer's part and the counts are kept, and
 * the writes' NOTIFYs were heard.
 */
const untilKept = (account: TestAccount | null) =>
  vi.waitFor(async () => expect((await t.queries.count(() => exploreOf(account))).statements).toBe(0));

const postTitles = (page: Explore) => page.trendingPosts.map((post) => post.title);
const planIds = (page: Explore) => [
  ...page.popularTemplates.map((item) => item.learningPlan.id),
  ...page.mostLearned.map((item) => item.learningPlan.id),
];

beforeAll(async () => {
  const config = { publicReading: true, exploreCacheSeconds: 3600 };
  t = await createTestApp({ config });
  uncached = await buildApp({
    config: { ...testConfig, ...config, dataDir: t.dataDir, pageCache: false, jobWorkers: false },
    // Closed by `t`: this server must not close the database they share.
    database: { ...t.database, close: async () => {} },
    logger: false,
    passwordHashing: TEST_PASSWORD_HASHING,
  });
  [ann, bob, carol, dave, erin, frank] = [
    await signUp(t, { name: 'Ann Lee' }),
    await signUp(t, { name: 'Bob Stone' }),
    await signUp(t, { name: 'Carol Diaz' }),
    await signUp(t, { name: 'Dave Kim' }),
    await signUp(t, { name: 'Erin Vance' }),
    await signUp(t, { name: 'Frank Ode' }),
  ];
  moderator = await signUp(t, { name: 'Mo Derator', email: MODERATOR_EMAIL });
  for (const [name, account] of Object.entries({ ann, bob, carol, dave, frank })) {
    const post = await createPost(t, account.token, { title: `By ${name}` });
    made[name as 'ann'] = post;
    for (const fan of [erin, moderator]) await toggleLike(t, fan, post.id);
  }
  // A copy of Bob's plan that Ann made public, itself copied: both rank among the templates.
  made.original = await createPlan(t, bob.token, { title: 'Bob original' });
  const copied = await ok(ann, 'POST', `/api/learning-plans/${made.original.id}/copies`);
  made.copy = (
    await ok(ann, 'PUT', `/api/learning-plans/${copied.json().id}`, planBody({ title: 'Ann copy' }))
  ).json();
  await ok(erin, 'POST', `/api/learning-plans/${made.copy.id}/copies`);
  made.learned = await createPlan(t, dave.token, { title: 'Dave learned' });
  for (const learner of [carol, erin]) {
    const res = await setTopicStatus(
      t,
      learner.token,
      made.learned,
      made.learned.topics[0]!.id,
      'IN_PROGRESS',
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  // Each server ranks now, and keeps that ranking for the rest of the file.
  await exploreOf(null);
  await exploreOf(null, uncached);
});
afterAll(async () => {
  await uncached?.close();
  await t?.close();
});

describe("Explore's sections, kept per process", () => {
  it("sends no statement once kept, with the viewer's likes, saves, progress and counts of now", async () => {
    await untilKept(erin);
    await toggleLike(t, ann, made.bob.id);
    await ok(carol, 'PUT', `/api/saved/posts/${made.bob.id}`);
    await ok(carol, 'PUT', `/api/saved/learning-plans/${made.learned.id}`);
    const topic = made.learned.topics[1]!.id;
    expect((await setTopicStatus(t, carol.token, made.learned, topic, 'COMPLETED')).statusCode).toBe(200);

    // This process forgot Carol's part and the counts at the writes' commits: her next read has them.
    const result = await exploreOf(carol);
    expect(result.trendingPosts.find((post) => post.id === made.bob.id)).toMatchObject({
      likesCount: 3,
      isLikedByCurrentUser: false,
      isSaved: true,
    });
    const learned = result.mostLearned.find((item) => item.learningPlan.id === made.learned.id);
    expect(learned?.learningPlan).toMatchObject({ isSaved: true, completedTopics: 1 });
    expect(result.popularTemplates.find((item) => item.learningPlan.id === made.copy.id)).toMatchObject({
      learningPlan: { templateUseCount: 1, basedOn: { plan: { id: made.original.id } } },
      recentUses: 1,
    });
    expect(await exploreOf(carol, uncached)).toEqual(result);
    // Once the writes' NOTIFYs are heard, her reads are answered from what is kept again.
    await untilKept(carol);
    expect(await exploreOf(carol)).toEqual(result);
  });

  it('shows an edited post and plan to the next reader of this process at once', async () => {
    const edited = await sendPost(t, ann.token, [postPart({ ...validPost, title: 'Ann rewrote it' })], {
      method: 'PUT',
      url: `/api/posts/${made.ann.id}`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(postTitles(await exploreOf(erin))).toContain('Ann rewrote it');
    const plan = planBody({ title: 'Dave renamed', topics: made.learned.topics });
    await ok(dave, 'PUT', `/api/learning-plans/${made.learned.id}`, plan);
    const learned = (await exploreOf(erin)).mostLearned.map((item) => item.learningPlan.title);
    expect(learned).toContain('Dave renamed');
  });

  it('never serves a post or plan the viewer may not see: the full read answers them', async () => {
    await untilKept(null);
    await untilKept(erin);
    await ok(ann, 'PUT', `/api/users/${carol.user.id}/block`);
    await ok(dave, 'PUT', `/api/users/${bob.user.id}/mute`);
    for (const viewer of [ann, carol, dave]) {
      const { result, statements } = await t.queries.count(() => exploreOf(viewer));
      const authors = result.trendingPosts.map((post) => post.author.id);
      if (viewer === ann) expect(authors).not.toContain(carol.user.id);
      if (viewer === carol) expect(authors).not.toContain(ann.user.id);
      if (viewer === dave) expect(authors).not.toContain(bob.user.id);
      // The viewer's statement, then the full read.
      expect(statements).toBeGreaterThan(1);
      expect(await exploreOf(viewer, uncached)).toEqual(result);
    }
    // Blocks and mutes are each viewer's own: Erin's page is still the kept one, whole.
    const erins = await t.queries.count(() => exploreOf(erin));
    expect(erins.statements).toBe(0);
    expect(postTitles(erins.result)).toHaveLength(5);
    await ok(dave, 'DELETE', `/api/users/${bob.user.id}/mute`);
  });

  it('leaves out what a moderator hid or a suspension hides, which its author alone still sees', async () => {
    await ok(moderator, 'POST', `/api/moderation/posts/${made.bob.id}/hide`, { reason: 'Spam links' });
    await ok(moderator, 'POST', `/api/moderation/plans/${made.learned.id}/hide`, { reason: 'Copied' });
    await ok(moderator, 'POST', `/api/moderation/users/${frank.user.id}/suspend`, { reason: 'Spam' });
    for (const viewer of [null, erin, carol]) {
      const page = await exploreOf(viewer);
      expect(postTitles(page)).not.toContain(made.bob.title);
      expect(postTitles(page)).not.toContain(made.frank.title);
      expect(planIds(page)).not.toContain(made.learned.id);
    }
    // Their own, each ranked above what a visitor is shown: the full read answers them.
    const bobs = await exploreOf(bob);
    expect(bobs.trendingPosts.find((post) => post.id === made.bob.id)?.moderation?.reason).toBe('Spam links');
    expect(await exploreOf(bob, uncached)).toEqual(bobs);
    const daves = await exploreOf(dave);
    expect(planIds(daves)).toContain(made.learned.id);
    expect(await exploreOf(dave, uncached)).toEqual(daves);
    await untilKept(erin);
  });

  it('answers every viewer what PAGE_CACHE=false answers, states mixed', async () => {
    // Bob's original turns private: a visitor sees the copy's origin as gone, Bob sees his plan.
    const original = planBody({ title: 'Bob original', isPublic: false, topics: made.original.topics });
    await ok(bob, 'PUT', `/api/learning-plans/${made.original.id}`, original);
    const bobs = (await exploreOf(bob)).popularTemplates.find(
      (item) => item.learningPlan.id === made.copy.id,
    );
    expect(bobs?.learningPlan.basedOn?.plan?.id).toBe(made.original.id);
    const visitors = (await exploreOf(null)).popularTemplates.find(
      (item) => item.learningPlan.id === made.copy.id,
    );
    expect(visitors?.learningPlan.basedOn).toEqual({ plan: null, deleted: false });
    await ok(carol, 'POST', `/api/posts/${made.dave.id}/like`);
    for (const viewer of [null, ann, bob, carol, dave, erin, moderator]) {
      const kept = await exploreOf(viewer);
      expect(await exploreOf(viewer)).toEqual(kept); // read twice: the second from the kept sections
      expect(await exploreOf(viewer, uncached)).toEqual(kept);
    }
  });
});
