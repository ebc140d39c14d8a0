import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingFileDeletes } from '../src/db/schema/index.js';
import { createLocalStorage } from '../src/lib/storage/local-storage.js';
import type { Storage } from '../src/lib/storage/storage.js';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { multipart } from './helpers/multipart.js';
import { createPlan } from './helpers/plans.js';
import { createPost, filePart, fixture } from './helpers/posts.js';
import { type S3TestServer, startS3Server } from './helpers/s3-server.js';

const pending = async (t: TestApp) => (await t.db.select({ n: count() }).from(pendingFileDeletes))[0]!.n;
const status = async (t: TestApp, url: string) =>
  (await t.app.inject({ url: new URL(url).pathname })).statusCode;

async function setPicture(t: TestApp, token: string) {
  const { payload, headers } = multipart([
    { name: 'file', filename: 'me.png', contentType: 'image/png', data: fixture('small.png') },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/profile-picture',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  return { status: res.statusCode, url: res.json().fileUrl as string };
}

/** Every path that removes files after its commit: while deletes fail, each still succeeds. */
async function changesWhileDeletesFail(t: TestApp) {
  const ann = await signUp(t, { name: 'Ann' });
  const post = await createPost(t, ann.token, {}, [filePart('photo.jpg')]);
  const edited = await createPost(t, ann.token, {}, [filePart('small.png')]);
  const plan = await createPlan(t, ann.token, {
    topics: [{ title: 'Reading', resources: [{ title: 'Slides', type: 'PDF' }] }],
  });
  const topic = plan.topics[0]!;
  const { payload, headers } = multipart([
    { name: 'resourceId', data: String(topic.resources[0]!.id) },
    { name: 'file', filename: 'notes.pdf', contentType: 'application/pdf', data: fixture('doc.pdf') },
  ]);
  const pdf = await t.app.inject({
    method: 'POST',
    url: `/api/learning-plans/${plan.id}/topics/${topic.id}/resources/upload`,
    payload,
    headers: { ...headers, ...bearer(ann.token) },
  });
  const firstPicture = await setPicture(t, ann.token);
  return {
    orphans: [
      post.media[0]!.fileUrl,
      post.media[0]!.thumbnailUrl!,
      edited.media[0]!.fileUrl,
      edited.media[0]!.thumbnailUrl!,
      pdf.json().fileUrl as string,
    ],
    replacedPicture: firstPicture.url,
    /**
     * Deletes a post, removes an edited post's image, deletes a plan with a PDF (and replaces the picture).
     */
    async run({ replacePicture }: { replacePicture: boolean }) {
      const auth = bearer(ann.token);
      const responses = [
        (await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, headers: auth })).statusCode,
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/posts/${edited.id}`,
            ...(() => {
              const body = multipart([
                {
                  name: 'post',
                  filename: 'blob',
                  contentType: 'application/json',
                  data: JSON.stringify({
                    title: edited.title,
                    content: edited.content,
                    category: edited.category,
                    learningProgressPercent: edited.learningProgressPercent,
                    removeMediaIds: [edited.media[0]!.id],
                  }),
                },
              ]);
              return { payload: body.payload, headers: { ...body.headers, ...auth } };
            })(),
          })
        ).statusCode,
        ...(replacePicture ? [(await setPicture(t, ann.token)).status] : []),
        (await t.app.inject({ method: 'DELETE', url: `/api/learning-plans/${plan.id}`, headers: auth }))
          .statusCode,
      ];
      return responses;
    },
  };
}

describe('a file delete that fails after the commit', () => {
  let t: TestApp;
  let failDeletes = true;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pathwise-removal-'));

  beforeAll(async () => {
    const disk = createLocalStorage(path.join(dataDir, 'media'));
    // The real store, except that deletes fail while `failDeletes` is set (a store that is down).
    const flaky: Storage = {
      ...disk,
      async remove(keys) {
        if (failDeletes) throw new Error('the store is unreachable');
        await disk.remove(keys);
      },
    };
    t = await createTestApp({ storage: flaky });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never fails the change; the sweep removes the files once the store answers again', async () => {
    const scenario = await changesWhileDeletesFail(t);
    expect(await scenario.run({ replacePicture: true })).toEqual([204, 200, 200, 204]);
    const orphans = [...scenario.orphans, scenario.replacedPicture];
    for (const url of orphans) expect(await status(t, url), url).toBe(200);
    expect(await pending(t)).toBe(orphans.length);

    expect(await t.app.fileRemoval.sweep()).toEqual({ removed: 0, remaining: orphans.length });
    failDeletes = false;
    expect(await t.app.fileRemoval.sweep()).toEqual({ removed: orphans.length, remaining: 0 });
    for (const url of orphans) expect(await status(t, url), url).toBe(404);
    expect(await pending(t)).toBe(0);
  });
});

describe('the S3 server stopped after a commit', () => {
  let s3: S3TestServer;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ config: { mediaStorage: s3.mediaStorage } });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('answers the changes, reports the storage down, and sweeps the objects once it is back', async () => {
    const scenario = await changesWhileDeletesFail(t);
    await s3.stop();
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().errors).toEqual([{ field: 'storage', message: 'is unreachable' }]);

    expect(await scenario.run({ replacePicture: false })).toEqual([204, 200, 204]);
    expect(await pending(t)).toBe(scenario.orphans.length);

    await s3.start();
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(await t.app.fileRemoval.sweep()).toEqual({ removed: scenario.orphans.length, remaining: 0 });
    for (const url of scenario.orphans) expect(await status(t, url), url).toBe(404);
    expect(await pending(t)).toBe(0);
  });
});
