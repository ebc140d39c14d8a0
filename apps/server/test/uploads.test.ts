import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_LIMITS, MEDIA_MESSAGES, POST_MEDIA_TYPES } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/lib/storage/local-storage.js';
import { storageKey, writeWebpThumbnail } from '../src/lib/uploads/inspect.js';
import { receiveUploads, type UploadRules } from '../src/lib/uploads/receive.js';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { multipart } from './helpers/multipart.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

const rules: UploadRules = {
  fileFields: ['files'],
  jsonFields: ['post'],
  accept: POST_MEDIA_TYPES,
  maxFiles: MEDIA_LIMITS.maxFilesPerPost,
  maxBytes: 5000,
  maxVideoSeconds: MEDIA_LIMITS.maxVideoSeconds,
  messages: MEDIA_MESSAGES,
};

let t: TestApp;
let token: string;
const listing = (dir: string) => {
  try {
    return readdirSync(path.join(t.dataDir, dir), { recursive: true });
  } catch {
    return [];
  }
};

// A route of this test only: receives, stores and answers what it kept, the way the post module does.
beforeAll(async () => {
  t = await createTestApp();
  const storage = createLocalStorage(path.join(t.dataDir, 'media'));
  t.app.post('/api/test/uploads', async (request) => {
    const received = await receiveUploads(request, path.join(t.dataDir, 'tmp'), rules);
    const stored = [];
    for (const file of received.files) {
      const key = storageKey('test', file.mime);
      await storage.putFile(key, file.path);
      stored.push({
        key,
        mime: file.mime,
        kind: file.kind,
        size: file.size,
        width: file.width,
        height: file.height,
        seconds: file.durationSeconds,
      });
    }
    return { json: received.json, fields: received.fields, stored };
  });
  await t.app.ready();
  // Like every /api route not declared public, it answers signed-in users only.
  ({ token } = await signUp(t));
});
afterAll(() => t.close());

const upload = (parts: Parameters<typeof multipart>[0]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/test/uploads',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
};

describe('receiveUploads', () => {
  it('decides each type from the bytes and reads sizes and durations', async () => {
    const res = await upload([
      {
        name: 'post',
        filename: 'blob',
        contentType: 'application/json',
        data: JSON.stringify({ title: 'Hello' }),
      },
      {
        name: 'files',
        filename: 'photo.bin',
        contentType: 'application/octet-stream',
        data: fixture('photo.jpg'),
      },
      { name: 'files', filename: 'clip.mp4', contentType: 'video/mp4', data: fixture('short.mp4') },
      { name: 'files', filename: 'clip.mov', contentType: 'video/quicktime', data: fixture('short.mov') },
      { name: 'files', filename: 'a.gif', contentType: 'image/gif', data: fixture('tiny.gif') },
      { name: 'files', filename: 'a.webp', contentType: 'image/webp', data: fixture('tiny.webp') },
      { name: 'extra', data: '42' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.json).toEqual({ post: { title: 'Hello' } });
    expect(body.fields).toEqual({ extra: '42' });
    expect(body.stored.map((s: { mime: string; kind: string }) => [s.mime, s.kind])).toEqual([
      ['image/jpeg', 'IMAGE'],
      ['video/mp4', 'VIDEO'],
      ['video/quicktime', 'VIDEO'],
      ['image/gif', 'IMAGE'],
      ['image/webp', 'IMAGE'],
    ]);
    expect(body.stored[0]).toMatchObject({ width: 800, height: 600, size: fixture('photo.jpg').length });
    expect(body.stored[1].seconds).toBeCloseTo(2, 0);
    expect(body.stored[0].key).toMatch(/^test\/[0-9a-f-]{36}\.jpg$/);
    expect(listing('tmp')).toEqual([]);
  });

  it.each([
    [
      'a text file named .png',
      [{ name: 'files', filename: 'x.png', contentType: 'image/png', data: fixture('fake.png') }],
      415,
      MEDIA_MESSAGES.badType,
    ],
    [
      'a PDF among post media',
      [{ name: 'files', filename: 'doc.pdf', contentType: 'application/pdf', data: fixture('doc.pdf') }],
      415,
      MEDIA_MESSAGES.badType,
    ],
    [
      'a 35 s video',
      [{ name: 'files', filename: 'long.mp4', contentType: 'video/mp4', data: fixture('long.mp4') }],
      400,
      'Video exceeds 30 seconds (35s)',
    ],
    [
      'a file over the size limit',
      [
        {
          name: 'files',
          filename: 'big.jpg',
          contentType: 'image/jpeg',
          data: Buffer.concat([fixture('photo.jpg'), Buffer.alloc(3000)]),
        },
      ],
      413,
      MEDIA_MESSAGES.tooLarge,
    ],
    [
      'eleven files',
      Array.from({ length: 11 }, () => ({
        name: 'files',
        filename: 'p.png',
        contentType: 'image/png',
        data: fixture('small.png'),
      })),
      400,
      MEDIA_MESSAGES.tooMany,
    ],
    [
      'a JSON part that is not JSON',
      [{ name: 'post', filename: 'blob', contentType: 'application/json', data: '{nope' }],
      400,
      'The "post" part is not valid JSON.',
    ],
  ])('refuses %s and keeps nothing', async (_label, parts, status, message) => {
    const good = { name: 'files', filename: 'ok.png', contentType: 'image/png', data: fixture('small.png') };
    const res = await upload([good, ...parts]);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(listing('tmp')).toEqual([]);
  });

  it('refuses a request that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/uploads',
      payload: { title: 'x' },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Send this request as multipart/form-data.');
  });
});

describe('/api/media', () => {
  it('serves stored files with their type, ranges, immutable caching and nosniff', async () => {
    const res = await upload([
      { name: 'files', filename: 'clip.mp4', contentType: 'video/mp4', data: fixture('short.mp4') },
    ]);
    const { key } = res.json().stored[0];
    const full = await t.app.inject({ url: `/api/media/${key}` });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.rawPayload.equals(fixture('short.mp4'))).toBe(true);

    const partial = await t.app.inject({ url: `/api/media/${key}`, headers: { range: 'bytes=0-99' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.rawPayload.length).toBe(100);
    expect(partial.headers['content-range']).toBe(`bytes 0-99/${fixture('short.mp4').length}`);
  });

  it('answers 404 for unknown files and never serves outside the media directory', async () => {
    expect((await t.app.inject({ url: '/api/media/test/nope.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/media/../jwt-secret' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/media/%2e%2e/%2e%2e/etc/passwd' })).statusCode).toBe(404);
  });
});

describe('writeWebpThumbnail', () => {
  it('shrinks an image to fit the box without enlarging small ones', async () => {
    const dir = path.join(t.dataDir, 'thumbs');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    expect(await writeWebpThumbnail(path.join(fixtures, 'photo.jpg'), path.join(dir, 'a.webp'), 640)).toEqual(
      { width: 640, height: 480 },
    );
    expect(await writeWebpThumbnail(path.join(fixtures, 'small.png'), path.join(dir, 'b.webp'), 640)).toEqual(
      { width: 120, height: 90 },
    );
    expect(
      await writeWebpThumbnail(path.join(fixtures, 'photo.jpg'), path.join(dir, 'c.webp'), 96, 'cover'),
    ).toEqual({ width: 96, height: 96 });
  });
});
