import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROGRESS_SHARE_MESSAGES, type SharedProgress } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderProgressImage } from '../src/modules/plans/progress-image.js';
import { createProgressSharesService } from '../src/modules/plans/progress-shares.service.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPlan } from './helpers/plans.js';

// The real drawing, counted: a revalidation whose copy is current must draw nothing.
vi.mock('../src/modules/plans/progress-image.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/modules/plans/progress-image.js')>();
  return { ...real, renderProgressImage: vi.fn(real.renderProgressImage) };
});

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann Lee' });
  bob = await signUp(t, { name: 'Bob Stone' });
});
afterAll(() => t.close());

const as = (account: TestAccount | null, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...request.headers, ...(account && bearer(account.token)) } });
const share = (account: TestAccount, planId: number, shared: boolean) =>
  as(account, { method: 'PUT', url: `/api/learning-plans/${planId}/progress-share`, payload: { shared } });
const pageUrl = (planId: number, account: TestAccount) =>
  `/api/learning-plans/${planId}/progress/${account.user.handle}`;
const setStatus = (account: TestAccount, planId: number, topicId: number, status: string) =>
  as(account, {
    method: 'PATCH',
    url: `/api/learning-plans/${planId}/topics/${topicId}/user-progress?status=${status}`,
  });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('sharing one’s progress on a plan', () => {
  it('is off by default: the page and its picture are not found', async () => {
    const plan = await createPlan(t, bob.token);
    const state = await as(ann, { url: `/api/learning-plans/${plan.id}/progress-share` });
    expect(state.json()).toEqual({ shared: false });
    const page = await as(bob, { url: pageUrl(plan.id, ann) });
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe(PROGRESS_SHARE_MESSAGES.notShared);
    expect((await as(bob, { url: `${pageUrl(plan.id, ann)}/image.png` })).statusCode).toBe(404);
  });

  it('shows the person’s statuses, percentage and streak once on, and nothing once off again', async () => {
    const plan = await createPlan(t, bob.token, { title: 'Rust together' });
    const [first, second] = plan.topics;
    expect((await share(ann, plan.id, true)).json()).toEqual({ shared: true });
    await setStatus(ann, plan.id, first!.id, 'COMPLETED');
    await setStatus(ann, plan.id, second!.id, 'IN_PROGRESS');

    const page = await as(bob, { url: pageUrl(plan.id, ann) });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      plan: { id: plan.id, title: 'Rust together', description: plan.description, category: 'PROGRAMMING' },
      person: { id: ann.user.id, name: 'Ann Lee', handle: ann.user.handle, profilePicture: null },
      percentage: 50,
      completedTopics: 1,
      skippedTopics: 0,
      streakDays: 1,
      topics: [
        { id: first!.id, title: first!.title, status: 'COMPLETED', prerequisiteTopicIds: [] },
        { id: second!.id, title: second!.title, status: 'IN_PROGRESS', prerequisiteTopicIds: [] },
      ],
    });
    // Skipped topics leave the count: done ÷ not skipped.
    await setStatus(ann, plan.id, second!.id, 'SKIPPED');
    expect((await as(bob, { url: pageUrl(plan.id, ann) })).json().percentage).toBe(100);

    expect((await share(ann, plan.id, false)).json()).toEqual({ shared: false });
    expect((await as(bob, { url: pageUrl(plan.id, ann) })).statusCode).toBe(404);
    expect((await as(ann, { url: `/api/learning-plans/${plan.id}/progress-share` })).json()).toEqual({
      shared: false,
    });
  });

  it('reads the page in one statement however many topics the plan has', async () => {
    const small = await createPlan(t, ann.token);
    const topics = Array.from({ length: 12 }, (_, i) => ({
      title: `Topic ${i}`,
      orderIndex: i,
      resources: [],
    }));
    const large = await createPlan(t, ann.token, { topics });
    for (const plan of [small, large]) await share(ann, plan.id, true);
    const counts = await Promise.all(
      [small, large].map(async (plan) => {
        const { result, statements } = await t.queries.count(() => as(bob, { url: pageUrl(plan.id, ann) }));
        expect(result.statusCode).toBe(200);
        return statements;
      }),
    );
    expect(counts).toEqual([1, 1]);
  });

  it('draws a 1200 × 630 PNG with an entity tag that changes with the progress', async () => {
    const plan = await createPlan(t, ann.token);
    await share(ann, plan.id, true);
    const url = `${pageUrl(plan.id, ann)}/image.png`;
    const first = await as(bob, { url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });

    const etag = String(first.headers.etag);
    const again = await as(bob, { url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    // A server that never drew it (restarted, or another instance) answers the same tag without drawing.
    const drawn = vi.mocked(renderProgressImage).mock.calls.length;
    const restarted = createProgressSharesService({ db: t.db });
    const viewer = { id: bob.user.id, mediaUrl: (key: string | null) => key };
    expect(await restarted.image(viewer, plan.id, ann.user.handle, etag)).toEqual({ etag, png: null });
    expect(vi.mocked(renderProgressImage).mock.calls.length).toBe(drawn);
    await setStatus(ann, plan.id, plan.topics[0]!.id, 'COMPLETED');
    const changed = await as(bob, { url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('refuses to share on a plan the person may not see, and checks the body', async () => {
    const hidden = await createPlan(t, bob.token, { isPublic: false });
    const refused = await share(ann, hidden.id, true);
    expect(refused.statusCode).toBe(404);
    const plan = await createPlan(t, bob.token);
    const bad = await as(ann, {
      method: 'PUT',
      url: `/api/learning-plans/${plan.id}/progress-share`,
      payload: { shared: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(PROGRESS_SHARE_MESSAGES.sharedRequired);
    const badHandle = await as(ann, { url: `/api/learning-plans/${plan.id}/progress/no!` });
    expect(badHandle.statusCode).toBe(400);
  });
});

describe('privacy of shared progress', () => {
  it('never shows a private plan, even its owner’s shared progress on it', async () => {
    const plan = await createPlan(t, ann.token, { isPublic: false });
    expect((await share(ann, plan.id, true)).statusCode).toBe(200);
    expect((await as(bob, { url: pageUrl(plan.id, ann) })).statusCode).toBe(404);
    expect((await as(ann, { url: pageUrl(plan.id, ann) })).statusCode).toBe(404);
    expect((await as(bob, { url: `${pageUrl(plan.id, ann)}/image.png` })).statusCode).toBe(404);
  });

  it('tells nothing of notes, resources or other plans, and counts the streak on public plans only', async () => {
    const plan = await createPlan(t, ann.token);
    const secret = await createPlan(t, ann.token, { title: 'Secret plan', isPublic: false });
    const topic = plan.topics[0]!;
    await as(ann, {
      method: 'PUT',
      url: `/api/learning-plans/${plan.id}/topics/${topic.id}/note`,
      payload: { content: 'My private thoughts' },
    });
    await share(ann, plan.id, true);
    await setStatus(ann, plan.id, topic.id, 'IN_PROGRESS');
    await setStatus(ann, secret.id, secret.topics[0]!.id, 'COMPLETED');
    // Learning yesterday on the public plan, and the day before only on the private one.
    await t.db.execute(sql`insert into activities (user_id, type, plan_id, occurred_at) values
      (${ann.user.id}, 'TOPIC_COMPLETED', ${plan.id}, now() - interval '1 day'),
      (${ann.user.id}, 'TOPIC_COMPLETED', ${secret.id}, now() - interval '2 days')`);

    const page = await as(bob, { url: pageUrl(plan.id, ann) });
    const body = page.body;
    for (const leak of [
      'My private thoughts',
      'Secret plan',
      'The Book',
      'doc.rust-lang.org',
      ann.user.email,
    ]) {
      expect(body).not.toContain(leak);
    }
    expect((page.json() as SharedProgress).streakDays).toBe(2);
  });

  it('is not found across a block, either way', async () => {
    const plan = await createPlan(t, ann.token);
    await share(ann, plan.id, true);
    const carl = await signUp(t, { name: 'Carl' });
    await as(ann, { method: 'PUT', url: `/api/users/${carl.user.id}/block` });
    expect((await as(carl, { url: pageUrl(plan.id, ann) })).statusCode).toBe(404);
    // Someone else's progress on a plan whose creator blocked the viewer is not found either.
    const dora = await signUp(t, { name: 'Dora' });
    await share(dora, plan.id, true);
    expect((await as(carl, { url: pageUrl(plan.id, dora) })).statusCode).toBe(404);
    expect((await as(bob, { url: pageUrl(plan.id, dora) })).statusCode).toBe(200);
  });

  it('answers visitors 401 unless the instance lets them read', async () => {
    const plan = await createPlan(t, ann.token);
    await share(ann, plan.id, true);
    expect((await as(null, { url: pageUrl(plan.id, ann) })).statusCode).toBe(401);
    expect((await as(null, { url: `${pageUrl(plan.id, ann)}/image.png` })).statusCode).toBe(401);
  });
});

describe('shared progress read signed out (PUBLIC_READING on)', () => {
  it('gives visitors the page, a public picture and link-preview tags in the page’s HTML', async () => {
    const webDistDir = mkdtempSync(path.join(tmpdir(), 'pathwise-web-'));
    writeFileSync(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Pathwise" />' +
        '<title>Pathwise</title></head><body></body></html>',
    );
    const reading = await createTestApp({
      webDistDir,
      config: { publicReading: true, publicUrl: 'https://pathwise.example' },
    });
    try {
      const eve = await signUp(reading, { name: 'Eve <Ada>' });
      const plan = await createPlan(reading, eve.token, { title: 'Go & friends' });
      const inject = (request: InjectOptions) => reading.app.inject(request);
      const pagePath = `/learning-plan/${plan.id}/progress/${eve.user.handle}`;
      // Off: no page, no preview.
      const apiPath = `/api/learning-plans/${plan.id}/progress/${eve.user.handle}`;
      expect((await inject({ url: apiPath })).statusCode).toBe(404);
      expect((await inject({ url: pagePath })).body).not.toContain('og:image');

      await reading.app.inject({
        method: 'PUT',
        url: `/api/learning-plans/${plan.id}/progress-share`,
        payload: { shared: true },
        headers: bearer(eve.token),
      });
      const data = await inject({ url: apiPath });
      expect(data.statusCode).toBe(200);
      const image = await inject({ url: `${apiPath}/image.png` });
      expect(image.headers['cache-control']).toBe('public, no-cache');
      expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });

      const html = (await inject({ url: pagePath, headers: { accept: 'text/html' } })).body;
      expect(html).toContain('<title>Eve &lt;Ada&gt;’s progress on Go &amp; friends · Pathwise</title>');
      expect(html).toContain(
        `<meta property="og:image" content="https://pathwise.example/api/learning-plans/${plan.id}` +
          `/progress/${eve.user.handle}/image.png" />`,
      );
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain('has completed 0% of this learning plan');
    } finally {
      await reading.close();
    }
  });
});
