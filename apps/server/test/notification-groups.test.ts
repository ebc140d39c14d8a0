import type { NotificationGroup, Page } from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPost } from './helpers/posts.js';
import { addComment, callAs, follow, toggleLike } from './helpers/social.js';

let t: TestApp;
let owner: TestAccount;
let fans: TestAccount[];
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { name: 'Olga Owner' });
  fans = [];
  for (const name of ['Ann Lee', 'Bob Ray', 'Cat Moss', 'Dan Wu', 'Eve Fox'])
    fans.push(await signUp(t, { name }));
});
afterAll(() => t.close());

const call = (account: TestAccount, request: InjectOptions) => callAs(t, account, request);
const ann = () => fans[0]!;
const bob = () => fans[1]!;
const cat = () => fans[2]!;
const dan = () => fans[3]!;
const eve = () => fans[4]!;

async function groupsOf(account: TestAccount, query = ''): Promise<Page<NotificationGroup>> {
  const res = await call(account, { url: `/api/notifications/groups${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const markGroup = (account: TestAccount, key: string) =>
  call(account, { method: 'POST', url: `/api/notifications/groups/${encodeURIComponent(key)}/read` });
const unreadCountOf = async (account: TestAccount) =>
  (await call(account, { url: '/api/notifications/unread/count' })).json() as number;

/** Each test starts with everyone's notifications read. */
beforeEach(async () => {
  for (const account of [owner, ...fans]) {
    expect((await call(account, { method: 'PATCH', url: '/api/notifications/read-all' })).statusCode).toBe(
      200,
    );
  }
});

describe('grouped notifications', () => {
  it('groups unread likes of one post into one line naming the latest people', async () => {
    const post = await createPost(t, owner.token);
    const other = await createPost(t, owner.token);
    for (const fan of [ann(), bob(), cat(), dan()]) await toggleLike(t, fan, post.id);
    await toggleLike(t, eve(), other.id);

    const { content, totalElements } = await groupsOf(owner, '?unreadOnly=true');
    expect(totalElements).toBe(2);
    expect(content[0]).toMatchObject({
      key: `LIKE.post.${other.id}`,
      message: 'Eve Fox liked your post',
      actorCount: 1,
      count: 1,
      isRead: false,
    });
    expect(content[1]).toMatchObject({
      key: `LIKE.post.${post.id}`,
      type: 'LIKE',
      message: 'Dan Wu and 3 others liked your post',
      entityType: 'post',
      entityId: post.id,
      actorCount: 4,
      count: 4,
      isRead: false,
    });
    expect(content[1]!.actors.map((actor) => actor.name)).toEqual(['Dan Wu', 'Cat Moss', 'Bob Ray']);
    expect(content[1]!.actors[0]).toEqual({ id: dan().user.id, name: 'Dan Wu', profilePicture: null });
    expect(Date.parse(content[1]!.latestAt)).not.toBeNaN();
  });

  it('names two people, and sums up followers', async () => {
    const post = await createPost(t, owner.token);
    await addComment(t, ann(), post.id, 'Nice');
    await addComment(t, bob(), post.id, 'Agreed');
    for (const fan of [cat(), dan(), eve()]) await follow(t, fan, owner);

    const { content } = await groupsOf(owner, '?unreadOnly=true');
    expect(content.map((group) => group.message)).toEqual([
      '3 new followers',
      'Bob Ray and Ann Lee commented on your post',
    ]);
    expect(content[0]).toMatchObject({ key: 'FOLLOW', type: 'FOLLOW', actorCount: 3 });
  });

  it('keeps read notifications one by one, and the flat list unchanged', async () => {
    const post = await createPost(t, owner.token);
    await toggleLike(t, ann(), post.id);
    await toggleLike(t, bob(), post.id);
    await call(owner, { method: 'PATCH', url: '/api/notifications/read-all' });
    await toggleLike(t, cat(), post.id);

    const { content } = await groupsOf(owner, '?size=3');
    expect(content.map((group) => [group.message, group.isRead])).toEqual([
      ['Cat Moss liked your post', false],
      ['Bob Ray liked your post', true],
      ['Ann Lee liked your post', true],
    ]);
    expect(content[1]!.key).toBe(`n.${content[1]!.latestId}`);
    const flat = (await call(owner, { url: '/api/notifications?size=3' })).json();
    expect(Object.keys(flat.content[0]).sort()).toEqual(
      ['actor', 'createdAt', 'entityId', 'entityType', 'id', 'isRead', 'message', 'type'].sort(),
    );
  });

  it('marks a whole group read in one request, and only the caller’s own', async () => {
    const post = await createPost(t, owner.token);
    const annsPost = await createPost(t, ann().token);
    for (const fan of [bob(), cat()]) await toggleLike(t, fan, post.id);
    await toggleLike(t, bob(), annsPost.id);
    await follow(t, await signUp(t, { name: 'Gus New' }), owner);
    expect(await unreadCountOf(owner)).toBe(3);

    // Ann cannot mark Olga's group; her own group of that key is a different one.
    expect((await markGroup(ann(), `LIKE.post.${post.id}`)).statusCode).toBe(404);
    const [olgasFirst] = (await groupsOf(owner, '?unreadOnly=true')).content;
    expect((await markGroup(ann(), `n.${olgasFirst!.latestId}`)).json()).toMatchObject({
      message: 'Notification not found',
    });
    expect(await unreadCountOf(owner)).toBe(3);

    const res = await markGroup(owner, `LIKE.post.${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Notifications marked as read', marked: 2 });
    expect(await unreadCountOf(owner)).toBe(1);
    expect(await unreadCountOf(ann())).toBe(1);
    // Opening it again changes nothing and is no error.
    expect((await markGroup(owner, `LIKE.post.${post.id}`)).json()).toMatchObject({ marked: 0 });

    expect((await markGroup(owner, 'FOLLOW')).json()).toMatchObject({ marked: 1 });
    expect(await unreadCountOf(owner)).toBe(0);
  });

  it('refuses keys that name no group with a clear 400', async () => {
    for (const key of ['LIKE', 'LIKE.post.abc', 'n.0', 'n.2147483648', 'DROP.post.1', 'LIKE.badge.1']) {
      const res = await markGroup(owner, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe('Invalid notification group');
    }
    expect((await markGroup(owner, 'n.2147483647')).statusCode).toBe(404);
    expect((await call(owner, { url: '/api/notifications/groups?size=0' })).json().message).toBe(
      'size must be at least 1',
    );
  });

  it('pages by group, at a constant number of statements whatever the size', async () => {
    const many = await signUp(t, { name: 'Many Posts' });
    const posts = [];
    for (let i = 0; i < 12; i++) posts.push(await createPost(t, many.token));
    for (const post of posts.slice(0, 2)) for (const fan of [ann(), bob()]) await toggleLike(t, fan, post.id);
    const few = await t.queries.count(() => groupsOf(many));
    for (const post of posts.slice(2))
      for (const fan of [ann(), bob(), cat()]) await toggleLike(t, fan, post.id);
    const full = await t.queries.count(() => groupsOf(many));

    expect(few.result.content).toHaveLength(2);
    expect(full.result.content).toHaveLength(10);
    expect(full.result).toMatchObject({ totalElements: 12, totalPages: 2, last: false });
    expect(full.result.content[0]!.message).toBe('Cat Moss and 2 others liked your post');
    expect(full.statements).toBe(few.statements);
    expect(full.statements).toBeLessThanOrEqual(1);

    const second = await groupsOf(many, '?page=1');
    expect(second.content.map((group) => group.entityId)).toEqual([posts[1]!.id, posts[0]!.id]);
    const beyond = await t.queries.count(() => groupsOf(many, '?page=5'));
    expect(beyond.result).toMatchObject({ content: [], totalElements: 12 });
    expect(beyond.statements).toBe(few.statements);
    expect(await groupsOf(eve())).toMatchObject({ content: [], totalElements: 0 });
  });
});
