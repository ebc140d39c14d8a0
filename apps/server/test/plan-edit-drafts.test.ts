import {
  DRAFT_LIMITS,
  DRAFT_MESSAGES,
  type Draft,
  type LearningPlan,
  PLAN_MESSAGES,
} from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import type { TestApp } from './helpers/app.js';
import { createPlan, getPlan } from './helpers/plans.js';
import { callAs } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

const call = (account: TestAccount | null, request: InjectOptions) => callAs(t, account, request);

/** The plan editor's draft of changes to `plan`: its title changed, its topics kept by their ids. */
const editOf = (plan: LearningPlan, title: string) => ({
  kind: 'PLAN',
  planId: plan.id,
  fields: {
    title,
    description: plan.description,
    category: plan.category,
    isPublic: plan.isPublic,
    estimatedDays: plan.estimatedDays,
    startDate: plan.startDate,
    targetCompletionDate: plan.targetCompletionDate,
    tags: [],
    topics: plan.topics.map((topic, topicIndex) => ({
      id: topic.id,
      title: `${topic.title}, again`,
      description: topic.description,
      orderIndex: topicIndex,
      prerequisiteTopicIndexes: [],
      resources: topic.resources.map((resource, orderIndex) => ({ ...resource, orderIndex })),
    })),
  },
});

