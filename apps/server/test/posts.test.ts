import { MEDIA_MESSAGES, POST_MESSAGES, type Post, USER_MESSAGES } from '@pathwise/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../src/db/schema/index.js';
import { createEventBus, type DomainEvent } from '../src/lib/events.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import {
  createPost,
  filePart,
  filesIn,
  fixture,
  keyOf,
  postPart,
  sendPost,
  validPost,
} from './helpers/posts.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
const published: DomainEvent[] = [];
/**
 * A subscriber failing inside the transaction stands for any database failure after the files were stored.
 */
const FAILING_TITLE = 'Fails inside the transaction';

beforeAll(async () => {
  const events = createEventBus();
  for (const type of ['post.created', 'post.updated', 'post.liked', 'post.unliked'] as const) {
    events.subscribe(type, async (_tx, event) => {
      if ('title' in event && event.title === FAILING_TITLE) throw new Error('subscriber failed');
      published.push(event);
    });
  }
  t = await createTestApp({ events });
  ann = await signUp(t, { name: 'Ann' });
  bob = await signUp(t, { name: 'Bob' });
});
afterAll(() => t.close());

const get = (url: string, token: string | null = ann.token) =>
  t.app.inject({ url, headers: token ? bearer(token) : {} });
const postCount = async () => (await t.db.select({ n: count() }).from(posts))[0]!.n;
const put = (id: number | string, token: string | null, parts: Parameters<typeof sendPost>[2]) =>
  sendPost(t, token, parts, { method: 'PUT', url: `/api/posts/${id}` });

