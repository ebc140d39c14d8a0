import type { LearningPlan, Post } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import {
  createTestApp,
  MODERATOR_EMAIL,
  TEST_PASSWORD_HASHING,
  type TestApp,
  testConfig,
} from './helpers/app.js';
import { createPlan, planBody } from './helpers/plans.js';
import { createPost, postPart, sendPost, validPost } from './helpers/posts.js';

/**
 * The first pages of Latest posts and of public plans kept built per process (PAGE_CACHE,
 * db/shared-pages.ts): every viewer gets what the full read would answer them, a kept page sends no
 * statement once the viewer's part is kept too, and nobody is served a post or plan they may not see.
 */

let t: TestApp;
/** A second server on the same database with PAGE_CACHE=false: the answers to match. */
let uncached: Awaited<ReturnType<typeof buildApp>>;
let ann: TestAccount;
let bob: TestAccount;
let carol: TestAccount;
let dave: TestAccount;
let moderator: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ config: { publicReading: true } });
  uncached = await buildApp({
    config: { ...testConfig, dataDir: t.dataDir, publicReading: true, pageCache: false, jobWorkers: false },
    // Closed by `t`: this server must not close the database they share.
    database: { ...t.database, close: async () => {} },
    logger: false,
    passwordHashing: TEST_PASSWORD_HASHING,
  });
  ann = await signUp(t, { name: 'Ann Lee' });
  bob = await signUp(t, { name: 'Bob Stone' });
  carol = await signUp(t, { name: 'Carol Diaz' });
  dave = await signUp(t, { name: 'Dave Kim' });
  moderator = await signUp(t, { name: 'Mo Derator', email: MODERATOR_EMAIL });
});
afterAll(async () => {
  await uncached?.close();
  await t?.close();
});

const call = (app: TestApp['app'], account: TestAccount | null, request: InjectOptions) =>
  app.inject({ ...request, headers: account ? bearer(account.token) : {} });

