import {
  type Comment,
  type CommentThread,
  type NotificationGroup,
  type Page,
  POST_LIMITS,
  POST_MESSAGES,
} from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPost } from './helpers/posts.js';
import { callAs } from './helpers/social.js';

let t: TestApp;
let author: TestAccount;
let ann: TestAccount;
let bob: TestAccount;
let cat: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  author = await signUp(t, { name: 'Post Author' });
  ann = await signUp(t, { name: 'Ann Lee' });
  bob = await signUp(t, { name: 'Bob Ray' });
  cat = await signUp(t, { name: 'Cat Moss' });
});
afterAll(() => t.close());

const call = (account: TestAccount | null, request: InjectOptions) => callAs(t, account, request);

async function comment(account: TestAccount, postId: number, content: string, parentCommentId?: number) {
  const res = await call(account, {
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    payload: { content, ...(parentCommentId !== undefined && { parentCommentId }) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Comment;
}

async function threadsOf(account: TestAccount | null, postId: number): Promise<Page<CommentThread>> {
  const res = await call(account, { url: `/api/posts/${postId}/comments?size=50` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function repliesOf(account: TestAccount, commentId: number, query = '?size=50') {
  const res = await call(account, { url: `/api/comments/${commentId}/replies${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<Comment>;
}

const like = (account: TestAccount | null, commentId: number) =>
  call(account, { method: 'POST', url: `/api/comments/${commentId}/like` });
const remove = (account: TestAccount, commentId: number) =>
  call(account, { method: 'DELETE', url: `/api/comments/${commentId}` });
const commentsCountOf = async (postId: number) =>
  (await call(author, { url: `/api/posts/${postId}` })).json().commentsCount as number;

async function unreadGroupsOf(account: TestAccount): Promise<NotificationGroup[]> {
  const res = await call(account, { url: '/api/notifications/groups?unreadOnly=true&size=50' });
  expect(res.statusCode).toBe(200);
  return res.json().content;
}
const readAll = (account: TestAccount) =>
  call(account, { method: 'PATCH', url: '/api/notifications/read-all' });

describe('replies', () => {
  it('puts a reply under its comment, and a reply to a reply under the same comment', async () => {
    const post = await createPost(t, author.token);
    const top = await comment(ann, post.id, 'Top');
    const reply = await comment(bob, post.id, 'A reply', top.id);
    expect(reply).toMatchObject({ parentCommentId: top.id, postId: post.id, deleted: false });
    const nested = await comment(cat, post.id, 'A reply to the reply', reply.id);
    expect(nested.parentCommentId).toBe(top.id);

    const page = await threadsOf(author, post.id);
    expect(page.totalElements).toBe(1);
    expect(page.content).toHaveLength(1);
    expect(page.content[0]).toMatchObject({ id: top.id, parentCommentId: null, replyCount: 2 });
    expect(page.content[0]!.replies.map((r) => [r.content, r.user?.name])).toEqual([
      ['A reply', 'Bob Ray'],
      ['A reply to the reply', 'Cat Moss'],
    ]);
    // Replies count on the post as comments do.
    expect(await commentsCountOf(post.id)).toBe(3);
  });

  it(`shows the first ${POST_LIMITS.repliesShown} replies of a thread and pages all of them`, async () => {
    const post = await createPost(t, author.token);
    const top = await comment(ann, post.id, 'Top');
    for (let i = 1; i <= 5; i++) await comment(i % 2 ? bob : cat, post.id, `Reply ${i}`, top.id);

    const [thread] = (await threadsOf(ann, post.id)).content;
    expect(thread!.replyCount).toBe(5);
    expect(thread!.replies.map((r) => r.content)).toEqual(['Reply 1', 'Reply 2', 'Reply 3']);
    const rest = await repliesOf(ann, top.id, '?page=1&size=3');
    expect(rest).toMatchObject({ totalElements: 5, totalPages: 2, last: true });
    expect(rest.content.map((r) => r.content)).toEqual(['Reply 4', 'Reply 5']);
  });

  it('refuses a reply to a comment of another post, a missing one and a malformed id', async () => {
    const post = await createPost(t, author.token);
    const elsewhere = await comment(ann, (await createPost(t, author.token)).id, 'Elsewhere');
    const send = (parentCommentId: unknown) =>
      call(bob, {
        method: 'POST',
        url: `/api/posts/${post.id}/comments`,
        payload: { content: 'Hi', parentCommentId },
      });
    expect((await send(elsewhere.id)).json()).toMatchObject({
      statusCode: 400,
      message: POST_MESSAGES.parentCommentNotOnPost,
    });
    expect((await send(2147483647)).json()).toMatchObject({
      statusCode: 404,
      message: POST_MESSAGES.commentNotFound,
    });
    for (const bad of [0, 'x', 1.5]) {
      expect((await send(bad)).json()).toMatchObject({
        statusCode: 400,
        message: POST_MESSAGES.invalidParentCommentId,
      });
    }
    expect((await threadsOf(author, post.id)).content).toEqual([]);
    expect((await call(null, { url: `/api/comments/${elsewhere.id}/replies` })).statusCode).toBe(401);
    expect((await call(bob, { url: '/api/comments/2147483647/replies' })).json()).toMatchObject({
      statusCode: 404,
      message: POST_MESSAGES.commentNotFound,
    });
  });

  it('costs the same statements for one thread and for ten with replies and likes', async () => {
    const post = await createPost(t, author.token);
    const first = await comment(ann, post.id, 'First');
    const url = `/api/posts/${post.id}/comments`;
    const one = await t.queries.count(() => call(author, { url }));
    for (let i = 0; i < 9; i++) {
      const top = await comment(i % 2 ? ann : bob, post.id, `Thread ${i}`);
      for (let r = 0; r < 4; r++) await comment(r % 2 ? cat : ann, post.id, `Reply ${r}`, top.id);
      expect((await like(cat, top.id)).statusCode).toBe(200);
    }
    expect((await like(bob, first.id)).statusCode).toBe(200);
    const ten = await t.queries.count(() => call(author, { url }));
    const threads = ten.result.json().content as CommentThread[];
    expect(threads).toHaveLength(10);
    expect(threads.flatMap((thread) => thread.replies)).toHaveLength(9 * POST_LIMITS.repliesShown);
    expect(ten.statements).toBe(one.statements);
    expect(ten.statements).toBeLessThanOrEqual(4);

    const top = threads[0]!;
    const replies = `/api/comments/${top.id}/replies`;
    const few = await t.queries.count(() => call(author, { url: `${replies}?size=1` }));
    const many = await t.queries.count(() => call(author, { url: `${replies}?size=10` }));
    expect(many.result.json().content).toHaveLength(4);
    expect(many.statements).toBe(few.statements);
  });
});

describe('deleting a comment with replies', () => {
  it('keeps the thread under a comment without author or text, and removes it with its last reply', async () => {
    const post = await createPost(t, author.token);
    const top = await comment(ann, post.id, 'Soon gone');
    const [first, second] = [
      await comment(bob, post.id, 'One', top.id),
      await comment(cat, post.id, 'Two', top.id),
    ];
    expect((await like(bob, top.id)).statusCode).toBe(200);
    expect(await commentsCountOf(post.id)).toBe(3);

    expect((await remove(ann, top.id)).statusCode).toBe(204);
    const [thread] = (await threadsOf(bob, post.id)).content;
    expect(thread).toMatchObject({
      id: top.id,
      deleted: true,
      // Nobody's: the placeholder every deleted comment carries, nothing of Ann.
      user: { id: 0, name: 'Deleted', profilePicture: null },
      content: '',
      likesCount: 0,
      likedByMe: false,
      replyCount: 2,
    });
    expect(thread!.replies.map((r) => r.content)).toEqual(['One', 'Two']);
    expect(await commentsCountOf(post.id)).toBe(2);
    // Nothing is left of it to change or like, and it cannot be deleted twice.
    expect((await like(bob, top.id)).statusCode).toBe(404);
    expect((await remove(ann, top.id)).statusCode).toBe(404);
    const edit = await call(ann, {
      method: 'PUT',
      url: `/api/comments/${top.id}`,
      payload: { content: 'x' },
    });
    expect(edit.statusCode).toBe(404);
    // The thread goes on: a reply to it still lands under it.
    const third = await comment(bob, post.id, 'Three', top.id);

    for (const reply of [first, second, third]) expect((await remove(author, reply.id)).statusCode).toBe(204);
    expect((await threadsOf(bob, post.id)).content).toEqual([]);
    expect(await commentsCountOf(post.id)).toBe(0);
  });

  it('removes a comment without replies as before', async () => {
    const post = await createPost(t, author.token);
    const top = await comment(ann, post.id, 'Alone');
    expect((await remove(author, top.id)).statusCode).toBe(204);
    expect((await threadsOf(ann, post.id)).totalElements).toBe(0);
    expect(await commentsCountOf(post.id)).toBe(0);
  });
});

describe('comment likes', () => {
  it('toggles, with the count and likedByMe per viewer on every answer', async () => {
    const post = await createPost(t, author.token);
    const top = await comment(ann, post.id, 'Like me');
    const reply = await comment(cat, post.id, 'Me too', top.id);
    expect((await like(bob, top.id)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await like(cat, top.id)).json()).toEqual({ liked: true, likesCount: 2 });
    expect((await like(bob, reply.id)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await like(cat, top.id)).json()).toEqual({ liked: false, likesCount: 1 });

    const [asBob] = (await threadsOf(bob, post.id)).content;
    expect(asBob).toMatchObject({ likesCount: 1, likedByMe: true });
    expect(asBob!.replies[0]).toMatchObject({ likesCount: 1, likedByMe: true });
    const [asCat] = (await threadsOf(cat, post.id)).content;
    expect(asCat).toMatchObject({ likesCount: 1, likedByMe: false });
    expect((await repliesOf(cat, top.id)).content[0]).toMatchObject({ likesCount: 1, likedByMe: false });
  });

  it('answers 404 for a missing comment, 400 for a malformed id and 401 to a visitor', async () => {
    expect((await like(bob, 2147483647)).json()).toMatchObject({
      statusCode: 404,
      message: POST_MESSAGES.commentNotFound,
    });
    expect((await call(bob, { method: 'POST', url: '/api/comments/x/like' })).json()).toMatchObject({
      statusCode: 400,
      message: POST_MESSAGES.invalidCommentId,
    });
    const post = await createPost(t, author.token);
    const top = await comment(ann, post.id, 'Visitors cannot like');
    expect((await like(null, top.id)).statusCode).toBe(401);
    expect((await threadsOf(ann, post.id)).content[0]!.likesCount).toBe(0);
  });
});

describe('notifications of replies and comment likes', () => {
  it("tells the comment's author of replies and likes, grouped by post, never of their own", async () => {
    const post = await createPost(t, author.token);
    const top = await comment(ann, post.id, 'Mine');
    await readAll(ann);
    await readAll(author);
    await comment(bob, post.id, 'Reply from Bob', top.id);
    await comment(cat, post.id, 'Reply from Cat', top.id);
    await comment(ann, post.id, 'Reply to myself', top.id);
    expect((await like(bob, top.id)).statusCode).toBe(200);
    expect((await like(cat, top.id)).statusCode).toBe(200);
    expect((await like(ann, top.id)).statusCode).toBe(200);

    const groups = await unreadGroupsOf(ann);
    expect(groups.map((g) => [g.key, g.message, g.actorCount])).toEqual([
      [`COMMENT_LIKE.post.${post.id}`, 'Cat Moss and Bob Ray liked your comment', 2],
      [`COMMENT_REPLY.post.${post.id}`, 'Cat Moss and Bob Ray replied to your comment', 2],
    ]);
    // The post's author still hears of the new comments, once per person.
    const authorGroups = await unreadGroupsOf(author);
    expect(authorGroups.map((g) => [g.type, g.actorCount])).toEqual([['COMMENT', 3]]);
  });

  it('tells the post author once, as a reply, when the comment answered is theirs', async () => {
    const post = await createPost(t, author.token);
    const top = await comment(author, post.id, 'By the author');
    await readAll(author);
    await comment(bob, post.id, 'Reply', top.id);
    expect((await unreadGroupsOf(author)).map((g) => g.type)).toEqual(['COMMENT_REPLY']);
  });

  it('makes none when the person turned the kind off in their preferences', async () => {
    const prefs = await call(ann, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { types: { COMMENT_REPLY: { inApp: false }, COMMENT_LIKE: { inApp: false } } },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    expect(prefs.json().types.COMMENT_REPLY).toMatchObject({ inApp: false });
    try {
      const post = await createPost(t, author.token);
      const top = await comment(ann, post.id, 'Quiet please');
      await readAll(ann);
      await comment(bob, post.id, 'Reply', top.id);
      expect((await like(bob, top.id)).statusCode).toBe(200);
      expect(await unreadGroupsOf(ann)).toEqual([]);
    } finally {
      await call(ann, {
        method: 'PUT',
        url: '/api/notifications/preferences',
        payload: { types: { COMMENT_REPLY: { inApp: true }, COMMENT_LIKE: { inApp: true } } },
      });
    }
  });
});

describe('blocks', () => {
  it("hides a blocked person's replies from the thread and its count, and refuses replies across it", async () => {
    const viewer = await signUp(t, { name: 'Vera Viewer' });
    const blocked = await signUp(t, { name: 'Blocked Person' });
    const post = await createPost(t, author.token);
    const top = await comment(viewer, post.id, 'My comment');
    await comment(blocked, post.id, 'Reply before the block', top.id);
    await comment(ann, post.id, 'Reply from Ann', top.id);
    const blockedTop = await comment(blocked, post.id, 'Their own thread');
    await comment(ann, post.id, 'Reply under their thread', blockedTop.id);
    expect(
      (await call(viewer, { method: 'PUT', url: `/api/users/${blocked.user.id}/block` })).statusCode,
    ).toBe(200);

    const page = await threadsOf(viewer, post.id);
    expect(page.totalElements).toBe(1);
    expect(page.content.map((c) => [c.content, c.replyCount])).toEqual([['My comment', 1]]);
    expect(page.content[0]!.replies.map((r) => r.content)).toEqual(['Reply from Ann']);
    expect((await repliesOf(viewer, top.id)).content.map((r) => r.content)).toEqual(['Reply from Ann']);
    expect((await call(viewer, { url: `/api/comments/${blockedTop.id}/replies` })).statusCode).toBe(404);
    // Others still see everything.
    expect((await threadsOf(cat, post.id)).content.map((c) => c.replyCount)).toEqual([1, 2]);

    const across = await call(blocked, {
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      payload: { content: 'Let me in', parentCommentId: top.id },
    });
    expect(across.json()).toMatchObject({ statusCode: 404, message: POST_MESSAGES.commentNotFound });
    expect((await like(blocked, top.id)).statusCode).toBe(404);
    // Nor through a reply of someone else's in that thread.
    const annsReply = (await repliesOf(cat, top.id)).content.find((r) => r.content === 'Reply from Ann')!;
    const throughReply = await call(blocked, {
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      payload: { content: 'Still me', parentCommentId: annsReply.id },
    });
    expect(throughReply.json()).toMatchObject({ statusCode: 404, message: POST_MESSAGES.commentNotFound });
    expect((await repliesOf(cat, top.id)).totalElements).toBe(2);
  });
});