describe('POST /api/posts', () => {
  it('publishes a post with an image and a video, stored with a grid thumbnail', async () => {
    const res = await sendPost(t, ann.token, [
      postPart({ ...validPost, title: '  Generics  ' }),
      filePart('photo.jpg'),
      filePart('short.mp4'),
    ]);
    expect(res.statusCode).toBe(201);
    const created: Post = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Generics',
      content: validPost.content,
      category: 'PROGRAMMING',
      learningProgressPercent: 40,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
      author: { id: ann.user.id, name: 'Ann', profilePicture: null },
      media: [
        {
          id: expect.any(Number),
          type: 'IMAGE',
          fileUrl: expect.stringMatching(
            /^http:\/\/localhost(:\d+)?\/api\/media\/posts\/[0-9a-f-]{36}\.jpg$/,
          ),
          thumbnailUrl: expect.stringMatching(/\/api\/media\/posts\/[0-9a-f-]{36}\.webp$/),
          width: 800,
          height: 600,
          durationSeconds: null,
          altText: '',
        },
        {
          id: expect.any(Number),
          type: 'VIDEO',
          fileUrl: expect.stringMatching(/\/api\/media\/posts\/[0-9a-f-]{36}\.mp4$/),
          thumbnailUrl: null,
          width: null,
          height: null,
          durationSeconds: expect.closeTo(2, 0),
          altText: '',
        },
      ],
      tags: [],
      likesCount: 0,
      sharesCount: 0,
      commentsCount: 0,
      isLikedByCurrentUser: false,
      isSaved: false,
      editedAt: null,
      readingMinutes: 1,
      coverMediaId: expect.any(Number),
      coverChosen: false,
    });

    const [image, video] = created.media;
    expect(created.coverMediaId).toBe(image!.id);
    const original = await t.app.inject({ url: `/api/media/${keyOf(image!.fileUrl)}` });
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals(fixture('photo.jpg'))).toBe(true);
    const thumbnail = await t.app.inject({ url: `/api/media/${keyOf(image!.thumbnailUrl!)}` });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 640, height: 480 });
    const clip = await t.app.inject({ url: `/api/media/${keyOf(video!.fileUrl)}` });
    expect(clip.headers['content-type']).toBe('video/mp4');
    expect(filesIn(t, 'tmp')).toEqual([]);
  });

  it('accepts a post without media or progress, and a post part sent as a text field', async () => {
    const res = await sendPost(t, ann.token, [
      { name: 'post', data: JSON.stringify({ title: 'Plain', content: 'Text only', category: 'MATH' }) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Plain',
      category: 'MATH',
      learningProgressPercent: null,
      media: [],
    });
  });

  it('accepts a post part sent as a field typed application/json, as curl -F sends it, on create and edit', async () => {
    const typedField = (fields: object) => ({
      name: 'post',
      contentType: 'application/json',
      data: JSON.stringify(fields),
    });
    const created = await sendPost(t, ann.token, [
      typedField({ title: 'Typed field', content: 'From curl', category: 'MATH' }),
      filePart('small.png'),
    ]);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Typed field',
      category: 'MATH',
      media: [{ type: 'IMAGE' }],
    });

    const edited = await sendPost(t, ann.token, [typedField({ ...validPost, title: 'Edited by curl' })], {
      method: 'PUT',
      url: `/api/posts/${created.json().id}`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Edited by curl', media: [{ type: 'IMAGE' }] });

    const broken = await sendPost(t, ann.token, [
      { name: 'post', contentType: 'application/json', data: '{"title": ' },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('A part sent as application/json is not valid JSON.');
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: ' ab ' }, 'title', 'Title must be at least 3 characters'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
    [{ content: '   ' }, 'content', 'Content is required'],
    [{ content: 'x'.repeat(10_001) }, 'content', 'Content must be at most 10000 characters'],
    [{ category: undefined }, 'category', 'Please select a category'],
    [{ category: 'COOKING' }, 'category', 'Please select a category'],
    [{ learningProgressPercent: 33 }, 'learningProgressPercent', 'Learning progress goes in steps of 5'],
    [{ learningProgressPercent: 105 }, 'learningProgressPercent', 'Learning progress must be at most 100'],
    [
      { learningProgressPercent: '50' },
      'learningProgressPercent',
      'Learning progress must be a number from 0 to 100',
    ],
  ])('refuses %j with a message and stores nothing', async (change, field, message) => {
    const [before, media] = [await postCount(), filesIn(t, 'media')];
    const res = await sendPost(t, ann.token, [postPart({ ...validPost, ...change }), filePart('photo.jpg')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: expect.arrayContaining([{ field, message }]) });
    expect(await postCount()).toBe(before);
    expect(filesIn(t, 'media')).toEqual(media);
  });

  it.each([
    ['a text file named .png', [filePart('fake.png')], 415, MEDIA_MESSAGES.badType],
    ['a PDF', [filePart('doc.pdf')], 415, MEDIA_MESSAGES.badType],
    ['a 35 s video', [filePart('long.mp4')], 400, 'Video exceeds 30 seconds (35s)'],
    ['eleven files', Array.from({ length: 11 }, () => filePart('small.png')), 400, MEDIA_MESSAGES.tooMany],
    [
      'a file of 50 MB',
      [filePart('big.jpg', Buffer.concat([fixture('photo.jpg'), Buffer.alloc(52_428_800)]))],
      413,
      MEDIA_MESSAGES.tooLarge,
    ],
  ])('refuses %s by its content and leaves no file or row behind', async (_label, files, status, message) => {
    const [before, media] = [await postCount(), filesIn(t, 'media')];
    const res = await sendPost(t, ann.token, [postPart(validPost), filePart('tiny.gif'), ...files]);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await postCount()).toBe(before);
    expect(filesIn(t, 'media')).toEqual(media);
    expect(filesIn(t, 'tmp')).toEqual([]);
  });

  it('refuses a request without the post part, or one that is not multipart', async () => {
    const noPost = await sendPost(t, ann.token, [filePart('small.png')]);
    expect(noPost.statusCode).toBe(400);
    expect(noPost.json().message).toBe(POST_MESSAGES.postPartMissing);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(ann.token),
      payload: validPost,
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send this request as multipart/form-data.');
  });

  it('publishes post.created in its transaction, and stores nothing when that transaction fails', async () => {
    const made = await createPost(t, ann.token, { title: 'Announced' });
    expect(published).toContainEqual({
      type: 'post.created',
      actorId: ann.user.id,
      postId: made.id,
      title: 'Announced',
      content: validPost.content,
    });

    const [before, media] = [await postCount(), filesIn(t, 'media')];
    const res = await sendPost(t, ann.token, [
      postPart({ ...validPost, title: FAILING_TITLE }),
      filePart('photo.jpg'),
    ]);
    expect(res.statusCode).toBe(500);
    expect(await postCount()).toBe(before);
    expect(filesIn(t, 'media')).toEqual(media);
  });

  it('requires a signed-in user', async () => {
    const before = await postCount();
    const res = await sendPost(t, null, [postPart(validPost), filePart('photo.jpg')]);
    expect(res.statusCode).toBe(401);
    expect(await postCount()).toBe(before);
  });
});

