import {
  INBOX_MESSAGES,
  type Notification,
  type NotificationGroup,
  type Page,
  type Post,
} from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { fillFixture } from './helpers/activitypub-fixtures.js';
import {
  type FakeActivityPubServer,
  type FakeActor,
  startFakeActivityPubServer,
} from './helpers/fake-activitypub-server.js';
import { eventually, get, type Instance, json, showToVisitors, startInstance } from './helpers/federation.js';
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
let post: Post;
let postUri: string;

/** A Mastodon-shaped fixture of test/fixtures/activitypub, its placeholders filled in. */
const fixture = (name: string, actor: FakeActor, extra: Record<string, string> = {}) =>
  fillFixture(name, {
    actor: actor.id,
    name: actor.name,
    origin: remote.origin,
    ann: annActor,
    annUrl: `${a.origin}/@${ann.user.handle}`,
    annHandle: `${ann.user.handle}@${new URL(a.origin).host}`,
    post: postUri,
    publicKeyPem: actor.publicKeyPem.replaceAll('\n', '\\n'),
    ...extra,
  });

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
  post = await createPost(a.api, ann.token, { title: 'Chapter 3' });
  postUri = `${a.origin}/ap/posts/${post.id}`;
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

  it('refuses a Follow signed by a key on another host that claims the actor as its owner', async () => {
    // The key's document names Mallory as its owner; her actor does not name the key.
    const impostor = await remote.impostorOf(mallory);
    const response = await remote.send(inbox(), fixture('follow', mallory), { signer: impostor });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe(INBOX_MESSAGES.foreignKey);
    const shared = `${a.origin}/ap/inbox`;
    const unsigned = await remote.send(shared, fixture('follow', mallory), { signer: null });
    expect(((await unsigned.json()) as { message: string }).message).toBe(INBOX_MESSAGES.unsigned);
  });

  it('refuses it however the activity names its actor, in JSON-LD terms or a list', async () => {
    const impostor = await remote.impostorOf(mallory);
    const { actor, ...follow } = fixture('follow', mallory);
    const renamed = {
      ...follow,
      '@context': ['https://www.w3.org/ns/activitystreams', { doer: { '@id': 'as:actor', '@type': '@id' } }],
      doer: actor,
    };
    for (const forged of [renamed, { ...follow, actor: [actor] }]) {
      const response = await remote.send(inbox(), forged, { signer: impostor });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(INBOX_MESSAGES.foreignKey);
    }
    const noActivity = await remote.send(inbox(), { hello: 'world' }, { signer: mallory });
    expect(noActivity.status).toBe(400);
    expect(((await noActivity.json()) as { message: string }).message).toBe(INBOX_MESSAGES.unreadable);
  });

  it('refuses a Follow signed by a key whose document is no key it can read, twice alike', async () => {
    // Fedify remembers such a key as missing: the second delivery is answered from that memory.
    const unreadable = await remote.impostorOf(mallory, { onVictimsHost: true, type: 'Key' });
    for (const _ of [1, 2]) {
      const response = await remote.send(inbox(), fixture('follow', mallory), { signer: unreadable });
      expect(response.status).toBe(401);
    }
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
    // A reply to Ann's post: a comment (federation-replies.test.ts tells the rest), gone with its Delete.
    const commentsCount = async () =>
      ((await a.api.app.inject({ url: `/api/posts/${post.id}`, headers: bearer(ann.token) })).json() as Post)
        .commentsCount;
    await eventually('the Note to be a comment', async () =>
      (await commentsCount()) === 1 ? true : undefined,
    );
    expect((await remote.send(shared, fixture('delete-note', mallory), { signer: mallory })).status).toBe(
      202,
    );
    await eventually('the comment to go', async () => ((await commentsCount()) === 0 ? true : undefined));
    const update = fixture('update-person', mallory);
    expect((await remote.send(shared, update, { signer: mallory })).status).toBe(202);
  });
});

