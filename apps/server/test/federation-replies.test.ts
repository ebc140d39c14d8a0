import {
  type Comment,
  type CommentThread,
  type CommentVersion,
  DELETED_COMMENT_USER,
  type Notification,
  type Page,
  type Post,
  type RemoteAccount,
} from '@pathwise/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { fillFixture } from './helpers/activitypub-fixtures.js';
import type { FakeActivityPubServer, FakeActor } from './helpers/fake-activitypub-server.js';
import { eventually, get, type Instance, json, logged, withServers } from './helpers/federation.js';
import { createPost } from './helpers/posts.js';

// Replies from another server (the fake one's people, who sign with keys of their own) become comments
// on Ann's post on A: shown with their author from elsewhere, counted, told to Ann, edited and deleted
// by their author alone; a reply signed by someone else, or to a post no one may read, leaves nothing.

let a: Instance;
let remote: FakeActivityPubServer;
let ann: TestAccount;
let mallory: FakeActor;
let eve: FakeActor;
let post: Post;
let postUri: string;

const host = () => new URL(remote.origin).host;
const shared = () => `${a.origin}/ap/inbox`;

const valuesOf = (actor: FakeActor, extra: Record<string, string>) => ({
  actor: actor.id,
  name: actor.name,
  origin: remote.origin,
  ann: `${a.origin}/ap/users/${ann.user.id}`,
  annUrl: `${a.origin}/@${ann.user.handle}`,
  annHandle: `${ann.user.handle}@${new URL(a.origin).host}`,
  post: postUri,
  publicKeyPem: actor.publicKeyPem.replaceAll('\n', '\\n'),
  ...extra,
});

/** A Mastodon-shaped fixture of test/fixtures/activitypub, its placeholders filled in. */
const fixture = (name: string, actor: FakeActor, extra: Record<string, string> = {}) =>
  fillFixture(name, valuesOf(actor, extra));

/** Mastodon's reply (create-note.json), as status `n` of `actor`, to `inReplyTo`. */
const replyOf = (actor: FakeActor, n: string, inReplyTo = postUri) =>
  fillFixture('create-note', valuesOf(actor, { post: inReplyTo }), (text) => text.replaceAll('113001', n));

const call = (url: string) => a.api.app.inject({ url, headers: bearer(ann.token) });
const threads = async (postId = post.id) =>
  ((await call(`/api/posts/${postId}/comments?size=50`)).json() as Page<CommentThread>).content;
const commentsCount = async () => ((await call(`/api/posts/${post.id}`)).json() as Post).commentsCount;
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

withServers({ ann: 'Ann Replies', actors: ['mallory', 'eve', 'zoe'], timeout: 200_000 }, async (made) => {
  ({ a, remote, ann } = made);
  mallory = remote.actors.mallory!;
  eve = remote.actors.eve!;
  post = await createPost(a.api, ann.token, { title: 'Chapter 3' });
  postUri = `${a.origin}/ap/posts/${post.id}`;
});

