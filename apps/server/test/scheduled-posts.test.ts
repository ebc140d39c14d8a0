import { type Page, POST_LIMITS, POST_MESSAGES, type Post } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { claimScheduledPost } from '../src/modules/posts/posts.queries.js';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import type { TestApp } from './helpers/app.js';
import { postPart, sendPost, validPost } from './helpers/posts.js';
import { addComment, callAs, follow, toggleLike } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

const call = (account: TestAccount | null, request: InjectOptions) => callAs(t, account, request);
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 200 });

async function schedule(account: TestAccount, publishAt: string, fields: object = {}): Promise<Post> {
  const res = await sendPost(t, account.token, [postPart({ ...validPost, ...fields, publishAt })]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function read<T>(account: TestAccount | null, url: string): Promise<T> {
  const res = await call(account, { url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const feedIds = async (account: TestAccount) =>
  (await read<Page<Post>>(account, '/api/posts?size=50')).content.map((post) => post.id);

const mentionsOf = async (account: TestAccount, postId: number) =>
  (
    await read<Page<{ type: string; entityId: number }>>(account, '/api/notifications?size=50')
  ).content.filter((item) => item.type === 'MENTION' && item.entityId === postId).length;

const postsCountOf = async (account: TestAccount) =>
  (await read<{ postsCount: number }>(account, `/api/users/${account.user.id}`)).postsCount;

describe('publishAt on a new post', () => {
  it.each([
    ['in the past', new Date(Date.now() - 60_000).toISOString(), POST_MESSAGES.publishAtPast],
    [
      `more than ${POST_LIMITS.scheduleMaxDays} days ahead`,
      inSeconds((POST_LIMITS.scheduleMaxDays + 1) * 24 * 3600),
      POST_MESSAGES.publishAtTooFar,
    ],
    ['not a time', 'tomorrow morning', POST_MESSAGES.publishAtInvalid],
  ])('is refused %s with a 400 and a message, and nothing is made', async (_, publishAt, message) => {
    const before = await read<Page<Post>>(ann, '/api/posts/scheduled');
    const res = await sendPost(t, ann.token, [postPart({ ...validPost, publishAt })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await read<Page<Post>>(ann, '/api/posts/scheduled')).totalElements).toBe(before.totalElements);
  });

  it('is refused in the past when the time of a scheduled post changes', async () => {
    const post = await schedule(ann, inSeconds(3600));
    const past = new Date(Date.now() - 1000).toISOString();
    const res = await call(ann, {
      method: 'PATCH',
      url: `/api/posts/scheduled/${post.id}`,
      payload: { publishAt: past },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(POST_MESSAGES.publishAtPast);
  });
});

describe('a scheduled post before its time', () => {
  it('is seen by nobody, counted nowhere, and notifies no one', async () => {
    await follow(t, bob, ann);
    const annCount = await postsCountOf(ann);
    const feedTotal = (await read<Page<Post>>(bob, '/api/posts')).totalElements;
    const post = await schedule(ann, inSeconds(3600), {
      title: 'Quokkas scheduled',
      content: `Hello @${bob.user.handle}, about quokkas`,
      tags: ['quokkas'],
    });
    expect(post.publishAt).toBeDefined();

    for (const account of [bob, ann]) {
      expect((await call(account, { url: `/api/posts/${post.id}` })).statusCode).toBe(404);
      expect(await feedIds(account)).not.toContain(post.id);
    }
    expect((await read<Page<Post>>(bob, '/api/posts')).totalElements).toBe(feedTotal);
    expect(
      (await read<Page<Post>>(bob, `/api/posts/user/${ann.user.id}`)).content.map((p) => p.id),
    ).not.toContain(post.id);
    expect(await postsCountOf(ann)).toBe(annCount);
    const following = await read<{ content: { id: number }[] }>(bob, '/api/feed/following');
    expect(following.content.map((item) => item.id)).not.toContain(post.id);
    const search = await read<{ posts: { content: Post[] } }>(bob, '/api/search?query=quokkas');
    expect(search.posts.content.map((p) => p.id)).not.toContain(post.id);
    expect((await read<Page<Post>>(bob, '/api/tags/quokkas/posts')).content).toEqual([]);
    expect((await toggleLike(t, bob, post.id)).statusCode).toBe(404);
    await expect(addComment(t, bob, post.id, 'Early')).rejects.toThrow();
    expect(await mentionsOf(bob, post.id)).toBe(0);

    const mine = await read<Page<Post>>(ann, '/api/posts/scheduled');
    expect(mine.content.map((p) => p.id)).toContain(post.id);
    expect(mine.content.find((p) => p.id === post.id)?.publishAt).toBe(post.publishAt);
    expect((await read<Page<Post>>(bob, '/api/posts/scheduled')).content.map((p) => p.id)).not.toContain(
      post.id,
    );
  });

  it('is changed and cancelled by its author only', async () => {
    const post = await schedule(ann, inSeconds(3600));
    const later = inSeconds(7200);
    const change = { method: 'PATCH', url: `/api/posts/scheduled/${post.id}` } as const;
    expect((await call(bob, { ...change, payload: { title: 'Not yours' } })).statusCode).toBe(404);
    const changed = await call(ann, { ...change, payload: { publishAt: later, title: 'Moved on' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Moved on', publishAt: new Date(later).toISOString() });

    const cancel = { method: 'DELETE', url: `/api/posts/scheduled/${post.id}` } as const;
    expect((await call(bob, cancel)).statusCode).toBe(404);
    expect((await call(ann, cancel)).statusCode).toBe(204);
    expect((await call(ann, cancel)).statusCode).toBe(404);
    expect((await read<Page<Post>>(ann, '/api/posts/scheduled')).content.map((p) => p.id)).not.toContain(
      post.id,
    );
  });

  it('lists in the same number of statements for one scheduled post or many', async () => {
    const lou = await signUp(t, { name: 'Lou Reed' });
    await schedule(lou, inSeconds(3600));
    const one = await t.queries.count(() => call(lou, { url: '/api/posts/scheduled' }));
    for (let i = 0; i < 4; i++) await schedule(lou, inSeconds(3600 + i));
    const many = await t.queries.count(() => call(lou, { url: '/api/posts/scheduled' }));
    expect(many.result.json().content).toHaveLength(5);
    expect(many.statements).toBe(one.statements);
  });
});

describe('a scheduled post at its time', () => {
  it('appears, counts and notifies those it mentions exactly once, through the job queue', async () => {
    const annCount = await postsCountOf(ann);
    const feedTotal = (await read<Page<Post>>(bob, '/api/posts')).totalElements;
    const publishAt = inSeconds(2);
    const post = await schedule(ann, publishAt, { content: `Ready, @${bob.user.handle}?` });
    // A second job for the same post at the same time: two runs race to publish it.
    await call(ann, { method: 'PATCH', url: `/api/posts/scheduled/${post.id}`, payload: { publishAt } });

    await waitFor(async () => expect(await feedIds(bob)).toContain(post.id));
    const shown = await read<Post>(bob, `/api/posts/${post.id}`);
    expect(shown.publishAt).toBeUndefined();
    expect(Date.parse(shown.createdAt)).toBeGreaterThanOrEqual(Date.parse(publishAt) - 1000);
    expect((await feedIds(bob))[0]).toBe(post.id);
    // Both jobs have run once the later poll has passed; neither may publish twice.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await mentionsOf(bob, post.id)).toBe(1);
    expect(await postsCountOf(ann)).toBe(annCount + 1);
    expect((await read<Page<Post>>(bob, '/api/posts')).totalElements).toBe(feedTotal + 1);
    expect((await read<Page<Post>>(ann, '/api/posts/scheduled')).content.map((p) => p.id)).not.toContain(
      post.id,
    );
    // Published, it is an ordinary post: the scheduled routes no longer find it.
    expect((await call(ann, { method: 'DELETE', url: `/api/posts/scheduled/${post.id}` })).statusCode).toBe(
      404,
    );
  });

  it('is claimed by one of two workers running at once', async () => {
    const post = await schedule(ann, inSeconds(3600), { content: `Twice, @${bob.user.handle}?` });
    await t.db.execute(sql`update posts set publish_at = now() - interval '1 second' where id = ${post.id}`);
    const claims = await Promise.all(
      [1, 2].map(() => t.db.transaction((tx) => claimScheduledPost(tx, post.id))),
    );
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
    expect(await feedIds(bob)).toContain(post.id);
  });

  it('is not published early by the job of a time it was moved from', async () => {
    const post = await schedule(ann, inSeconds(1));
    const res = await call(ann, {
      method: 'PATCH',
      url: `/api/posts/scheduled/${post.id}`,
      payload: { publishAt: inSeconds(3600) },
    });
    expect(res.statusCode, res.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await call(bob, { url: `/api/posts/${post.id}` })).statusCode).toBe(404);
    expect((await read<Page<Post>>(ann, '/api/posts/scheduled')).content.map((p) => p.id)).toContain(post.id);
  });
});
