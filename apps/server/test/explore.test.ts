import { EXPLORE_LIMITS, type Explore, type LearningPlan, type LearningPlanCard } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, MODERATOR_EMAIL, type TestApp } from './helpers/app.js';
import { createPlan, setResourceCompleted, setTopicStatus } from './helpers/plans.js';
import { createPost } from './helpers/posts.js';
import { addComment, callAs, toggleLike } from './helpers/social.js';

/** Ranks on every request, so each change shows at once. */
let t: TestApp;
/** Keeps the rankings as a server does by default. */
let cached: TestApp;
let moderator: TestAccount;

beforeAll(async () => {
  [t, cached] = await Promise.all([
    createTestApp({ config: { exploreCacheSeconds: 0, publicReading: true } }),
    createTestApp(),
  ]);
  moderator = await signUp(t, { email: MODERATOR_EMAIL });
});
afterAll(() => Promise.all([t.close(), cached.close()]));

async function ok(app: TestApp, account: TestAccount | null, request: InjectOptions) {
  const res = await callAs(app, account, request);
  expect(res.statusCode, `${request.method ?? 'GET'} ${request.url}: ${res.body}`).toBeLessThan(300);
  return res;
}

const explore = async (account: TestAccount | null, app = t): Promise<Explore> =>
  (await ok(app, account, { url: '/api/explore' })).json();

/** The titles of the trending posts among `mine` (other tests of the file add their own). */
const trendingTitles = (page: Explore, mine: string[]) =>
  page.trendingPosts.map((post) => post.title).filter((title) => mine.includes(title));

const planTitles = (items: { learningPlan: LearningPlanCard }[]) =>
  items.map((item) => item.learningPlan.title);

/** Moves every like, comment and save of `postId` `hours` into the past. */
async function age(postId: number, hours: number) {
  const at = sql`now() - make_interval(hours => ${hours})`;
  await t.db.execute(sql`update post_likes set created_at = ${at} where post_id = ${postId}`);
  await t.db.execute(sql`update comments set created_at = ${at} where post_id = ${postId}`);
  await t.db.execute(sql`update saved_posts set created_at = ${at} where post_id = ${postId}`);
}

const save = (app: TestApp, account: TestAccount, postId: number) =>
  ok(app, account, { method: 'PUT', url: `/api/saved/posts/${postId}` });
const copy = (account: TestAccount, plan: LearningPlan) =>
  ok(t, account, { method: 'POST', url: `/api/learning-plans/${plan.id}/copies` });
const startTopic = async (account: TestAccount, plan: LearningPlan) => {
  const res = await setTopicStatus(t, account.token, plan, plan.topics[0]!.id, 'IN_PROGRESS');
  expect(res.statusCode, res.body).toBe(200);
};

