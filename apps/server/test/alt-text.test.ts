import { MEDIA_LIMITS, MEDIA_MESSAGES, type Post } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPost, filePart, filesIn, postPart, sendPost, validPost } from './helpers/posts.js';
import { readZip } from './helpers/zip.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann Describes' });
  bob = await signUp(t, { name: 'Bob Reads' });
});
afterAll(() => t.close());

const altTextsOf = (post: Post) => post.media.map((item) => item.altText);
const edit = (postId: number, fields: Record<string, unknown>, token = ann.token) =>
  sendPost(t, token, [postPart({ ...validPost, ...fields })], { method: 'PUT', url: `/api/posts/${postId}` });
const read = async (postId: number, token = bob.token) =>
  (await t.app.inject({ url: `/api/posts/${postId}`, headers: bearer(token) })).json() as Post;

describe('image descriptions (alt text)', () => {
  it('stores one description per file, in their order, and shows it to every reader', async () => {
    const post = await createPost(t, ann.token, { altTexts: ['  A whiteboard of lifetimes  ', ''] }, [
      filePart('photo.jpg'),
      filePart('small.png'),
      filePart('tiny.gif'),
    ]);
    expect(altTextsOf(post)).toEqual(['A whiteboard of lifetimes', '', '']);
    expect(altTextsOf(await read(post.id))).toEqual(['A whiteboard of lifetimes', '', '']);
  });

  it('gives posts sent without descriptions, as clients of the first API do, empty ones', async () => {
    const { altTexts: _, ...withoutAltTexts } = validPost;
    const res = await sendPost(t, ann.token, [postPart(withoutAltTexts), filePart('photo.jpg')]);
    expect(res.statusCode).toBe(201);
    expect(altTextsOf(res.json())).toEqual(['']);
  });

  it('refuses more descriptions than files, and one too long, keeping nothing of the request', async () => {
    const media = filesIn(t, 'media');
    const more = await sendPost(t, ann.token, [
      postPart({ ...validPost, altTexts: ['one', 'two'] }),
      filePart('photo.jpg'),
    ]);
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(MEDIA_MESSAGES.moreAltTextsThanFiles);

    const long = await sendPost(t, ann.token, [
      postPart({ ...validPost, altTexts: ['x'.repeat(MEDIA_LIMITS.altTextMax + 1)] }),
      filePart('photo.jpg'),
    ]);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MEDIA_MESSAGES.altTextTooLong);
    expect(filesIn(t, 'media')).toEqual(media);
  });

  it('lets the author describe existing media and new files when editing', async () => {
    const post = await createPost(t, ann.token, {}, [filePart('photo.jpg'), filePart('small.png')]);
    const [first, second] = post.media.map((item) => item.id);
    const res = await sendPost(
      t,
      ann.token,
      [
        postPart({
          ...validPost,
          mediaAltTexts: [{ id: second, altText: 'A chart of my week' }],
          altTexts: ['A cat'],
        }),
        filePart('tiny.webp'),
      ],
      { method: 'PUT', url: `/api/posts/${post.id}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(altTextsOf(res.json())).toEqual(['', 'A chart of my week', 'A cat']);
    expect((await read(post.id)).media.map((item) => [item.id, item.altText])).toEqual([
      [first, ''],
      [second, 'A chart of my week'],
      [expect.any(Number), 'A cat'],
    ]);
  });

  it("refuses to describe another post's media, or media removed in the same edit, changing nothing", async () => {
    const mine = await createPost(t, ann.token, {}, [filePart('photo.jpg')]);
    const theirs = await createPost(t, bob.token, { altTexts: ['Bob’s desk'] }, [filePart('photo.jpg')]);
    const foreign = await edit(mine.id, {
      mediaAltTexts: [{ id: theirs.media[0]!.id, altText: 'Mine now' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MEDIA_MESSAGES.altTextOfForeignMedia);
    expect(altTextsOf(await read(theirs.id, ann.token))).toEqual(['Bob’s desk']);

    const removed = await edit(mine.id, {
      removeMediaIds: [mine.media[0]!.id],
      mediaAltTexts: [{ id: mine.media[0]!.id, altText: 'Gone anyway' }],
    });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toBe(MEDIA_MESSAGES.altTextOfForeignMedia);
    expect((await read(mine.id)).media).toHaveLength(1);
  });

  it('is part of the author’s data export', async () => {
    const post = await createPost(t, ann.token, { altTexts: ['Exported too'] }, [filePart('photo.jpg')]);
    const res = await t.app.inject({ url: '/api/account/export', headers: bearer(ann.token) });
    expect(res.statusCode).toBe(200);
    const posts = JSON.parse(readZip(res.rawPayload).get('posts.json')!.toString('utf8'));
    expect(
      posts.flatMap((item: { media: { altText: string }[] }) => item.media.map((m) => m.altText)),
    ).toContain('Exported too');
    expect(post.media[0]!.altText).toBe('Exported too');
  });
});
