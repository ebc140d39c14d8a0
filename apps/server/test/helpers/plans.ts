import type { LearningPlan, PlanBody } from '@pathwise/contract';
import { bearer } from './accounts.js';
import type { TestApp } from './app.js';

/** A valid plan body: two topics, the first with two link resources. */
export function planBody(fields: Partial<PlanBody> = {}): PlanBody {
  return {
    title: 'Learn Rust',
    description: 'From ownership to async.',
    category: 'PROGRAMMING',
    isPublic: true,
    estimatedDays: 30,
    startDate: '2025-01-01',
    targetCompletionDate: '2025-02-01',
    topics: [
      {
        title: 'Ownership',
        description: 'Moves and borrows',
        orderIndex: 0,
        resources: [
          {
            title: 'The Book, ch. 4',
            url: 'https://doc.rust-lang.org/book/ch04-00.html',
            type: 'BOOK',
            orderIndex: 0,
          },
          {
            title: 'Borrowing video',
            url: 'https://videos.example.com/borrow',
            type: 'VIDEO',
            orderIndex: 1,
            durationMinutes: 25,
          },
        ],
      },
      { title: 'Traits', orderIndex: 1, resources: [] },
    ],
    ...fields,
  };
}

/** Creates a plan through the API as `token`'s user. */
export async function createPlan(t: Pick<TestApp, 'app'>, token: string, fields: Partial<PlanBody> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/learning-plans',
    headers: bearer(token),
    payload: planBody(fields),
  });
  if (res.statusCode !== 201) throw new Error(`plan creation failed: ${res.statusCode} ${res.body}`);
  return res.json() as LearningPlan;
}

/** A plan as `token`'s user sees it. */
export async function getPlan(t: Pick<TestApp, 'app'>, token: string, planId: number) {
  const res = await t.app.inject({ url: `/api/learning-plans/${planId}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`plan read failed: ${res.statusCode} ${res.body}`);
  return res.json() as LearningPlan;
}

/** Sets `token`'s user's status of a topic. */
export function setTopicStatus(
  t: Pick<TestApp, 'app'>,
  token: string,
  plan: LearningPlan,
  topicId: number,
  status: string,
) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/learning-plans/${plan.id}/topics/${topicId}/user-progress?status=${status}`,
    headers: bearer(token),
  });
}

/** Marks a resource completed or not for `token`'s user. */
export function setResourceCompleted(
  t: Pick<TestApp, 'app'>,
  token: string,
  plan: LearningPlan,
  ids: { topicId: number; resourceId: number },
  isCompleted: boolean | string,
) {
  return t.app.inject({
    method: 'PATCH',
    url:
      `/api/learning-plans/${plan.id}/topics/${ids.topicId}` +
      `/resources/${ids.resourceId}/user-progress?isCompleted=${isCompleted}`,
    headers: bearer(token),
  });
}
