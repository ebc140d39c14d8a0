import type { FollowingFeedPage, FollowSuggestion, PlanInProgress } from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { seedFollowers } from './helpers/followers.js';
import { createPlan, setTopicStatus } from './helpers/plans.js';
import { createPost } from './helpers/posts.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (account: TestAccount, request: InjectOptions) =>
  t.app.inject({ ...request, headers: bearer(account.token) });

async function read<T>(account: TestAccount, url: string): Promise<T> {
  const res = await call(account, { url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function follow(follower: TestAccount, followed: TestAccount, on = true) {
  const res = await call(follower, {
    method: on ? 'POST' : 'DELETE',
    url: `/api/users/${followed.user.id}/follow`,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const following = (account: TestAccount, query = '') =>
  read<FollowingFeedPage>(account, `/api/feed/following${query}`);
const plansInProgress = (account: TestAccount) =>
  read<PlanInProgress[]>(account, '/api/feed/plans-in-progress');

const listed = (page: FollowingFeedPage) =>
  page.content.map((item) =>
    item.type === 'POST' ? `post ${item.post.title}` : `plan ${item.learningPlan.title}`,
  );

describe('the Following feed', () => {
  it('lists the posts and visible plans of followed people only, newest first, page by page', async () => {
    const ann = await signUp(t, { name: 'Ann Reader' });
    const bob = await signUp(t, { name: 'Bob Writer' });
    const cleo = await signUp(t, { name: 'Cleo Planner' });
    const dan = await signUp(t, { name: 'Dan Stranger' });
    await follow(ann, bob);
    await follow(ann, cleo);

    await createPost(t, bob.token, { title: 'Bob first' });
    await createPlan(t, cleo.token, { title: 'Cleo public' });
    await createPlan(t, cleo.token, { title: 'Cleo private', isPublic: false });
    await createPost(t, dan.token, { title: 'Dan unfollowed' });
    await createPost(t, ann.token, { title: 'Ann own' });
    await createPost(t, bob.token, { title: 'Bob second' });

    const page = await following(ann);
    expect(listed(page)).toEqual(['post Bob second', 'plan Cleo public', 'post Bob first']);
    expect(page.totalElements).toBe(3);
    const [first, second] = page.content;
    // The cards carry the shape their own lists answer, with the viewer's state.
    expect(first?.type === 'POST' && first.post.author.name).toBe('Bob Writer');
    expect(second?.type === 'LEARNING_PLAN' && second.learningPlan.topics.length).toBe(2);
    expect(Date.parse(first!.createdAt)).toBeGreaterThan(Date.parse(second!.createdAt));

    const pageOne = await following(ann, '?page=0&size=2');
    const pageTwo = await following(ann, '?page=1&size=2');
    expect(listed(pageOne)).toEqual(['post Bob second', 'plan Cleo public']);
    expect(pageOne).toMatchObject({
      number: 0,
      size: 2,
      totalElements: 3,
      totalPages: 2,
      first: true,
      last: false,
    });
    expect(listed(pageTwo)).toEqual(['post Bob first']);
    expect(pageTwo).toMatchObject({ number: 1, last: true });

    // The people followed see nothing of each other through Ann; Bob follows no one yet.
    expect((await following(bob)).content).toEqual([]);

    await follow(ann, bob, false);
    expect(listed(await following(ann))).toEqual(['plan Cleo public']);
  });

  it('drops a plan once it is made private', async () => {
    const reader = await signUp(t);
    const author = await signUp(t);
    await follow(reader, author);
    const plan = await createPlan(t, author.token, { title: 'Soon hidden' });
    expect(listed(await following(reader))).toEqual(['plan Soon hidden']);

    const { id, createdAt, updatedAt, completionPercentage, completedTopics, creator, isSaved, ...body } =
      plan;
    const res = await call(author, {
      method: 'PUT',
      url: `/api/learning-plans/${plan.id}`,
      payload: { ...body, isPublic: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await following(reader)).toMatchObject({ content: [], totalElements: 0 });
  });

  it('pages the posts and plans of several people interleaved, and counts them all but the deleted', async () => {
    const reader = await signUp(t);
    const [amy, ben] = [await signUp(t), await signUp(t)];
    await follow(reader, amy);
    await follow(reader, ben);
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      await createPost(t, amy.token, { title: `Amy ${i}` });
      await createPlan(t, ben.token, { title: `Ben plan ${i}` });
      const post = await createPost(t, ben.token, { title: `Ben ${i}` });
      made.push(`post Amy ${i}`, `plan Ben plan ${i}`, `post Ben ${i}`);
      if (i === 1) {
        const res = await call(ben, { method: 'DELETE', url: `/api/posts/${post.id}` });
        expect(res.statusCode, res.body).toBe(204);
        made.pop();
      }
    }
    const newestFirst = made.reverse();
    const pages = [await following(reader, '?page=0&size=4'), await following(reader, '?page=1&size=4')];
    pages.push(await following(reader, '?page=2&size=4'));
    expect(pages.flatMap(listed)).toEqual(newestFirst);
    expect(pages.map((page) => page.totalElements)).toEqual([11, 11, 11]);
  });

  it('costs the same number of statements for a page of two items or of twenty', async () => {
    const reader = await signUp(t);
    const author = await signUp(t);
    await follow(reader, author);
    await createPost(t, author.token);
    await createPlan(t, author.token);
    const few = await t.queries.count(() => call(reader, { url: '/api/feed/following' }));
    expect(few.result.json().content).toHaveLength(2);

    for (let i = 0; i < 9; i++) {
      await createPost(t, author.token, { title: `Post ${i}` });
      await createPlan(t, author.token, { title: `Plan ${i}` });
    }
    const many = await t.queries.count(() => call(reader, { url: '/api/feed/following?size=20' }));
    expect(many.result.json().content).toHaveLength(20);
    expect(many.statements).toBe(few.statements);
  });

  it('answers a bad page or size with a 400 that says what is wrong', async () => {
    const reader = await signUp(t);
    for (const [query, message] of [
      ['?page=-1', 'page must be 0 or more'],
      ['?size=0', 'size must be at least 1'],
      ['?page=two', 'page must be a whole number'],
    ]) {
      const res = await call(reader, { url: `/api/feed/following${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe('people to follow', () => {
  it('suggests the most followed, those posting in your categories first, never yourself or whom you follow', async () => {
    const star = await signUp(t, { name: 'Star Teacher' });
    const rising = await signUp(t, { name: 'Rising Teacher' });
    const designer = await signUp(t, { name: 'Quiet Designer' });
    await seedFollowers(t.db, star.user.id, 40, 'star_fan');
    await seedFollowers(t.db, rising.user.id, 30, 'rising_fan');
    await seedFollowers(t.db, designer.user.id, 1, 'designer_fan');
    await createPost(t, designer.token, { category: 'DESIGN' });
    await createPost(t, star.token, { category: 'PROGRAMMING' });

    const newcomer = await signUp(t, { name: 'New Comer' });
    const fresh = await t.queries.count(() => call(newcomer, { url: '/api/feed/suggestions' }));
    const names = (list: FollowSuggestion[]) => list.map((user) => user.name);
    const firstTime: FollowSuggestion[] = fresh.result.json();
    expect(names(firstTime).slice(0, 2)).toEqual(['Star Teacher', 'Rising Teacher']);
    expect(firstTime).toHaveLength(5);
    expect(firstTime[0]).toMatchObject({
      followersCount: 40,
      sharesCategory: false,
      handle: expect.any(String),
    });
    expect(names(firstTime)).not.toContain('New Comer');

    // Posting in Design puts the people who post there first, however few follow them.
    await createPost(t, newcomer.token, { category: 'DESIGN' });
    await follow(newcomer, star);
    const later = await t.queries.count(() => call(newcomer, { url: '/api/feed/suggestions' }));
    const afterPosting: FollowSuggestion[] = later.result.json();
    expect(names(afterPosting).slice(0, 2)).toEqual(['Quiet Designer', 'Rising Teacher']);
    expect(afterPosting[0]!.sharesCategory).toBe(true);
    expect(names(afterPosting)).not.toContain('Star Teacher');
    expect(names(afterPosting)).not.toContain('New Comer');
    expect(new Set(names(afterPosting)).size).toBe(afterPosting.length);
    expect(later.statements).toBe(fresh.statements);
  });
});

describe('plans in progress', () => {
  it('lists your own and tracked plans not completed yet, the last worked on first', async () => {
    const learner = await signUp(t);
    const teacher = await signUp(t);
    const own = await createPlan(t, learner.token, { title: 'My own plan' });
    const tracked = await createPlan(t, teacher.token, { title: 'Tracked plan' });
    await createPlan(t, teacher.token, { title: 'Never touched' });
    const before = await t.queries.count(() => call(learner, { url: '/api/feed/plans-in-progress' }));
    expect(before.result.json().map((plan: PlanInProgress) => plan.title)).toEqual(['My own plan']);

    const [firstTopic, secondTopic] = tracked.topics;
    expect((await setTopicStatus(t, learner.token, tracked, firstTopic!.id, 'COMPLETED')).statusCode).toBe(
      200,
    );
    const after = await t.queries.count(() => call(learner, { url: '/api/feed/plans-in-progress' }));
    expect(after.result.json()).toEqual([
      {
        id: tracked.id,
        title: 'Tracked plan',
        category: 'PROGRAMMING',
        completionPercentage: 50,
        completedTopics: 1,
        totalTopics: 2,
        skippedTopics: 0,
      },
      expect.objectContaining({ id: own.id, completionPercentage: 0, totalTopics: 2 }),
    ]);
    expect(after.statements).toBe(before.statements);

    // A completed plan is no longer in progress; a plan made private by its creator is gone.
    await setTopicStatus(t, learner.token, tracked, secondTopic!.id, 'COMPLETED');
    expect((await plansInProgress(learner)).map((plan) => plan.id)).toEqual([own.id]);
    expect(await plansInProgress(teacher)).toHaveLength(2);
  });
});
