import {
  type Analytics,
  type Explore,
  type LearningPlan,
  PLAN_MAP_MESSAGES,
  PLAN_MESSAGES,
  type PlanBody,
  type PlanInProgress,
} from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPlan, getPlan, planBody, setTopicStatus } from './helpers/plans.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ config: { exploreCacheSeconds: 0 } });
  ann = await signUp(t, { name: 'Ann' });
  bob = await signUp(t, { name: 'Bob' });
});
afterAll(() => t.close());

const topic = (title: string, fields: Partial<PlanBody['topics'][number]> = {}) => ({
  title,
  resources: [],
  ...fields,
});

/** The plan as a PUT body, topics with their ids and the prerequisites the answer gave them. */
const bodyOf = (plan: LearningPlan): PlanBody =>
  planBody({
    topics: plan.topics.map((each) => ({
      id: each.id,
      title: each.title,
      resources: [],
      prerequisiteTopicIds: each.prerequisiteTopicIds,
    })),
  });

const put = (token: string, planId: number, body: PlanBody) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/learning-plans/${planId}`,
    headers: bearer(token),
    payload: body,
  });

/** Basics ← Ownership ← Traits, and Async needing both Ownership and Basics. */
const chain = () =>
  createPlan(t, ann.token, {
    topics: [
      topic('Basics'),
      topic('Ownership', { prerequisiteTopicIndexes: [0] }),
      topic('Traits', { prerequisiteTopicIndexes: [1] }),
      topic('Async', { prerequisiteTopicIndexes: [1, 0] }),
    ],
  });

describe('topic prerequisites', () => {
  it('are named by index on creation and answered as ids, in the plan’s order', async () => {
    const plan = await chain();
    const [basics, ownership, traits, async] = plan.topics;
    expect(basics!.prerequisiteTopicIds).toEqual([]);
    expect(ownership!.prerequisiteTopicIds).toEqual([basics!.id]);
    expect(traits!.prerequisiteTopicIds).toEqual([ownership!.id]);
    expect(async!.prerequisiteTopicIds).toEqual([basics!.id, ownership!.id]);
    // Anyone who can see the plan reads them.
    expect((await getPlan(t, bob.token, plan.id)).topics[3]!.prerequisiteTopicIds).toEqual([
      basics!.id,
      ownership!.id,
    ]);
  });

  it('are replaced by a PUT by id or index, kept topics keeping their ids, and go with a removed topic', async () => {
    const plan = await chain();
    const [basics, ownership, traits] = plan.topics;
    const body = bodyOf(plan);
    // Traits now needs Basics only; a new topic at index 4 needs Traits; Async is removed.
    body.topics = [
      { ...body.topics[0]! },
      { ...body.topics[1]! },
      { ...body.topics[2]!, prerequisiteTopicIds: [basics!.id] },
      topic('Macros', { prerequisiteTopicIds: [traits!.id], prerequisiteTopicIndexes: [1] }),
    ];
    const res = await put(ann.token, plan.id, body);
    expect(res.statusCode).toBe(200);
    const saved = res.json() as LearningPlan;
    expect(saved.topics.map((each) => each.id).slice(0, 3)).toEqual([basics!.id, ownership!.id, traits!.id]);
    expect(saved.topics.map((each) => each.prerequisiteTopicIds)).toEqual([
      [],
      [basics!.id],
      [basics!.id],
      [ownership!.id, traits!.id],
    ]);
    expect((await getPlan(t, ann.token, plan.id)).topics).toEqual(saved.topics);
  });

  it('are kept by a PUT that leaves them out (a client that knows nothing of them)', async () => {
    const plan = await chain();
    const body = bodyOf(plan);
    body.topics = body.topics.map(({ prerequisiteTopicIds: _ids, ...rest }) => rest);
    body.topics.push(topic('Macros'));
    const res = await put(ann.token, plan.id, body);
    expect(res.statusCode).toBe(200);
    const saved = res.json() as LearningPlan;
    expect(saved.topics.map((each) => each.prerequisiteTopicIds)).toEqual([
      ...plan.topics.map((each) => each.prerequisiteTopicIds),
      [],
    ]);
  });

  it('refuse a circle with a 400 naming it, and change nothing', async () => {
    const plan = await chain();
    const body = bodyOf(plan);
    body.topics[0] = { ...body.topics[0]!, prerequisiteTopicIds: [plan.topics[2]!.id] };
    const res = await put(ann.token, plan.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PLAN_MAP_MESSAGES.prerequisiteCycle(['Basics', 'Traits', 'Ownership']));
    expect(await getPlan(t, ann.token, plan.id)).toEqual(plan);
  });

  it('refuse a topic needing itself, by id or by index', async () => {
    const plan = await chain();
    const byId = bodyOf(plan);
    byId.topics[1] = { ...byId.topics[1]!, prerequisiteTopicIds: [plan.topics[1]!.id] };
    const res = await put(ann.token, plan.id, byId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PLAN_MAP_MESSAGES.selfPrerequisite('Ownership'));

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/learning-plans',
      headers: bearer(ann.token),
      payload: planBody({ topics: [topic('Only', { prerequisiteTopicIndexes: [0] })] }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(PLAN_MAP_MESSAGES.selfPrerequisite('Only'));
  });

  it('refuse a topic of another plan, one the edit removes and an index past the end', async () => {
    const plan = await chain();
    const other = await createPlan(t, ann.token);
    const foreign = bodyOf(plan);
    foreign.topics[0] = { ...foreign.topics[0]!, prerequisiteTopicIds: [other.topics[0]!.id] };
    const res = await put(ann.token, plan.id, foreign);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PLAN_MAP_MESSAGES.foreignPrerequisite(`topic ${other.topics[0]!.id}`));

    const removed = bodyOf(plan);
    removed.topics = removed.topics.slice(1).map((each) => ({ ...each, prerequisiteTopicIds: [] }));
    removed.topics[0]!.prerequisiteTopicIds = [plan.topics[0]!.id];
    expect((await put(ann.token, plan.id, removed)).statusCode).toBe(400);

    const pastEnd = bodyOf(plan);
    pastEnd.topics[0] = { ...pastEnd.topics[0]!, prerequisiteTopicIndexes: [4] };
    const end = await put(ann.token, plan.id, pastEnd);
    expect(end.statusCode).toBe(400);
    expect(end.json().message).toBe(PLAN_MAP_MESSAGES.foreignPrerequisite('at index 4'));
    expect(await getPlan(t, ann.token, plan.id)).toEqual(plan);
  });

  it('are copied with the topics by "Use as template"', async () => {
    const plan = await chain();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/learning-plans/${plan.id}/copies`,
      headers: bearer(bob.token),
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json() as LearningPlan;
    const positions = (seen: LearningPlan) =>
      seen.topics.map((each) =>
        each.prerequisiteTopicIds.map((id) => seen.topics.findIndex((other) => other.id === id)),
      );
    expect(positions(copy)).toEqual([[], [0], [1], [0, 1]]);
    expect(positions(copy)).toEqual(positions(plan));
    expect(copy.topics.map((each) => each.id)).not.toContain(plan.topics[0]!.id);
  });

  it('cost no SQL statement more to read', async () => {
    const withThem = await chain();
    const without = await createPlan(t, ann.token, {
      topics: [topic('Basics'), topic('Ownership'), topic('Traits'), topic('Async')],
    });
    const read = (planId: number) => t.queries.count(() => getPlan(t, bob.token, planId));
    const [plain, linked] = [await read(without.id), await read(withThem.id)];
    expect(linked.statements).toBe(plain.statements);
    expect(linked.statements).toBeLessThanOrEqual(2);
    const list = () =>
      t.queries.count(() =>
        t.app.inject({ url: `/api/learning-plans/user/${ann.user.id}`, headers: bearer(bob.token) }),
      );
    const before = await list();
    await chain();
    const after = await list();
    expect(after.statements).toBe(before.statements);
  });
});

