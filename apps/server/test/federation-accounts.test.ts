import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { fillFixture } from './helpers/activitypub-fixtures.js';
import { type FakeActivityPubServer, startFakeActivityPubServer } from './helpers/fake-activitypub-server.js';
import {
  eventually,
  get,
  type Instance,
  json,
  MODERATOR,
  showToVisitors,
  startInstance,
} from './helpers/federation.js';

// A person's account as it changes goes to their followers elsewhere: a fake ActivityPub server's
// person follows people on a Pathwise server and keeps what its inbox receives. A saved profile
// arrives as a signed Update(Person) with the new name; an account deleted or suspended, or a profile
// no longer shown to visitors, as a signed Delete(Person); a follower removed as a Reject of their Follow.

let a: Instance;
let remote: FakeActivityPubServer;
let moderator: TestAccount;

beforeAll(async () => {
  [a, remote] = await Promise.all([startInstance('127.0.0.1'), startFakeActivityPubServer(['mallory'])]);
  moderator = await signUp(a.api, { email: MODERATOR });
}, 200_000);

afterAll(async () => {
  await Promise.all([a?.cleanup(), remote?.close()]);
});

const actorOf = (account: TestAccount) => `${a.origin}/ap/users/${account.user.id}`;

/** A person on A who shows their profile, followed by Mallory on the fake server (accepted). */
async function followedPerson(name: string) {
  const person = await signUp(a.api, { name });
  expect((await showToVisitors(a, person)).statusCode).toBe(200);
  const mallory = remote.actors.mallory!;
  // Each follow its own id: a server handles an activity id once.
  const follow = {
    ...fillFixture('follow', { actor: mallory.id, ann: actorOf(person) }),
    id: `${mallory.id}#${name}`,
  };
  expect((await remote.send(`${actorOf(person)}/inbox`, follow, { signer: mallory })).status).toBe(202);
  await eventually(`the Accept from ${name}`, async () =>
    remote.received.find(
      (item) => item.activity.type === 'Accept' && item.activity.actor === actorOf(person),
    ),
  );
  return person;
}

/** `person` follows Mallory back; the fake server receives the Follow (and answers nothing). */
async function followMallory(person: TestAccount) {
  const followed = await a.api.app.inject({
    method: 'POST',
    url: '/api/federation/follows',
    headers: bearer(person.token),
    payload: { account: remote.actors.mallory!.id },
  });
  expect(followed.statusCode, followed.body).toBe(200);
  return {
    accountId: followed.json().account.id as number,
    follow: await arrived('Follow', actorOf(person)),
  };
}

const arrived = (type: string, actor: string) =>
  eventually(`the ${type} of ${actor}`, async () =>
    remote.received.find((item) => item.activity.type === type && item.activity.actor === actor),
  );

