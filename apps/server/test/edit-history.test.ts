import { POST_MESSAGES, type Post, type PostVersion, READING_TIME } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPost, filePart, postPart, sendPost, validPost } from './helpers/posts.js';
import { addComment, callAs } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann' });
  bob = await signUp(t, { name: 'Bob' });
});
afterAll(() => t.close());

const edit = (
  post: Pick<Post, 'id'>,
  fields: Record<string, unknown>,
  files = [] as ReturnType<typeof filePart>[],
) =>
  sendPost(t, ann.token, [postPart({ ...validPost, ...fields }), ...files], {
    method: 'PUT',
    url: `/api/posts/${post.id}`,
  });
const historyOf = (account: TestAccount | null, url: string) => callAs(t, account, { url });
const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

describe('edit history of posts', () => {
  it('keeps every version of the title and text, newest first, and marks the post edited', async () => {
    const post = await createPost(t, ann.token, { title: 'First title', content: 'First text' });
    expect(post.editedAt).toBeNull();

    const unedited = (await historyOf(bob, `/api/posts/${post.id}/history`)).json();
    expect(unedited.content).toEqual([
      { title: 'First title', content: 'First text', createdAt: post.createdAt, mediaChanged: false },
    ]);

    const first = await edit(post, { title: 'Second title', content: 'First text' });
    expect(first.statusCode).toBe(200);
    expect(first.json().editedAt).toEqual(expect.stringMatching(/Z$/));
    const second = await edit(post, { title: 'Second title', content: 'Third text' }, [
      filePart('small.png'),
    ]);
    expect(second.statusCode).toBe(200);

    const res = await historyOf(bob, `/api/posts/${post.id}/history`);
    expect(res.statusCode).toBe(200);
    const versions: PostVersion[] = res.json().content;
    expect(versions.map(({ title, content, mediaChanged }) => [title, content, mediaChanged])).toEqual([
      ['Second title', 'Third text', true],
      ['Second title', 'First text', false],
      ['First title', 'First text', false],
    ]);
    expect(versions[2]!.createdAt).toBe(post.createdAt);
    expect(res.json().totalElements).toBe(3);
    expect((await callAs(t, bob, { url: `/api/posts/${post.id}` })).json().editedAt).toBe(
      second.json().editedAt,
    );
  });

  it('keeps no version when only the category or progress change', async () => {
    const post = await createPost(t, ann.token);
    const res = await edit(post, { category: 'DESIGN', learningProgressPercent: 80 });
    expect(res.json()).toMatchObject({ category: 'DESIGN', editedAt: null });
    expect((await historyOf(ann, `/api/posts/${post.id}/history`)).json().totalElements).toBe(1);
  });

  it('pages the versions', async () => {
    const post = await createPost(t, ann.token, { content: 'v0' });
    for (const n of [1, 2, 3]) await edit(post, { content: `v${n}` });
    const page = (await historyOf(ann, `/api/posts/${post.id}/history?page=1&size=2`)).json();
    expect(page).toMatchObject({ totalElements: 4, number: 1, last: true });
    expect(page.content.map((v: PostVersion) => v.content)).toEqual(['v1', 'v0']);
  });

  it('costs one statement however many versions there are', async () => {
    const post = await createPost(t, ann.token, { content: 'start' });
    await edit(post, { content: 'one edit' });
    const url = `/api/posts/${post.id}/history`;
    const few = await t.queries.count(() => historyOf(bob, url));
    for (let i = 0; i < 8; i++) await edit(post, { content: `edit ${i}` });
    const many = await t.queries.count(() => historyOf(bob, url));
    expect(many.result.json().content).toHaveLength(10);
    expect(few.result.json().content).toHaveLength(2);
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBe(1);
  });

  it('is shown to whoever may see the post, and 404 otherwise', async () => {
    const post = await createPost(t, ann.token);
    const url = `/api/posts/${post.id}/history`;
    expect((await historyOf(null, url)).statusCode).toBe(401);
    expect((await historyOf(bob, '/api/posts/999999/history')).json()).toMatchObject({
      statusCode: 404,
      message: POST_MESSAGES.postNotFound,
    });
    expect((await historyOf(bob, '/api/posts/abc/history')).json()).toMatchObject({
      statusCode: 400,
      message: POST_MESSAGES.invalidPostId,
    });
    await callAs(t, ann, { method: 'PUT', url: `/api/users/${bob.user.id}/block` });
    expect((await historyOf(bob, url)).json()).toMatchObject({
      statusCode: 404,
      message: POST_MESSAGES.postNotFound,
    });
    await callAs(t, ann, { method: 'DELETE', url: `/api/users/${bob.user.id}/block` });
    expect((await historyOf(bob, url)).statusCode).toBe(200);
  });
});

