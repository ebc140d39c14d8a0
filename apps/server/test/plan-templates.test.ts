import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type LearningPlan, type Notification, PLAN_MESSAGES } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { repairCounters } from '../src/modules/counters/counters.queries.js';
import { bearer, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import type { TestApp } from './helpers/app.js';
import { multipart } from './helpers/multipart.js';
import { createPlan, getPlan, planBody, setResourceCompleted, setTopicStatus } from './helpers/plans.js';
import { filePart } from './helpers/posts.js';
import { callAs } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

const call = (account: TestAccount | null, request: InjectOptions) => callAs(t, account, request);

const copy = (account: TestAccount | null, planId: number | string) =>
  call(account, { method: 'POST', url: `/api/learning-plans/${planId}/copies` });

async function copied(account: TestAccount, planId: number): Promise<LearningPlan> {
  const res = await copy(account, planId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function notificationsOf(account: TestAccount): Promise<Notification[]> {
  return (await call(account, { url: '/api/notifications?size=50' })).json().content;
}

/** What a plan's items are, without ids or anyone's progress. */
const itemsOf = (plan: LearningPlan) =>
  plan.topics.map(({ title, description, orderIndex, resources }) => ({
    title,
    description,
    orderIndex,
    resources: resources.map(({ title, url, type, description, orderIndex, durationMinutes }) => ({
      title,
      url,
      type,
      description,
      orderIndex,
      durationMinutes,
    })),
  }));

describe('POST /api/learning-plans/:planId/copies', () => {
  it('copies a public plan of another user into a private plan of the viewer, without progress', async () => {
    const original = await createPlan(t, ann.token, { title: 'Rust for learners' });
    const topic = original.topics[0]!;
    await setTopicStatus(t, bob.token, original, topic.id, 'COMPLETED');
    await setResourceCompleted(
      t,
      bob.token,
      original,
      { topicId: topic.id, resourceId: topic.resources[0]!.id },
      true,
    );

    const copy = await copied(bob, original.id);

    expect(copy).toMatchObject({
      title: 'Rust for learners',
      description: original.description,
      category: original.category,
      estimatedDays: original.estimatedDays,
      isPublic: false,
      startDate: null,
      targetCompletionDate: null,
      creator: { id: bob.user.id, name: 'Bob Stone' },
      completionPercentage: 0,
      completedTopics: 0,
      templateUseCount: 0,
      basedOn: {
        plan: {
          id: original.id,
          title: 'Rust for learners',
          creator: { id: ann.user.id, name: 'Ann Lee', profilePicture: null },
        },
        deleted: false,
      },
    });
    expect(copy.id).not.toBe(original.id);
    expect(itemsOf(copy)).toEqual(itemsOf(original));
    expect(copy.topics.map((t) => t.id)).not.toContain(topic.id);
    expect(copy.topics.every((t) => t.completionStatus === 'NOT_STARTED')).toBe(true);
    expect(copy.topics.flatMap((t) => t.resources).some((r) => r.isCompleted)).toBe(false);
    expect(await getPlan(t, bob.token, copy.id)).toEqual(copy);
    // Private: the original's creator cannot open it.
    expect((await call(ann, { url: `/api/learning-plans/${copy.id}` })).statusCode).toBe(404);
    expect((await getPlan(t, ann.token, original.id)).templateUseCount).toBe(1);
    expect((await getPlan(t, ann.token, original.id)).topics[0]!.completionStatus).toBe('NOT_STARTED');
  });

  it('notifies the original’s creator, linking to the original; never for a copy of one’s own plan', async () => {
    const original = await createPlan(t, ann.token, { title: 'Go in a month' });
    await copied(bob, original.id);
    const [notice] = await notificationsOf(ann);
    expect(notice).toMatchObject({
      type: 'LEARNING_PLAN_COPY',
      message: 'Bob Stone used your learning plan "Go in a month" as a template',
      entityType: 'learning-plan',
      entityId: original.id,
      isRead: false,
      actor: { id: bob.user.id, name: 'Bob Stone' },
    });

    const before = await notificationsOf(ann);
    const own = await copied(ann, original.id);
    expect(own.basedOn?.plan?.id).toBe(original.id);
    expect(await notificationsOf(ann)).toEqual(before);
    expect((await getPlan(t, ann.token, original.id)).templateUseCount).toBe(2);
  });

  it('refuses a stranger’s private plan (404), a visitor (401) and bad ids', async () => {
    const secret = await createPlan(t, ann.token, { isPublic: false });
    const refused = await copy(bob, secret.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(PLAN_MESSAGES.planNotFound);
    expect((await copy(null, secret.id)).statusCode).toBe(401);
    const bad = await copy(bob, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PLAN_MESSAGES.invalidPlanId);
    expect((await copy(bob, 2_000_000_000)).statusCode).toBe(404);
    // The creator may copy their own private plan.
    expect((await copied(ann, secret.id)).basedOn?.plan?.id).toBe(secret.id);
    expect((await getPlan(t, ann.token, secret.id)).templateUseCount).toBe(1);
  });

  it('keeps saying where a copy came from after the original turns private or is deleted', async () => {
    const original = await createPlan(t, ann.token);
    const copy = await copied(bob, original.id);

    await call(ann, {
      method: 'PUT',
      url: `/api/learning-plans/${original.id}`,
      payload: planBody({ isPublic: false }),
    });
    expect((await getPlan(t, bob.token, copy.id)).basedOn).toEqual({ plan: null, deleted: false });

    expect(
      (await call(ann, { method: 'DELETE', url: `/api/learning-plans/${original.id}` })).statusCode,
    ).toBe(204);
    const after = await getPlan(t, bob.token, copy.id);
    expect(after.basedOn).toEqual({ plan: null, deleted: true });
    expect(itemsOf(after)).toEqual(itemsOf(copy));
    // Ann's notification about the copy went with her plan.
    expect((await notificationsOf(ann)).some((n) => n.entityId === original.id)).toBe(false);
  });

  it('counts the copies that exist: a deleted copy no longer counts, and repair finds nothing to fix', async () => {
    const original = await createPlan(t, ann.token);
    const copies = await Promise.all(Array.from({ length: 8 }, () => copied(bob, original.id)));
    expect((await getPlan(t, ann.token, original.id)).templateUseCount).toBe(8);

    await call(bob, { method: 'DELETE', url: `/api/learning-plans/${copies[0]!.id}` });
    expect((await getPlan(t, ann.token, original.id)).templateUseCount).toBe(7);
    expect((await repairCounters(t.db)).plans).toBe(0);

    await t.db.execute(sql`update learning_plans set template_use_count = 99 where id = ${original.id}`);
    expect((await repairCounters(t.db)).plans).toBe(1);
    expect((await getPlan(t, ann.token, original.id)).templateUseCount).toBe(7);
  });

  it('copies in the same number of statements for a plan of one topic or of many', async () => {
    const small = await createPlan(t, ann.token, {
      topics: [{ title: 'Only', resources: [] }],
    });
    const large = await createPlan(t, ann.token, {
      topics: Array.from({ length: 12 }, (_, i) => ({
        title: `Topic ${i}`,
        resources: Array.from({ length: 4 }, (_, j) => ({
          title: `Resource ${i}.${j}`,
          url: `https://example.com/${i}/${j}`,
          type: 'ARTICLE' as const,
        })),
      })),
    });
    const one = await t.queries.count(() => copy(bob, small.id));
    const many = await t.queries.count(() => copy(bob, large.id));
    expect(one.result.statusCode).toBe(201);
    expect(many.result.statusCode).toBe(201);
    expect(itemsOf(many.result.json())).toEqual(itemsOf(large));
    expect(many.statements).toBe(one.statements);
  });

  it('leaves uploaded files out: the copied PDF waits for a file of its own, and the original keeps its file', async () => {
    const original = await createPlan(t, ann.token, {
      topics: [{ title: 'Reading', resources: [{ title: 'Slides', type: 'PDF' }] }],
    });
    const topic = original.topics[0]!;
    const { payload, headers } = multipart([
      { name: 'resourceId', data: String(topic.resources[0]!.id) },
      { ...filePart('doc.pdf'), name: 'file' },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/learning-plans/${original.id}/topics/${topic.id}/resources/upload`,
      payload,
      headers: { ...headers, ...bearer(ann.token) },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const files = () => readdirSync(path.join(t.dataDir, 'media', 'plans'));
    const before = files();

    const copy = await copied(bob, original.id);
    expect(copy.topics[0]!.resources[0]).toMatchObject({ title: 'Slides', type: 'PDF', url: '' });
    await call(bob, { method: 'DELETE', url: `/api/learning-plans/${copy.id}` });
    expect(files()).toEqual(before);
    expect((await getPlan(t, ann.token, original.id)).topics[0]!.resources[0]!.url).toBe(
      upload.json().fileUrl,
    );
  });
});
