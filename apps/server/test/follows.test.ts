import type { UserListItem } from '@pathwise/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../src/db/schema/index.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, who?: TestAccount) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {} });
const follow = (who: TestAccount, id: number | string) => call('POST', `/api/users/${id}/follow?_t=1`, who);
const unfollow = (who: TestAccount, id: number | string) =>
  call('DELETE', `/api/users/${id}/follow?_t=2`, who);
const status = (who: TestAccount, id: number | string) =>
  call('GET', `/api/users/${id}/follow/status?_t=3`, who);
const profile = async (who: TestAccount, id: number) => (await call('GET', `/api/users/${id}`, who)).json();
const storedFollows = async (followerId: number, followedId: number) =>
  t.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));

describe('POST and DELETE /api/users/{id}/follow', () => {
  it('follows and unfollows, answering the state and exact counts', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);

    const followed = await follow(ann, bob.user.id);
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ isFollowing: true, followersCount: 1 });
    expect((await status(ann, bob.user.id)).json()).toEqual({ isFollowing: true });
    expect((await status(bob, ann.user.id)).json()).toEqual({ isFollowing: false });
    expect(await profile(ann, bob.user.id)).toMatchObject({
      followersCount: 1,
      isCurrentUserFollowing: true,
    });
    expect(await profile(ann, ann.user.id)).toMatchObject({ followingCount: 1, followersCount: 0 });

    const unfollowed = await unfollow(ann, bob.user.id);
    expect(unfollowed.statusCode).toBe(200);
    expect(unfollowed.json()).toEqual({ isFollowing: false, followersCount: 0 });
    expect((await status(ann, bob.user.id)).json()).toEqual({ isFollowing: false });
    expect(await profile(ann, ann.user.id)).toMatchObject({ followingCount: 0 });
  });

  it('keeps one follow under double clicks and concurrent requests, without errors', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const responses = await Promise.all(Array.from({ length: 5 }, () => follow(ann, bob.user.id)));
    expect(responses.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await follow(ann, bob.user.id)).json()).toEqual({ isFollowing: true, followersCount: 1 });
    expect(await storedFollows(ann.user.id, bob.user.id)).toHaveLength(1);

    const removals = await Promise.all(Array.from({ length: 5 }, () => unfollow(ann, bob.user.id)));
    expect(removals.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await storedFollows(ann.user.id, bob.user.id)).toHaveLength(0);
    expect((await profile(ann, bob.user.id)).followersCount).toBe(0);
  });

  it('publishes each follow and unfollow once, not per click (one FOLLOW_USER activity)', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const followActivities = async () =>
      (await call('GET', `/api/users/${ann.user.id}/social-activity`, bob))
        .json()
        .content.filter((activity: { type: string }) => activity.type === 'FOLLOW_USER');

    await Promise.all([follow(ann, bob.user.id), follow(ann, bob.user.id), follow(ann, bob.user.id)]);
    expect(await followActivities()).toEqual([
      expect.objectContaining({ followedUser: expect.objectContaining({ id: bob.user.id }) }),
    ]);

    await Promise.all([unfollow(ann, bob.user.id), unfollow(ann, bob.user.id)]);
    expect(await followActivities()).toEqual([]);
  });

  it('counts exactly when many users follow and unfollow at once', async () => {
    const star = await signUp(t);
    const fans = await Promise.all(Array.from({ length: 8 }, () => signUp(t)));
    await Promise.all(fans.map((fan) => follow(fan, star.user.id)));
    expect((await profile(star, star.user.id)).followersCount).toBe(8);
    await Promise.all([
      ...fans.slice(0, 3).map((fan) => unfollow(fan, star.user.id)),
      ...fans.slice(3).map((fan) => follow(fan, star.user.id)),
    ]);
    expect((await profile(star, star.user.id)).followersCount).toBe(5);
    expect((await profile(fans[0]!, fans[0]!.user.id)).followingCount).toBe(0);
    expect((await profile(fans[7]!, fans[7]!.user.id)).followingCount).toBe(1);
  });

  it('treats unfollowing someone you do not follow as a no-op', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const res = await unfollow(ann, bob.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isFollowing: false, followersCount: 0 });
  });

  it('refuses following or unfollowing yourself with 400 and stores nothing', async () => {
    const ann = await signUp(t);
    for (const res of [await follow(ann, ann.user.id), await unfollow(ann, ann.user.id)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You cannot follow yourself.');
    }
    expect(await storedFollows(ann.user.id, ann.user.id)).toHaveLength(0);
    expect((await status(ann, ann.user.id)).json()).toEqual({ isFollowing: false });
  });

  it('answers 404 for an unknown user, 400 for an invalid id and 401 for visitors', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    for (const res of [await follow(ann, 987654), await unfollow(ann, 987654), await status(ann, 987654)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User profile not found. Please check the user ID.');
    }
    for (const res of [await follow(ann, 'abc'), await unfollow(ann, '1x'), await status(ann, 'undefined')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid user ID');
    }
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const url =
        method === 'GET' ? `/api/users/${bob.user.id}/follow/status` : `/api/users/${bob.user.id}/follow`;
      expect((await call(method, url)).statusCode).toBe(401);
    }
    expect(await storedFollows(ann.user.id, bob.user.id)).toHaveLength(0);
  });
});