describe('a skipped topic', () => {
  it('is left out of the percentage everywhere: plan, list, feed, analytics and Explore', async () => {
    const learner = await signUp(t, { name: 'Lee' });
    const plan = await createPlan(t, ann.token, {
      topics: [topic('One'), topic('Two'), topic('Three'), topic('Four')],
    });
    const [one, two, three] = plan.topics;
    expect((await setTopicStatus(t, learner.token, plan, one!.id, 'COMPLETED')).statusCode).toBe(200);
    const skipped = await setTopicStatus(t, learner.token, plan, two!.id, 'SKIPPED');
    expect(skipped.statusCode).toBe(200);
    // 1 done of the 3 not skipped.
    const seen = await getPlan(t, learner.token, plan.id);
    expect(seen.topics[1]!.completionStatus).toBe('SKIPPED');
    expect(seen).toMatchObject({ completionPercentage: 33.3, completedTopics: 1, skippedTopics: 1 });

    const read = async <T>(url: string) => {
      const res = await t.app.inject({ url, headers: bearer(learner.token) });
      expect(res.statusCode).toBe(200);
      return res.json() as T;
    };
    const inList = (await read<{ content: LearningPlan[] }>(`/api/learning-plans/user/${ann.user.id}`))
      .content;
    expect(inList.find((each) => each.id === plan.id)).toMatchObject({ completionPercentage: 33.3 });

    const inProgress = await read<PlanInProgress[]>('/api/feed/plans-in-progress');
    expect(inProgress.find((each) => each.id === plan.id)).toMatchObject({
      completionPercentage: 33.3,
      completedTopics: 1,
      totalTopics: 4,
      skippedTopics: 1,
    });

    const today = new Date().toISOString().slice(0, 10);
    const analyticsUrl = `/api/analytics?startDate=${today}&endDate=${today}&tz=UTC`;
    const analytics = await read<Analytics>(analyticsUrl);
    expect(analytics.learningPlans.find((each) => each.id === plan.id)).toMatchObject({
      completionPercentage: 33.3,
    });
    expect(analytics.summary.averageCompletionRate).toBe(33.3);

    const explore = await read<Explore>('/api/explore');
    const card = explore.mostLearned.find((each) => each.learningPlan.id === plan.id);
    expect(card?.learningPlan).toMatchObject({ completionPercentage: 33.3, skippedTopics: 1 });

    // Completing what is left makes it 100 % and no longer in progress, with the skipped topic not done.
    await setTopicStatus(t, learner.token, plan, three!.id, 'COMPLETED');
    await setTopicStatus(t, learner.token, plan, plan.topics[3]!.id, 'COMPLETED');
    expect(await getPlan(t, learner.token, plan.id)).toMatchObject({ completionPercentage: 100 });
    const after = await read<PlanInProgress[]>('/api/feed/plans-in-progress');
    expect(after.some((each) => each.id === plan.id)).toBe(false);
    expect((await read<Analytics>(analyticsUrl)).summary.completedLearningPlans).toBe(1);
  });

  it('is refused with the contract’s message for an unknown status', async () => {
    const plan = await createPlan(t, ann.token);
    const res = await setTopicStatus(t, bob.token, plan, plan.topics[0]!.id, 'LATER');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PLAN_MESSAGES.invalidStatus);
  });
});
