import { type Comment, POST_MESSAGES } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type DomainEvent } from '../src/lib/events.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPost } from './helpers/posts.js';

let t: TestApp;
let author: TestAccount;
let commenter: TestAccount;
let stranger: TestAccount;
const published: DomainEvent[] = [];
beforeAll(async () => {
  const events = createEventBus();
  for (const type of ['comment.created', 'comment.updated'] as const) {
    events.subscribe(type, async (_tx, event) => {
      published.push(event);
    });
  }
  t = await createTestApp({ events });
  author = await signUp(t, { name: 'Post Author' });
  commenter = await signUp(t, { name: 'Commenter' });
  stranger = await signUp(t, { name: 'Stranger' });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
const addComment = async (postId: number, token: string, content: string): Promise<Comment> => {
  const res = await call('POST', `/api/posts/${postId}/comments`, token, { content });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json();
};
const commentsOf = async (postId: number) =>
  (await call('GET', `/api/posts/${postId}/comments?size=50`, author.token)).json().content as Comment[];

describe('POST /api/posts/{postId}/comments', () => {
  it('adds a trimmed comment by the viewer and counts it on the post', async () => {
    const post = await createPost(t, author.token);
    const res = await call('POST', `/api/posts/${post.id}/comments`, commenter.token, {
      content: '  Nice work!  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      content: 'Nice work!',
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
      postId: post.id,
      parentCommentId: null,
      user: { id: commenter.user.id, name: 'Commenter', profilePicture: null },
      editedAt: null,
      deleted: false,
      likesCount: 0,
      likedByMe: false,
    });
    expect((await call('GET', `/api/posts/${post.id}`, author.token)).json().commentsCount).toBe(1);
    expect(published).toContainEqual({
      type: 'comment.created',
      actorId: commenter.user.id,
      postId: post.id,
      postAuthorId: author.user.id,
      commentId: res.json().id,
      repliedToAuthorId: null,
      content: 'Nice work!',
    });
  });

  it.each([
    [{ content: '   ' }, 'Comment cannot be empty'],
    [{}, 'Comment cannot be empty'],
    [{ content: 'x'.repeat(2001) }, 'Comment must be at most 2000 characters'],
  ])('refuses %j and stores nothing', async (payload, message) => {
    const post = await createPost(t, author.token);
    const res = await call('POST', `/api/posts/${post.id}/comments`, commenter.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await commentsOf(post.id)).toEqual([]);
  });

  it('answers 404 for a missing post, 400 for a malformed id and 401 without a user', async () => {
    const missing = await call('POST', '/api/posts/999999/comments', commenter.token, { content: 'Hi' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Post not found');
    const malformed = await call('POST', '/api/posts/abc/comments', commenter.token, { content: 'Hi' });
    expect(malformed.json()).toMatchObject({ statusCode: 400, message: POST_MESSAGES.invalidPostId });
    const post = await createPost(t, author.token);
    expect((await call('POST', `/api/posts/${post.id}/comments`, null, { content: 'Hi' })).statusCode).toBe(
      401,
    );
    expect(await commentsOf(post.id)).toEqual([]);
  });
});

describe('GET /api/posts/{postId}/comments', () => {
  it('pages the comments newest first', async () => {
    const post = await createPost(t, author.token);
    for (let i = 1; i <= 12; i++)
      await addComment(post.id, i % 2 ? commenter.token : stranger.token, `Comment ${i}`);
    const first = (await call('GET', `/api/posts/${post.id}/comments?page=0&size=10`, author.token)).json();
    expect(first).toMatchObject({
      number: 0,
      size: 10,
      totalElements: 12,
      totalPages: 2,
      first: true,
      last: false,
    });
    expect(first.content.map((c: Comment) => c.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Comment ${12 - i}`),
    );
    expect(first.content[0].user.name).toBe('Stranger');
    const second = (await call('GET', `/api/posts/${post.id}/comments?page=1&size=10`, author.token)).json();
    expect(second).toMatchObject({ last: true });
    expect(second.content.map((c: Comment) => c.content)).toEqual(['Comment 2', 'Comment 1']);
  });

  it('costs the same statements for one comment and for ten', async () => {
    const post = await createPost(t, author.token);
    await addComment(post.id, commenter.token, 'First');
    const url = `/api/posts/${post.id}/comments`;
    const one = await t.queries.count(() => call('GET', url, author.token));
    for (let i = 0; i < 9; i++) await addComment(post.id, (await signUp(t)).token, `More ${i}`);
    const ten = await t.queries.count(() => call('GET', url, author.token));
    expect(ten.result.json().content).toHaveLength(10);
    expect(ten.statements).toBe(one.statements);
    expect(ten.statements).toBeLessThanOrEqual(4);
  });

  it('answers 404 for a missing post, 400 for bad input and 401 without a user', async () => {
    expect((await call('GET', '/api/posts/999999/comments', author.token)).json()).toMatchObject({
      statusCode: 404,
      message: 'Post not found',
    });
    expect((await call('GET', '/api/posts/-1/comments', author.token)).json()).toMatchObject({
      statusCode: 404,
      message: 'Post not found',
    });
    expect((await call('GET', '/api/posts/x1/comments', author.token)).json().message).toBe(
      'Invalid post ID',
    );
    const post = await createPost(t, author.token);
    expect((await call('GET', `/api/posts/${post.id}/comments?size=0`, author.token)).statusCode).toBe(400);
    expect((await call('GET', `/api/posts/${post.id}/comments`, null)).statusCode).toBe(401);
  });
});

describe('PUT /api/comments/{id}', () => {
  it("lets the comment's author change it", async () => {
    const post = await createPost(t, author.token);
    const comment = await addComment(post.id, commenter.token, 'Frist');
    const res = await call('PUT', `/api/comments/${comment.id}`, commenter.token, { content: ' First ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: comment.id,
      content: 'First',
      createdAt: comment.createdAt,
      postId: post.id,
    });
    expect(await commentsOf(post.id)).toEqual([{ ...res.json(), replies: [], replyCount: 0 }]);
    expect(published).toContainEqual({
      type: 'comment.updated',
      actorId: commenter.user.id,
      postId: post.id,
      commentId: comment.id,
      content: 'First',
    });
  });

  it.each([
    ['the post author', () => author],
    ['another user', () => stranger],
  ])('refuses %s with 403 and keeps the text', async (_label, who) => {
    const post = await createPost(t, author.token);
    const comment = await addComment(post.id, commenter.token, 'Original');
    const res = await call('PUT', `/api/comments/${comment.id}`, who().token, { content: 'Changed' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to edit this comment');
    expect((await commentsOf(post.id))[0]!.content).toBe('Original');
  });

  it('refuses blank text, a missing comment, a malformed id and a visitor', async () => {
    const post = await createPost(t, author.token);
    const comment = await addComment(post.id, commenter.token, 'Keep me');
    const blank = await call('PUT', `/api/comments/${comment.id}`, commenter.token, { content: ' ' });
    expect(blank.json()).toMatchObject({ statusCode: 400, message: 'Comment cannot be empty' });
    const missing = await call('PUT', '/api/comments/999999', commenter.token, { content: 'x' });
    expect(missing.json()).toMatchObject({ statusCode: 404, message: 'Comment not found' });
    const malformed = await call('PUT', '/api/comments/abc', commenter.token, { content: 'x' });
    expect(malformed.json()).toMatchObject({ statusCode: 400, message: 'Invalid comment ID' });
    expect((await call('PUT', `/api/comments/${comment.id}`, null, { content: 'x' })).statusCode).toBe(401);
    expect((await commentsOf(post.id))[0]!.content).toBe('Keep me');
  });
});

describe('DELETE /api/comments/{id}', () => {
  it.each([
    ["the comment's author", () => commenter],
    ["the post's author", () => author],
  ])('lets %s delete it', async (_label, who) => {
    const post = await createPost(t, author.token);
    const comment = await addComment(post.id, commenter.token, 'Bye');
    const res = await call('DELETE', `/api/comments/${comment.id}`, who().token);
    expect(res.statusCode).toBe(204);
    expect(await commentsOf(post.id)).toEqual([]);
    expect((await call('GET', `/api/posts/${post.id}`, author.token)).json().commentsCount).toBe(0);
  });

  it('refuses anyone else with 403 and keeps the comment', async () => {
    const post = await createPost(t, author.token);
    const comment = await addComment(post.id, commenter.token, 'Stay');
    const res = await call('DELETE', `/api/comments/${comment.id}`, stranger.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to delete this comment');
    expect(await commentsOf(post.id)).toHaveLength(1);
  });

  it('answers 404, 400 and 401 for a missing comment, a malformed id and no user', async () => {
    expect((await call('DELETE', '/api/comments/999999', commenter.token)).json()).toMatchObject({
      statusCode: 404,
      message: 'Comment not found',
    });
    expect((await call('DELETE', '/api/comments/1x3', commenter.token)).json().message).toBe(
      'Invalid comment ID',
    );
    const post = await createPost(t, author.token);
    const comment = await addComment(post.id, commenter.token, 'Stay');
    expect((await call('DELETE', `/api/comments/${comment.id}`, null)).statusCode).toBe(401);
    expect(await commentsOf(post.id)).toHaveLength(1);
  });
});