describe('GET /api/users/{id}/followers and /following', () => {
  it('pages followers, 10 by default, newest follow first, as user list items', async () => {
    const star = await signUp(t, { name: 'Star' });
    const fans: TestAccount[] = [];
    for (let n = 0; n < 12; n++) {
      const fan = await signUp(t, { name: `Fan ${n}` });
      await follow(fan, star.user.id);
      fans.push(fan);
    }
    const followedByViewer = fans[5]!.user.id;
    await follow(fans[0]!, followedByViewer);
    const first = await call('GET', `/api/users/${star.user.id}/followers?page=0&size=10`, fans[0]);
    expect(first.statusCode).toBe(200);
    const newestFirst = fans.toReversed();
    expect(first.json()).toEqual({
      content: newestFirst.slice(0, 10).map(({ user }) => ({
        id: user.id,
        name: user.name,
        handle: user.handle,
        // Hidden from others unless the person turned it on.
        email: null,
        profilePicture: null,
        isCurrentUserFollowing: user.id === followedByViewer,
      })),
      number: 0,
      size: 10,
      totalElements: 12,
      totalPages: 2,
      first: true,
      last: false,
    });
    const second = (await call('GET', `/api/users/${star.user.id}/followers?page=1`, fans[0])).json();
    expect(second.content.map((item: { id: number }) => item.id)).toEqual(
      newestFirst.slice(10).map(({ user }) => user.id),
    );
    expect(second).toMatchObject({ number: 1, last: true, first: false });

    const following = (await call('GET', `/api/users/${fans[3]!.user.id}/following`, star)).json();
    expect(following.content).toEqual([
      {
        id: star.user.id,
        name: 'Star',
        handle: star.user.handle,
        // The viewer's own address.
        email: star.user.email,
        profilePicture: null,
        isCurrentUserFollowing: false,
      },
    ]);
    const byAFollower = (await call('GET', `/api/users/${fans[3]!.user.id}/following`, fans[0])).json();
    expect(byAFollower.content).toMatchObject([{ id: star.user.id, isCurrentUserFollowing: true }]);
    expect(following).toMatchObject({ totalElements: 1, last: true });
  });

  it('lists the users someone follows, newest first, and answers empty pages', async () => {
    const ann = await signUp(t);
    const [bob, cat] = [await signUp(t), await signUp(t)];
    await follow(ann, bob.user.id);
    await follow(ann, cat.user.id);
    const ids = (await call('GET', `/api/users/${ann.user.id}/following`, bob))
      .json()
      .content.map((item: { id: number }) => item.id);
    expect(ids).toEqual([cat.user.id, bob.user.id]);
    const none = (await call('GET', `/api/users/${ann.user.id}/followers`, bob)).json();
    expect(none).toMatchObject({ content: [], totalElements: 0, totalPages: 0, first: true, last: true });
  });

  it('costs the same number of SQL statements for 1 or 10 items', async () => {
    const star = await signUp(t);
    for (let n = 0; n < 10; n++) {
      const fan = await signUp(t);
      await follow(fan, star.user.id);
      if (n % 2 === 0) await follow(star, fan.user.id);
    }
    const cost = async (size: number) => {
      const { result, statements } = await t.queries.count(() =>
        call('GET', `/api/users/${star.user.id}/followers?size=${size}`, star),
      );
      const { content } = result.json();
      expect(content).toHaveLength(size);
      if (size > 1) expect(content.map((item: UserListItem) => item.isCurrentUserFollowing)).toContain(true);
      return statements;
    };
    const single = await cost(1);
    expect(await cost(10)).toBe(single);
    expect(single).toBeLessThanOrEqual(2);
  });

  it('answers 404 for an unknown user, 400 for bad ids or paging, 401 for visitors', async () => {
    const ann = await signUp(t);
    for (const list of ['followers', 'following']) {
      const missing = await call('GET', `/api/users/987654/${list}`, ann);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('User profile not found. Please check the user ID.');
      const badId = await call('GET', `/api/users/x/${list}`, ann);
      expect(badId.json()).toMatchObject({ statusCode: 400, message: 'Invalid user ID' });
      const badPage = await call('GET', `/api/users/${ann.user.id}/${list}?page=-1`, ann);
      expect(badPage.json()).toMatchObject({ statusCode: 400, message: 'page must be 0 or more' });
      const badSize = await call('GET', `/api/users/${ann.user.id}/${list}?size=500`, ann);
      expect(badSize.json()).toMatchObject({ statusCode: 400, message: 'size must be at most 50' });
      expect((await call('GET', `/api/users/${ann.user.id}/${list}`)).statusCode).toBe(401);
    }
  });
});