describe('trending posts', () => {
  it('ranks likes, comments and saves of the last 7 days, recent ones counting more', async () => {
    const author = await signUp(t);
    const fans = [await signUp(t), await signUp(t), await signUp(t)];
    const titles = ['Saved now', 'Commented now', 'Liked now', 'Liked thrice days ago', 'Liked last week'];
    const posts = [];
    for (const title of titles) posts.push(await createPost(t, author.token, { title }));
    const [savedPost, commentedPost, likedPost, olderPost, stalePost] = posts;
    await createPost(t, author.token, { title: 'Untouched' });

    await save(t, fans[0]!, savedPost!.id);
    await addComment(t, fans[0]!, commentedPost!.id, 'Useful, thanks');
    await toggleLike(t, fans[0]!, likedPost!.id);
    for (const fan of fans) await toggleLike(t, fan, olderPost!.id);
    // Three likes 6 days old weigh 3 × 2^(−144/48) = 0.375: less than one like now.
    await age(olderPost!.id, 6 * 24);
    for (const fan of fans) await toggleLike(t, fan, stalePost!.id);
    await age(stalePost!.id, 8 * 24);

    const page = await explore(fans[1]!);
    expect(trendingTitles(page, [...titles, 'Untouched'])).toEqual(titles.slice(0, 4));
    // The cards are the posts' own shape, with the viewer's state.
    const older3 = page.trendingPosts.find((post) => post.id === olderPost!.id)!;
    expect(older3).toMatchObject({
      likesCount: 3,
      isLikedByCurrentUser: true,
      author: { id: author.user.id },
    });

    // Three likes now lift the commented post (2 + 3) above the saved one (3).
    for (const fan of fans) await toggleLike(t, fan, commentedPost!.id);
    expect(trendingTitles(await explore(fans[1]!), titles)[0]).toBe('Commented now');
  });

  it('leaves out what the viewer may not see: blocked, muted, hidden and suspended authors', async () => {
    const reader = await signUp(t);
    const fan = await signUp(t);
    const [blocked, muted, hiddenAuthor, suspended, blocker] = [
      await signUp(t),
      await signUp(t),
      await signUp(t),
      await signUp(t),
      await signUp(t),
    ];
    const made = {
      blocked: await createPost(t, blocked.token, { title: 'By someone the reader blocked' }),
      muted: await createPost(t, muted.token, { title: 'By someone the reader muted' }),
      hidden: await createPost(t, hiddenAuthor.token, { title: 'Hidden by a moderator' }),
      suspended: await createPost(t, suspended.token, { title: 'By a suspended author' }),
      blocker: await createPost(t, blocker.token, { title: 'By someone who blocked the reader' }),
    };
    const titles = Object.values(made).map((post) => post.title);
    for (const post of Object.values(made)) await toggleLike(t, fan, post.id);
    expect(trendingTitles(await explore(reader), titles)).toHaveLength(5);

    await ok(t, reader, { method: 'PUT', url: `/api/users/${blocked.user.id}/block` });
    await ok(t, reader, { method: 'PUT', url: `/api/users/${muted.user.id}/mute` });
    await ok(t, blocker, { method: 'PUT', url: `/api/users/${reader.user.id}/block` });
    await ok(t, moderator, {
      method: 'POST',
      url: `/api/moderation/posts/${made.hidden.id}/hide`,
      payload: { reason: 'Spam' },
    });
    await ok(t, moderator, {
      method: 'POST',
      url: `/api/moderation/users/${suspended.user.id}/suspend`,
      payload: { reason: 'Spam' },
    });

    expect(trendingTitles(await explore(reader), titles)).toEqual([]);
    // Each rule is the reader's: the fan still sees the muted and blocking authors' posts; no one sees
    // the hidden post or the suspended author's, not even among its author's trending posts.
    expect(trendingTitles(await explore(fan), titles).sort()).toEqual(
      [made.blocked.title, made.muted.title, made.blocker.title].sort(),
    );
    expect(trendingTitles(await explore(hiddenAuthor), titles)).not.toContain(made.hidden.title);
    expect(trendingTitles(await explore(null), titles).sort()).toEqual(
      [made.blocked.title, made.muted.title, made.blocker.title].sort(),
    );
  });
});

