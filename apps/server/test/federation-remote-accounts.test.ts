import {
  type FollowingFeedPageWithRemote,
  REMOTE_FOLLOW_MESSAGES,
  type RemoteAccount,
  type SearchResult,
} from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteActors, remoteFollows, remotePosts } from '../src/db/schema/index.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { type FakeActivityPubServer, startFakeActivityPubServer } from './helpers/fake-activitypub-server.js';

// In-process apps with FEDERATION on, one refusing private addresses as a real server does and one
// allowing them as tests need, and a fake ActivityPub server on 127.0.0.1: finding people elsewhere is
// SSRF-safe, the routes answer only whom they should, and remote posts keep the feed's statement count.

const origin = 'https://pathwise.example';
let strict: TestApp;
let open: TestApp;
let remote: FakeActivityPubServer;

beforeAll(async () => {
  [strict, open, remote] = await Promise.all([
    createTestApp({ config: { federation: { origin, allowPrivateAddress: false } } }),
    createTestApp({ config: { federation: { origin, allowPrivateAddress: true } } }),
    startFakeActivityPubServer(['mallory']),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([strict?.close(), open?.close(), remote?.close()]);
});

const as = (t: TestApp, account: TestAccount | null, request: InjectOptions) =>
  t.app.inject({ ...request, headers: account ? bearer(account.token) : {} });
const search = async (t: TestApp, account: TestAccount, query: string) => {
  const res = await as(t, account, { url: `/api/search?query=${encodeURIComponent(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchResult).users;
};

describe('finding someone elsewhere', () => {
  it('refuses a private address without FEDERATION_ALLOW_PRIVATE, in search and follow', async () => {
    const bob = await signUp(strict, { name: 'Bob' });
    const mallory = remote.actors.mallory!;
    for (const query of [mallory.id, `@mallory@${new URL(remote.origin).host}`])
      expect((await search(strict, bob, query)).remote).toBeUndefined();
    await as(strict, bob, {
      method: 'PUT',
      url: '/api/users/me/privacy',
      payload: { showProfileToVisitors: true },
    });
    const follow = await as(strict, bob, {
      method: 'POST',
      url: '/api/federation/follows',
      payload: { account: mallory.id },
    });
    expect(follow.statusCode).toBe(404);
    expect(follow.json().message).toBe(REMOTE_FOLLOW_MESSAGES.accountNotFound);
    expect(remote.received).toEqual([]);
  });

  it('answers the account with an id of its own beside the local users, additively', async () => {
    const bob = await signUp(open, { name: 'Bob' });
    const users = await search(open, bob, remote.actors.mallory!.id);
    expect(users.remote).toEqual({
      id: expect.any(Number),
      handle: `@mallory@${new URL(remote.origin).host}`,
      name: 'Mallory Elsewhere',
      bio: 'Learning in public.',
      profilePicture: `${remote.origin}/avatars/mallory.png`,
      url: `${remote.origin}/@mallory`,
      followState: null,
      isBlocked: false,
      isMuted: false,
    } satisfies RemoteAccount);
    expect(users.totalElements).toBe(0);
    const account = await as(open, bob, { url: `/api/federation/accounts/${users.remote!.id}` });
    // The bio is read from their server at search time, not kept here.
    expect(account.json()).toEqual({ ...users.remote, bio: '' });
    // A plain word names nobody elsewhere: nothing is fetched.
    expect((await search(open, bob, 'mallory')).remote).toBeUndefined();
  });
});

describe('what the web app is told', () => {
  it("gives PUBLIC_URL's host for people's addresses elsewhere, to visitors too", async () => {
    const res = await as(open, null, { url: '/api/instance' });
    expect(res.json()).toEqual({ publicReading: false, federationHost: 'pathwise.example' });
  });
});

describe('who may use the remote-account routes', () => {
  it('answers visitors 401, unknown accounts and follows one does not have 404', async () => {
    const bob = await signUp(open, { name: 'Bob' });
    const { id } = (await search(open, bob, remote.actors.mallory!.id)).remote!;
    for (const request of [
      { method: 'GET', url: `/api/federation/accounts/${id}` },
      { method: 'DELETE', url: `/api/federation/follows/${id}` },
      { method: 'POST', url: '/api/federation/follows', payload: { account: remote.actors.mallory!.id } },
    ] as InjectOptions[])
      expect((await as(open, null, request)).statusCode).toBe(401);
    const unknown = await as(open, bob, { url: '/api/federation/accounts/999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REMOTE_FOLLOW_MESSAGES.unknownAccount);
    // Bob does not follow Mallory: there is nothing to unfollow.
    const unfollow = await as(open, bob, { method: 'DELETE', url: `/api/federation/follows/${id}` });
    expect(unfollow.statusCode).toBe(404);
    expect((await as(open, bob, { url: '/api/federation/accounts/x' })).statusCode).toBe(400);
  });
});

describe('remote posts in the Following feed', () => {
  it('come only when asked for, newest first, at the same number of statements', async () => {
    const reader = await signUp(open, { name: 'Reader' });
    const [actor] = await open.db
      .insert(remoteActors)
      .values({
        uri: `${remote.origin}/users/zed`,
        handle: '@zed@elsewhere',
        profileUrl: `${remote.origin}/@zed`,
      })
      .returning({ id: remoteActors.id });
    await open.db.insert(remoteFollows).values({
      followerId: reader.user.id,
      remoteActorId: actor!.id,
      state: 'ACCEPTED',
      followId: `${origin}/ap/users/${reader.user.id}#follows/1`,
      inboxUrl: `${remote.origin}/users/zed/inbox`,
    });
    const addPosts = (from: number, to: number) =>
      open.db.insert(remotePosts).values(
        Array.from({ length: to - from }, (_, i) => ({
          remoteActorId: actor!.id,
          uri: `${remote.origin}/users/zed/statuses/${from + i}`,
          url: `${remote.origin}/@zed/${from + i}`,
          content: `<p>Note ${from + i}</p>`,
          publishedAt: new Date(Date.UTC(2026, 0, 1 + from + i)),
        })),
      );
    await addPosts(0, 1);
    const feed = (query: string) => as(open, reader, { url: `/api/feed/following${query}` });
    const few = await open.queries.count(() => feed('?remote=true'));
    const page = few.result.json() as FollowingFeedPageWithRemote;
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({
      type: 'REMOTE_POST',
      remotePost: {
        contentHtml: '<p>Note 0</p>',
        url: `${remote.origin}/@zed/0`,
        author: { handle: '@zed@elsewhere' },
      },
    });
    // Old clients, which do not ask, see the feed as it always was.
    expect((await feed('')).json()).toMatchObject({ content: [], totalElements: 0 });

    await addPosts(1, 12);
    const many = await open.queries.count(() => feed('?remote=true&size=10'));
    const manyPage = many.result.json() as FollowingFeedPageWithRemote;
    expect(manyPage.totalElements).toBe(12);
    expect(manyPage.content.map((item) => item.type === 'REMOTE_POST' && item.remotePost.url)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${remote.origin}/@zed/${11 - i}`),
    );
    expect(many.statements).toBe(few.statements);
    expect((await feed('?remote=maybe')).statusCode).toBe(400);
    expect(page.content[0]).toMatchObject({ remotePost: { likedByMe: false, likesCount: 0, myReplies: [] } });

    // Liking and replying: signed in, on a post of someone the caller follows, with an actor to send from.
    const postId = page.content[0]?.type === 'REMOTE_POST' ? page.content[0].remotePost.id : 0;
    const stranger = await signUp(open, { name: 'Stranger' });
    await as(open, stranger, {
      method: 'PUT',
      url: '/api/users/me/privacy',
      payload: { showProfileToVisitors: true },
    });
    const acts = (id: number | string): InjectOptions[] => [
      { method: 'PUT', url: `/api/federation/posts/${id}/like` },
      { method: 'DELETE', url: `/api/federation/posts/${id}/like` },
      { method: 'POST', url: `/api/federation/posts/${id}/replies`, payload: { content: 'Hello there' } },
    ];
    for (const request of acts(postId)) {
      expect((await as(open, null, request)).statusCode).toBe(401);
      const refused = await as(open, reader, request);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(REMOTE_FOLLOW_MESSAGES.profileNotShown);
      // Someone who does not follow its author has no such post.
      const unknown = await as(open, stranger, request);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(REMOTE_FOLLOW_MESSAGES.unknownPost);
    }
    for (const request of acts('x')) expect((await as(open, stranger, request)).statusCode).toBe(400);
    // A reply is edited and deleted by its author alone, on a post they may still act on.
    const ownReply = (replyId: number | string): InjectOptions[] => [
      {
        method: 'PUT',
        url: `/api/federation/posts/${postId}/replies/${replyId}`,
        payload: { content: 'Hi' },
      },
      { method: 'DELETE', url: `/api/federation/posts/${postId}/replies/${replyId}` },
    ];
    for (const request of ownReply(1)) {
      expect((await as(open, null, request)).statusCode).toBe(401);
      const unknown = await as(open, stranger, request);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(REMOTE_FOLLOW_MESSAGES.unknownPost);
    }
    for (const request of ownReply('x')) expect((await as(open, stranger, request)).statusCode).toBe(400);
    const [edit, deletion] = ownReply(1) as [InjectOptions, InjectOptions];
    expect((await as(open, reader, edit)).json().message).toBe(REMOTE_FOLLOW_MESSAGES.profileNotShown);
    const notTheirs = await as(open, reader, deletion);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe(REMOTE_FOLLOW_MESSAGES.unknownReply);
    const blank = {
      method: 'POST',
      url: `/api/federation/posts/${postId}/replies`,
      payload: { content: ' ' },
    };
    expect((await as(open, stranger, blank as InjectOptions)).statusCode).toBe(400);
  });
});
