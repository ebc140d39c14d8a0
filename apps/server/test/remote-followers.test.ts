import type { Page, RemoteFollower, RemoteFollowerServers, UserListItem } from '@pathwise/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteActors, remoteFollowers, remoteFollows } from '../src/db/schema/index.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, MODERATOR_EMAIL, type TestApp } from './helpers/app.js';

// A person's followers on other servers, apart from their followers list (whose items keep their
// shape): recorded here directly, as the Follow handler records them (federation-safety.test.ts sends one).

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob] = [await signUp(t, { name: 'Ann' }), await signUp(t, { name: 'Bob' })];
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const as = (account: TestAccount | null, request: InjectOptions) =>
  t.app.inject({ ...request, headers: account ? bearer(account.token) : {} });

/** `n` followers of `userId` on other servers, the first `described` of them with a `remote_actors` row. */
async function follow(userId: number, from: number, n: number, described = n) {
  for (let i = from; i < from + n; i++) {
    const uri = `https://social${i}.example/users/p${i}`;
    if (i < from + described)
      await t.db.insert(remoteActors).values({
        uri,
        handle: `@p${i}@social${i}.example`,
        name: `Person ${i}`,
        iconUrl: `https://social${i}.example/p${i}.png`,
        profileUrl: `https://social${i}.example/@p${i}`,
      });
    await t.db.insert(remoteFollowers).values({
      userId,
      actorUri: uri,
      handle: `@p${i}@social${i}.example`,
      inboxUrl: `${uri}/inbox`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
    });
  }
}

describe('GET /api/users/{id}/followers/remote', () => {
  it('lists them newest first, as their actor described them, to any signed-in person', async () => {
    await follow(ann.user.id, 1, 3, 2);
    const res = await as(bob, { url: `/api/users/${ann.user.id}/followers/remote?size=2` });
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page<RemoteFollower>;
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, last: false });
    // The newest was kept before its actor was recorded: its handle and actor id stand in.
    expect(page.content).toEqual([
      {
        id: expect.any(Number),
        handle: '@p3@social3.example',
        name: null,
        profilePicture: null,
        url: 'https://social3.example/users/p3',
        since: '2025-01-01T00:03:00.000Z',
      },
      {
        id: expect.any(Number),
        handle: '@p2@social2.example',
        name: 'Person 2',
        profilePicture: 'https://social2.example/p2.png',
        url: 'https://social2.example/@p2',
        since: '2025-01-01T00:02:00.000Z',
      },
    ]);
    const next = (await as(bob, { url: `/api/users/${ann.user.id}/followers/remote?page=1&size=2` })).json();
    expect(next.content.map((f: RemoteFollower) => f.handle)).toEqual(['@p1@social1.example']);
    expect(next.last).toBe(true);
  });

  it('leaves the followers list as it was: people here only', async () => {
    const res = await as(bob, { url: `/api/users/${ann.user.id}/followers` });
    expect((res.json() as Page<UserListItem>).content).toEqual([]);
  });

  it('costs the same statements for one follower as for many', async () => {
    await follow(bob.user.id, 100, 1);
    const url = `/api/users/${bob.user.id}/followers/remote?size=20`;
    const one = await t.queries.count(() => as(ann, { url }));
    expect(one.result.json().content).toHaveLength(1);
    await follow(bob.user.id, 101, 9);
    const ten = await t.queries.count(() => as(ann, { url }));
    expect(ten.result.json().content).toHaveLength(10);
    expect(ten.statements).toBe(one.statements);
    expect(ten.statements).toBe(2);
  });

  it('is 404 for someone missing, 401 to visitors, and empty for someone nobody follows elsewhere', async () => {
    expect((await as(bob, { url: '/api/users/999999/followers/remote' })).statusCode).toBe(404);
    expect((await as(null, { url: `/api/users/${ann.user.id}/followers/remote` })).statusCode).toBe(401);
    const carol = await signUp(t, { name: 'Carol' });
    const res = await as(bob, { url: `/api/users/${carol.user.id}/followers/remote` });
    expect(res.json()).toMatchObject({ content: [], totalElements: 0, last: true });
  });
});

