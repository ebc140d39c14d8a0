import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { fillFixture } from './helpers/activitypub-fixtures.js';
import { type FakeActivityPubServer, startFakeActivityPubServer } from './helpers/fake-activitypub-server.js';
import { eventually, type Instance, MODERATOR, showToVisitors, startInstance } from './helpers/federation.js';

// A person's account as it changes goes to their followers elsewhere: a fake ActivityPub server's
// person follows people on a Pathwise server and keeps what its inbox receives. A saved profile
// arrives as a signed Update(Person) with the new name; an account deleted or suspended as a signed
// Delete(Person).

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
  it('reaches followers elsewhere as a signed Delete of the Person when it is deleted', async () => {
    const cat = await followedPerson('Cat');
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
