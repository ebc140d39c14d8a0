import {
  FEED_LIMITS,
  type FollowingFeedPage,
  type LearningPlan,
  type Page,
  type Post,
  type SearchResult,
  TAG_MESSAGES,
  type TagSummary,
} from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import type { TestApp } from './helpers/app.js';
import { createPlan, planBody } from './helpers/plans.js';
import { createPost, postPart, sendPost, validPost } from './helpers/posts.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

const call = (account: TestAccount, request: InjectOptions) =>
  t.app.inject({ ...request, headers: bearer(account.token) });

async function read<T>(account: TestAccount, url: string): Promise<T> {
  const res = await call(account, { url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const editPost = (account: TestAccount, id: number, fields: object) =>
  sendPost(t, account.token, [postPart({ ...validPost, tags: undefined, ...fields })], {
    method: 'PUT',
    url: `/api/posts/${id}`,
  });

async function setFollowing(account: TestAccount, tag: string, following: boolean) {
  const res = await call(account, { method: following ? 'POST' : 'DELETE', url: `/api/tags/${tag}/follow` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ following });
}

const titles = (page: Page<{ title: string }>) => page.content.map((item) => item.title);

describe('tags on posts and plans', () => {
  it('stores tags as typed without # and in lowercase, and keeps them when an edit leaves them out', async () => {
    const post = await createPost(t, ann.token, { tags: ['#TypeScript', 'web-dev', 'typescript'] });
    expect(post.tags).toEqual(['typescript', 'web-dev']);

    const kept = await editPost(ann, post.id, { title: 'Edited without tags' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().tags).toEqual(['typescript', 'web-dev']);

    const changed = await editPost(ann, post.id, { tags: ['rust'] });
    expect(changed.json().tags).toEqual(['rust']);
    const cleared = await editPost(ann, post.id, { tags: [] });
    expect(cleared.json().tags).toEqual([]);
    expect((await read<Post>(bob, `/api/posts/${post.id}`)).tags).toEqual([]);
  });

  it('refuses a tag that breaks the rules and a fifth tag, saying why', async () => {
    for (const tags of [['c'], ['no spaces'], ['a'.repeat(31)], ['émoji'], 'typescript']) {
      const res = await sendPost(t, ann.token, [postPart({ ...validPost, tags })]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(
        typeof tags === 'string' ? TAG_MESSAGES.notList : TAG_MESSAGES.invalid,
      );
    }
    const five = await sendPost(t, ann.token, [
      postPart({ ...validPost, tags: ['a1', 'b2', 'c3', 'd4', 'e5'] }),
    ]);
    expect(five.statusCode).toBe(400);
    expect(five.json().message).toContain(TAG_MESSAGES.tooMany);

    const plan = await call(ann, {
      method: 'POST',
      url: '/api/learning-plans',
      payload: planBody({ tags: ['x'] }),
    });
    expect(plan.statusCode).toBe(400);
    expect(plan.json().message).toContain(TAG_MESSAGES.invalid);
  });

  it('tags plans on create and update, keeps them when an update leaves them out, and copies them', async () => {
    const plan = await createPlan(t, ann.token, { tags: ['Rust', 'systems'] });
    expect(plan.tags).toEqual(['rust', 'systems']);
    const { tags: _tags, ...withoutTags } = planBody({ title: 'Renamed' });
    const kept = await call(ann, {
      method: 'PUT',
      url: `/api/learning-plans/${plan.id}`,
      payload: withoutTags,
    });
    expect(kept.json().tags).toEqual(['rust', 'systems']);
    const copy = await call(bob, { method: 'POST', url: `/api/learning-plans/${plan.id}/copies` });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().tags).toEqual(['rust', 'systems']);
  });
});

describe('the tag page', () => {
  it('lists what the viewer may see, counts what a stranger sees and follows idempotently', async () => {
    const carol = await signUp(t, { name: 'Carol Diaz' });
    const shown = await createPost(t, bob.token, { title: 'Lifetimes at last', tags: ['lifetimes'] });
    await createPost(t, carol.token, { title: 'Carol on lifetimes', tags: ['lifetimes'] });
    await createPlan(t, bob.token, { title: 'Public lifetimes', tags: ['lifetimes'] });
    await createPlan(t, bob.token, { title: 'Private lifetimes', isPublic: false, tags: ['lifetimes'] });
    await call(ann, { method: 'PUT', url: `/api/users/${carol.user.id}/block` });

    const summary = await read<TagSummary>(ann, '/api/tags/%23Lifetimes');
    expect(summary).toEqual({ name: 'lifetimes', postCount: 2, planCount: 1, following: false });
    expect(titles(await read<Page<Post>>(ann, '/api/tags/lifetimes/posts'))).toEqual(['Lifetimes at last']);
    expect(titles(await read<Page<LearningPlan>>(ann, '/api/tags/lifetimes/plans'))).toEqual([
      'Public lifetimes',
    ]);
    expect(titles(await read<Page<LearningPlan>>(bob, '/api/tags/lifetimes/plans'))).toEqual([
      'Private lifetimes',
      'Public lifetimes',
    ]);

    await setFollowing(ann, 'lifetimes', true);
    await setFollowing(ann, 'lifetimes', true);
    expect((await read<TagSummary>(ann, '/api/tags/lifetimes')).following).toBe(true);
    expect((await read<TagSummary>(bob, '/api/tags/lifetimes')).following).toBe(false);
    await setFollowing(ann, 'lifetimes', false);
    await setFollowing(ann, 'lifetimes', false);
    expect((await read<TagSummary>(ann, '/api/tags/lifetimes')).following).toBe(false);
    expect(shown.tags).toEqual(['lifetimes']);
  });

  it('answers an unused tag with an empty page and a malformed one with a 400', async () => {
    expect(await read<TagSummary>(ann, '/api/tags/nobody-used-this')).toEqual({
      name: 'nobody-used-this',
      postCount: 0,
      planCount: 0,
      following: false,
    });
    expect((await read<Page<Post>>(ann, '/api/tags/nobody-used-this/posts')).totalElements).toBe(0);
    for (const url of ['/api/tags/a', '/api/tags/has%20space/posts', `/api/tags/${'a'.repeat(31)}/plans`]) {
      const res = await call(ann, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(TAG_MESSAGES.invalid);
    }
    const follow = await call(ann, { method: 'POST', url: '/api/tags/x!/follow' });
    expect(follow.statusCode).toBe(400);
  });

  it('reads a page of posts or plans in the same number of statements for one item or many', async () => {
    await createPost(t, bob.token, { tags: ['paging'] });
    await createPlan(t, bob.token, { tags: ['paging'] });
    const onePost = await t.queries.count(() => call(ann, { url: '/api/tags/paging/posts' }));
    const onePlan = await t.queries.count(() => call(ann, { url: '/api/tags/paging/plans' }));
    for (let i = 0; i < 3; i++) {
      await createPost(t, bob.token, { tags: ['paging', `p${i}x`] });
      await createPlan(t, bob.token, { tags: ['paging'] });
    }
    const manyPosts = await t.queries.count(() => call(ann, { url: '/api/tags/paging/posts?size=3' }));
    const manyPlans = await t.queries.count(() => call(ann, { url: '/api/tags/paging/plans?size=3' }));
    expect(manyPosts.result.json().content).toHaveLength(3);
    expect(manyPosts.result.json().totalElements).toBe(4);
    expect(manyPlans.result.json().content).toHaveLength(3);
    expect(manyPosts.statements).toBe(onePost.statements);
    expect(manyPlans.statements).toBe(onePlan.statements);
    const summary = await t.queries.count(() => call(ann, { url: '/api/tags/paging' }));
    expect(summary.result.json()).toMatchObject({ postCount: 4, planCount: 4 });
    expect(summary.statements).toBeLessThanOrEqual(onePost.statements);
  });
});

describe('tag suggestions', () => {
  it('offers tags beginning with the prefix, most used first, never one only a private plan of another carries', async () => {
    await createPost(t, bob.token, { tags: ['graphql'] });
    await createPost(t, bob.token, { tags: ['graphql', 'gradle'] });
    await createPost(t, ann.token, { tags: ['graphql'] });
    await createPlan(t, bob.token, { tags: ['gradle'] });
    await createPlan(t, bob.token, { isPublic: false, tags: ['grails-secret'] });

    expect(await read(ann, '/api/tags?prefix=%23GRA')).toEqual([
      { name: 'graphql', uses: 3 },
      { name: 'gradle', uses: 2 },
    ]);
    expect(await read(bob, '/api/tags?prefix=grai')).toEqual([{ name: 'grails-secret', uses: 1 }]);
    expect(await read(ann, '/api/tags?prefix=grai')).toEqual([]);
    await createPost(t, bob.token, { tags: ['go', 'go-lang', 'gob', 'gp'] });
    const names = async (prefix: string) =>
      (await read<{ name: string }[]>(ann, `/api/tags?prefix=${prefix}`)).map((s) => s.name).sort();
    expect(await names('go')).toEqual(['go', 'go-lang', 'gob']);
    expect(await names('go-')).toEqual(['go-lang']);
    expect(await names('gp')).toEqual(['gp']);
    const bad = await call(ann, { url: '/api/tags?prefix=%25' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TAG_MESSAGES.invalidPrefix);
  });
});

describe('following a tag', () => {
  it("brings a stranger's tagged posts into the Following tab, once, and never across a block", async () => {
    const dana = await signUp(t, { name: 'Dana Fox' });
    const stranger = await signUp(t, { name: 'Eve Stranger' });
    const blocked = await signUp(t, { name: 'Frank Blocked' });
    await call(dana, { method: 'POST', url: `/api/users/${bob.user.id}/follow` });
    await setFollowing(dana, 'webgpu', true);
    await setFollowing(dana, 'shaders', true);
    await createPost(t, stranger.token, { title: 'Stranger on WebGPU', tags: ['webgpu', 'shaders'] });
    await createPost(t, bob.token, { title: 'Bob on WebGPU', tags: ['webgpu'] });
    await createPost(t, blocked.token, { title: 'Blocked on WebGPU', tags: ['webgpu'] });
    await createPost(t, dana.token, { title: 'My own WebGPU', tags: ['webgpu'] });
    await createPost(t, stranger.token, { title: 'Stranger untagged' });
    await call(dana, { method: 'PUT', url: `/api/users/${blocked.user.id}/block` });

    const feed = await read<FollowingFeedPage>(dana, '/api/feed/following?size=50');
    const listed = feed.content.map((item) =>
      item.type === 'POST' ? item.post.title : item.learningPlan.title,
    );
    expect(listed.filter((title) => title.includes('WebGPU'))).toEqual([
      'Bob on WebGPU',
      'Stranger on WebGPU',
    ]);
    expect(listed).not.toContain('Stranger untagged');
    expect(feed.totalElements).toBe(feed.content.length);

    await setFollowing(dana, 'webgpu', false);
    await setFollowing(dana, 'shaders', false);
    const after = await read<FollowingFeedPage>(dana, '/api/feed/following');
    expect(
      after.content.some((item) => item.type === 'POST' && item.post.title === 'Stranger on WebGPU'),
    ).toBe(false);
  });

  it('holds the newest posts of each followed tag, by when they were published', async () => {
    const gus = await signUp(t, { name: 'Gus Reader' });
    const writer = await signUp(t, { name: 'Hal Writer' });
    await setFollowing(gus, 'lotsof', true);
    const first = await createPost(t, writer.token, { title: 'The first on lotsof', tags: ['lotsof'] });
    // As many again written after it, as cheap rows: their links are dated as any post's are.
    const limit = FEED_LIMITS.taggedPostsPerTag;
    await t.db.execute(sql`
      insert into posts (author_id, title, content, category, created_at)
      select ${writer.user.id}, 'Later on lotsof ' || n, 'More.', 'PROGRAMMING',
        now() + n * interval '1 second'
      from generate_series(1, ${limit}) n`);
    await t.db.execute(sql`
      insert into post_tags (post_id, tag_id)
      select p.id, tags.id from posts p, tags
      where p.title like 'Later on lotsof %' and tags.name = 'lotsof'`);
    const firstOf = async () => {
      const feed = await read<FollowingFeedPage>(gus, '/api/feed/following?size=1');
      const [item] = feed.content;
      return { total: feed.totalElements, title: item?.type === 'POST' ? item.post.title : undefined };
    };
    expect(await firstOf()).toEqual({ total: limit, title: `Later on lotsof ${limit}` });
    const oldest = await read<FollowingFeedPage>(gus, `/api/feed/following?size=10&page=${limit / 10 - 1}`);
    expect(oldest.content.map((item) => item.type === 'POST' && item.post.title)).not.toContain(
      'The first on lotsof',
    );

    // Publishing dates a scheduled post anew (posts.queries.ts): its tag's links follow.
    await t.db.execute(sql`update posts set created_at = now() + interval '1 hour' where id = ${first.id}`);
    expect(await firstOf()).toEqual({ total: limit, title: 'The first on lotsof' });
  });
});

describe('searching for #tags', () => {
  it('finds the posts and plans carrying the tag, first, even without the word', async () => {
    await createPost(t, bob.token, {
      title: 'Nothing about it here',
      content: 'Plain words.',
      tags: ['zigzag'],
    });
    await createPost(t, bob.token, { title: 'Zigzag in the text', content: 'Only the word.' });
    await createPlan(t, bob.token, { title: 'A tagged plan', tags: ['zigzag'] });
    const found = await read<SearchResult>(ann, '/api/search?query=%23zigzag');
    expect(titles(found.posts)).toEqual(['Nothing about it here', 'Zigzag in the text']);
    expect(titles(found.learningPlans)).toEqual(['A tagged plan']);
  });
});