describe('GET /api/posts', () => {
  it('pages every post newest first, with counts and likes as the viewer sees them', async () => {
    const t2 = await createTestApp();
    try {
      const [a, b] = [await signUp(t2), await signUp(t2)];
      const made = [];
      for (let i = 0; i < 12; i++)
        made.push(await createPost(t2, i % 2 ? a.token : b.token, { title: `Post ${i}` }));
      await t2.app.inject({
        method: 'POST',
        url: `/api/posts/${made[11]!.id}/like`,
        headers: bearer(a.token),
      });
      await t2.app.inject({
        method: 'POST',
        url: `/api/posts/${made[11]!.id}/like`,
        headers: bearer(b.token),
      });
      await t2.app.inject({
        method: 'POST',
        url: `/api/posts/${made[11]!.id}/comments`,
        headers: bearer(b.token),
        payload: { content: 'Nice' },
      });

      const first = (
        await t2.app.inject({ url: '/api/posts?page=0&size=10', headers: bearer(a.token) })
      ).json();
      expect(first).toMatchObject({
        number: 0,
        size: 10,
        totalElements: 12,
        totalPages: 2,
        first: true,
        last: false,
      });
      expect(first.content.map((p: Post) => p.title)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Post ${11 - i}`),
      );
      expect(first.content[0]).toMatchObject({ likesCount: 2, commentsCount: 1, isLikedByCurrentUser: true });
      expect(first.content[1]).toMatchObject({
        likesCount: 0,
        commentsCount: 0,
        isLikedByCurrentUser: false,
      });

      const second = (await t2.app.inject({ url: '/api/posts?page=1', headers: bearer(a.token) })).json();
      expect(second).toMatchObject({ number: 1, first: false, last: true });
      expect(second.content.map((p: Post) => p.title)).toEqual(['Post 1', 'Post 0']);
    } finally {
      await t2.close();
    }
  });

  it('costs the same few statements for a page of one post and a page of ten with media', async () => {
    const t2 = await createTestApp();
    try {
      const viewer = await signUp(t2);
      await createPost(t2, viewer.token, {}, [filePart('small.png')]);
      const one = await t2.queries.count(() =>
        t2.app.inject({ url: '/api/posts', headers: bearer(viewer.token) }),
      );
      expect(one.result.json().content).toHaveLength(1);
      for (let i = 0; i < 11; i++) {
        const author = await signUp(t2);
        const made = await createPost(t2, author.token, {}, [filePart('small.png'), filePart('short.mp4')]);
        await t2.app.inject({
          method: 'POST',
          url: `/api/posts/${made.id}/like`,
          headers: bearer(viewer.token),
        });
      }
      const ten = await t2.queries.count(() =>
        t2.app.inject({ url: '/api/posts', headers: bearer(viewer.token) }),
      );
      expect(ten.result.json().content).toHaveLength(10);
      expect(ten.result.json().content[0].media).toHaveLength(2);
      expect(ten.statements).toBe(one.statements);
      expect(ten.statements).toBeLessThanOrEqual(3);
    } finally {
      await t2.close();
    }
  });

  it.each([
    ['size=0', 'size must be at least 1'],
    ['size=51', 'size must be at most 50'],
    ['page=-1', 'page must be 0 or more'],
    ['page=x', 'page must be a whole number'],
  ])('refuses ?%s', async (query, message) => {
    const res = await get(`/api/posts?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('requires a signed-in user', async () => {
    expect((await get('/api/posts', null)).statusCode).toBe(401);
  });
});

describe('GET /api/posts/user/{userId}', () => {
  it("pages only that user's posts, and an empty page for someone who has none", async () => {
    const carl = await signUp(t, { name: 'Carl' });
    const mine = await createPost(t, carl.token, { title: 'Carl writes' });
    await createPost(t, bob.token, { title: 'Bob writes' });
    const res = await get(`/api/posts/user/${carl.user.id}?size=5`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalElements: 1, size: 5, last: true });
    expect(res.json().content.map((p: Post) => p.id)).toEqual([mine.id]);

    const quiet = await signUp(t);
    expect((await get(`/api/posts/user/${quiet.user.id}`)).json()).toMatchObject({
      content: [],
      totalElements: 0,
      totalPages: 0,
      last: true,
    });
  });

  it('answers in a constant number of statements', async () => {
    const dana = await signUp(t);
    await createPost(t, dana.token, {}, [filePart('small.png')]);
    const one = await t.queries.count(() => get(`/api/posts/user/${dana.user.id}`));
    for (let i = 0; i < 4; i++) await createPost(t, dana.token, {}, [filePart('tiny.gif')]);
    const five = await t.queries.count(() => get(`/api/posts/user/${dana.user.id}`));
    expect(five.result.json().content).toHaveLength(5);
    expect(five.statements).toBe(one.statements);
  });

  it('answers 404 for an unknown user, 400 for a malformed id and 401 without a user', async () => {
    const missing = await get('/api/posts/user/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(USER_MESSAGES.notFound);
    const malformed = await get('/api/posts/user/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid user ID');
    expect((await get(`/api/posts/user/${ann.user.id}`, null)).statusCode).toBe(401);
  });
});

describe('GET /api/posts/{id}', () => {
  it('answers the post as the viewer sees it, in one statement', async () => {
    const made = await createPost(t, bob.token, {}, [filePart('photo.jpg'), filePart('short.mov')]);
    await t.app.inject({ method: 'POST', url: `/api/posts/${made.id}/like`, headers: bearer(ann.token) });
    const { result, statements } = await t.queries.count(() => get(`/api/posts/${made.id}`));
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ id: made.id, likesCount: 1, isLikedByCurrentUser: true });
    expect(result.json().media.map((m: { type: string }) => m.type)).toEqual(['IMAGE', 'VIDEO']);
    expect(statements).toBe(1);
    expect((await get(`/api/posts/${made.id}`, bob.token)).json().isLikedByCurrentUser).toBe(false);
  });

  it.each(['abc', 'undefined'])('answers 400 for the id %s', async (id) => {
    const res = await get(`/api/posts/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MESSAGES.invalidPostId);
  });

  it.each(['0', '-3', '1.5', '2147483648', '99999999999999999999'])(
    'answers 404 for the id %s, which no post can have',
    async (id) => {
      const res = await get(`/api/posts/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(POST_MESSAGES.postNotFound);
    },
  );

  it('answers 404 for a missing post and 401 without a user', async () => {
    const missing = await get('/api/posts/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Post not found');
    const made = await createPost(t, ann.token);
    expect((await get(`/api/posts/${made.id}`, null)).statusCode).toBe(401);
  });
});

describe('PUT /api/posts/{id}', () => {
  it('changes the fields, drops removed media with their files and appends new files', async () => {
    const made = await createPost(t, ann.token, {}, [filePart('photo.jpg'), filePart('short.mp4')]);
    const [image, video] = made.media;
    const res = await put(made.id, ann.token, [
      postPart({
        title: 'Edited title',
        content: 'Edited content',
        category: 'DESIGN',
        learningProgressPercent: null,
        removeMediaIds: [image!.id],
      }),
      filePart('tiny.webp'),
    ]);
    expect(res.statusCode).toBe(200);
    const edited: Post = res.json();
    expect(edited).toMatchObject({
      id: made.id,
      title: 'Edited title',
      content: 'Edited content',
      category: 'DESIGN',
      learningProgressPercent: null,
      createdAt: made.createdAt,
    });
    expect(edited.media.map((m) => m.id).slice(0, 1)).toEqual([video!.id]);
    expect(edited.media.map((m) => m.type)).toEqual(['VIDEO', 'IMAGE']);
    expect(new Date(edited.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(made.updatedAt).getTime());
    const media = filesIn(t, 'media');
    expect(media).not.toContain(keyOf(image!.fileUrl));
    expect(media).not.toContain(keyOf(image!.thumbnailUrl!));
    expect(media).toContain(keyOf(video!.fileUrl));
    expect((await t.app.inject({ url: `/api/media/${keyOf(image!.fileUrl)}` })).statusCode).toBe(404);
    expect((await get(`/api/posts/${made.id}`)).json()).toEqual(edited);
    expect(published).toContainEqual({
      type: 'post.updated',
      actorId: ann.user.id,
      postId: made.id,
      title: 'Edited title',
      content: 'Edited content',
    });
  });

  it('counts kept media toward the limit of 10 and stores nothing when over it', async () => {
    const made = await createPost(
      t,
      ann.token,
      {},
      Array.from({ length: 8 }, () => filePart('tiny.gif')),
    );
    const edit = (newFiles: number) =>
      put(made.id, ann.token, [
        postPart({ ...validPost, removeMediaIds: [made.media[0]!.id] }),
        ...Array.from({ length: newFiles }, () => filePart('small.png')),
      ]);
    const media = filesIn(t, 'media');
    const over = await edit(4);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(MEDIA_MESSAGES.tooMany);
    expect(filesIn(t, 'media')).toEqual(media);
    expect((await get(`/api/posts/${made.id}`)).json().media).toHaveLength(8);

    const exactlyTen = await edit(3);
    expect(exactlyTen.statusCode).toBe(200);
    expect(exactlyTen.json().media).toHaveLength(10);
  });

  it("refuses to remove another post's media and keeps the new file out of storage", async () => {
    const mine = await createPost(t, ann.token);
    const theirs = await createPost(t, bob.token, {}, [filePart('small.png')]);
    const media = filesIn(t, 'media');
    const res = await put(mine.id, ann.token, [
      postPart({ ...validPost, removeMediaIds: [theirs.media[0]!.id] }),
      filePart('photo.jpg'),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MESSAGES.foreignMedia);
    expect(filesIn(t, 'media')).toEqual(media);
    expect((await get(`/api/posts/${theirs.id}`)).json().media).toHaveLength(1);
  });

  it('refuses invalid fields and leaves the post as it was', async () => {
    const made = await createPost(t, ann.token, { title: 'Stays' });
    const res = await put(made.id, ann.token, [
      postPart({ ...validPost, title: 'no' }),
      filePart('small.png'),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Title must be at least 3 characters');
    expect((await get(`/api/posts/${made.id}`)).json()).toEqual(made);
  });

  it("refuses someone else's post with 403 and stores nothing of theirs", async () => {
    const made = await createPost(t, ann.token, { title: 'Mine' });
    const media = filesIn(t, 'media');
    const res = await put(made.id, bob.token, [
      postPart({ ...validPost, title: 'Hijacked' }),
      filePart('photo.jpg'),
    ]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to edit this post');
    expect(filesIn(t, 'media')).toEqual(media);
    expect((await get(`/api/posts/${made.id}`)).json().title).toBe('Mine');
  });

  it('answers 404, 400 and 401 for a missing post, a malformed id and no user', async () => {
    const parts = [postPart(validPost)];
    const missing = await put(999999, ann.token, parts);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Post not found');
    const malformed = await put('abc', ann.token, parts);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid post ID');
    const made = await createPost(t, ann.token);
    expect((await put(made.id, null, parts)).statusCode).toBe(401);
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('removes the post with its likes, comments, media files, notifications and activities', async () => {
    const { activities, comments, notifications, postLikes, postMedia } = await import(
      '../src/db/schema/index.js'
    );
    const made = await createPost(t, ann.token, {}, [filePart('photo.jpg'), filePart('short.mp4')]);
    await t.app.inject({ method: 'POST', url: `/api/posts/${made.id}/like`, headers: bearer(bob.token) });
    const commented = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${made.id}/comments`,
      headers: bearer(bob.token),
      payload: { content: 'Great post' },
    });
    const commentId = commented.json().id;
    // What the notification and activity features record about a post, pointing at it and its comment.
    await t.db.insert(notifications).values({
      recipientId: ann.user.id,
      actorId: bob.user.id,
      type: 'COMMENT',
      message: 'Bob commented on your post',
      entityType: 'post',
      entityId: made.id,
      postId: made.id,
      commentId,
    });
    await t.db.insert(activities).values([
      { userId: bob.user.id, type: 'POST_LIKE', postId: made.id },
      { userId: bob.user.id, type: 'POST_COMMENT', postId: made.id, commentId },
    ]);
    const keys = made.media.flatMap((m) => [
      keyOf(m.fileUrl),
      ...(m.thumbnailUrl ? [keyOf(m.thumbnailUrl)] : []),
    ]);
    expect(filesIn(t, 'media')).toEqual(expect.arrayContaining(keys));

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${made.id}`,
      headers: bearer(ann.token),
    });
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/posts/${made.id}`)).statusCode).toBe(404);
    const left = async (
      table: typeof postLikes | typeof comments | typeof postMedia | typeof notifications | typeof activities,
    ) => (await t.db.select({ n: count() }).from(table).where(eq(table.postId, made.id)))[0]!.n;
    for (const table of [postLikes, comments, postMedia, notifications, activities])
      expect(await left(table)).toBe(0);
    for (const key of keys) expect(filesIn(t, 'media')).not.toContain(key);
  });

  it("refuses someone else's post with 403 and keeps it", async () => {
    const made = await createPost(t, ann.token);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${made.id}`,
      headers: bearer(bob.token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to delete this post');
    expect((await get(`/api/posts/${made.id}`)).statusCode).toBe(200);
  });

  it('answers 404, 400 and 401 for a missing post, a malformed id and no user', async () => {
    const del = (id: string | number, token: string | null) =>
      t.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: token ? bearer(token) : {} });
    const missing = await del(999999, ann.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Post not found');
    expect((await del('x1', ann.token)).json()).toMatchObject({
      statusCode: 400,
      message: 'Invalid post ID',
    });
    const made = await createPost(t, ann.token);
    expect((await del(made.id, null)).statusCode).toBe(401);
    expect((await get(`/api/posts/${made.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/posts/{id}/like', () => {
  const like = (id: number | string, token: string | null) =>
    t.app.inject({ method: 'POST', url: `/api/posts/${id}/like`, headers: token ? bearer(token) : {} });

  it('toggles the like and returns the exact count', async () => {
    const made = await createPost(t, ann.token);
    expect((await like(made.id, bob.token)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await like(made.id, ann.token)).json()).toEqual({ liked: true, likesCount: 2 });
    expect((await get(`/api/posts/${made.id}`, bob.token)).json()).toMatchObject({
      likesCount: 2,
      isLikedByCurrentUser: true,
    });
    expect((await like(made.id, bob.token)).json()).toEqual({ liked: false, likesCount: 1 });
    expect((await get(`/api/posts/${made.id}`, bob.token)).json()).toMatchObject({
      likesCount: 1,
      isLikedByCurrentUser: false,
    });
    const likeEvents = published.filter((event) => 'postId' in event && event.postId === made.id).slice(1);
    expect(likeEvents).toEqual([
      { type: 'post.liked', actorId: bob.user.id, postId: made.id, postAuthorId: ann.user.id },
      { type: 'post.liked', actorId: ann.user.id, postId: made.id, postAuthorId: ann.user.id },
      { type: 'post.unliked', actorId: bob.user.id, postId: made.id, postAuthorId: ann.user.id },
    ]);
  });

  it('counts every user once when many like at the same moment', async () => {
    const made = await createPost(t, ann.token);
    const likers = await Promise.all(Array.from({ length: 8 }, () => signUp(t)));
    const responses = await Promise.all(likers.map((liker) => like(made.id, liker.token)));
    expect(responses.every((res) => res.json().liked === true)).toBe(true);
    expect((await get(`/api/posts/${made.id}`)).json().likesCount).toBe(8);
  });

  it('keeps at most one like per user when the same user double-clicks', async () => {
    const { postLikes } = await import('../src/db/schema/index.js');
    const made = await createPost(t, ann.token);
    const responses = await Promise.all(Array.from({ length: 6 }, () => like(made.id, bob.token)));
    expect(responses.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(postLikes)
      .where(eq(postLikes.postId, made.id))) as [{ n: number }];
    expect(n).toBeLessThanOrEqual(1);
    const post = (await get(`/api/posts/${made.id}`, bob.token)).json();
    expect(post.likesCount).toBe(n);
    expect(post.isLikedByCurrentUser).toBe(n === 1);
    // A like is announced only when one was really added (notifications and activity count on it).
    const events = published.filter((event) => 'postId' in event && event.postId === made.id);
    const liked = events.filter((event) => event.type === 'post.liked').length;
    const unliked = events.filter((event) => event.type === 'post.unliked').length;
    expect(liked - unliked).toBe(n);
  });

  it('answers 404, 400 and 401 for a missing post, a malformed id and no user', async () => {
    const missing = await like(999999, ann.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Post not found');
    expect((await like('one', ann.token)).json().message).toBe('Invalid post ID');
    const made = await createPost(t, ann.token);
    expect((await like(made.id, null)).statusCode).toBe(401);
    expect((await get(`/api/posts/${made.id}`)).json().likesCount).toBe(0);
  });
});
