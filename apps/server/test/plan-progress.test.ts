import type { LearningPlan } from '@pathwise/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resourceCompletions, topicProgress } from '../src/db/schema/index.js';
import { createEventBus, type DomainEvent } from '../src/lib/events.js';
import { completionPercentage } from '../src/modules/plans/index.js';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPlan, getPlan, setResourceCompleted, setTopicStatus } from './helpers/plans.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
let plan: LearningPlan;
const published: DomainEvent[] = [];

// Three topics: the first with two resources (one of 25 minutes), the others without.
const topics = [
  {
    title: 'Ownership',
    resources: [
      { title: 'Chapter 4', url: 'https://book.example.com/4', type: 'BOOK' as const },
      {
        title: 'Borrowing video',
        url: 'https://video.example.com/b',
        type: 'VIDEO' as const,
        durationMinutes: 25,
      },
    ],
  },
  { title: 'Traits', resources: [] },
  { title: 'Async', resources: [] },
];

beforeAll(async () => {
  const events = createEventBus();
  const record = async (_tx: unknown, event: DomainEvent) => {
    published.push(event);
  };
  events.subscribe('progress.topic', record);
  events.subscribe('progress.resource', record);
  t = await createTestApp({ events });
  ann = await signUp(t, { name: 'Ann' });
  bob = await signUp(t, { name: 'Bob' });
});
afterAll(() => t.close());
beforeEach(async () => {
  plan = await createPlan(t, ann.token, { topics });
  published.length = 0;
});

const ownership = () => plan.topics[0]!;
const resource = (index: number) => ({
  topicId: ownership().id,
  resourceId: ownership().resources[index]!.id,
});
const statuses = (seen: LearningPlan) => seen.topics.map((topic) => topic.completionStatus);

describe('topic status', () => {
  it('can be set to any value freely; the response is the plan with the new percentage, rounded', async () => {
    const [first, second, third] = plan.topics.map((topic) => topic.id) as [number, number, number];
    const res = await setTopicStatus(t, bob.token, plan, second, 'COMPLETED');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: plan.id, completedTopics: 1, completionPercentage: 33.3 });
    await setTopicStatus(t, bob.token, plan, third, 'COMPLETED');
    expect(await getPlan(t, bob.token, plan.id)).toMatchObject({
      completedTopics: 2,
      // Rounded to the nearest tenth, not cut.
      completionPercentage: 66.7,
    });
    await setTopicStatus(t, bob.token, plan, first, 'COMPLETED');
    expect(await getPlan(t, bob.token, plan.id)).toMatchObject({
      completedTopics: 3,
      completionPercentage: 100,
    });
    await setTopicStatus(t, bob.token, plan, first, 'IN_PROGRESS');
    await setTopicStatus(t, bob.token, plan, third, 'NOT_STARTED');
    const seen = await getPlan(t, bob.token, plan.id);
    expect(statuses(seen)).toEqual(['IN_PROGRESS', 'COMPLETED', 'NOT_STARTED']);
    expect(seen.topics[0]!.resources.map((r) => r.isCompleted)).toEqual([false, false]);
  });

  it('publishes each change with the new percentage and stores its time; repeating a status changes nothing', async () => {
    const before = new Date();
    await setTopicStatus(t, bob.token, plan, plan.topics[1]!.id, 'COMPLETED');
    await setTopicStatus(t, bob.token, plan, plan.topics[1]!.id, 'COMPLETED');
    expect(published).toEqual([
      {
        type: 'progress.topic',
        userId: bob.user.id,
        planId: plan.id,
        topicId: plan.topics[1]!.id,
        topicTitle: 'Traits',
        status: 'COMPLETED',
        percentage: 33.3,
      },
    ]);
    const [row] = await t.db
      .select()
      .from(topicProgress)
      .where(and(eq(topicProgress.userId, bob.user.id), eq(topicProgress.topicId, plan.topics[1]!.id)));
    expect(row!.status).toBe('COMPLETED');
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('refuses an unknown status, a topic of another plan, a missing plan and a private plan of someone else', async () => {
    const bad = await setTopicStatus(t, bob.token, plan, ownership().id, 'DONE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status must be NOT_STARTED, IN_PROGRESS, COMPLETED or SKIPPED');
    const other = await createPlan(t, ann.token);
    const foreign = await setTopicStatus(t, bob.token, plan, other.topics[0]!.id, 'COMPLETED');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Topic not found in this learning plan');
    const missing = await setTopicStatus(t, bob.token, { ...plan, id: 987654 }, ownership().id, 'COMPLETED');
    expect(missing.json().message).toBe('Learning plan not found');
    const hidden = await createPlan(t, ann.token, { isPublic: false });
    const invisible = await setTopicStatus(t, bob.token, hidden, hidden.topics[0]!.id, 'COMPLETED');
    expect(invisible.statusCode).toBe(404);
    expect(invisible.json().message).toBe('Learning plan not found');
    expect(published).toEqual([]);
  });

  it('lets the creator track progress on their own private plan', async () => {
    const hidden = await createPlan(t, ann.token, { isPublic: false, topics });
    const res = await setTopicStatus(t, ann.token, hidden, hidden.topics[2]!.id, 'IN_PROGRESS');
    expect(res.statusCode).toBe(200);
    expect(statuses(res.json())).toEqual(['NOT_STARTED', 'NOT_STARTED', 'IN_PROGRESS']);
  });
});

