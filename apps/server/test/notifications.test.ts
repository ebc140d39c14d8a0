import type { Notification, Page } from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, MODERATOR_EMAIL, type TestApp } from './helpers/app.js';
import { createPlan } from './helpers/plans.js';
import { createPost, postPart, sendPost, validPost } from './helpers/posts.js';
import {
  addComment,
  callAs,
  follow as followUser,
  toggleLike,
  unfollow as unfollowUser,
} from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
let cat: TestAccount;
let dan: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann Lee' });
  bob = await signUp(t, { name: 'Bob Stone' });
  cat = await signUp(t, { name: 'Cat Moss' });
  dan = await signUp(t, { name: 'Dan Wu' });
});
afterAll(() => t.close());

const call = (account: TestAccount, request: InjectOptions) => callAs(t, account, request);

let moderator: TestAccount | undefined;
/** The app's moderator (ADMIN_EMAILS), signed up when first needed. */
const moderatorAccount = async () => {
  moderator ??= await signUp(t, { name: 'Mo Derator', email: MODERATOR_EMAIL });
  return moderator;
};

async function notificationsOf(account: TestAccount, query = ''): Promise<Page<Notification>> {
  const res = await call(account, { url: `/api/notifications${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const unreadCountOf = async (account: TestAccount) =>
  (await call(account, { url: '/api/notifications/unread/count' })).json() as number;
const readAll = (account: TestAccount) =>
  call(account, { method: 'PATCH', url: '/api/notifications/read-all' });
const like = (account: TestAccount, postId: number) => toggleLike(t, account, postId);
const comment = (account: TestAccount, postId: number, content: string) =>
  addComment(t, account, postId, content);
const follow = (account: TestAccount, target: TestAccount) => followUser(t, account, target);
const unfollow = (account: TestAccount, target: TestAccount) => unfollowUser(t, account, target);

/** Starts each test from a clean slate: nobody has unread notifications. */
async function everyoneReadsAll() {
  for (const account of [ann, bob, cat, dan]) expect((await readAll(account)).statusCode).toBe(200);
}

const byType = (page: Page<Notification>, type: Notification['type']) =>
  page.content.filter((item) => item.type === type);

describe('notifications written with their cause', () => {
  it("a like notifies the post's author, with a readable message, the liker and a link to the post", async () => {
    const post = await createPost(t, ann.token);
    expect((await like(bob, post.id)).json()).toMatchObject({ liked: true });

    const { content } = await notificationsOf(ann);
    expect(content[0]).toEqual({
      id: expect.any(Number),
      type: 'LIKE',
      message: 'Bob Stone liked your post',
      isRead: false,
      createdAt: expect.stringMatching(/Z$/),
      entityType: 'post',
      entityId: post.id,
      actor: { id: bob.user.id, name: 'Bob Stone', profilePicture: null },
    });
    expect(await unreadCountOf(ann)).toBe(1);
    expect(await unreadCountOf(bob)).toBe(0);
  });

  it('unliking and re-liking adds no second unread like; once it is read, a new like notifies again', async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token);
    await like(bob, post.id);
    await like(bob, post.id);
    await like(bob, post.id);
    expect(byType(await notificationsOf(ann, '?unreadOnly=true'), 'LIKE')).toHaveLength(1);

    await readAll(ann);
    await like(bob, post.id);
    await like(bob, post.id);
    const likes = byType(await notificationsOf(ann, '?unreadOnly=true'), 'LIKE');
    expect(likes).toHaveLength(1);
    expect(likes[0]!.entityId).toBe(post.id);
  });

  it("a comment notifies the post's author with a link to the post", async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token);
    await comment(bob, post.id, 'Nice write-up!');

    const [notification] = (await notificationsOf(ann, '?unreadOnly=true')).content;
    expect(notification).toMatchObject({
      type: 'COMMENT',
      message: 'Bob Stone commented on your post',
      entityType: 'post',
      entityId: post.id,
      actor: { id: bob.user.id, name: 'Bob Stone' },
    });
    expect(await unreadCountOf(ann)).toBe(1);
  });

  it('a follow notifies the followed user with a link to the follower, once while unread', async () => {
    await everyoneReadsAll();
    expect((await follow(bob, dan)).statusCode).toBe(200);
    await unfollow(bob, dan);
    await follow(bob, dan);

    const { content } = await notificationsOf(dan, '?unreadOnly=true');
    expect(content).toEqual([
      expect.objectContaining({
        type: 'FOLLOW',
        message: 'Bob Stone started following you',
        entityType: 'user',
        entityId: bob.user.id,
        actor: expect.objectContaining({ id: bob.user.id }),
      }),
    ]);
    expect(await unreadCountOf(bob)).toBe(0);
  });

  it('acting on your own things notifies nobody: liking, commenting on or mentioning yourself', async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token, { content: 'Note to self, @annlee: revise generics.' });
    await like(ann, post.id);
    await comment(ann, post.id, 'Also @AnnLee, do the exercises.');

    expect(await unreadCountOf(ann)).toBe(0);
  });

  it('a public plan notifies each follower of its creator; a private one notifies nobody', async () => {
    await everyoneReadsAll();
    await follow(cat, ann);
    await follow(dan, ann);
    await readAll(ann);

    await createPlan(t, ann.token, { title: 'Secret plan', isPublic: false });
    expect(await unreadCountOf(cat)).toBe(0);

    const plan = await createPlan(t, ann.token, { title: 'Learn Rust' });
    // Followers are notified by a background job, just after the plan is published.
    for (const follower of [cat, dan]) {
      await vi.waitFor(
        async () =>
          expect((await notificationsOf(follower, '?unreadOnly=true')).content).toEqual([
            expect.objectContaining({
              type: 'LEARNING_PLAN_SHARE',
              message: 'Ann Lee shared a new learning plan: Learn Rust',
              entityType: 'learning-plan',
              entityId: plan.id,
              actor: expect.objectContaining({ id: ann.user.id }),
            }),
          ]),
        { timeout: 10_000, interval: 100 },
      );
    }
    expect(await unreadCountOf(bob)).toBe(0);
    expect(await unreadCountOf(ann)).toBe(0);
  });

  it('a plan made public later notifies followers once, however often it is switched', async () => {
    await everyoneReadsAll();
    const plan = await createPlan(t, ann.token, { title: 'Hidden first', isPublic: false });
    const save = (isPublic: boolean) =>
      call(ann, {
        method: 'PUT',
        url: `/api/learning-plans/${plan.id}`,
        payload: { ...plan, isPublic, topics: plan.topics },
      });
    expect((await save(true)).statusCode).toBe(200);
    await save(false);
    await save(true);

    await vi.waitFor(
      async () => {
        const shares = byType(await notificationsOf(cat, '?unreadOnly=true'), 'LEARNING_PLAN_SHARE');
        expect(shares.map((share) => share.entityId)).toEqual([plan.id]);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});

describe('mentions', () => {
  it('@handle in a post notifies each mentioned user once, case-insensitively, never the author', async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token, {
      title: 'Pairing with @BobStone',
      content: 'Thanks @bobstone and @catmoss! (cc @annlee, @nobody_here, ann@example.com)',
    });

    for (const mentioned of [bob, cat]) {
      expect((await notificationsOf(mentioned, '?unreadOnly=true')).content).toEqual([
        expect.objectContaining({
          type: 'MENTION',
          message: 'Ann Lee mentioned you in a post',
          entityType: 'post',
          entityId: post.id,
          actor: expect.objectContaining({ id: ann.user.id }),
        }),
      ]);
    }
    expect(await unreadCountOf(ann)).toBe(0);
    expect(await unreadCountOf(dan)).toBe(0);
  });

  it('editing a post notifies only the users it newly mentions', async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token, { content: 'Studying with @bobstone.' });
    const edit = await sendPost(
      t,
      ann.token,
      [postPart({ ...validPost, content: 'Studying with @bobstone and @danwu.' })],
      {
        method: 'PUT',
        url: `/api/posts/${post.id}`,
      },
    );
    expect(edit.statusCode).toBe(200);

    expect(byType(await notificationsOf(bob), 'MENTION').filter((n) => n.entityId === post.id)).toHaveLength(
      1,
    );
    expect(byType(await notificationsOf(dan, '?unreadOnly=true'), 'MENTION')).toEqual([
      expect.objectContaining({ entityId: post.id, message: 'Ann Lee mentioned you in a post' }),
    ]);
  });

  it('@handle in a comment notifies with a link to its post; an edit notifies only new mentions', async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token);
    const { id } = await comment(bob, post.id, '@catmoss you should read this');

    expect((await notificationsOf(cat, '?unreadOnly=true')).content).toEqual([
      expect.objectContaining({
        type: 'MENTION',
        message: 'Bob Stone mentioned you in a comment',
        entityType: 'post',
        entityId: post.id,
      }),
    ]);

    const edit = await call(bob, {
      method: 'PUT',
      url: `/api/comments/${id}`,
      payload: { content: '@catmoss and @danwu you should read this' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await unreadCountOf(cat)).toBe(1);
    expect(byType(await notificationsOf(dan, '?unreadOnly=true'), 'MENTION')).toEqual([
      expect.objectContaining({ message: 'Bob Stone mentioned you in a comment', entityId: post.id }),
    ]);
  });
});

describe('GET /api/notifications', () => {
  it('lists only your own, newest first, in pages, with unreadOnly', async () => {
    await everyoneReadsAll();
    const post = await createPost(t, dan.token);
    for (const liker of [ann, bob, cat]) await like(liker, post.id);
    const [oldest] = (await notificationsOf(dan, '?size=1&page=2')).content;
    await call(dan, { method: 'PATCH', url: `/api/notifications/${oldest!.id}/read` });

    const firstPage = await notificationsOf(dan, '?size=2');
    expect(firstPage.content.map((n) => n.actor?.name)).toEqual(['Cat Moss', 'Bob Stone']);
    expect(firstPage).toMatchObject({ number: 0, size: 2, first: true, last: false });
    const unread = await notificationsOf(dan, '?unreadOnly=true');
    expect(unread.content.map((n) => n.actor?.name)).toEqual(['Cat Moss', 'Bob Stone']);
    expect(unread.totalElements).toBe(2);
    expect((await notificationsOf(bob)).content.every((n) => n.entityId !== post.id)).toBe(true);
  });

  it('defaults to 10 per page and costs the same number of statements for 2 or 12 notifications', async () => {
    const many = await signUp(t, { name: 'Many Likes' });
    const post = await createPost(t, many.token);
    const likers = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(t, { name: `Fan ${i}` })));
    for (const liker of likers.slice(0, 2)) await like(liker, post.id);
    const few = await t.queries.count(() => notificationsOf(many));
    for (const liker of likers.slice(2)) await like(liker, post.id);
    const full = await t.queries.count(() => notificationsOf(many));

    expect(few.result.content).toHaveLength(2);
    expect(full.result.content).toHaveLength(10);
    expect(full.result).toMatchObject({ totalElements: 12, totalPages: 2, last: false });
    expect(full.statements).toBe(few.statements);
    expect(full.statements).toBeLessThanOrEqual(2);
  });

  it('refuses bad paging or filter values with a clear message', async () => {
    const bad = await call(ann, { url: '/api/notifications?unreadOnly=yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('unreadOnly must be true or false');
    expect((await call(ann, { url: '/api/notifications?page=-1' })).json().message).toBe(
      'page must be 0 or more',
    );
  });

  const everyRoute = [
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread/count'],
    ['GET', '/api/notifications/stream'],
    ['PATCH', '/api/notifications/1/read'],
    ['PATCH', '/api/notifications/read-all'],
  ] as const;

  it('needs a signed-in user everywhere, except that a visitor without a token has 0 unread', async () => {
    for (const [method, url] of everyRoute) {
      const res = await t.app.inject({ method, url });
      if (url === '/api/notifications/unread/count') {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toBe(0);
        continue;
      }
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
    }
  });

  it('refuses an invalid token everywhere, the unread count included', async () => {
    const forged = `${ann.token.slice(0, -4)}AAAA`;
    for (const [method, url] of everyRoute) {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${forged}` } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
    }
  });
});