describe('likes and shares from other servers', () => {
  const shared = () => `${a.origin}/ap/inbox`;
  const counts = async () => {
    const { likesCount, sharesCount } = (
      await a.api.app.inject({ url: `/api/posts/${post.id}`, headers: bearer(ann.token) })
    ).json() as Post;
    return { likesCount, sharesCount };
  };
  const countsBecome = (expected: { likesCount: number; sharesCount: number }) =>
    eventually(`the counts to become ${JSON.stringify(expected)}`, async () => {
      const now = await counts();
      return now.likesCount === expected.likesCount && now.sharesCount === expected.sharesCount
        ? now
        : undefined;
    });
  const host = () => new URL(remote.origin).host;

  it('counts a Like once per person, tells Ann, and groups the likes of one post', async () => {
    expect(await counts()).toEqual({ likesCount: 0, sharesCount: 0 });
    const like = fixture('like', mallory, { n: '1' });
    expect((await remote.send(shared(), like, { signer: mallory })).status).toBe(202);
    await countsBecome({ likesCount: 1, sharesCount: 0 });
    const notice = await eventually('the like notification', async () =>
      (await notificationsOfAnn()).find((item) => item.type === 'LIKE'),
    );
    expect(notice).toMatchObject({ message: `@mallory@${host()} liked your post`, actor: null });

    // A second Like of the same post by the same person (a new activity) counts nothing more.
    const again = fixture('like', mallory, { n: '2' });
    expect((await remote.send(shared(), again, { signer: mallory })).status).toBe(202);
    const byEve = fixture('like', eve, { n: '1' });
    expect((await remote.send(`${annActor}/inbox`, byEve, { signer: eve })).status).toBe(202);
    await countsBecome({ likesCount: 2, sharesCount: 0 });

    const groups = (
      await a.api.app.inject({ url: '/api/notifications/groups', headers: bearer(ann.token) })
    ).json() as Page<NotificationGroup>;
    const likes = groups.content.filter((group) => group.type === 'LIKE');
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ key: `LIKE.post.${post.id}`, count: 2, entityId: post.id });
    expect(likes[0]!.message).toBe(`@eve@${host()} liked your post`);
  });

  it('takes a like back with Undo, and only its own', async () => {
    // Eve cannot take back Mallory's like: her Undo names his Like.
    const forged = { ...fixture('undo-like', mallory, { n: '1' }), actor: eve.id, id: `${eve.id}#undo-1` };
    expect((await remote.send(shared(), forged, { signer: eve })).status).toBe(202);
    const undo = fixture('undo-like', mallory, { n: '1' });
    expect((await remote.send(shared(), undo, { signer: mallory })).status).toBe(202);
    await countsBecome({ likesCount: 1, sharesCount: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await counts()).toEqual({ likesCount: 1, sharesCount: 0 });
  });

  it('counts an Announce as a share, and its Undo takes it back', async () => {
    const announce = fixture('announce', mallory);
    expect((await remote.send(shared(), announce, { signer: mallory })).status).toBe(202);
    await countsBecome({ likesCount: 1, sharesCount: 1 });
    const undo = fixture('undo-announce', mallory);
    expect((await remote.send(shared(), undo, { signer: mallory })).status).toBe(202);
    await countsBecome({ likesCount: 1, sharesCount: 0 });
  });

  it('ignores a Like of something that is not a public post here', async () => {
    const hidden = await createPost(a.api, ann.token, { title: 'Soon gone' });
    await a.api.app.inject({ method: 'DELETE', url: `/api/posts/${hidden.id}`, headers: bearer(ann.token) });
    const like = fixture('like', eve, { n: '9', post: `${a.origin}/ap/posts/${hidden.id}` });
    expect((await remote.send(shared(), like, { signer: eve })).status).toBe(202);
    const elsewhere = fixture('like', eve, { n: '10', post: `${remote.origin}/statuses/1` });
    expect((await remote.send(shared(), elsewhere, { signer: eve })).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await counts()).toEqual({ likesCount: 1, sharesCount: 0 });
  });
});