async function save(account: TestAccount, body: object, status = 201): Promise<Draft> {
  const res = await call(account, { method: 'POST', url: '/api/drafts', payload: body });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const draftOfPlan = (account: TestAccount | null, planId: number) =>
  call(account, { url: `/api/drafts/plans/${planId}` });

describe('drafts of changes to a plan', () => {
  it('keeps one draft per plan, found by the plan, listed as an edit of it, the plan untouched', async () => {
    const plan = await createPlan(t, ann.token, { title: 'Rust in a month' });
    const first = await save(ann, editOf(plan, 'Rust in a mo'));
    expect(first).toMatchObject({ kind: 'PLAN', planId: plan.id, fields: { title: 'Rust in a mo' } });
    // Another device saving the same plan's changes replaces them: still one draft.
    const second = await save(ann, editOf(plan, 'Rust in a month, slowly'));
    expect(second.id).toBe(first.id);

    const found = await draftOfPlan(ann, plan.id);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: first.id, planId: plan.id });
    expect(found.json().fields.title).toBe('Rust in a month, slowly');
    expect(found.json().fields.topics[0].id).toBe(plan.topics[0]!.id);

    const listed = (await call(ann, { url: '/api/drafts' })).json().content;
    expect(listed.filter((draft: Draft) => draft.id === first.id)).toEqual([
      expect.objectContaining({ kind: 'PLAN', planId: plan.id, title: 'Rust in a month, slowly' }),
    ]);
    // Nothing of it shows on the plan until it is saved.
    expect((await getPlan(t, bob.token, plan.id)).title).toBe('Rust in a month');
    expect((await getPlan(t, ann.token, plan.id)).title).toBe('Rust in a month');

    const put = await call(ann, {
      method: 'PUT',
      url: `/api/drafts/${first.id}`,
      payload: editOf(plan, 'Rust, the whole of it'),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().planId).toBe(plan.id);
    const other = await createPlan(t, ann.token);
    const moved = await call(ann, {
      method: 'PUT',
      url: `/api/drafts/${first.id}`,
      payload: editOf(other, 'Elsewhere'),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(DRAFT_MESSAGES.planChanged);
    expect((await draftOfPlan(ann, other.id)).statusCode).toBe(404);
  });

  it('is its writer’s alone: nobody else drafts, reads or finds changes to a plan', async () => {
    const plan = await createPlan(t, ann.token);
    const secret = await createPlan(t, ann.token, { isPublic: false });
    await save(ann, editOf(plan, 'Secret new title'));

    const notFound = await draftOfPlan(bob, plan.id);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe(DRAFT_MESSAGES.draftNotFound);
    expect((await draftOfPlan(null, plan.id)).statusCode).toBe(401);
    expect((await call(bob, { url: '/api/drafts' })).body).not.toContain('Secret new title');

    const forbidden = await call(bob, { method: 'POST', url: '/api/drafts', payload: editOf(plan, 'Mine') });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(PLAN_MESSAGES.cannotEdit);
    // A plan Bob may not see is not found, as it is for every other change.
    for (const planId of [secret.id, 2_000_000]) {
      const res = await call(bob, {
        method: 'POST',
        url: '/api/drafts',
        payload: { ...editOf(secret, 'Mine'), planId },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PLAN_MESSAGES.planNotFound);
    }
    const invalid = await call(ann, {
      method: 'POST',
      url: '/api/drafts',
      payload: { ...editOf(plan, 'x'), planId: 0 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(DRAFT_MESSAGES.invalidPlanId);
    expect((await call(ann, { url: '/api/drafts/plans/abc' })).json().message).toBe(
      PLAN_MESSAGES.invalidPlanId,
    );
  });

  it('counts and notifies nothing, and goes with its plan', async () => {
    const plan = await createPlan(t, ann.token);
    const before = (await call(ann, { url: '/api/notifications' })).body;
    const bobsBefore = (await call(bob, { url: '/api/notifications' })).body;
    const draft = await save(ann, editOf(plan, 'Quokka Zanzibar'));
    expect((await call(ann, { url: '/api/notifications' })).body).toBe(before);
    expect((await call(bob, { url: '/api/notifications' })).body).toBe(bobsBefore);
    expect((await call(bob, { url: '/api/search?q=quokka' })).body).not.toContain('Zanzibar');
    expect((await call(bob, { url: `/api/users/${ann.user.id}/activity` })).body).not.toContain('Zanzibar');

    expect((await call(ann, { method: 'DELETE', url: `/api/learning-plans/${plan.id}` })).statusCode).toBe(
      204,
    );
    expect((await call(ann, { url: `/api/drafts/${draft.id}` })).statusCode).toBe(404);
  });

  it('publishes the changes to the plan, keeping its topics and their progress, and is gone', async () => {
    const plan = await createPlan(t, ann.token);
    const topicId = plan.topics[0]!.id;
    const progress = await call(bob, {
      method: 'PATCH',
      url: `/api/learning-plans/${plan.id}/topics/${topicId}/user-progress?status=COMPLETED`,
    });
    expect(progress.statusCode, progress.body).toBe(200);
    const draft = await save(ann, editOf(plan, 'Learn Rust, edited'));

    const res = await call(ann, { method: 'POST', url: `/api/drafts/${draft.id}/publish` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ kind: 'PLAN', id: plan.id });
    const edited = await getPlan(t, bob.token, plan.id);
    expect(edited.title).toBe('Learn Rust, edited');
    expect(edited.topics.map((topic) => topic.id)).toEqual(plan.topics.map((topic) => topic.id));
    expect(edited.topics[0]).toMatchObject({ title: 'Ownership, again', completionStatus: 'COMPLETED' });
    expect((await draftOfPlan(ann, plan.id)).statusCode).toBe(404);
  });

  it(`replaces a plan's draft even at ${DRAFT_LIMITS.perPerson} drafts, and starts none past them`, async () => {
    const kim = await signUp(t, { name: 'Kim' });
    const [plan, other] = [await createPlan(t, kim.token), await createPlan(t, kim.token)];
    await save(kim, editOf(plan, 'First'));
    await t.db.execute(sql`insert into drafts (user_id, kind, fields)
      select ${kim.user.id}, 'POST', '{}'::jsonb from generate_series(1, ${DRAFT_LIMITS.perPerson - 1})`);
    expect((await save(kim, editOf(plan, 'Second'))).fields.title).toBe('Second');
    const refused = await call(kim, {
      method: 'POST',
      url: '/api/drafts',
      payload: editOf(other, 'No room'),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DRAFT_MESSAGES.tooMany);
  });

  it('finds a plan’s draft in one statement', async () => {
    const plan = await createPlan(t, ann.token);
    await save(ann, editOf(plan, 'Counted'));
    const read = await t.queries.count(() => draftOfPlan(ann, plan.id));
    expect(read.result.statusCode).toBe(200);
    expect(read.statements).toBe(1);
  });
});