describe('plans', () => {
  it('ranks the plans copied lately and those most learned this month, never a private one', async () => {
    const ann = await signUp(t);
    const [bob, cat, dan] = [await signUp(t), await signUp(t), await signUp(t)];
    const popular = await createPlan(t, ann.token, { title: 'Copied by two' });
    const once = await createPlan(t, ann.token, { title: 'Copied by one' });
    const secret = await createPlan(t, ann.token, { title: 'Private and copied', isPublic: false });
    await copy(bob, popular);
    await copy(cat, popular);
    await copy(cat, popular);
    await copy(bob, once);
    await copy(ann, secret);
    const mine = ['Copied by two', 'Copied by one', 'Private and copied'];

    const learned = await createPlan(t, ann.token, { title: 'Learned by three' });
    const learnedLess = await createPlan(t, ann.token, { title: 'Learned by one' });
    const privateLearned = await createPlan(t, dan.token, { title: 'Learned in private', isPublic: false });
    for (const learner of [bob, cat, dan]) await startTopic(learner, learned);
    const topic = learnedLess.topics[0]!;
    const res = await setResourceCompleted(
      t,
      bob.token,
      learnedLess,
      { topicId: topic.id, resourceId: topic.resources[0]!.id },
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    await startTopic(dan, privateLearned);
    const learnedTitles = ['Learned by three', 'Learned by one', 'Learned in private'];

    for (const viewer of [dan, null]) {
      const page = await explore(viewer);
      const templates = page.popularTemplates.filter((item) => mine.includes(item.learningPlan.title));
      // Cat's two copies count once: people, not copies.
      expect(templates.map((item) => [item.learningPlan.title, item.recentUses])).toEqual([
        ['Copied by two', 2],
        ['Copied by one', 1],
      ]);
      const most = page.mostLearned.filter((item) => learnedTitles.includes(item.learningPlan.title));
      expect(most.map((item) => [item.learningPlan.title, item.learners])).toEqual([
        ['Learned by three', 3],
        ['Learned by one', 1],
      ]);
    }
    // The viewer's own progress rides on the card, as on every plan list; the card carries its topics'
    // titles, not their resources, which only the plan's page answers.
    const danView = (await explore(dan)).mostLearned.find((item) => item.learningPlan.id === learned.id)!;
    expect(danView.learningPlan.creator.id).toBe(ann.user.id);
    expect(danView.learningPlan.topics).toEqual(learned.topics.map(({ id, title }) => ({ id, title })));
    const bobView = (await explore(bob)).mostLearned.find((item) => item.learningPlan.id === learnedLess.id)!;
    expect(bobView.learningPlan).toMatchObject({ title: 'Learned by one', completedTopics: 0 });
    await setTopicStatus(t, bob.token, learnedLess, topic.id, 'COMPLETED');
    const bobLater = (await explore(bob)).mostLearned.find(
      (item) => item.learningPlan.id === learnedLess.id,
    )!;
    expect(bobLater.learningPlan.completedTopics).toBe(1);
    expect(bobLater.learningPlan.completionPercentage).toBeGreaterThan(0);

    // Progress older than this month and copies older than 30 days no longer count.
    await t.db.execute(sql`update activities set occurred_at = now() - interval '40 days'
      where plan_id = ${learned.id}`);
    await t.db.execute(sql`update learning_plans set created_at = now() - interval '31 days'
      where based_on_plan_id = ${popular.id}`);
    const later = await explore(dan);
    expect(planTitles(later.mostLearned)).not.toContain('Learned by three');
    expect(planTitles(later.popularTemplates)).not.toContain('Copied by two');
  });

  it('leaves out the plans of someone the viewer blocked, and a hidden plan for everyone', async () => {
    const author = await signUp(t);
    const [reader, learner] = [await signUp(t), await signUp(t)];
    const plan = await createPlan(t, author.token, { title: 'Soon blocked' });
    const hidden = await createPlan(t, learner.token, { title: 'Soon hidden' });
    await startTopic(learner, plan);
    await startTopic(reader, hidden);
    await copy(learner, plan);
    const titles = ['Soon blocked', 'Soon hidden'];
    const seen = async (account: TestAccount) => {
      const page = await explore(account);
      return [...planTitles(page.popularTemplates), ...planTitles(page.mostLearned)].filter((title) =>
        titles.includes(title),
      );
    };
    expect((await seen(reader)).sort()).toEqual(['Soon blocked', 'Soon blocked', 'Soon hidden']);

    await ok(t, author, { method: 'PUT', url: `/api/users/${reader.user.id}/block` });
    await ok(t, moderator, {
      method: 'POST',
      url: `/api/moderation/plans/${hidden.id}/hide`,
      payload: { reason: 'Spam' },
    });
    expect(await seen(reader)).toEqual([]);
    expect(await seen(learner)).toEqual(['Soon blocked', 'Soon blocked']);
  });
});

describe('popular tags', () => {
  /** The popular tags among `mine` with their counts (other tests of the file add their own). */
  const tagsOf = (page: Explore, mine: string[]) =>
    page.popularTags.filter((tag) => mine.includes(tag.name)).map((tag) => [tag.name, tag.uses]);

  it('counts the posts and public plans of the last 30 days that carry each tag, most used first', async () => {
    const [author, other] = [await signUp(t), await signUp(t)];
    const mine = ['exploretagone', 'exploretagtwo', 'exploretagold'];
    await createPost(t, author.token, { title: 'Tagged twice', tags: ['exploretagone', 'exploretagtwo'] });
    await createPost(t, other.token, { title: 'Tagged once', tags: ['exploretagone'] });
    await createPlan(t, other.token, { title: 'A tagged plan', tags: ['exploretagone', 'exploretagtwo'] });
    const old = await createPost(t, author.token, { title: 'Tagged long ago', tags: ['exploretagold'] });
    await t.db.execute(sql`update posts set created_at = now() - interval '31 days' where id = ${old.id}`);

    for (const viewer of [other, null]) {
      expect(tagsOf(await explore(viewer), mine)).toEqual([
        ['exploretagone', 3],
        ['exploretagtwo', 2],
      ]);
    }
  });

  it('leaves out a tag carried only by a private plan or a hidden post', async () => {
    const author = await signUp(t);
    const mine = ['exploreprivatetag', 'explorehiddentag', 'exploresharedtag'];
    await createPlan(t, author.token, {
      title: 'Tagged in private',
      isPublic: false,
      tags: ['exploreprivatetag', 'exploresharedtag'],
    });
    const hidden = await createPost(t, author.token, {
      title: 'Tagged and hidden',
      tags: ['explorehiddentag', 'exploresharedtag'],
    });
    await createPost(t, author.token, { title: 'Tagged and shown', tags: ['exploresharedtag'] });
    await ok(t, moderator, {
      method: 'POST',
      url: `/api/moderation/posts/${hidden.id}/hide`,
      payload: { reason: 'Spam' },
    });
    // Not even for their author: the ranking is the same for everyone.
    for (const viewer of [author, null]) {
      expect(tagsOf(await explore(viewer), mine)).toEqual([['exploresharedtag', 1]]);
    }
  });
});

describe('reading signed out', () => {
  it('gives a visitor the signed-out view with PUBLIC_READING on, and a 401 with it off', async () => {
    const author = await signUp(t);
    const fan = await signUp(t);
    const post = await createPost(t, author.token, { title: 'Read signed out' });
    await toggleLike(t, fan, post.id);
    const asVisitor = (await explore(null)).trendingPosts.find((item) => item.id === post.id);
    expect(asVisitor).toMatchObject({ likesCount: 1, isLikedByCurrentUser: false, isSaved: false });

    const res = await callAs(cached, null, { url: '/api/explore' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });
});

describe('cost', () => {
  it('costs the same statements for one trending post, plan or tag or many, for a visitor as a member', async () => {
    const app = await createTestApp({ config: { exploreCacheSeconds: 0, publicReading: true } });
    try {
      const [author, fan, reader] = [await signUp(app), await signUp(app), await signUp(app)];
      const first = await createPost(app, author.token, { title: 'First' });
      await toggleLike(app, fan, first.id);
      const plan = await createPlan(app, author.token);
      await ok(app, fan, { method: 'POST', url: `/api/learning-plans/${plan.id}/copies` });
      const few = await app.queries.count(() => ok(app, reader, { url: '/api/explore' }));
      expect(few.result.json().trendingPosts).toHaveLength(1);

      for (let i = 0; i < 12; i++) {
        const post = await createPost(app, author.token, { title: `Post ${i}`, tags: [`tag${i}`] });
        await toggleLike(app, fan, post.id);
        const more = await createPlan(app, author.token, { title: `Plan ${i}`, tags: [`plantag${i}`] });
        await ok(app, fan, { method: 'POST', url: `/api/learning-plans/${more.id}/copies` });
        await setTopicStatus(app, fan.token, more, more.topics[0]!.id, 'COMPLETED');
      }
      const many = await app.queries.count(() => ok(app, reader, { url: '/api/explore' }));
      const body = many.result.json() as Explore;
      expect(body.trendingPosts).toHaveLength(EXPLORE_LIMITS.trendingPosts);
      expect(body.popularTemplates).toHaveLength(EXPLORE_LIMITS.plans);
      expect(body.mostLearned).toHaveLength(EXPLORE_LIMITS.plans);
      expect(body.popularTags).toHaveLength(EXPLORE_LIMITS.popularTags);
      expect(many.statements).toBe(few.statements);

      const visitor = await app.queries.count(() => ok(app, null, { url: '/api/explore' }));
      expect(visitor.statements).toBe(many.statements);
    } finally {
      await app.close();
    }
  });

  it('keeps the shared ranking for a while, and the sections as a visitor sees them until a change', async () => {
    const [author, fan, reader] = [await signUp(cached), await signUp(cached), await signUp(cached)];
    const early = await createPost(cached, author.token, { title: 'Early' });
    await toggleLike(cached, fan, early.id);
    const first = await cached.queries.count(() => ok(cached, reader, { url: '/api/explore' }));
    expect(trendingTitles(first.result.json(), ['Early', 'Late'])).toEqual(['Early']);
    const ranks = (sent: { sql: string }[]) =>
      sent.some((statement) => statement.sql.includes('trending as'));
    expect(ranks(first.sent)).toBe(true);

    const late = await createPost(cached, author.token, { title: 'Late' });
    await save(cached, fan, late.id);
    await save(cached, reader, early.id);
    const second = await cached.queries.count(() => ok(cached, reader, { url: '/api/explore' }));
    const page = second.result.json() as Explore;
    // Same ranking (the late post is not in it yet), not made again; the new post's change made the
    // process read the sections again as a visitor sees them; the viewer's state is fresh.
    expect(trendingTitles(page, ['Early', 'Late'])).toEqual(['Early']);
    expect(ranks(second.sent)).toBe(false);
    expect(page.trendingPosts.find((post) => post.id === early.id)?.isSaved).toBe(true);
    // Kept since (once the writes' NOTIFYs, a moment after their commits, were heard): nothing is sent.
    await vi.waitFor(async () => {
      const third = await cached.queries.count(() => ok(cached, reader, { url: '/api/explore' }));
      expect(third.statements).toBe(0);
      expect(third.result.json()).toEqual(page);
    });
  });
});
