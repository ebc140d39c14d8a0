import { randomBytes } from 'node:crypto';
import { MEDIA_MESSAGES } from '@pathwise/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { malformedMultipart, multipart, type Part } from './helpers/multipart.js';
import { createPlan } from './helpers/plans.js';
import { createPost, filePart, filesIn, postPart, validPost } from './helpers/posts.js';

let t: TestApp;
let ann: TestAccount;
let routes: { name: string; method: 'POST' | 'PUT'; url: string }[];
let planResourceId: number;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann' });
  const post = await createPost(t, ann.token);
  const plan = await createPlan(t, ann.token, {
    topics: [{ title: 'Reading', resources: [{ title: 'Slides', type: 'PDF' }] }],
  });
  planResourceId = plan.topics[0]!.resources[0]!.id;
  routes = [
    { name: 'publish a post', method: 'POST', url: '/api/posts' },
    { name: 'edit a post', method: 'PUT', url: `/api/posts/${post.id}` },
    { name: 'profile picture', method: 'POST', url: '/api/users/profile-picture' },
    {
      name: 'plan PDF',
      method: 'POST',
      url: `/api/learning-plans/${plan.id}/topics/${plan.topics[0]!.id}/resources/upload`,
    },
  ];
});
afterAll(() => t.close());

const body = multipart([postPart(validPost), filePart('small.png')]).payload;
/** Bodies that are not valid multipart/form-data, each with the content type it claims. */
const malformed = malformedMultipart(body);

describe('malformed multipart bodies', () => {
  it.each(malformed)(
    'answers 4xx with a message for %s on every upload route',
    async (_, contentType, payload) => {
      for (const route of routes) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          payload,
          headers: { 'content-type': contentType, ...bearer(ann.token) },
        });
        expect(res.statusCode, route.name).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, route.name).toBeLessThan(500);
        expect(res.json().message, route.name).toEqual(expect.any(String));
      }
      expect(filesIn(t, 'tmp')).toEqual([]);
    },
  );
});

describe('files over the size limit', () => {
  it('refuses a 51 MB PNG with 413 and the size message on every upload route, before its type', async () => {
    // Noise stored uncompressed: a real image of that size, whose first 50 MB do not decode on their own.
    const side = 4250;
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(51 * 1024 * 1024);
    const file = { filename: 'big.png', contentType: 'image/png', data: png };
    const partsOf: Record<string, Part[]> = {
      'publish a post': [postPart(validPost), { name: 'files', ...file }],
      'edit a post': [postPart(validPost), { name: 'files', ...file }],
      'profile picture': [{ name: 'file', ...file }],
      // The PDF route refuses an image, but the size is told first.
      'plan PDF': [
        { name: 'resourceId', data: String(planResourceId) },
        { name: 'file', ...file },
      ],
    };
    for (const route of routes) {
      const { payload, headers } = multipart(partsOf[route.name]!);
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        payload,
        headers: { ...headers, ...bearer(ann.token) },
      });
      expect(res.statusCode, route.name).toBe(413);
      expect(res.json().message, route.name).toBe(MEDIA_MESSAGES.tooLarge);
    }
    expect(filesIn(t, 'tmp')).toEqual([]);
  });
});