describe('marking read', () => {
  it('the recipient marks one read: it answers the notification, and the count drops by one', async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token);
    await like(bob, post.id);
    await like(cat, post.id);
    const [latest] = (await notificationsOf(ann)).content;

    const res = await call(ann, { method: 'PATCH', url: `/api/notifications/${latest!.id}/read` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...latest, isRead: true });
    expect(await unreadCountOf(ann)).toBe(1);
  });

  it("someone else's notification is as missing as one that does not exist, and stays unread", async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token);
    await like(bob, post.id);
    const [notification] = (await notificationsOf(ann)).content;

    for (const url of [`/api/notifications/${notification!.id}/read`, '/api/notifications/999999/read']) {
      const res = await call(bob, { method: 'PATCH', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Notification not found');
    }
    expect(await unreadCountOf(ann)).toBe(1);

    const invalid = await call(ann, { method: 'PATCH', url: '/api/notifications/abc/read' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Invalid notification ID');
  });

  /** Who switches a state the recipient can no longer see a notification in, and how, on and off. */
  type Hiding = {
    by: 'recipient' | 'moderator';
    switch: (on: boolean, of: { actor: TestAccount; commentId: number }) => InjectOptions;
  };
  const moderation = (url: string, on: boolean): InjectOptions => ({
    method: 'POST',
    url,
    ...(on && { payload: { reason: 'Spam' } }),
  });
  const HIDINGS: Record<string, Hiding> = {
    'muted its actor': {
      by: 'recipient',
      switch: (on, { actor }) => ({ method: on ? 'PUT' : 'DELETE', url: `/api/users/${actor.user.id}/mute` }),
    },
    'blocked its actor': {
      by: 'recipient',
      switch: (on, { actor }) => ({
        method: on ? 'PUT' : 'DELETE',
        url: `/api/users/${actor.user.id}/block`,
      }),
    },
    'saw its actor suspended': {
      by: 'moderator',
      switch: (on, { actor }) =>
        moderation(`/api/moderation/users/${actor.user.id}/${on ? 'suspend' : 'unsuspend'}`, on),
    },
    'saw the comment it is about hidden': {
      by: 'moderator',
      switch: (on, { commentId }) =>
        moderation(`/api/moderation/comments/${commentId}/${on ? 'hide' : 'unhide'}`, on),
    },
  };

  it.each(Object.entries(HIDINGS))(
    'once the recipient %s, it is as missing as one that does not exist, alone or as a group, and ' +
      'stays unread',
    async (_, hiding) => {
      const recipient = await signUp(t);
      const actor = await signUp(t);
      const switcher = hiding.by === 'moderator' ? await moderatorAccount() : recipient;
      const post = await createPost(t, recipient.token);
      const { id: commentId } = await comment(actor, post.id, 'Nice');
      const [notification] = (await notificationsOf(recipient)).content;
      expect(notification).toMatchObject({ type: 'COMMENT', isRead: false });
      const turn = async (on: boolean) => {
        const res = await call(switcher, hiding.switch(on, { actor, commentId }));
        expect([200, 204], res.body).toContain(res.statusCode);
      };

      await turn(true);
      for (const request of [
        { method: 'PATCH', url: `/api/notifications/${notification!.id}/read` },
        { method: 'POST', url: `/api/notifications/groups/n.${notification!.id}/read` },
      ] as const) {
        const res = await call(recipient, request);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().message).toBe('Notification not found');
      }

      await turn(false);
      expect((await notificationsOf(recipient)).content).toEqual([notification]);
      expect(await unreadCountOf(recipient)).toBe(1);
    },
  );

  it("read-all marks all of yours read and nobody else's", async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token);
    const bobsPost = await createPost(t, bob.token);
    await like(bob, post.id);
    await like(cat, post.id);
    await like(ann, bobsPost.id);

    const res = await readAll(ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'All notifications marked as read' });
    expect(await unreadCountOf(ann)).toBe(0);
    expect((await notificationsOf(ann)).content.every((n) => n.isRead)).toBe(true);
    expect(await unreadCountOf(bob)).toBe(1);
  });
});

