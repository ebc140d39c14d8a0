import type {
  CommentThread,
  FollowingFeedPageWithRemote,
  LikeResponse,
  Notification,
  Page,
  Post,
  RemoteAccount,
  RemotePost,
  RemotePostReply,
} from '@pathwise/contract';
import { describe, expect, it } from 'vitest';
import { bearer, type TestAccount } from './helpers/accounts.js';
import { eventually, followElsewhere, get, type Instance, json, withServers } from './helpers/federation.js';
import { createPost, postPart, sendPost, validPost } from './helpers/posts.js';

// The proof: two Pathwise servers on loopback (two ports, two hosts) whose people follow each
// other, post, reply, like, edit, delete and unfollow across. Ann is on A, Bob on B.

let a: Instance;
let b: Instance;
let ann: TestAccount;
let bob: TestAccount;
/** Ann as B knows her, and Bob as A knows him. */
let annOnB: RemoteAccount;
let post: Post;
let annPostOnB: RemotePost;
let bobsReply: RemotePostReply;

type Request = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const on = (instance: () => Instance, account: () => TestAccount) => (request: Request) =>
  instance().api.app.inject({ ...request, headers: bearer(account().token) });
const asAnn = on(
  () => a,
  () => ann,
);
const asBob = on(
  () => b,
  () => bob,
);

const followersOf = async (instance: Instance, account: TestAccount) =>
  (await json(await get(`${instance.origin}/ap/users/${account.user.id}/followers`))).totalItems as number;
const bobsFeed = async () =>
  (
    (await asBob({ url: '/api/feed/following?remote=true' })).json() as FollowingFeedPageWithRemote
  ).content.flatMap((entry) => (entry.type === 'REMOTE_POST' ? [entry.remotePost] : []));
/** Ann's post on B, by its id there (her comments on it come as Notes with its page as their `url`). */
const bobsCopy = async () => (await bobsFeed()).find((item) => item.id === annPostOnB.id);
const annsPost = async () => (await asAnn({ url: `/api/posts/${post.id}` })).json() as Post;
const notificationsOfAnn = async () =>
  ((await asAnn({ url: '/api/notifications' })).json() as Page<Notification>).content;
const threadsOnA = async () =>
  ((await asAnn({ url: `/api/posts/${post.id}/comments?size=50` })).json() as Page<CommentThread>).content;
const bobHandle = () => `@${bob.user.handle}@${new URL(b.origin).host}`;

/** `follower` on `from` follows `followed` on `to` (by their profile's address) and is accepted. */
async function follows(from: Instance, follower: TestAccount, to: Instance, followed: TestAccount) {
  const res = await followElsewhere(from, follower, `${to.origin}/@${followed.user.handle}`);
  expect(res.statusCode, res.body).toBe(200);
  const { id } = (res.json() as { account: RemoteAccount }).account;
  return eventually(`${to.origin} to accept`, async () => {
    const account = (
      await from.api.app.inject({ url: `/api/federation/accounts/${id}`, headers: bearer(follower.token) })
    ).json() as RemoteAccount;
    return account.followState === 'ACCEPTED' ? account : undefined;
  });
}

withServers({ ann: 'Ann on A', bob: 'Bob on B', timeout: 200_000 }, (made) => {
  ({ a, b, ann, bob } = made);
});