async function feedOf(account: TestAccount | null, size = 10, app = t.app) {
  const res = await call(app, account, { method: 'GET', url: `/api/posts?page=0&size=${size}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { content: Post[]; totalElements: number };
}

/**
 * Reads until a read sends no statement: the page, the viewer's part and the counts are kept, and the
 * NOTIFYs of the writes before it (which make every process forget them, a moment after their commit on
 * a PostgreSQL server) were heard.
 */
const untilKept = (read: () => Promise<unknown>) =>
  vi.waitFor(async () => expect((await t.queries.count(read)).statements).toBe(0));

const titles = (page: { content: Post[] }) => page.content.map((post) => post.title);

async function send(
  account: TestAccount,
  method: 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await call(t.app, account, { method, url, ...(payload && { payload }) });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe('the first page of Latest posts, kept per process', () => {
  it("sends no statement once kept, with the viewer's likes and saves and the counts of now", async () => {
    const first = await createPost(t, ann.token, { title: 'Kept first' });
    await createPost(t, bob.token, { title: 'Kept second' });
    await untilKept(() => feedOf(carol));
    await send(bob, 'POST', `/api/posts/${first.id}/like`);
    await send(bob, 'PUT', `/api/saved/posts/${first.id}`);

    // This process forgot Bob's part and the counts at his writes' commits: his next read has them.
    const bobs = (await feedOf(bob)).content.find((item) => item.id === first.id);
    expect(bobs).toMatchObject({ likesCount: 1, isLikedByCurrentUser: true, isSaved: true });
    // Once the writes' NOTIFYs are heard, reads are answered from what is kept again.
    await untilKept(() => feedOf(bob));
    const { result, statements } = await t.queries.count(() => feedOf(carol));
    expect(statements).toBe(0);
    // Carol's view of the same kept page: the like counted, not hers.
    const carols = result.content.find((item) => item.id === first.id);
    expect(carols).toMatchObject({ likesCount: 1, isLikedByCurrentUser: false, isSaved: false });
  });

  it('shows a like, a save or a share count made by hand in SQL within a minute, when read again', async () => {
    const post = await createPost(t, dave.token, { title: 'Liked by hand' });
    await untilKept(() => feedOf(bob));
    await t.database.db.execute(
      sql`insert into post_likes (post_id, user_id) values (${post.id}, ${bob.user.id})`,
    );
    await t.database.db.execute(
      sql`insert into saved_posts (post_id, user_id) values (${post.id}, ${bob.user.id})`,
    );
    await t.database.db.execute(sql`update posts set shares_count = 2 where id = ${post.id}`);
    const before = (await feedOf(bob)).content.find((item) => item.id === post.id);
    expect(before).toMatchObject({
      likesCount: 0,
      sharesCount: 0,
      isLikedByCurrentUser: false,
      isSaved: false,
    });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const after = (await feedOf(bob)).content.find((item) => item.id === post.id);
      expect(after).toMatchObject({
        likesCount: 1,
        sharesCount: 2,
        isLikedByCurrentUser: true,
        isSaved: true,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a new, edited or deleted post and a renamed author to the next reader of this process at once', async () => {
    const fresh = await createPost(t, carol.token, { title: 'Just written' });
    expect(titles(await feedOf(dave))[0]).toBe('Just written');
    const edited = await sendPost(t, carol.token, [postPart({ ...validPost, title: 'Just rewritten' })], {
      method: 'PUT',
      url: `/api/posts/${fresh.id}`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(titles(await feedOf(dave))[0]).toBe('Just rewritten');
    await send(carol, 'PUT', `/api/users/${carol.user.id}`, {
      name: 'Carol Renamed',
      email: carol.user.email,
    });
    expect((await feedOf(dave)).content[0]?.author.name).toBe('Carol Renamed');
    await send(carol, 'DELETE', `/api/posts/${fresh.id}`);
    expect(titles(await feedOf(dave))).not.toContain('Just rewritten');
  });

  it('never serves a post of an author the viewer blocked, was blocked by or muted', async () => {
    await createPost(t, carol.token, { title: 'Carol on top' });
    await untilKept(() => feedOf(null));
    await send(ann, 'PUT', `/api/users/${carol.user.id}/block`);
    await send(dave, 'PUT', `/api/users/${carol.user.id}/mute`);
    for (const viewer of [ann, carol, dave]) {
      const { result, statements } = await t.queries.count(() => feedOf(viewer));
      const authors = result.content.map((post) => post.author.id);
      if (viewer === carol) expect(authors).not.toContain(ann.user.id);
      else expect(authors).not.toContain(carol.user.id);
      // The kept page is not theirs: the viewer's statement, then the full read.
      expect(statements).toBe(2);
    }
    expect(titles(await feedOf(bob))[0]).toBe('Carol on top');
    await send(ann, 'DELETE', `/api/users/${carol.user.id}/block`);
    await send(dave, 'DELETE', `/api/users/${carol.user.id}/mute`);
  });

  it('leaves out a post a moderator hid, which its author alone still sees, with the reason', async () => {
    const hidden = await createPost(t, bob.token, { title: 'Spammy' });
    await feedOf(null);
    await send(moderator, 'POST', `/api/moderation/posts/${hidden.id}/hide`, { reason: 'Spam links' });
    expect(titles(await feedOf(ann))).not.toContain('Spammy');
    expect(titles(await feedOf(null))).not.toContain('Spammy');
    const own = (await feedOf(bob)).content.find((post) => post.id === hidden.id);
    expect(own?.moderation?.reason).toBe('Spam links');
    await send(moderator, 'POST', `/api/moderation/posts/${hidden.id}/unhide`);
    expect(titles(await feedOf(ann))).toContain('Spammy');
  });

  it("leaves out a suspended author's posts at once, and shows them again once the suspension is lifted", async () => {
    // A suspension ends the account's sessions: someone of this test's own.
    const erin = await signUp(t, { name: 'Erin Vance' });
    const post = await createPost(t, erin.token, { title: 'Before the suspension' });
    await untilKept(() => feedOf(null));
    await send(moderator, 'POST', `/api/moderation/users/${erin.user.id}/suspend`, { reason: 'Spam' });
    for (const viewer of [null, ann, bob]) expect(titles(await feedOf(viewer))).not.toContain(post.title);
    await send(moderator, 'POST', `/api/moderation/users/${erin.user.id}/unsuspend`);
    await vi.waitFor(async () => expect(titles(await feedOf(ann))).toContain(post.title));
  });

  it('answers every viewer what PAGE_CACHE=false answers, page sizes and states mixed', async () => {
    const older = await createPost(t, dave.token, { title: 'Dave hidden' });
    const latest = await createPost(t, ann.token, { title: 'Ann latest' });
    await send(moderator, 'POST', `/api/moderation/posts/${older.id}/hide`, { reason: 'Off topic' });
    await send(bob, 'PUT', `/api/users/${ann.user.id}/block`);
    await send(carol, 'PUT', `/api/users/${dave.user.id}/mute`);
    await send(carol, 'POST', `/api/posts/${latest.id}/like`);
    await send(dave, 'PUT', `/api/saved/posts/${latest.id}`);
    for (const size of [1, 2, 5, 20])
      for (const viewer of [null, ann, bob, carol, dave]) {
        const kept = await feedOf(viewer, size);
        await feedOf(viewer, size); // read twice: the second from the kept page when it may
        expect(await feedOf(viewer, size)).toEqual(kept);
        expect(await feedOf(viewer, size, uncached)).toEqual(kept);
      }
  });
});

async function publicPlansOf(account: TestAccount | null, size = 10, app = t.app) {
  const res = await call(app, account, {
    method: 'GET',
    url: `/api/learning-plans/public?page=0&size=${size}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { content: LearningPlan[]; totalElements: number };
}

describe('the first page of public plans, kept per process', () => {
  it("sends no statement once kept, with the viewer's progress, saves and the uses of now", async () => {
    const plan = await createPlan(t, dave.token, { title: 'Kept plan' });
    const [topic] = plan.topics;
    const base = `/api/learning-plans/${plan.id}/topics/${topic!.id}`;
    await send(carol, 'PATCH', `${base}/user-progress?status=COMPLETED`);
    await send(carol, 'PATCH', `${base}/resources/${topic!.resources[0]!.id}/user-progress?isCompleted=true`);
    await send(carol, 'PUT', `/api/saved/learning-plans/${plan.id}`);
    // A copy is a new plan: kept pages are forgotten once its NOTIFY is heard, then kept again.
    await send(ann, 'POST', `/api/learning-plans/${plan.id}/copies`);
    await untilKept(() => publicPlansOf(carol));

    const { result, statements } = await t.queries.count(() => publicPlansOf(carol));
    expect(statements).toBe(0);
    const carols = result.content.find((item) => item.id === plan.id)!;
    expect(carols).toMatchObject({
      isSaved: true,
      completedTopics: 1,
      completionPercentage: 50,
      templateUseCount: 1,
    });
    expect(carols.topics[0]).toMatchObject({ completionStatus: 'COMPLETED' });
    expect(carols.topics[0]!.resources.map((resource) => resource.isCompleted)).toEqual([true, false]);
    const bobs = (await publicPlansOf(bob)).content.find((item) => item.id === plan.id)!;
    expect(bobs).toMatchObject({ isSaved: false, completedTopics: 0, templateUseCount: 1 });
    expect(await publicPlansOf(carol, 10, uncached)).toEqual(result);

    // Her next change is on her next read: this process forgot her part at its commit.
    await send(carol, 'PATCH', `${base}/user-progress?status=IN_PROGRESS`);
    await send(carol, 'DELETE', `/api/saved/learning-plans/${plan.id}`);
    const changed = (await publicPlansOf(carol)).content.find((item) => item.id === plan.id)!;
    expect(changed).toMatchObject({ isSaved: false, completedTopics: 0 });
    expect(changed.topics[0]).toMatchObject({ completionStatus: 'IN_PROGRESS' });
  });

  it('never serves a plan of a creator the viewer blocked, and leaves out a hidden one', async () => {
    const blocked = await createPlan(t, carol.token, { title: 'Carol plan' });
    await untilKept(() => publicPlansOf(null));
    await send(dave, 'PUT', `/api/users/${carol.user.id}/block`);
    const { result, statements } = await t.queries.count(() => publicPlansOf(dave));
    expect(result.content.map((plan) => plan.id)).not.toContain(blocked.id);
    // The viewer's statement, then the full read's three.
    expect(statements).toBe(4);
    await send(dave, 'DELETE', `/api/users/${carol.user.id}/block`);

    await send(moderator, 'POST', `/api/moderation/plans/${blocked.id}/hide`, { reason: 'Spam' });
    expect((await publicPlansOf(ann)).content.map((plan) => plan.id)).not.toContain(blocked.id);
    const own = (await publicPlansOf(carol)).content.find((plan) => plan.id === blocked.id);
    expect(own?.moderation?.reason).toBe('Spam');
  });

  it('answers every viewer what PAGE_CACHE=false answers, page sizes and states mixed', async () => {
    const original = await createPlan(t, bob.token, { title: 'Bob original' });
    const copy = await call(t.app, dave, {
      method: 'POST',
      url: `/api/learning-plans/${original.id}/copies`,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    await call(t.app, dave, {
      method: 'PUT',
      url: `/api/learning-plans/${copy.json().id}`,
      payload: planBody({ title: 'Dave copy', isPublic: true }),
    });
    await send(carol, 'PUT', `/api/users/${dave.user.id}/mute`);
    for (const size of [1, 2, 5, 20])
      for (const viewer of [null, ann, bob, carol, dave]) {
        const kept = await publicPlansOf(viewer, size);
        expect(await publicPlansOf(viewer, size)).toEqual(kept);
        expect(await publicPlansOf(viewer, size, uncached)).toEqual(kept);
      }
  });
});
