import type { LearningPlan } from '@pathwise/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareColumnRows } from '../src/db/column-rows.js';
import { planResources, planTopics, resourceCompletions, users } from '../src/db/schema/index.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { planBody } from './helpers/plans.js';

let t: TestApp;
let ann: TestAccount;
let plan: LearningPlan;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/learning-plans',
    headers: bearer(ann.token),
    payload: planBody(),
  });
  plan = created.json();
  const [firstTopic] = plan.topics;
  const [, video] = firstTopic!.resources;
  // One resource completed: the other rows have nulls where the viewer has no completion.
  const completed = await t.app.inject({
    method: 'PATCH',
    url:
      `/api/learning-plans/${plan.id}/topics/${firstTopic!.id}` +
      `/resources/${video!.id}/user-progress?isCompleted=true`,
    headers: bearer(ann.token),
  });
  expect(completed.statusCode).toBe(200);
});
afterAll(() => t.close());

const columns = {
  topicId: planTopics.id,
  topicTitle: planTopics.title,
  topicDescription: planTopics.description,
  resourceId: planResources.id,
  type: planResources.type,
  durationMinutes: planResources.durationMinutes,
  completedAt: resourceCompletions.completedAt,
  createdAt: users.createdAt,
};

type Value = number | ReturnType<typeof sql.placeholder>;
const selectItems = (viewerId: Value, planId: Value) =>
  t.db
    .select(columns)
    .from(planTopics)
    .innerJoin(users, eq(users.id, ann.user.id))
    .leftJoin(planResources, eq(planResources.topicId, planTopics.id))
    .leftJoin(
      resourceCompletions,
      and(eq(resourceCompletions.resourceId, planResources.id), eq(resourceCompletions.userId, viewerId)),
    )
    .where(eq(planTopics.planId, planId))
    .orderBy(asc(planTopics.orderIndex), asc(planResources.orderIndex));

describe('rows mapped by their columns', () => {
  it("are the rows Drizzle's own mapping gives, nulls, enums, numbers and timestamps alike", async () => {
    const items = prepareColumnRows(
      t.db,
      selectItems(sql.placeholder('viewerId'), sql.placeholder('planId')),
      'test_column_rows',
    );
    const mapped = await items({ viewerId: ann.user.id, planId: plan.id });
    const byDrizzle = await selectItems(ann.user.id, plan.id);

    expect(mapped).toEqual(byDrizzle);
    expect(mapped.map((row) => [row.topicTitle, row.type, row.durationMinutes])).toEqual([
      ['Ownership', 'BOOK', null],
      ['Ownership', 'VIDEO', 25],
      ['Traits', null, null],
    ]);
    expect(mapped.map((row) => row.completedAt === null)).toEqual([true, false, true]);
    // The same statement answers other values: the placeholders are filled at each run.
    expect(await items({ viewerId: ann.user.id, planId: plan.id + 1000 })).toEqual([]);
  });

  it('refuses a selection with a field that is not a column', () => {
    const withExpression = { ...columns, isMine: sql<boolean>`true` };
    expect(() =>
      prepareColumnRows(t.db, t.db.select(withExpression).from(planTopics), 'test_refused'),
    ).toThrow('test_refused: isMine is not a column');
  });
});