describe('Ann on A and Bob on B', () => {
  it('follow each other', async () => {
    annOnB = await follows(b, bob, a, ann);
    await follows(a, ann, b, bob);
    expect(await followersOf(a, ann)).toBe(1);
    expect(await followersOf(b, bob)).toBe(1);
  }, 120_000);

  it("show Ann's new post in Bob's Following feed, not liked and not replied to", async () => {
    post = await createPost(a.api, ann.token, { title: 'Notes from A', content: 'Ownership, at last.' });
    annPostOnB = await eventually("Ann's post on B", async () =>
      (await bobsFeed()).find((item) => item.url === `${a.origin}/post/${post.id}`),
    );
    expect(annPostOnB).toMatchObject({
      title: 'Notes from A',
      author: { id: annOnB.id },
      likedByMe: false,
      likesCount: 0,
      myReplies: [],
    });
  }, 120_000);

  it("count Bob's like on A and tell Ann", async () => {
    const liked = await asBob({ method: 'PUT', url: `/api/federation/posts/${annPostOnB.id}/like` });
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json()).toEqual({ liked: true, likesCount: 1 } satisfies LikeResponse);
    // A second like sends nothing more.
    expect(
      (await asBob({ method: 'PUT', url: `/api/federation/posts/${annPostOnB.id}/like` })).json(),
    ).toEqual({ liked: true, likesCount: 1 });
    expect(await bobsCopy()).toMatchObject({ likedByMe: true, likesCount: 1 });
    await eventually('the like on A', async () => ((await annsPost()).likesCount === 1 ? true : undefined));
    const notice = await eventually('the like notification', async () =>
      (await notificationsOfAnn()).find((item) => item.type === 'LIKE'),
    );
    expect(notice.message).toBe(`${bobHandle()} liked your post`);
  }, 120_000);

  let bobsComment: CommentThread;

  it("show Bob's reply on A as a comment by @bob@B, and tell Ann", async () => {
    const res = await asBob({
      method: 'POST',
      url: `/api/federation/posts/${annPostOnB.id}/replies`,
      payload: { content: 'Great **notes**, Ann' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json() as RemotePostReply;
    bobsReply = reply;
    expect(reply.content).toBe('Great **notes**, Ann');
    expect((await bobsCopy())?.myReplies).toEqual([reply]);
    // Its Note answers at B, replying to Ann's Article and naming her.
    const note = await json(await get(`${b.origin}/ap/comments/r${reply.id}`));
    expect(note).toMatchObject({
      type: 'Note',
      inReplyTo: `${a.origin}/ap/posts/${post.id}`,
      attributedTo: `${b.origin}/ap/users/${bob.user.id}`,
      tag: { type: 'Mention', href: `${a.origin}/ap/users/${ann.user.id}` },
    });

    [bobsComment] = (await eventually("Bob's reply on A", async () => {
      const found = await threadsOnA();
      return found.length > 0 ? found : undefined;
    })) as [CommentThread];
    // Notes come in through an allow-list of text, paragraphs and links.
    expect(bobsComment.content).toBe('Great notes, Ann');
    expect(bobsComment.remote).toMatchObject({ handle: bobHandle() });
    expect((await annsPost()).commentsCount).toBe(1);
    const notice = await eventually('the comment notification', async () =>
      (await notificationsOfAnn()).find((item) => item.type === 'COMMENT'),
    );
    expect(notice.message).toBe(`${bobHandle()} commented on your post`);
  }, 120_000);

  it("deliver Ann's answer to Bob's comment to B", async () => {
    const res = await asAnn({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      payload: { content: 'Thanks, Bob!', parentCommentId: bobsComment.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    // B keeps it as a post of Ann's, whom Bob follows: his Following feed shows it.
    await eventually("Ann's answer on B", async () =>
      (await bobsFeed()).find((item) => item.contentHtml.includes('Thanks, Bob!')),
    );
  }, 120_000);

  it("drop Bob's like on A when he takes it back", async () => {
    const res = await asBob({ method: 'DELETE', url: `/api/federation/posts/${annPostOnB.id}/like` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ liked: false, likesCount: 0 });
    await eventually('the unlike on A', async () => ((await annsPost()).likesCount === 0 ? true : undefined));
  }, 120_000);

  it("follow Bob's edit and deletion of his reply on A", async () => {
    const url = `/api/federation/posts/${annPostOnB.id}/replies/${bobsReply.id}`;
    const edited = await asBob({ method: 'PUT', url, payload: { content: 'Great notes, Ann. Thanks' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: bobsReply.id, content: 'Great notes, Ann. Thanks' });
    expect(edited.json().editedAt).toEqual(expect.any(String));
    expect((await bobsCopy())?.myReplies).toEqual([edited.json()]);
    const onA = await eventually('the edit on A', async () =>
      (await threadsOnA()).find(
        (thread) => thread.id === bobsComment.id && thread.content.includes('Thanks'),
      ),
    );
    expect(onA.editedAt).toEqual(expect.any(String));

    expect((await asBob({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await bobsCopy())?.myReplies).toEqual([]);
    expect((await get(`${b.origin}/ap/comments/r${bobsReply.id}`)).status).toBe(404);
    // Ann answered it: A keeps its place in the thread, as for any deleted comment with replies.
    await eventually('the deletion on A', async () =>
      (await threadsOnA()).find((thread) => thread.id === bobsComment.id)?.deleted ? true : undefined,
    );
    // Gone, it is neither edited nor deleted again.
    expect((await asBob({ method: 'PUT', url, payload: { content: 'Again' } })).statusCode).toBe(404);
    expect((await asBob({ method: 'DELETE', url })).statusCode).toBe(404);
  }, 120_000);

  it("follow Ann's edit and deletion on B", async () => {
    const edited = await sendPost(a.api, ann.token, [postPart({ ...validPost, title: 'Better notes' })], {
      method: 'PUT',
      url: `/api/posts/${post.id}`,
    });
    expect(edited.statusCode).toBe(200);
    await eventually('the edit on B', async () =>
      (await bobsCopy())?.title === 'Better notes' ? true : undefined,
    );
    expect((await asAnn({ method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(204);
    await eventually('the deletion on B', async () => ((await bobsCopy()) ? undefined : true));
    // Gone with it: Bob may not like it any more.
    const like = await asBob({ method: 'PUT', url: `/api/federation/posts/${annPostOnB.id}/like` });
    expect(like.statusCode).toBe(404);
  }, 120_000);

  it("take Bob out of Ann's followers on A when he unfollows", async () => {
    expect((await asBob({ method: 'DELETE', url: `/api/federation/follows/${annOnB.id}` })).statusCode).toBe(
      204,
    );
    await eventually('the unfollow on A', async () => ((await followersOf(a, ann)) === 0 ? true : undefined));
  }, 120_000);
});