describe('a profile that changes', () => {
  it('reaches followers elsewhere as a signed Update of the Person with the new name', async () => {
    const ann = await followedPerson('Ann Before');
    const saved = await a.api.app.inject({
      method: 'PUT',
      url: `/api/users/${ann.user.id}`,
      headers: bearer(ann.token),
      payload: { name: 'Ann After', email: ann.user.email, bio: 'Learning <b>Rust</b>' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const update = await arrived('Update', actorOf(ann));
    expect(update.signed).toBe(true);
    expect(update.activity.object).toMatchObject({
      type: 'Person',
      id: actorOf(ann),
      name: 'Ann After',
      summary: '<p>Learning &lt;b&gt;Rust&lt;/b&gt;</p>',
    });
  });
});

describe('an account that goes', () => {
  it('reaches followers elsewhere as a signed Delete of the Person when it is deleted, and undoes its follows', async () => {
    const cat = await followedPerson('Cat');
    await followMallory(cat);
    const deleted = await a.api.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(cat.token),
      payload: { password: cat.password },
    });
    expect(deleted.statusCode).toBe(200);
    const deletion = await arrived('Delete', actorOf(cat));
    expect(deletion.signed).toBe(true);
    expect(deletion.activity.object).toBe(actorOf(cat));
    expect((await arrived('Undo', actorOf(cat))).activity.object).toMatchObject({ type: 'Follow' });
  }, 240_000);

  it('reaches them as a Delete when it is suspended, and nothing more when unsuspended', async () => {
    const dan = await followedPerson('Dan');
    const suspend = (action: string) =>
      a.api.app.inject({
        method: 'POST',
        url: `/api/moderation/users/${dan.user.id}/${action}`,
        headers: bearer(moderator.token),
        payload: action === 'suspend' ? { reason: 'Testing federation' } : undefined,
      });
    expect((await suspend('suspend')).statusCode).toBe(200);
    expect((await arrived('Delete', actorOf(dan))).activity.object).toBe(actorOf(dan));
    // A second suspension is refused and sends nothing; lifting it sends nothing either.
    expect((await suspend('suspend')).statusCode).toBe(409);
    expect((await suspend('unsuspend')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      remote.received.filter((item) => item.activity.actor === actorOf(dan)).map((i) => i.activity.type),
    ).toEqual(['Accept', 'Delete']);
  }, 240_000);
});

/** The person's followers elsewhere, as the API lists them to `viewer`. */
const followersElsewhere = async (person: TestAccount, viewer = person) =>
  (
    await a.api.app.inject({
      url: `/api/users/${person.user.id}/followers/remote`,
      headers: bearer(viewer.token),
    })
  ).json();

const typesSentBy = (actor: string) =>
  remote.received.filter((item) => item.activity.actor === actor).map((item) => item.activity.type);

describe('a follower removed', () => {
  it('gets a signed Reject of their Follow and leaves the list and the count, once', async () => {
    const eve = await followedPerson('Eve');
    const mallory = remote.actors.mallory!;
    const [follower] = (await followersElsewhere(eve)).content;
    expect(follower).toMatchObject({ handle: `@mallory@${new URL(remote.origin).host}` });
    const remove = (as: TestAccount) =>
      a.api.app.inject({
        method: 'DELETE',
        url: `/api/users/me/followers/remote/${follower.id}`,
        headers: bearer(as.token),
      });

    // Eve's follower is no one else's to remove.
    expect((await remove(moderator)).statusCode).toBe(404);
    expect((await remove(eve)).statusCode).toBe(204);
    const reject = await arrived('Reject', actorOf(eve));
    expect(reject.signed).toBe(true);
    expect(reject.path).toBe('/users/mallory/inbox');
    expect(reject.activity.object).toMatchObject({
      type: 'Follow',
      id: `${mallory.id}#Eve`,
      actor: mallory.id,
      object: actorOf(eve),
    });
    expect(await followersElsewhere(eve)).toMatchObject({ totalElements: 0, content: [] });
    expect((await json(await get(`${actorOf(eve)}/followers`))).totalItems).toBe(0);
    expect((await remove(eve)).statusCode).toBe(404);
  }, 240_000);
});

describe('a profile no longer shown to visitors', () => {
  it('reaches followers as a Delete of the Person, undoes its follows, and sends nothing when shown again', async () => {
    const fred = await followedPerson('Fred');
    const mallory = remote.actors.mallory!;
    const headers = bearer(fred.token);
    const { accountId, follow } = await followMallory(fred);
    const privacy = (on: boolean) =>
      a.api.app.inject({
        method: 'PUT',
        url: '/api/users/me/privacy',
        headers,
        payload: { showProfileToVisitors: on },
      });

    expect((await privacy(false)).statusCode).toBe(200);
    const deletion = await arrived('Delete', actorOf(fred));
    expect(deletion.signed).toBe(true);
    expect(deletion.activity.object).toBe(actorOf(fred));
    const undo = await arrived('Undo', actorOf(fred));
    expect(undo.signed).toBe(true);
    expect(undo.path).toBe('/users/mallory/inbox');
    expect(undo.activity.object).toMatchObject({
      type: 'Follow',
      id: follow.activity.id,
      object: mallory.id,
    });
    expect((await get(actorOf(fred))).status).toBe(404);
    expect((await followersElsewhere(fred)).totalElements).toBe(0);
    const account = await a.api.app.inject({
      url: `/api/federation/accounts/${accountId}`,
      headers,
    });
    expect(account.json().followState).toBeNull();

    // Shown again, the actor is back and nothing is sent: people elsewhere follow again if they wish.
    expect((await privacy(true)).statusCode).toBe(200);
    expect((await get(actorOf(fred))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(typesSentBy(actorOf(fred)).sort()).toEqual(['Accept', 'Delete', 'Follow', 'Undo']);
    expect((await followersElsewhere(fred)).totalElements).toBe(0);
  }, 240_000);
});