describe('DELETE /api/users/me/followers/remote/{id}', () => {
  it("removes one of their own followers elsewhere, once, and never anyone else's", async () => {
    const erin = await signUp(t, { name: 'Erin' });
    await follow(erin.user.id, 200, 2);
    const list = async () =>
      (await as(erin, { url: `/api/users/${erin.user.id}/followers/remote` })).json() as Page<RemoteFollower>;
    const [newest, oldest] = (await list()).content;
    const remove = (account: TestAccount, id: number) =>
      as(account, { method: 'DELETE', url: `/api/users/me/followers/remote/${id}` });

    // Someone else's follower is not theirs to remove: not found, and still there.
    const refused = await remove(bob, newest!.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(
      'Follower not found: this person does not follow you from another server.',
    );
    expect((await remove(erin, newest!.id)).statusCode).toBe(204);
    expect(await list()).toMatchObject({ totalElements: 1, content: [{ id: oldest!.id }] });
    expect((await remove(erin, newest!.id)).statusCode).toBe(404);
    expect(
      (await as(null, { method: 'DELETE', url: `/api/users/me/followers/remote/${oldest!.id}` })).statusCode,
    ).toBe(401);
    expect((await remove(erin, 0)).statusCode).toBe(404);
  });
});

describe('hiding the profile from visitors', () => {
  it('ends the follows with people elsewhere both ways, which showing it again does not bring back', async () => {
    const fay = await signUp(t, { name: 'Fay' });
    const privacy = (payload: object) => as(fay, { method: 'PUT', url: '/api/users/me/privacy', payload });
    const followers = async () =>
      (await as(fay, { url: `/api/users/${fay.user.id}/followers/remote` })).json().totalElements;
    const follows = async () =>
      (await t.db.select().from(remoteFollows).where(eq(remoteFollows.followerId, fay.user.id))).length;
    expect((await privacy({ showProfileToVisitors: true })).statusCode).toBe(200);
    await follow(fay.user.id, 300, 2);
    const [idol] = await t.db
      .insert(remoteActors)
      .values({ uri: 'https://idol.example/users/idol', handle: '@idol@idol.example', profileUrl: '' })
      .returning({ id: remoteActors.id });
    await t.db.insert(remoteFollows).values({
      followerId: fay.user.id,
      remoteActorId: idol!.id,
      followId: `https://pathwise.example/ap/users/${fay.user.id}#follows/1`,
      inboxUrl: 'https://idol.example/users/idol/inbox',
      state: 'ACCEPTED',
    });

    // Another setting, or the profile shown again, leaves them.
    expect((await privacy({ showEmail: true, showProfileToVisitors: true })).statusCode).toBe(200);
    expect([await followers(), await follows()]).toEqual([2, 1]);
    const hidden = await privacy({ showProfileToVisitors: false });
    expect(hidden.json()).toMatchObject({ showEmail: true, showProfileToVisitors: false });
    expect([await followers(), await follows()]).toEqual([0, 0]);
    expect((await privacy({ showProfileToVisitors: true })).statusCode).toBe(200);
    expect([await followers(), await follows()]).toEqual([0, 0]);
  });
});

describe('GET /api/moderation/users/{userId}/remote-followers', () => {
  it('tells moderators how many follow a person from each server, most first', async () => {
    const dan = await signUp(t, { name: 'Dan' });
    const moderator = await signUp(t, { name: 'Mod', email: MODERATOR_EMAIL });
    for (const [i, uri] of [
      'https://big.example/users/a',
      'https://BIG.example:8443/users/b',
      'https://small.example/users/c',
    ].entries())
      await t.db
        .insert(remoteFollowers)
        .values({ userId: dan.user.id, actorUri: uri, handle: `@p${i}@x`, inboxUrl: uri });
    const url = `/api/moderation/users/${dan.user.id}/remote-followers`;
    const res = await as(moderator, { url });
    expect(res.statusCode).toBe(200);
    // Named as a domain block names them: the host alone, in lower case.
    expect(res.json() as RemoteFollowerServers).toEqual({
      servers: [
        { server: 'big.example', followers: 2 },
        { server: 'small.example', followers: 1 },
      ],
    });
    expect((await as(moderator, { url: '/api/moderation/users/999999/remote-followers' })).statusCode).toBe(
      404,
    );
    expect((await as(dan, { url })).statusCode).toBe(403);
  });
});