describe('edit history of comments', () => {
  it('keeps every version of the text, newest first, and marks the comment edited', async () => {
    const post = await createPost(t, ann.token);
    const { id } = await addComment(t, bob, post.id, 'Nice');
    const edited = await callAs(t, bob, {
      method: 'PUT',
      url: `/api/comments/${id}`,
      payload: { content: 'Nicer' },
    });
    expect(edited.json().editedAt).toEqual(expect.stringMatching(/Z$/));
    // The same text again is no edit.
    await callAs(t, bob, { method: 'PUT', url: `/api/comments/${id}`, payload: { content: 'Nicer' } });
    const res = await historyOf(ann, `/api/comments/${id}/history`);
    expect(res.statusCode).toBe(200);
    expect(res.json().content.map((v: { content: string }) => v.content)).toEqual(['Nicer', 'Nice']);
    const listed = (await historyOf(ann, `/api/posts/${post.id}/comments`)).json().content;
    expect(listed[0].editedAt).toBe(edited.json().editedAt);
  });

  it('answers an unedited comment as its one version, and 404 to whom may not see it', async () => {
    const post = await createPost(t, ann.token);
    const { id } = await addComment(t, bob, post.id, 'Only version');
    const res = await historyOf(ann, `/api/comments/${id}/history`);
    expect(res.json().content).toEqual([{ content: 'Only version', createdAt: expect.stringMatching(/Z$/) }]);
    expect((await historyOf(ann, '/api/comments/999999/history')).json()).toMatchObject({
      statusCode: 404,
      message: POST_MESSAGES.commentNotFound,
    });
    const carl = await signUp(t, { name: 'Carl' });
    await callAs(t, ann, { method: 'PUT', url: `/api/users/${carl.user.id}/block` });
    expect((await historyOf(carl, `/api/comments/${id}/history`)).statusCode).toBe(404);
  });

  it('costs one statement however many versions there are', async () => {
    const post = await createPost(t, ann.token);
    const { id } = await addComment(t, bob, post.id, 'c');
    const url = `/api/comments/${id}/history`;
    const few = await t.queries.count(() => historyOf(ann, url));
    for (let i = 0; i < 6; i++)
      await callAs(t, bob, { method: 'PUT', url: `/api/comments/${id}`, payload: { content: `c${i}` } });
    const many = await t.queries.count(() => historyOf(ann, url));
    expect(many.result.json().content).toHaveLength(7);
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBe(1);
  });
});

describe('reading time', () => {
  it('counts the words of the text at the contract pace, at least a minute', async () => {
    const short = await createPost(t, ann.token, { content: 'A **short** note.' });
    expect(short.readingMinutes).toBe(1);
    const pace = READING_TIME.wordsPerMinute;
    const long = await createPost(t, ann.token, {
      content: `# Heading\n\n${words(pace * 2)}\n\n[a link](https://example.com/${'x'.repeat(50)}) -`,
    });
    // Two full minutes of words, plus "Heading", "a" and "link": a third minute begun.
    expect(long.readingMinutes).toBe(3);
    const edited = await edit(long, { content: words(pace) });
    expect(edited.json().readingMinutes).toBe(1);
  });
});

describe('cover image', () => {
  it('is the first image unless the author chooses another', async () => {
    const post = await createPost(t, ann.token, {}, [
      filePart('short.mp4'),
      filePart('small.png'),
      filePart('photo.jpg'),
    ]);
    const [, firstImage, photo] = post.media;
    expect(post).toMatchObject({ coverMediaId: firstImage!.id, coverChosen: false });

    const chosen = await edit(post, { coverMediaId: photo!.id });
    expect(chosen.json()).toMatchObject({ coverMediaId: photo!.id, coverChosen: true });

    // Removing the chosen image gives the cover back to the first image.
    const removed = await edit(post, { removeMediaIds: [photo!.id] });
    expect(removed.json()).toMatchObject({ coverMediaId: firstImage!.id, coverChosen: false });
  });

  it('can be one of the files sent, which must be an image', async () => {
    const res = await sendPost(t, ann.token, [
      postPart({ ...validPost, coverFileIndex: 1 }),
      filePart('small.png'),
      filePart('photo.jpg'),
    ]);
    expect(res.statusCode).toBe(201);
    const post: Post = res.json();
    expect(post).toMatchObject({ coverMediaId: post.media[1]!.id, coverChosen: true });

    for (const [fields, files] of [
      [{ coverFileIndex: 0 }, [filePart('short.mp4')]],
      [{ coverFileIndex: 2 }, [filePart('small.png')]],
    ] as const) {
      const refused = await sendPost(t, ann.token, [postPart({ ...validPost, ...fields }), ...files]);
      expect(refused.json()).toMatchObject({ statusCode: 400, message: POST_MESSAGES.coverNotImage });
    }
    const foreign = await createPost(t, bob.token, {}, [filePart('small.png')]);
    const refused = await edit(post, { coverMediaId: foreign.media[0]!.id });
    expect(refused.json()).toMatchObject({ statusCode: 400, message: POST_MESSAGES.coverNotImage });
  });

  it('goes with its post when the post is deleted', async () => {
    const post = await createPost(t, ann.token, { coverFileIndex: 0 }, [filePart('small.png')]);
    expect(post.coverChosen).toBe(true);
    const res = await callAs(t, ann, { method: 'DELETE', url: `/api/posts/${post.id}` });
    expect(res.statusCode).toBe(204);
  });
});