describe('resource completion', () => {
  it('starts a topic with its first resource, completes it with the last, reopens it when one is undone', async () => {
    const first = await setResourceCompleted(t, bob.token, plan, resource(0), true);
    expect(first.statusCode).toBe(200);
    expect(first.json().topics[0]).toMatchObject({
      completionStatus: 'IN_PROGRESS',
      resources: [{ isCompleted: true }, { isCompleted: false }],
    });
    const last = (await setResourceCompleted(t, bob.token, plan, resource(1), true)).json();
    expect(statuses(last)).toEqual(['COMPLETED', 'NOT_STARTED', 'NOT_STARTED']);
    expect(last).toMatchObject({ completedTopics: 1, completionPercentage: 33.3 });
    const undone = (await setResourceCompleted(t, bob.token, plan, resource(0), false)).json();
    expect(undone.topics[0]).toMatchObject({
      completionStatus: 'IN_PROGRESS',
      resources: [{ isCompleted: false }, { isCompleted: true }],
    });
    expect(undone).toMatchObject({ completedTopics: 0, completionPercentage: 0 });
  });

  it('completes the topic when its last two resources are ticked at the same moment', async () => {
    const responses = await Promise.all([
      setResourceCompleted(t, bob.token, plan, resource(0), true),
      setResourceCompleted(t, bob.token, plan, resource(1), true),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(statuses(await getPlan(t, bob.token, plan.id))[0]).toBe('COMPLETED');
    expect(published.filter((event) => event.type === 'progress.topic')).toHaveLength(1);
  });

  it('leaves a status the user chose when it does not follow from the resources', async () => {
    await setTopicStatus(t, bob.token, plan, ownership().id, 'COMPLETED');
    await setResourceCompleted(t, bob.token, plan, resource(0), true);
    expect(statuses(await getPlan(t, bob.token, plan.id))[0]).toBe('COMPLETED');
    await setResourceCompleted(t, bob.token, plan, resource(0), false);
    await setTopicStatus(t, bob.token, plan, ownership().id, 'NOT_STARTED');
    await setResourceCompleted(t, bob.token, plan, resource(1), false);
    expect(statuses(await getPlan(t, bob.token, plan.id))[0]).toBe('NOT_STARTED');
  });

  it('publishes progress.resource with minutes and percentage, and progress.topic when it completes the topic', async () => {
    await setResourceCompleted(t, bob.token, plan, resource(0), true);
    await setResourceCompleted(t, bob.token, plan, resource(0), true);
    await setResourceCompleted(t, bob.token, plan, resource(1), true);
    const change = { userId: bob.user.id, planId: plan.id, topicId: ownership().id, topicTitle: 'Ownership' };
    expect(published).toEqual([
      {
        type: 'progress.resource',
        ...change,
        resourceId: resource(0).resourceId,
        resourceTitle: 'Chapter 4',
        completed: true,
        durationMinutes: null,
        percentage: 0,
      },
      {
        type: 'progress.resource',
        ...change,
        resourceId: resource(1).resourceId,
        resourceTitle: 'Borrowing video',
        completed: true,
        durationMinutes: 25,
        percentage: 33.3,
      },
      { type: 'progress.topic', ...change, status: 'COMPLETED', percentage: 33.3 },
    ]);
    const rows = await t.db
      .select()
      .from(resourceCompletions)
      .where(eq(resourceCompletions.userId, bob.user.id));
    expect(rows.filter((row) => row.completedAt instanceof Date)).toHaveLength(rows.length);
  });

  it('refuses a bad flag, a resource of another topic and a private plan of someone else', async () => {
    const bad = await setResourceCompleted(t, bob.token, plan, resource(0), 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('isCompleted must be true or false');
    const foreign = await setResourceCompleted(
      t,
      bob.token,
      plan,
      { topicId: plan.topics[1]!.id, resourceId: resource(0).resourceId },
      true,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Resource not found in this topic');
    const hidden = await createPlan(t, ann.token, { isPublic: false, topics });
    const hiddenIds = { topicId: hidden.topics[0]!.id, resourceId: hidden.topics[0]!.resources[0]!.id };
    const invisible = await setResourceCompleted(t, bob.token, hidden, hiddenIds, true);
    expect(invisible.statusCode).toBe(404);
    expect(published).toEqual([]);
    expect((await getPlan(t, bob.token, plan.id)).topics[0]!.resources[0]!.isCompleted).toBe(false);
  });
});

describe('progress is per user', () => {
  it("two users' progress on one plan is independent, and the creator's plan rows are untouched", async () => {
    await setResourceCompleted(t, bob.token, plan, resource(0), true);
    await setTopicStatus(t, bob.token, plan, plan.topics[1]!.id, 'COMPLETED');
    await setTopicStatus(t, ann.token, plan, plan.topics[2]!.id, 'IN_PROGRESS');

    const bobSees = await getPlan(t, bob.token, plan.id);
    const annSees = await getPlan(t, ann.token, plan.id);
    expect(statuses(bobSees)).toEqual(['IN_PROGRESS', 'COMPLETED', 'NOT_STARTED']);
    expect(bobSees.topics[0]!.resources[0]!.isCompleted).toBe(true);
    expect(bobSees).toMatchObject({ completedTopics: 1, completionPercentage: 33.3 });
    expect(statuses(annSees)).toEqual(['NOT_STARTED', 'NOT_STARTED', 'IN_PROGRESS']);
    expect(annSees.topics[0]!.resources[0]!.isCompleted).toBe(false);
    expect(annSees).toMatchObject({ completedTopics: 0, completionPercentage: 0 });
    const cara = await signUp(t, { name: 'Cara' });
    expect((await getPlan(t, cara.token, plan.id)).completionPercentage).toBe(0);
  });

  it('a plan without topics reads 0 percent', async () => {
    // Only reachable through the data model: the API always requires a topic.
    const { planTopics } = await import('../src/db/schema/index.js');
    await t.db.delete(planTopics).where(eq(planTopics.planId, plan.id));
    expect(await getPlan(t, bob.token, plan.id)).toMatchObject({
      topics: [],
      completionPercentage: 0,
      completedTopics: 0,
    });
  });
});

describe('the completion percentage', () => {
  it('is rounded to the nearest tenth, yet reads 100 and 0 only when exactly so', () => {
    expect(completionPercentage(2, 3)).toBe(66.7);
    expect(completionPercentage(1, 3)).toBe(33.3);
    expect(completionPercentage(1999, 2000)).toBe(99.9);
    expect(completionPercentage(1, 2000)).toBe(0.1);
    expect(completionPercentage(3, 3)).toBe(100);
    expect(completionPercentage(0, 3)).toBe(0);
    expect(completionPercentage(0, 0)).toBe(0);
  });
});
