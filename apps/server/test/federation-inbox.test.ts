import { readFileSync } from 'node:fs';
import type { Notification, Page } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import {
  type FakeActivityPubServer,
  type FakeActor,
  startFakeActivityPubServer,
} from './helpers/fake-activitypub-server.js';
import {
  eventually,
  get,
  type Instance,
  json,
  logged,
  showToVisitors,
  startInstance,
} from './helpers/federation.js';
import { createPost } from './helpers/posts.js';

// One Pathwise server (A) and a fake ActivityPub server whose people sign with keys of their own:
// what arrives at A's inboxes unsigned, signed with a key that is not the actor's, or signed by someone
// other than its actor is refused and leaves nothing behind; Mastodon's own JSON is taken.

let a: Instance;
let remote: FakeActivityPubServer;
let ann: TestAccount;
let mallory: FakeActor;
let eve: FakeActor;
let annActor: string;
let postUri: string;

/** A Mastodon-shaped fixture of test/fixtures/activitypub, its placeholders filled in. */
function fixture(name: string, actor: FakeActor): Record<string, unknown> {
  const text = readFileSync(new URL(`./fixtures/activitypub/${name}.json`, import.meta.url), 'utf8');
  const values: Record<string, string> = {
    actor: actor.id,
    name: actor.name,
    origin: remote.origin,
    ann: annActor,
    annUrl: `${a.origin}/@${ann.user.handle}`,
    annHandle: `${ann.user.handle}@${new URL(a.origin).host}`,
    post: postUri,
    publicKeyPem: actor.publicKeyPem.replaceAll('\n', '\\n'),
  };
  return JSON.parse(text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]!));
}

const followersOfAnn = async () =>
  (await json(await get(`${a.origin}/ap/users/${ann.user.id}/followers`))).totalItems as number;

const notificationsOfAnn = async () =>
  (
    (
      await a.api.app.inject({ url: '/api/notifications', headers: bearer(ann.token) })
    ).json() as Page<Notification>
  ).content;

beforeAll(async () => {
  [a, remote] = await Promise.all([
    startInstance('127.0.0.1'),
    startFakeActivityPubServer(['mallory', 'eve']),
  ]);
  mallory = remote.actors.mallory!;
  eve = remote.actors.eve!;
  ann = await signUp(a.api, { name: 'Ann Inbox' });
  expect((await showToVisitors(a, ann)).statusCode).toBe(200);
  annActor = `${a.origin}/ap/users/${ann.user.id}`;
  postUri = `${a.origin}/ap/posts/${(await createPost(a.api, ann.token, { title: 'Chapter 3' })).id}`;
}, 200_000);

afterAll(async () => {
  await Promise.all([a?.cleanup(), remote?.close()]);
});

describe('forged activities', () => {
  const inbox = () => `${annActor}/inbox`;

  it('refuses a Follow without a signature', async () => {
    const response = await remote.send(inbox(), fixture('follow', mallory), { signer: null });
    expect(response.status).toBe(401);
  });

  it("refuses a Follow signed with a key that is not the actor's", async () => {
    const response = await remote.send(inbox(), fixture('follow', mallory), {
      signer: mallory,
      key: await remote.strayKey(),
    });
    expect(response.status).toBe(401);
  });

  it('refuses a Follow whose actor is not the one who signed it', async () => {
    // Eve signs with her own key, valid as such, a Follow that claims to be Mallory's.
    const response = await remote.send(inbox(), fixture('follow', mallory), { signer: eve });
    expect(response.status).toBe(401);
  });

  it('refuses them at the shared inbox too, and stored nothing', async () => {
    const shared = `${a.origin}/ap/inbox`;
    expect((await remote.send(shared, fixture('follow', mallory), { signer: null })).status).toBe(401);
    expect((await remote.send(shared, fixture('follow', mallory), { signer: eve })).status).toBe(401);
    // Give a wrongly queued activity time to have been handled, then look.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await followersOfAnn()).toBe(0);
    expect((await notificationsOfAnn()).filter((item) => item.type === 'FOLLOW')).toEqual([]);
    expect(remote.received).toEqual([]);
  });
});

describe("Mastodon's activities", () => {
  it('takes a Follow, stores the follower, tells Ann and sends a signed Accept', async () => {
    const response = await remote.send(`${annActor}/inbox`, fixture('follow', mallory), { signer: mallory });
    expect(response.status).toBe(202);
    const accept = await eventually('the Accept at the fake server', async () =>
      remote.received.find((item) => item.activity.type === 'Accept'),
    );
    expect(accept.signed).toBe(true);
    expect(accept.activity.actor).toBe(annActor);
    expect(await followersOfAnn()).toBe(1);
    const notice = (await notificationsOfAnn()).find((item) => item.type === 'FOLLOW');
    expect(notice?.message).toBe(`@mallory@${new URL(remote.origin).host} started following you`);
  });

  it('takes a Note with a mention and a content warning, its Delete, and an Update of the Person', async () => {
    const shared = `${a.origin}/ap/inbox`;
    const create = fixture('create-note', mallory);
    expect((await remote.send(shared, create, { signer: mallory })).status).toBe(202);
    await eventually('the Note to be handled', async () =>
      logged(a, 'a post arrived').find((line) => line.actor === mallory.id),
    );
    expect((await remote.send(shared, fixture('delete-note', mallory), { signer: mallory })).status).toBe(
      202,
    );
    await eventually('the Delete to be handled', async () =>
      logged(a, 'a post was deleted').find((line) => line.actor === mallory.id),
    );
    const update = fixture('update-person', mallory);
    expect((await remote.send(shared, update, { signer: mallory })).status).toBe(202);
  });
});