describe('notifications go with what they point at', () => {
  it('deleting a post removes its like, comment and mention notifications', async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token, { content: 'With @bobstone' });
    await like(bob, post.id);
    await comment(cat, post.id, 'Great!');
    expect(await unreadCountOf(ann)).toBe(2);
    expect(await unreadCountOf(bob)).toBe(1);

    expect((await call(ann, { method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(204);
    expect(await unreadCountOf(ann)).toBe(0);
    expect(await unreadCountOf(bob)).toBe(0);
    expect((await notificationsOf(ann)).content.some((n) => n.entityId === post.id)).toBe(false);
  });

  it('deleting a comment removes the notifications it caused, and only those', async () => {
    await everyoneReadsAll();
    const post = await createPost(t, ann.token);
    const first = await comment(bob, post.id, 'Hi @catmoss');
    await comment(bob, post.id, 'Second thought');

    expect((await call(bob, { method: 'DELETE', url: `/api/comments/${first.id}` })).statusCode).toBe(204);
    expect(await unreadCountOf(cat)).toBe(0);
    expect(byType(await notificationsOf(ann, '?unreadOnly=true'), 'COMMENT')).toHaveLength(1);
  });

  it('deleting a plan removes its share notifications', async () => {
    await everyoneReadsAll();
    const plan = await createPlan(t, ann.token, { title: 'Short-lived' });
    await vi.waitFor(async () => expect(await unreadCountOf(cat)).toBe(1), {
      timeout: 10_000,
      interval: 100,
    });
    expect((await call(ann, { method: 'DELETE', url: `/api/learning-plans/${plan.id}` })).statusCode).toBe(
      204,
    );
    expect(await unreadCountOf(cat)).toBe(0);
  });
});
