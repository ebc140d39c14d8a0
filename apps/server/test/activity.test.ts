import { type Activity, type LearningPlan, NO_ACTIVITY_DETAILS, type Page } from '@pathwise/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import type { TestApp } from './helpers/app.js';
import { createPlan, planBody, setResourceCompleted, setTopicStatus } from './helpers/plans.js';
import { createPost } from './helpers/posts.js';
import { addComment, callAs, follow, toggleLike, unfollow } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

type Feed = 'activities' | 'learning-progress' | 'social-activity';

async function feedOf(
  user: TestAccount,
  feed: Feed = 'activities',
  viewer: TestAccount = user,
  query = '',
): Promise<Page<Activity>> {
  const res = await callAs(t, viewer, { url: `/api/users/${user.user.id}/${feed}${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const annRef = () => ({ id: ann.user.id, name: 'Ann Lee', profilePicture: null });
const bobRef = () => ({ id: bob.user.id, name: 'Bob Stone', profilePicture: null });
describe('social activity', () => {
  it('a like, a comment and a follow appear newest first, with everything the profile shows', async () => {
    const post = await createPost(t, ann.token, { title: 'Generics explained' });
    await toggleLike(t, bob, post.id);
    const comment = await addComment(t, bob, post.id, 'This helped a lot');
    await follow(t, bob, ann);

    const page = await feedOf(bob);
    const postRef = { id: post.id, title: 'Generics explained', author: annRef() };
    expect(page.content).toEqual([
      {
        ...NO_ACTIVITY_DETAILS,
        id: expect.any(Number),
        type: 'FOLLOW_USER',
        timestamp: expect.stringMatching(/Z$/),
        user: bobRef(),
        followedUser: annRef(),
      },
      {
        ...NO_ACTIVITY_DETAILS,
        id: expect.any(Number),
        type: 'POST_COMMENT',
        timestamp: expect.stringMatching(/Z$/),
        user: bobRef(),
        post: postRef,
        comment: { id: comment.id, content: 'This helped a lot' },
      },
      {
        ...NO_ACTIVITY_DETAILS,
        id: expect.any(Number),
        type: 'POST_LIKE',
        timestamp: expect.stringMatching(/Z$/),
        user: bobRef(),
        post: postRef,
      },
    ]);
    expect((await feedOf(bob, 'social-activity')).content.map((a) => a.type)).toEqual([
      'FOLLOW_USER',
      'POST_COMMENT',
      'POST_LIKE',
    ]);
    expect((await feedOf(bob, 'learning-progress')).content).toEqual([]);
    expect((await feedOf(ann)).content).toEqual([]);
  });

  it('unliking and unfollowing take their activity back', async () => {
    const post = await createPost(t, ann.token);
    await toggleLike(t, bob, post.id);
    await toggleLike(t, bob, post.id);
    await unfollow(t, bob, ann);

    const types = (await feedOf(bob)).content.map((a) => [a.type, a.post?.id ?? a.followedUser?.id]);
    expect(types).not.toContainEqual(['POST_LIKE', post.id]);
    expect(types).not.toContainEqual(['FOLLOW_USER', ann.user.id]);
  });

  it('goes with the post it is about', async () => {
    const post = await createPost(t, ann.token);
    await toggleLike(t, bob, post.id);
    await addComment(t, bob, post.id, 'Soon gone');

    expect((await callAs(t, ann, { method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(204);
    expect((await feedOf(bob)).content.some((a) => a.post?.id === post.id)).toBe(false);
  });
});

describe('learning progress', () => {
  let plan: LearningPlan;
  beforeAll(async () => {
    plan = await createPlan(t, ann.token, { title: 'Learn Rust' });
  });

  it('completing a topic records the new percentage and the topic, with the plan', async () => {
    const traits = plan.topics[1];
    expect((await setTopicStatus(t, bob.token, plan, traits!.id, 'COMPLETED')).statusCode).toBe(200);

    const [completed, progress] = (await feedOf(bob, 'learning-progress')).content;
    expect(completed).toEqual({
      ...NO_ACTIVITY_DETAILS,
      id: expect.any(Number),
      type: 'TOPIC_COMPLETED',
      timestamp: expect.stringMatching(/Z$/),
      user: bobRef(),
      learningPlan: { id: plan.id, title: 'Learn Rust' },
      topicTitle: 'Traits',
    });
    expect(progress).toMatchObject({
      type: 'LEARNING_PROGRESS',
      learningPlan: { id: plan.id },
      progressPercentage: 50,
    });
  });

  it("completing a resource records it with its topic; completing the topic's last one is one step of progress", async () => {
    const [ownership] = plan.topics;
    const [book, video] = ownership!.resources;
    await setResourceCompleted(t, bob.token, plan, { topicId: ownership!.id, resourceId: book!.id }, true);
    const before = (await feedOf(bob, 'learning-progress', bob, '?size=50')).totalElements;
    await setResourceCompleted(t, bob.token, plan, { topicId: ownership!.id, resourceId: video!.id }, true);

    const feed = await feedOf(bob, 'learning-progress', bob, '?size=50');
    expect(feed.totalElements - before).toBe(3);
    expect(
      feed.content
        .slice(0, 3)
        .map((a) => a.type)
        .sort(),
    ).toEqual(['LEARNING_PROGRESS', 'RESOURCE_COMPLETED', 'TOPIC_COMPLETED']);
    expect(feed.content.find((a) => a.type === 'RESOURCE_COMPLETED')).toMatchObject({
      resourceTitle: 'Borrowing video',
      topicTitle: 'Ownership',
      learningPlan: { id: plan.id, title: 'Learn Rust' },
    });
    expect(feed.content.find((a) => a.type === 'LEARNING_PROGRESS')).toMatchObject({
      progressPercentage: 100,
    });
  });

  it('keeps topic titles as they were when the plan is edited later', async () => {
    const edited = planBody({
      title: 'Learn Rust',
      topics: plan.topics.map((topic) => ({ ...topic, title: `${topic.title} (renamed)` })),
    });
    expect(
      (await callAs(t, ann, { method: 'PUT', url: `/api/learning-plans/${plan.id}`, payload: edited }))
        .statusCode,
    ).toBe(200);

    const topics = (await feedOf(bob, 'learning-progress', bob, '?size=50')).content.flatMap(
      (a) => a.topicTitle ?? [],
    );
    expect(topics).toContain('Traits');
    expect(topics).not.toContain('Traits (renamed)');
  });

  it('shows activity on a private plan to its creator only', async () => {
    const secret = await createPlan(t, ann.token, { title: 'Secret plan', isPublic: false });
    await setTopicStatus(t, ann.token, secret, secret.topics[1]!.id, 'COMPLETED');

    const own = await feedOf(ann, 'learning-progress');
    expect(own.content.map((a) => a.learningPlan?.title)).toEqual(['Secret plan', 'Secret plan']);
    const seenByBob = await feedOf(ann, 'learning-progress', bob);
    expect(seenByBob.content).toEqual([]);
    expect(seenByBob.totalElements).toBe(0);
    expect((await feedOf(ann, 'activities', bob)).content.some((a) => a.learningPlan)).toBe(false);
  });
});

describe('the feeds', () => {
  it('default to 10, 5 and 10 per page and cost the same statements for 2 or 12 activities', async () => {
    const fan = await signUp(t, { name: 'Fan' });
    const posts = await Promise.all(Array.from({ length: 12 }, () => createPost(t, ann.token)));
    for (const post of posts.slice(0, 2)) await toggleLike(t, fan, post.id);
    const few = await t.queries.count(() => feedOf(fan));
    for (const post of posts.slice(2)) await toggleLike(t, fan, post.id);
    const many = await t.queries.count(() => feedOf(fan));

    expect(few.result.content).toHaveLength(2);
    expect(many.result).toMatchObject({ size: 10, totalElements: 12, totalPages: 2, last: false });
    expect(many.result.content).toHaveLength(10);
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBeLessThanOrEqual(2);
    expect((await feedOf(fan, 'learning-progress')).size).toBe(5);
    expect((await feedOf(fan, 'social-activity', fan, '?page=1')).content).toHaveLength(2);
  });

  it('answer 404 for an unknown user, 400 for a bad id or page, 401 without a session', async () => {
    for (const feed of ['activities', 'learning-progress', 'social-activity']) {
      const missing = await callAs(t, ann, { url: `/api/users/999999/${feed}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('User profile not found. Please check the user ID.');
      const invalid = await callAs(t, ann, { url: `/api/users/abc/${feed}` });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe('Invalid user ID');
      const badSize = await callAs(t, ann, { url: `/api/users/${ann.user.id}/${feed}?size=500` });
      expect(badSize.statusCode).toBe(400);
      expect(badSize.json().message).toBe('size must be at most 50');
      expect((await t.app.inject({ url: `/api/users/${ann.user.id}/${feed}` })).statusCode).toBe(401);
    }
  });
});
