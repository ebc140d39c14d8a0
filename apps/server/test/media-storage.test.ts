import { MEDIA_MESSAGES, type Post } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { multipart } from './helpers/multipart.js';
import { createPlan } from './helpers/plans.js';
import { createPost, filePart, fixture } from './helpers/posts.js';
import { type S3TestServer, startS3Server } from './helpers/s3-server.js';

/** The same behaviour on both drivers: files on this machine's disk, and objects in a real S3 server. */
describe.each(['local', 's3'] as const)('media on %s storage', (driver) => {
  let s3: S3TestServer | undefined;
  let t: TestApp;
  let ann: TestAccount;
  let video: { url: string; bytes: Buffer };

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3Server() : undefined;
    t = await createTestApp(s3 ? { config: { mediaStorage: s3.mediaStorage } } : {});
    ann = await signUp(t, { name: 'Ann' });
    const post = await createPost(t, ann.token, {}, [filePart('short.mp4')]);
    video = { url: post.media[0]!.fileUrl, bytes: fixture('short.mp4') };
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: new URL(url, 'http://localhost').pathname, headers });
  const status = async (url: string) => (await get(url)).statusCode;

  it('serves an uploaded video whole, as a user file that never runs as a page', async () => {
    const res = await get(video.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(video.bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(video.bytes.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(res.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]{36}\.mp4"$/);
  });

  it('answers a byte range with 206 and Content-Range, as video players seek', async () => {
    const size = video.bytes.length;
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      [`bytes=10-${size + 1000}`, 10, size - 1],
    ] as const) {
      const res = await get(video.url, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(video.bytes.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 with the file size for a range outside the file, and ignores a malformed one', async () => {
    const size = video.bytes.length;
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0', 'bytes=50-10']) {
      const res = await get(video.url, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(res.json().message).toBe(MEDIA_MESSAGES.rangeNotSatisfiable);
    }
    const malformed = await get(video.url, { range: 'pages=1-2' });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.rawPayload.length).toBe(size);
  });

  it('answers HEAD without a body and a repeated request with 304', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: new URL(video.url).pathname });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(video.bytes.length));
    expect(head.rawPayload.length).toBe(0);
    const etag = String((await get(video.url)).headers.etag);
    expect((await get(video.url, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('answers 404 for a key that is not stored or tries to leave the store', async () => {
    for (const path of [
      '/api/media/posts/nothing-here.jpg',
      '/api/media/../package.json',
      '/api/media/posts/.x',
    ]) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
    }
    const missing = await t.app.inject({ url: '/api/media/posts/nothing-here.jpg' });
    expect(missing.json().message).toBe(MEDIA_MESSAGES.fileNotFound);
  });

  it('serves a plan PDF as a sandboxed download, and removes it with its plan', async () => {
    const plan = await createPlan(t, ann.token, {
      topics: [{ title: 'Reading', resources: [{ title: 'Slides', type: 'PDF' }] }],
    });
    const topic = plan.topics[0]!;
    const { payload, headers } = multipart([
      { name: 'resourceId', data: String(topic.resources[0]!.id) },
      { name: 'file', filename: 'notes.pdf', contentType: 'application/pdf', data: fixture('doc.pdf') },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/learning-plans/${plan.id}/topics/${topic.id}/resources/upload`,
      payload,
      headers: { ...headers, ...bearer(ann.token) },
    });
    expect(uploaded.statusCode).toBe(200);
    const pdf = await get(uploaded.json().fileUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f-]{36}\.pdf"$/);
    expect(pdf.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(pdf.rawPayload.equals(fixture('doc.pdf'))).toBe(true);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/learning-plans/${plan.id}`,
      headers: bearer(ann.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await status(uploaded.json().fileUrl)).toBe(404);
  });

  it('removes a post’s image and thumbnail when the post is deleted', async () => {
    const post: Post = await createPost(t, ann.token, {}, [filePart('photo.jpg')]);
    const { fileUrl, thumbnailUrl } = post.media[0]!;
    expect(await status(fileUrl)).toBe(200);
    expect(await status(thumbnailUrl!)).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: bearer(ann.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await status(fileUrl)).toBe(404);
    expect(await status(thumbnailUrl!)).toBe(404);
  });

  it('stores a profile picture and removes the one it replaces', async () => {
    const setPicture = async () => {
      const { payload, headers } = multipart([
        { name: 'file', filename: 'me.png', contentType: 'image/png', data: fixture('small.png') },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/profile-picture',
        payload,
        headers: { ...headers, ...bearer(ann.token) },
      });
      expect(res.statusCode).toBe(200);
      return res.json().fileUrl as string;
    };
    const first = await setPicture();
    expect((await get(first)).headers['content-type']).toBe('image/webp');
    const second = await setPicture();
    expect(await status(second)).toBe(200);
    expect(await status(first)).toBe(404);
  });

  it('reports the storage as reachable in the health check', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'reachable', storage: 'reachable' });
  });
});