describe('replies from another server', () => {
  it("makes Mastodon's reply a comment by its author there, with the warning first, and tells Ann", async () => {
    const create = fixture('create-note', mallory);
    expect((await remote.send(shared(), create, { signer: mallory })).status).toBe(202);
    const [thread] = await eventually('the reply as a comment', async () => {
      const found = await threads();
      return found.length > 0 ? found : undefined;
    });
    expect(thread).toMatchObject({
      user: { id: 0, name: 'Mallory Elsewhere', profilePicture: `${remote.origin}/avatars/mallory.png` },
      remote: { handle: `@mallory@${host()}`, profileUrl: `${remote.origin}/@mallory` },
      parentCommentId: null,
      editedAt: null,
      deleted: false,
    });
    const annAt = `${ann.user.handle}@${new URL(a.origin).host}`.replace(/[.:]/g, '\\$&');
    expect(thread!.content).toBe(
      `**Spoilers for chapter 3**\n\n[@${annAt}](<${a.origin}/@${ann.user.handle}>)` +
        ' The ending surprised me too\\.',
    );
    expect(await commentsCount()).toBe(1);
    const notices = (await call('/api/notifications')).json() as Page<Notification>;
    expect(notices.content.find((item) => item.type === 'COMMENT')).toMatchObject({
      message: `@mallory@${host()} commented on your post`,
      actor: null,
    });

    // The same Create delivered again (a new activity id) adds nothing.
    const again = { ...create, id: `${mallory.id}/statuses/113001/activity-again` };
    expect((await remote.send(shared(), again, { signer: mallory })).status).toBe(202);
    await settle();
    expect(await threads()).toHaveLength(1);
    expect(await commentsCount()).toBe(1);
  });

  it('puts a reply to that comment in its thread', async () => {
    const reply = replyOf(eve, '7001', `${mallory.id}/statuses/113001`);
    expect((await remote.send(shared(), reply, { signer: eve })).status).toBe(202);
    const [thread] = await eventually('the reply in the thread', async () => {
      const found = await threads();
      return found[0]?.replyCount === 1 ? found : undefined;
    });
    expect(thread!.replies).toMatchObject([
      { parentCommentId: thread!.id, remote: { handle: `@eve@${host()}` } },
    ]);
    expect(await commentsCount()).toBe(2);
  });

  it('refuses a reply signed by someone other than its actor, and one of a Note not theirs', async () => {
    // Eve signs, with her own valid key, a reply that claims to be Mallory's.
    const forged = replyOf(mallory, '666');
    expect((await remote.send(shared(), forged, { signer: eve })).status).toBe(401);
    // Eve's own Create of a Note attributed to Mallory.
    const borrowed = replyOf(eve, '667');
    borrowed.actor = eve.id;
    borrowed.object.attributedTo = mallory.id;
    borrowed.object.id = `${mallory.id}/statuses/667`;
    expect((await remote.send(shared(), borrowed, { signer: eve })).status).toBe(202);
    await settle();
    expect(await commentsCount()).toBe(2);
    expect((await threads()).flatMap((thread) => [thread, ...thread.replies])).toHaveLength(2);
  });

  it("edits the comment with its author's Update (as a new version), and with no one else's", async () => {
    const [thread] = await threads();
    const forged = fixture('update-note', eve, { n: '113001', text: 'Eve was here' });
    forged.object.attributedTo = mallory.id;
    forged.object.id = `${mallory.id}/statuses/113001`;
    expect((await remote.send(shared(), forged, { signer: eve })).status).toBe(202);
    const update = fixture('update-note', mallory, {
      n: '113001',
      text: 'On second thought, I saw it coming.',
    });
    expect((await remote.send(shared(), update, { signer: mallory })).status).toBe(202);
    const edited = await eventually('the edit', async () => {
      const found = (await threads())[0];
      return found?.editedAt ? found : undefined;
    });
    expect(edited.content).toBe('On second thought, I saw it coming\\.');
    const history = (await call(`/api/comments/${thread!.id}/history`)).json() as Page<CommentVersion>;
    expect(history.content.map((version) => version.content)).toEqual([edited.content, thread!.content]);
  });

  it("deletes it with its author's Delete only, kept for its reply as any comment is", async () => {
    const [thread] = await threads();
    const forged = { ...fixture('delete-note', mallory), actor: eve.id, id: `${eve.id}#delete-1` };
    expect((await remote.send(shared(), forged, { signer: eve })).status).toBe(202);
    await settle();
    expect((await threads())[0]).toMatchObject({ id: thread!.id, deleted: false });
    expect((await remote.send(shared(), fixture('delete-note', mallory), { signer: mallory })).status).toBe(
      202,
    );
    const kept = await eventually('the deletion', async () => {
      const found = (await threads())[0];
      return found?.deleted ? found : undefined;
    });
    expect(kept).toMatchObject({ user: DELETED_COMMENT_USER, content: '', replyCount: 1 });
    expect(kept).not.toHaveProperty('remote');
    expect(await commentsCount()).toBe(1);
  });

  it('drops a reply to a deleted post and to one not shown to visitors', async () => {
    const gone = await createPost(a.api, ann.token, { title: 'Soon gone' });
    await a.api.app.inject({ method: 'DELETE', url: `/api/posts/${gone.id}`, headers: bearer(ann.token) });
    const toGone = replyOf(mallory, '8001', `${a.origin}/ap/posts/${gone.id}`);
    expect((await remote.send(shared(), toGone, { signer: mallory })).status).toBe(202);
    const bob = await signUp(a.api, { name: 'Bob Private' });
    const hidden = await createPost(a.api, bob.token, { title: 'Only here' });
    const toHidden = replyOf(mallory, '8002', `${a.origin}/ap/posts/${hidden.id}`);
    expect((await remote.send(shared(), toHidden, { signer: mallory })).status).toBe(202);
    await settle();
    const bobsThreads = await a.api.app.inject({
      url: `/api/posts/${hidden.id}/comments`,
      headers: bearer(bob.token),
    });
    expect((bobsThreads.json() as Page<CommentThread>).content).toEqual([]);

    // Cleo does not show her profile to visitors: her comment's Note answers 404, and a reply to it is
    // dropped, neither kept in her thread nor told to her. A reply to Ann's comment, sent after it, is kept.
    const cleo = await signUp(a.api, { name: 'Cleo Unshown' });
    const open = await createPost(a.api, ann.token, { title: 'Open to answers' });
    const commentBy = async (who: TestAccount) => {
      const response = await a.api.app.inject({
        method: 'POST',
        url: `/api/posts/${open.id}/comments`,
        headers: bearer(who.token),
        payload: { content: `A comment by ${who.user.name}` },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as Comment).id;
    };
    const [cleos, anns] = [await commentBy(cleo), await commentBy(ann)];
    for (const [n, id] of [
      ['8003', cleos],
      ['8004', anns],
    ] as const) {
      const reply = replyOf(mallory, n, `${a.origin}/ap/comments/${id}`);
      expect((await remote.send(shared(), reply, { signer: mallory })).status).toBe(202);
    }
    const replies = await eventually("the reply to Ann's comment", async () => {
      const counts = new Map((await threads(open.id)).map((thread) => [thread.id, thread.replyCount]));
      return counts.get(anns) === 1 ? counts : undefined;
    });
    expect(replies.get(cleos)).toBe(0);
    const told = await a.api.app.inject({ url: '/api/notifications', headers: bearer(cleo.token) });
    expect((told.json() as Page<Notification>).content).toEqual([]);
  });
});

describe("a remote person's account", () => {
  it('refreshes how their comments show them on their Update(Person)', async () => {
    const update = fixture('update-person', eve);
    expect((await remote.send(shared(), update, { signer: eve })).status).toBe(202);
    await eventually('the new name', async () => {
      const reply = (await threads())[0]?.replies[0];
      return reply?.user?.name === 'A New Name' ? reply : undefined;
    });
  });

  it('removes their comments on their Delete(Person)', async () => {
    expect((await remote.send(shared(), fixture('delete-person', eve), { signer: eve })).status).toBe(202);
    await eventually('her comments gone', async () => ((await threads()).length === 0 ? true : undefined));
    expect(await commentsCount()).toBe(0);
  });

  it("takes a gone account's Delete(Person), signed with a key its server no longer serves", async () => {
    const zoe = remote.actors.zoe!;
    expect((await remote.send(shared(), replyOf(zoe, '8001'), { signer: zoe })).status).toBe(202);
    await eventually('her reply', async () => ((await threads()).length === 1 ? true : undefined));

    // While she is there, a forger's Delete is refused: her address still answers.
    const deletion = fixture('delete-person', zoe);
    const forger = { signer: zoe, key: await remote.strayKey() };
    expect((await remote.send(shared(), deletion, forger)).status).toBe(401);
    await settle();
    expect(await threads()).toHaveLength(1);

    // Her account deleted, her actor and key answer 410; her server signs with a key no one can fetch.
    remote.gone(zoe);
    const again = { ...deletion, id: `${zoe.id}#delete-again` };
    expect((await remote.send(shared(), again, { signer: zoe, key: await remote.strayKey() })).status).toBe(
      202,
    );
    expect(await threads()).toEqual([]);
    expect(await commentsCount()).toBe(0);
    // The server's log reaches this process through a pipe, which may deliver after the response.
    const forgotten = await eventually('the log of her deletion', async () => {
      const lines = logged(a, 'a gone account was forgotten');
      return lines.length > 0 ? lines : undefined;
    });
    expect(forgotten).toEqual([expect.objectContaining({ actor: zoe.id })]);
  });
});

describe('someone elsewhere, blocked or muted', () => {
  let chapter: Post;
  let bob: TestAccount;
  let accountId: number;
  const chapterUri = () => `${a.origin}/ap/posts/${chapter.id}`;
  const as = (account: TestAccount | null, method: 'GET' | 'PUT' | 'DELETE' | 'PATCH', url: string) =>
    a.api.app.inject({ method, url, headers: account ? bearer(account.token) : {} });
  const restrict = (method: 'PUT' | 'DELETE', what: 'block' | 'mute') =>
    as(ann, method, `/api/federation/accounts/${accountId}/${what}`);
  const threadsFor = async (account: TestAccount) =>
    ((await as(account, 'GET', `/api/posts/${chapter.id}/comments?size=50`)).json() as Page<CommentThread>)
      .content;
  /** Ann's unread notifications that Mallory caused, once what was sent before has had time to arrive. */
  const fromMallory = async () => {
    await settle();
    const page = (await as(ann, 'GET', '/api/notifications?size=50')).json() as Page<Notification>;
    return page.content.filter((item) => !item.isRead && item.message.startsWith(`@mallory@${host()}`));
  };
  const like = (n: string) => fillFixture('like', valuesOf(mallory, { post: chapterUri(), n }));
  const followersOfAnn = async () =>
    (await json(await get(`${a.origin}/ap/users/${ann.user.id}/followers`))).totalItems as number;

  beforeAll(async () => {
    chapter = await createPost(a.api, ann.token, { title: 'Chapter 4' });
    bob = await signUp(a.api, { name: 'Bob Reader' });
    const reply = replyOf(mallory, '9001', chapterUri());
    expect((await remote.send(shared(), reply, { signer: mallory })).status).toBe(202);
    const [thread] = await eventually('the reply', async () => {
      const found = await threadsFor(ann);
      return found.length > 0 ? found : undefined;
    });
    accountId = thread!.remote!.accountId;
    await as(ann, 'PATCH', '/api/notifications/read-all');
  });

  it('muted, still shows their replies but tells Ann nothing, until unmuted', async () => {
    const muted = await restrict('PUT', 'mute');
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json()).toMatchObject({
      id: accountId,
      isMuted: true,
      isBlocked: false,
    } satisfies Partial<RemoteAccount>);
    const reply = replyOf(mallory, '9003', chapterUri());
    expect((await remote.send(shared(), reply, { signer: mallory })).status).toBe(202);
    await eventually('the second reply', async () =>
      (await threadsFor(ann)).length === 2 ? true : undefined,
    );
    expect(await fromMallory()).toEqual([]);

    expect((await restrict('DELETE', 'mute')).json()).toMatchObject({ isMuted: false });
    expect((await remote.send(shared(), like('1'), { signer: mallory })).status).toBe(202);
    expect((await fromMallory()).map((item) => item.type)).toEqual(['LIKE']);
  });

  it('blocked, is unfollowed, refused as a follower, and gone from what Ann reads but not from others', async () => {
    await as(ann, 'PATCH', '/api/notifications/read-all');
    const follow = fixture('follow', mallory);
    expect(
      (await remote.send(`${a.origin}/ap/users/${ann.user.id}/inbox`, follow, { signer: mallory })).status,
    ).toBe(202);
    await eventually('the follow', async () => ((await followersOfAnn()) === 1 ? true : undefined));
    await as(ann, 'PATCH', '/api/notifications/read-all');

    const blocked = await restrict('PUT', 'block');
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ isBlocked: true, followState: null });
    expect(await followersOfAnn()).toBe(0);
    expect(await threadsFor(ann)).toEqual([]);
    expect(await threadsFor(bob)).toHaveLength(2);

    const again = { ...follow, id: `${mallory.id}#follows/after-the-block` };
    expect(
      (await remote.send(`${a.origin}/ap/users/${ann.user.id}/inbox`, again, { signer: mallory })).status,
    ).toBe(202);
    const reply = replyOf(mallory, '9002', chapterUri());
    expect((await remote.send(shared(), reply, { signer: mallory })).status).toBe(202);
    expect(await fromMallory()).toEqual([]);
    expect(await followersOfAnn()).toBe(0);
    const refused = await eventually('the log of the refused follow', async () => {
      const lines = logged(a, 'a follow from someone the person blocked was refused');
      return lines.length > 0 ? lines : undefined;
    });
    expect(refused).toHaveLength(1);
    expect(await threadsFor(bob)).toHaveLength(3);

    // Her server was told, signed by Ann's actor, as Mastodon tells of a block.
    const annActor = `${a.origin}/ap/users/${ann.user.id}`;
    const block = await eventually('the Block sent', async () =>
      remote.received.find((item) => item.activity.type === 'Block' && item.activity.actor === annActor),
    );
    expect(block).toMatchObject({ signed: true, activity: { object: mallory.id } });

    expect((await restrict('DELETE', 'block')).json()).toMatchObject({ isBlocked: false });
    expect(await threadsFor(ann)).toHaveLength(3);
    const undo = await eventually('the Undo(Block) sent', async () =>
      remote.received.find((item) => item.activity.type === 'Undo' && item.activity.actor === annActor),
    );
    expect(undo!.activity.object).toMatchObject({ type: 'Block', actor: annActor, object: mallory.id });
  });

  it('answers visitors 401 and an unknown account 404', async () => {
    for (const what of ['block', 'mute'])
      for (const method of ['PUT', 'DELETE'] as const) {
        expect((await as(null, method, `/api/federation/accounts/${accountId}/${what}`)).statusCode).toBe(
          401,
        );
        const unknown = await as(ann, method, `/api/federation/accounts/999999/${what}`);
        expect(unknown.statusCode).toBe(404);
      }
  });
});