describe('posts of people followed from here', () => {
  const feed = async () =>
    (
      (
        await a.api.app.inject({ url: '/api/feed/following?remote=true', headers: bearer(ann.token) })
      ).json() as Page<{ type: string; remotePost?: { url: string; summary: string | null } }>
    ).content;
  const shared = () => `${a.origin}/ap/inbox`;
  let account: string;

  it("keeps the Note of someone Ann follows (once they accept), drops a stranger's", async () => {
    const follow = await a.api.app.inject({
      method: 'POST',
      url: '/api/federation/follows',
      headers: bearer(ann.token),
      payload: { account: mallory.id },
    });
    expect(follow.statusCode, follow.body).toBe(200);
    const sent = await eventually('the Follow at the fake server', async () =>
      remote.received.find((item) => item.activity.type === 'Follow'),
    );
    const accept = (by: FakeActor, n: string) => ({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${by.id}#accepts/${n}`,
      type: 'Accept',
      actor: by.id,
      object: sent.activity.id,
    });
    // Eve cannot accept a follow of Mallory; until Mallory does, his posts are dropped too.
    expect((await remote.send(shared(), accept(eve, '1'), { signer: eve })).status).toBe(202);
    // The Mastodon Note fixture as status `n` of `by`, a post of their own rather than a reply to Ann.
    const note = (by: FakeActor, n: string) => {
      const create = fixture('create-note', by);
      const {
        inReplyTo: _reply,
        inReplyToAtomUri: _atom,
        ...object
      } = create.object as Record<string, unknown>;
      return {
        ...create,
        id: `${by.id}/statuses/${n}/activity`,
        object: { ...object, id: `${by.id}/statuses/${n}` },
      };
    };
    expect((await remote.send(shared(), note(mallory, '1'), { signer: mallory })).status).toBe(202);
    expect((await remote.send(shared(), accept(mallory, '1'), { signer: mallory })).status).toBe(202);
    account = `/api/federation/accounts/${follow.json().account.id}`;
    await eventually('the follow to be accepted', async () => {
      const res = await a.api.app.inject({ url: account, headers: bearer(ann.token) });
      return res.json().followState === 'ACCEPTED' ? true : undefined;
    });

    expect((await remote.send(shared(), note(eve, '2'), { signer: eve })).status).toBe(202);
    expect((await remote.send(shared(), note(mallory, '3'), { signer: mallory })).status).toBe(202);
    const items = await eventually("Mallory's note in Ann's feed", async () => {
      const content = await feed();
      return content.some((item) => item.type === 'REMOTE_POST') ? content : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await feed()).filter((item) => item.type === 'REMOTE_POST')).toEqual(
      items.filter((item) => item.type === 'REMOTE_POST'),
    );
    expect(items.filter((item) => item.type === 'REMOTE_POST').map((item) => item.remotePost)).toEqual([
      expect.objectContaining({ url: `${remote.origin}/@mallory/113001`, summary: 'Spoilers for chapter 3' }),
    ]);
  });

  it("drops his posts and Ann's follow of him when his account is deleted", async () => {
    const deletion = fixture('delete-person', mallory);
    expect((await remote.send(shared(), deletion, { signer: mallory })).status).toBe(202);
    await eventually("his posts gone from Ann's feed", async () =>
      (await feed()).some((item) => item.type === 'REMOTE_POST') ? undefined : true,
    );
    const res = await a.api.app.inject({ url: account, headers: bearer(ann.token) });
    expect(res.json()).toMatchObject({ followState: null });
  });
});

describe('HTTP Message Signatures (RFC 9421)', () => {
  it('takes an activity signed by them, as Fedify signs first', async () => {
    const before = await followersOfAnn();
    const follow = fixture('follow', eve);
    const response = await remote.send(`${annActor}/inbox`, follow, { signer: eve, spec: 'rfc9421' });
    expect(response.status).toBe(202);
    await eventually('Eve to follow Ann', async () =>
      (await followersOfAnn()) === before + 1 ? true : undefined,
    );
  });
});
