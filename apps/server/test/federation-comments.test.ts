import type {
  Comment,
  CommentThread,
  FollowingFeedPageWithRemote,
  Notification,
  Page,
  Post,
} from '@pathwise/contract';
import { describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { fillFixture } from './helpers/activitypub-fixtures.js';
import type { FakeActivityPubServer, FakeActor } from './helpers/fake-activitypub-server.js';
import {
  eventually,
  followElsewhere,
  get,
  type Instance,
  json,
  logged,
  MODERATOR,
  withServers,
} from './helpers/federation.js';
import { createPost } from './helpers/posts.js';

// Comments written on A as Notes. Two Pathwise servers: Bob on B follows Ann on A, and sees what she
// writes. The one who comments from elsewhere is Mallory, on the fake server in Mastodon's shape (a reply
// from another Pathwise is federation-roundtrip.test.ts's): her reply to Ann's post
// is answered by Ann, that answer reaches her inbox as a reply to her Note naming her, her answer to
// Ann's comment tells Ann, and Ann's edits and deletions reach both servers.

let a: Instance;
let b: Instance;
let remote: FakeActivityPubServer;
let ann: TestAccount;
let bob: TestAccount;
let moderator: TestAccount;
let mallory: FakeActor;
let post: Post;

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const annActor = () => `${a.origin}/ap/users/${ann.user.id}`;
const noteId = (comment: { id: number }) => `${a.origin}/ap/comments/${comment.id}`;
const statusOf = (n: string) => `${mallory.id}/statuses/${n}`;
const malloryHandle = () => `@mallory@${new URL(remote.origin).host}`;
const asList = (value: unknown) => (Array.isArray(value) ? value : [value]);

/** Mastodon's reply (create-note.json) as Mallory's status `n`, to `inReplyTo`. */
const replyOf = (n: string, inReplyTo: string) =>
  fillFixture(
    'create-note',
    {
      actor: mallory.id,
      name: mallory.name,
      origin: remote.origin,
      ann: annActor(),
      annUrl: `${a.origin}/@${ann.user.handle}`,
      annHandle: `${ann.user.handle}@${new URL(a.origin).host}`,
      post: inReplyTo,
    },
    (text) => text.replaceAll('113001', n),
  );

const onA = (
  account: TestAccount,
  request: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) => a.api.app.inject({ ...request, headers: bearer(account.token) });
const comment = async (account: TestAccount, content: string, parentCommentId?: number, postId = post.id) => {
  const res = await onA(account, {
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    payload: { content, ...(parentCommentId && { parentCommentId }) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Comment;
};
const threads = async () =>
  ((await onA(ann, { url: `/api/posts/${post.id}/comments?size=50` })).json() as Page<CommentThread>).content;
const remoteFeed = async () =>
  (
    (
      await b.api.app.inject({ url: '/api/feed/following?remote=true', headers: bearer(bob.token) })
    ).json() as FollowingFeedPageWithRemote
  ).content.flatMap((entry) => (entry.type === 'REMOTE_POST' ? [entry.remotePost] : []));
/** The activity of `type` about Note `id` that Mallory's server received. */
const receivedBy = (type: string, id: string) =>
  eventually(`the ${type} of ${id} at Mallory's server`, async () =>
    remote.received.find((item) => {
      const object = item.activity.object as { id?: string } | undefined;
      return item.activity.type === type && object?.id === id;
    }),
  );
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

withServers({ ann: 'Ann Comments', bob: 'Bob Follows', actors: ['mallory'] }, async (made) => {
  ({ a, b, remote, ann, bob } = made);
  mallory = remote.actors.mallory!;
  moderator = await signUp(a.api, { email: MODERATOR });
  const follow = await followElsewhere(b, bob, `${a.origin}/@${ann.user.handle}`);
  expect(follow.statusCode, follow.body).toBe(200);
  await eventually('A to accept Bob', async () => {
    const followers = await json(await get(`${annActor()}/followers`));
    return followers.totalItems === 1 ? true : undefined;
  });
  post = await createPost(a.api, ann.token, { title: 'Chapter 5' });
});

describe("Ann's comments as Notes", () => {
  let malloryThread: CommentThread;
  let answer: Comment;

  it("reach Mallory as a reply to her Note that names her, and Bob's Following feed", async () => {
    const reply = replyOf('5001', `${a.origin}/ap/posts/${post.id}`);
    expect((await remote.send(`${a.origin}/ap/inbox`, reply, { signer: mallory })).status).toBe(202);
    [malloryThread] = await eventually("Mallory's reply on A", async () => {
      const found = await threads();
      return found.length > 0 ? (found as [CommentThread]) : undefined;
    });

    answer = await comment(ann, 'Thanks, **Mallory**!', malloryThread.id);
    const create = await receivedBy('Create', noteId(answer));
    expect(create).toMatchObject({ path: '/inbox', signed: true, activity: { actor: annActor() } });
    const note = create.activity.object as Record<string, unknown>;
    expect(note).toMatchObject({
      type: 'Note',
      attributedTo: annActor(),
      inReplyTo: statusOf('5001'),
      url: `${a.origin}/post/${post.id}`,
      to: PUBLIC,
    });
    expect(note.content).toContain('<strong>Mallory</strong>');
    expect(asList(note.cc)).toEqual(expect.arrayContaining([`${annActor()}/followers`, mallory.id]));
    expect(asList(note.tag)).toEqual([{ type: 'Mention', href: mallory.id, name: malloryHandle() }]);
    expect(note.published).toEqual(expect.any(String));

    // The same Note at its address, as Mastodon fetches it.
    expect(await json(await get(noteId(answer)))).toMatchObject({
      id: noteId(answer),
      inReplyTo: statusOf('5001'),
    });

    const onB = await eventually("Ann's comment in Bob's feed", async () =>
      (await remoteFeed()).find((item) => item.contentHtml.includes('Mallory')),
    );
    expect(onB).toMatchObject({ url: `${a.origin}/post/${post.id}` });
  });

  it("answers a comment on Ann's post with a reply to the post's Article", async () => {
    const own = await comment(ann, 'A note of my own');
    const note = await json(await get(noteId(own)));
    expect(note).toMatchObject({
      inReplyTo: `${a.origin}/ap/posts/${post.id}`,
      cc: `${annActor()}/followers`,
    });
    expect(note).not.toHaveProperty('tag');
    await eventually('it on B', async () =>
      logged(b, 'a post arrived').find((line) => line.object === noteId(own)),
    );
    // Only Ann's followers hear of it: Mallory's server is not one of them.
    await settle();
    expect(remote.received.filter((item) => JSON.stringify(item.activity).includes(noteId(own)))).toEqual([]);
  });

  it("makes Mallory's answer to Ann's comment a reply in its thread, and tells Ann", async () => {
    const reply = replyOf('5002', noteId(answer));
    expect((await remote.send(`${a.origin}/ap/inbox`, reply, { signer: mallory })).status).toBe(202);
    const thread = await eventually('her answer in the thread', async () => {
      const found = (await threads()).find((item) => item.id === malloryThread.id);
      return found?.replyCount === 2 ? found : undefined;
    });
    expect(thread.replies.at(-1)).toMatchObject({
      parentCommentId: malloryThread.id,
      remote: { handle: malloryHandle() },
    });
    const notices = (await onA(ann, { url: '/api/notifications' })).json() as Page<Notification>;
    expect(notices.content.find((item) => item.type === 'COMMENT_REPLY')).toMatchObject({
      message: `${malloryHandle()} replied to your comment`,
    });

    // Ann's answer to that reply names it, not the thread's first comment.
    const again = await comment(ann, 'Agreed.', thread.replies.at(-1)!.id);
    const create = await receivedBy('Create', noteId(again));
    expect(create.activity.object).toMatchObject({ inReplyTo: statusOf('5002') });
  });

  it('sends her edit as an Update and her deletion as a Delete, to Mallory and to B', async () => {
    const edited = await onA(ann, {
      method: 'PUT',
      url: `/api/comments/${answer.id}`,
      payload: { content: 'Thanks a lot, Mallory!' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const update = await receivedBy('Update', noteId(answer));
    expect(update.activity.object).toMatchObject({ content: '<p>Thanks a lot, Mallory!</p>' });
    expect((update.activity.object as { updated?: string }).updated).toEqual(expect.any(String));
    await eventually('the edit on B', async () =>
      (await remoteFeed()).find((item) => item.contentHtml.includes('Thanks a lot')),
    );

    const deleted = await onA(ann, { method: 'DELETE', url: `/api/comments/${answer.id}` });
    expect(deleted.statusCode).toBe(204);
    const deletion = await eventually('the Delete at Mallory', async () =>
      remote.received.find(
        (item) =>
          item.activity.type === 'Delete' &&
          (item.activity.object as { id?: string } | undefined)?.id === noteId(answer),
      ),
    );
    expect(deletion.activity).toMatchObject({ actor: annActor(), object: { type: 'Tombstone' } });
    expect((await get(noteId(answer))).status).toBe(404);
    await eventually('the deletion on B', async () =>
      (await remoteFeed()).some((item) => item.contentHtml.includes('Thanks a lot')) ? undefined : true,
    );
  });

  it('withdraws a comment a moderator hides', async () => {
    const hiddenLater = await comment(ann, 'Against the rules', malloryThread.id);
    await receivedBy('Create', noteId(hiddenLater));
    const hidden = await onA(moderator, {
      method: 'POST',
      url: `/api/moderation/comments/${hiddenLater.id}/hide`,
      payload: { reason: 'Spam' },
    });
    expect(hidden.statusCode, hidden.body).toBe(204);
    await eventually('the Delete', async () =>
      remote.received.find(
        (item) =>
          item.activity.type === 'Delete' &&
          (item.activity.object as { id?: string } | undefined)?.id === noteId(hiddenLater),
      ),
    );
    expect((await get(noteId(hiddenLater))).status).toBe(404);
  });
});

describe('comments no one elsewhere may read', () => {
  it('sends nothing for a comment on a post not shown elsewhere, or by someone not shown', async () => {
    // Carol does not show her profile to visitors: her post has no Article, so comments on it no Note.
    const carol = await signUp(a.api, { name: 'Carol Private' });
    const closed = await createPost(a.api, carol.token, { title: 'Only here' });
    const onClosed = await comment(ann, 'Nice one', undefined, closed.id);
    // Dan does not show his: his answer to Mallory has no Note, and does not reach her.
    const dan = await signUp(a.api, { name: 'Dan Private' });
    const malloryThread = (await threads()).find((thread) => thread.remote)!;
    const byDan = await comment(dan, 'Hello Mallory', malloryThread.id);
    await settle();
    for (const made of [onClosed, byDan]) {
      expect((await get(noteId(made))).status).toBe(404);
      expect(remote.received.filter((item) => JSON.stringify(item.activity).includes(noteId(made)))).toEqual(
        [],
      );
      expect(logged(b, 'a post arrived').filter((line) => line.object === noteId(made))).toEqual([]);
    }
    // Their edits and deletions send nothing either.
    await onA(ann, { method: 'PUT', url: `/api/comments/${onClosed.id}`, payload: { content: 'Edited' } });
    await onA(ann, { method: 'DELETE', url: `/api/comments/${onClosed.id}` });
    await settle();
    expect(
      remote.received.filter((item) => JSON.stringify(item.activity).includes(noteId(onClosed))),
    ).toEqual([]);
  });
});
