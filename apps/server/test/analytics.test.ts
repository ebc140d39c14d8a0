import { ANALYTICS_MESSAGES, type Analytics } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import {
  insertPlan,
  recordActivity,
  type StoredPlan,
  storeCompletion,
  storeTopicStatus,
} from './helpers/history.js';
import { createPlan, setResourceCompleted } from './helpers/plans.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
/** Ann's: rust (50 % now), colour (private, untouched); her Go plan, created in February, stays untouched. */
let rust: StoredPlan;
let colour: StoredPlan;
/** Bob's public plan that Ann completed. */
let spanish: StoredPlan;

const RANGE = { startDate: '2024-01-29', endDate: '2024-02-04' };

/**
 * Ann's history, in UTC. In Europe/Paris (UTC+1) the 23:30 actions fall on the next day, so the
 * same history gives other days, streaks and hours there than in UTC.
 */
beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann' });
  bob = await signUp(t, { name: 'Bob' });
  const a = ann.user.id;
  const b = bob.user.id;

  rust = await insertPlan(t, {
    creatorId: a,
    title: 'Rust basics',
    category: 'PROGRAMMING',
    createdAt: '2024-01-01T08:00:00Z',
    topics: [[{ type: 'VIDEO', durationMinutes: 30 }, { type: 'ARTICLE' }], [{ type: 'BOOK' }]],
  });
  colour = await insertPlan(t, {
    creatorId: a,
    title: 'Colour theory',
    category: 'DESIGN',
    createdAt: '2024-01-02T08:00:00Z',
    isPublic: false,
    topics: [[{ type: 'COURSE', durationMinutes: 45 }]],
  });
  await insertPlan(t, {
    creatorId: a,
    title: 'Go basics',
    category: 'PROGRAMMING',
    createdAt: '2024-02-03T12:00:00Z',
    topics: [[{ type: 'VIDEO' }]],
  });
  spanish = await insertPlan(t, {
    creatorId: b,
    title: 'Spanish',
    category: 'LANGUAGE',
    createdAt: '2024-01-05T08:00:00Z',
    topics: [[{ type: 'OTHER' }], []],
  });
  // Bob's plans Ann does not count: one she never touched, one she tracked before it became private.
  await insertPlan(t, {
    creatorId: b,
    title: 'Algebra',
    category: 'MATH',
    createdAt: '2024-01-06T08:00:00Z',
    topics: [[]],
  });
  const hidden = await insertPlan(t, {
    creatorId: b,
    title: 'Hidden',
    category: 'HISTORY',
    createdAt: '2024-01-07T08:00:00Z',
    isPublic: false,
    topics: [[{ type: 'ARTICLE' }]],
  });

  const [t1, t2] = rust.topics;
  const [t4, t5] = spanish.topics;
  const progress = (planId: number, progressPercentage: number) =>
    ({ type: 'LEARNING_PROGRESS', planId, progressPercentage }) as const;
  const resource = (planId: number, topicId: number | null, resourceId: number | null, minutes?: number) =>
    ({ type: 'RESOURCE_COMPLETED', planId, topicId, resourceId, minutes: minutes ?? null }) as const;
  const topic = (planId: number, topicId: number) => ({ type: 'TOPIC_COMPLETED', planId, topicId }) as const;
  const history: [string, Parameters<typeof recordActivity>[3][]][] = [
    ['2024-01-10T23:30:00Z', [progress(spanish.id, 0)]],
    // R1 (30 min) completed, later un-completed: it no longer counts.
    ['2024-01-29T09:00:00Z', [resource(rust.id, t1!.id, t1!.resourceIds[0]!, 30), progress(rust.id, 0)]],
    // R2 (an article, 15 min by default) completes topic 1, which is later back in progress.
    [
      '2024-01-30T18:30:00Z',
      [resource(rust.id, t1!.id, t1!.resourceIds[1]!), topic(rust.id, t1!.id), progress(rust.id, 50)],
    ],
    ['2024-01-31T12:00:00Z', [progress(spanish.id, 0)]],
    [
      '2024-01-31T23:30:00Z',
      [
        resource(spanish.id, t4!.id, t4!.resourceIds[0]!),
        topic(spanish.id, t4!.id),
        progress(spanish.id, 50),
      ],
    ],
    // A book: 90 min by default; Rust reaches 100 %.
    [
      '2024-02-01T18:00:00Z',
      [resource(rust.id, t2!.id, t2!.resourceIds[0]!), topic(rust.id, t2!.id), progress(rust.id, 100)],
    ],
    ['2024-02-02T11:00:00Z', [progress(hidden.id, 0)]],
    ['2024-02-02T23:30:00Z', [topic(spanish.id, t5!.id), progress(spanish.id, 100)]],
    // A resource deleted since: its completion and recorded minutes stay.
    ['2024-02-03T10:00:00Z', [resource(spanish.id, null, null, 25)]],
    ['2024-02-04T10:00:00Z', [progress(rust.id, 50)]],
    ['2024-02-04T23:30:00Z', [progress(colour.id, 0)]],
  ];
  for (const [at, activities] of history) {
    for (const activity of activities) await recordActivity(t, a, at, activity);
  }
  await storeTopicStatus(t, a, t1!.id, 'IN_PROGRESS', '2024-02-04T10:00:00Z');
  await storeTopicStatus(t, a, t2!.id, 'COMPLETED', '2024-02-01T18:00:00Z');
  await storeTopicStatus(t, a, t4!.id, 'COMPLETED', '2024-01-31T23:30:00Z');
  await storeTopicStatus(t, a, t5!.id, 'COMPLETED', '2024-02-02T23:30:00Z');
  await storeTopicStatus(t, a, hidden.topics[0]!.id, 'IN_PROGRESS', '2024-02-02T11:00:00Z');
  await storeCompletion(t, a, t1!.resourceIds[1]!, '2024-01-30T18:30:00Z');
  await storeCompletion(t, a, t2!.resourceIds[0]!, '2024-02-01T18:00:00Z');
  await storeCompletion(t, a, t4!.resourceIds[0]!, '2024-01-31T23:30:00Z');

  // Bob completes a resource of Ann's public plan: his, not hers.
  await recordActivity(t, b, '2024-02-02T09:00:00Z', resource(rust.id, t1!.id, t1!.resourceIds[0]!, 30));
  await storeCompletion(t, b, t1!.resourceIds[0]!, '2024-02-02T09:00:00Z');
});
afterAll(() => t.close());

const request = (token: string | null, query: Record<string, string>) =>
  t.app.inject({
    url: `/api/analytics?${new URLSearchParams(query)}`,
    headers: token ? bearer(token) : {},
  });

async function analyticsOf(token: string, query: Record<string, string>): Promise<Analytics> {
  const res = await request(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const day = (date: string, resourcesCompleted: number, topicsCompleted: number, minutesSpent: number) => ({
  date,
  resourcesCompleted,
  topicsCompleted,
  minutesSpent,
});

describe('GET /api/analytics', () => {
  it("computes every figure from the user's plans and history, in their time zone", async () => {
    const body = await analyticsOf(ann.token, { ...RANGE, tz: 'Europe/Paris' });

    expect(body.summary).toEqual({
      totalLearningPlans: 4,
      completedLearningPlans: 1,
      inProgressLearningPlans: 1,
      totalTopics: 6,
      completedTopics: 3,
      completedResources: 3,
      totalResources: 6,
      averageCompletionRate: 37.5,
      learningDays: 6,
      longestStreak: 4,
    });
    expect(body.categoryStats).toEqual([
      { category: 'PROGRAMMING', count: 2, completionRate: 25 },
      { category: 'DESIGN', count: 1, completionRate: 0 },
      { category: 'LANGUAGE', count: 1, completionRate: 100 },
    ]);
    expect(body.dailyActivity).toEqual([
      day('2024-01-29', 0, 0, 0),
      day('2024-01-30', 1, 0, 15),
      day('2024-01-31', 0, 0, 0),
      day('2024-02-01', 2, 2, 105),
      day('2024-02-02', 0, 0, 0),
      day('2024-02-03', 1, 1, 25),
      day('2024-02-04', 0, 0, 0),
    ]);
    expect(body.monthlyProgress).toEqual([
      { date: '2024-01', progress: 16.7 },
      { date: '2024-02', progress: 37.5 },
    ]);
    expect(body.learningStats).toEqual({
      averageCompletionTime: 13.2,
      fastestCompletionTime: 3.4,
      mostActiveDays: ['Thursday'],
      mostActiveHours: '19:00 - 20:00',
      topCategories: ['PROGRAMMING', 'LANGUAGE'],
    });
    expect(body.timeByCategory).toEqual([
      { category: 'PROGRAMMING', timeSpent: 105 },
      { category: 'LANGUAGE', timeSpent: 40 },
    ]);
  });

  it('reads the same history in UTC: other days, a longer streak across the month end, other hours', async () => {
    const body = await analyticsOf(ann.token, { ...RANGE, tz: 'UTC' });

    expect(body.dailyActivity).toEqual([
      day('2024-01-29', 0, 0, 0),
      day('2024-01-30', 1, 0, 15),
      day('2024-01-31', 1, 1, 15),
      day('2024-02-01', 1, 1, 90),
      day('2024-02-02', 0, 1, 0),
      day('2024-02-03', 1, 0, 25),
      day('2024-02-04', 0, 0, 0),
    ]);
    expect(body.summary).toMatchObject({ learningDays: 7, longestStreak: 7, averageCompletionRate: 37.5 });
    expect(body.monthlyProgress).toEqual([
      { date: '2024-01', progress: 33.3 },
      { date: '2024-02', progress: 37.5 },
    ]);
    expect(body.learningStats).toEqual({
      averageCompletionTime: 13.2,
      fastestCompletionTime: 3.4,
      mostActiveDays: ['Wednesday'],
      mostActiveHours: '18:00 - 19:00',
      topCategories: ['PROGRAMMING', 'LANGUAGE', 'DESIGN'],
    });
    expect(body.timeByCategory).toEqual([
      { category: 'PROGRAMMING', timeSpent: 105 },
      { category: 'LANGUAGE', timeSpent: 40 },
    ]);
  });

  it('puts an action at 23:30 UTC on the next day in Asia/Tokyo; without tz the days are UTC’s', async () => {
    const tess = await signUp(t, { name: 'Tess' });
    const plan = await insertPlan(t, {
      creatorId: tess.user.id,
      title: 'Kanji',
      category: 'LANGUAGE',
      createdAt: '2024-03-01T08:00:00Z',
      topics: [[{ type: 'ARTICLE' }]],
    });
    const [topic] = plan.topics;
    const resourceId = topic!.resourceIds[0]!;
    // Sunday 10 March, 23:30 UTC: Monday 11 March, 08:30 in Tokyo.
    await recordActivity(t, tess.user.id, '2024-03-10T23:30:00Z', {
      type: 'RESOURCE_COMPLETED',
      planId: plan.id,
      topicId: topic!.id,
      resourceId,
      minutes: null,
    });
    await storeCompletion(t, tess.user.id, resourceId, '2024-03-10T23:30:00Z');
    const range = { startDate: '2024-03-10', endDate: '2024-03-11' };

    const tokyo = await analyticsOf(tess.token, { ...range, tz: 'Asia/Tokyo' });
    expect(tokyo.dailyActivity).toEqual([day('2024-03-10', 0, 0, 0), day('2024-03-11', 1, 0, 15)]);
    expect(tokyo.learningStats).toMatchObject({
      mostActiveDays: ['Monday'],
      mostActiveHours: '08:00 - 09:00',
    });

    const utc = await analyticsOf(tess.token, { ...range, tz: 'UTC' });
    expect(utc.dailyActivity).toEqual([day('2024-03-10', 1, 0, 15), day('2024-03-11', 0, 0, 0)]);
    expect(utc.learningStats).toMatchObject({ mostActiveDays: ['Sunday'], mostActiveHours: '23:00 - 00:00' });
    // Clients that do not send tz get exactly what they got before it existed.
    expect(await analyticsOf(tess.token, range)).toEqual(utc);
  });

  it('narrows the history figures to the range; plan figures describe now', async () => {
    const body = await analyticsOf(ann.token, {
      startDate: '2024-02-01',
      endDate: '2024-02-01',
      tz: 'Europe/Paris',
    });

    expect(body.dailyActivity).toEqual([day('2024-02-01', 2, 2, 105)]);
    expect(body.summary).toMatchObject({ totalLearningPlans: 4, learningDays: 1, longestStreak: 1 });
    // Only Rust reached 100 % that day; Go did not exist yet at its end.
    expect(body.learningStats).toMatchObject({ averageCompletionTime: 3.4, fastestCompletionTime: 3.4 });
    expect(body.monthlyProgress).toEqual([{ date: '2024-02', progress: 50 }]);
    expect(body.timeByCategory).toEqual([
      { category: 'PROGRAMMING', timeSpent: 90 },
      { category: 'LANGUAGE', timeSpent: 15 },
    ]);
  });

  it('gives each month touching the range, 0 before any counted plan existed', async () => {
    const body = await analyticsOf(ann.token, {
      startDate: '2023-12-15',
      endDate: '2024-02-04',
      tz: 'Europe/Paris',
    });

    expect(body.monthlyProgress).toEqual([
      { date: '2023-12', progress: 0 },
      { date: '2024-01', progress: 16.7 },
      { date: '2024-02', progress: 37.5 },
    ]);
    expect(body.dailyActivity).toHaveLength(52);
    // 10 January at 23:30 UTC is a learning day, the 11th, in Paris.
    expect(body.summary).toMatchObject({ learningDays: 7, longestStreak: 4 });
  });

  it('lists the counted plans with the viewer’s progress, highest completion first, in 3 statements', async () => {
    const { result: res, statements } = await t.queries.count(() =>
      request(ann.token, { ...RANGE, tz: 'Europe/Paris' }),
    );

    const plans = (res.json() as Analytics).learningPlans;
    expect(plans.map((plan) => [plan.title, plan.completionPercentage, plan.completedTopics])).toEqual([
      ['Spanish', 100, 2],
      ['Rust basics', 50, 1],
      ['Go basics', 0, 0],
      ['Colour theory', 0, 0],
    ]);
    expect(plans[1]!.topics.map((topic) => topic.completionStatus)).toEqual(['IN_PROGRESS', 'COMPLETED']);
    expect(statements).toBe(3);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("answers only the signed-in user's own figures", async () => {
    const body = await analyticsOf(bob.token, { ...RANGE, tz: 'Europe/Paris' });

    // Bob's own three plans and Ann's plan he tracked; his completion of its video on 2 February.
    expect(body.summary).toMatchObject({
      totalLearningPlans: 4,
      completedResources: 1,
      totalResources: 5,
      learningDays: 1,
    });
    expect(body.dailyActivity.find((entry) => entry.date === '2024-02-02')).toEqual(
      day('2024-02-02', 1, 0, 30),
    );
    expect(body.learningPlans.map((plan) => plan.title)).toEqual([
      'Hidden',
      'Algebra',
      'Spanish',
      'Rust basics',
    ]);
  });

  it('answers zeros and empty lists for a user without plans or history, in 1 statement', async () => {
    const newcomer = await signUp(t, { name: 'Newcomer' });
    const { result: res, statements } = await t.queries.count(() =>
      request(newcomer.token, { startDate: '2024-01-30', endDate: '2024-02-01' }),
    );

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      summary: {
        totalLearningPlans: 0,
        completedLearningPlans: 0,
        inProgressLearningPlans: 0,
        totalTopics: 0,
        completedTopics: 0,
        completedResources: 0,
        totalResources: 0,
        averageCompletionRate: 0,
        learningDays: 0,
        longestStreak: 0,
      },
      categoryStats: [],
      dailyActivity: [day('2024-01-30', 0, 0, 0), day('2024-01-31', 0, 0, 0), day('2024-02-01', 0, 0, 0)],
      monthlyProgress: [
        { date: '2024-01', progress: 0 },
        { date: '2024-02', progress: 0 },
      ],
      learningStats: {
        averageCompletionTime: null,
        fastestCompletionTime: null,
        mostActiveDays: [],
        mostActiveHours: null,
        topCategories: [],
      },
      timeByCategory: [],
      learningPlans: [],
    });
    expect(statements).toBe(1);
  });

  it('keeps the list to 10 plans and the statement count constant however many plans there are', async () => {
    const cara = await signUp(t, { name: 'Cara' });
    for (let index = 0; index < 12; index++) {
      await insertPlan(t, {
        creatorId: cara.user.id,
        title: `Plan ${index}`,
        category: 'SCIENCE',
        createdAt: `2024-01-${String(index + 10)}T08:00:00Z`,
        topics: [[{ type: 'ARTICLE' }]],
      });
    }
    const { result: res, statements } = await t.queries.count(() => request(cara.token, RANGE));

    const body = res.json() as Analytics;
    expect(body.summary.totalLearningPlans).toBe(12);
    expect(body.learningPlans.map((plan) => plan.title)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((index) => `Plan ${index}`),
    );
    expect(statements).toBe(3);
  });
});

describe('GET /api/analytics through the progress endpoints', () => {
  it('counts resources completed today with their estimated minutes, and drops one un-completed', async () => {
    const dan = await signUp(t, { name: 'Dan' });
    // A book without a duration (90 min by default) and a 25-minute video complete the first topic.
    const plan = await createPlan(t, dan.token);
    const [first] = plan.topics;
    const [book, video] = first!.resources;
    for (const resource of [book!, video!]) {
      const res = await setResourceCompleted(
        t,
        dan.token,
        plan,
        { topicId: first!.id, resourceId: resource.id },
        true,
      );
      expect(res.statusCode).toBe(200);
    }
    const today = new Date().toISOString().slice(0, 10);
    const query = { startDate: today, endDate: today, tz: 'UTC' };

    const body = await analyticsOf(dan.token, query);
    expect(body.dailyActivity).toEqual([day(today, 2, 1, 115)]);
    expect(body.summary).toMatchObject({
      totalLearningPlans: 1,
      inProgressLearningPlans: 1,
      completedTopics: 1,
      totalTopics: 2,
      completedResources: 2,
      totalResources: 2,
      averageCompletionRate: 50,
      learningDays: 1,
      longestStreak: 1,
    });
    expect(body.learningPlans.map((item) => [item.id, item.completionPercentage])).toEqual([[plan.id, 50]]);
    expect(body.timeByCategory).toEqual([{ category: 'PROGRAMMING', timeSpent: 115 }]);

    await setResourceCompleted(t, dan.token, plan, { topicId: first!.id, resourceId: book!.id }, false);
    const after = await analyticsOf(dan.token, query);
    expect(after.dailyActivity).toEqual([day(today, 1, 0, 25)]);
    expect(after.summary).toMatchObject({
      completedResources: 1,
      completedTopics: 0,
      averageCompletionRate: 0,
    });
  });
});

describe('GET /api/analytics refusals', () => {
  it('answers 401 to visitors, before looking at the query', async () => {
    const res = await request(null, { startDate: 'nonsense' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ endDate: '2024-02-01' }, 'startDate', ANALYTICS_MESSAGES.startDateRequired],
    [{ startDate: '2024-02-01' }, 'endDate', ANALYTICS_MESSAGES.endDateRequired],
    [{ startDate: '2024-02-30', endDate: '2024-03-01' }, 'startDate', ANALYTICS_MESSAGES.invalidStartDate],
    [{ startDate: '2024-02-01', endDate: '1 March' }, 'endDate', ANALYTICS_MESSAGES.invalidEndDate],
    [{ startDate: '0000-01-01', endDate: '2024-01-01' }, 'startDate', ANALYTICS_MESSAGES.invalidStartDate],
    [{ startDate: '2024-02-02', endDate: '2024-02-01' }, 'endDate', ANALYTICS_MESSAGES.endBeforeStart],
    [{ startDate: '2023-01-01', endDate: '2024-01-02' }, 'endDate', ANALYTICS_MESSAGES.rangeTooLong],
    [{ ...RANGE, tz: 'Mars/Olympus_Mons' }, 'tz', ANALYTICS_MESSAGES.invalidTimeZone],
    [{ ...RANGE, tz: '+05:00' }, 'tz', ANALYTICS_MESSAGES.invalidTimeZone],
  ])('refuses %o with a 400 naming %s', async (query, field, message) => {
    const res = await request(ann.token, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ field, message }] });
  });

  it('accepts a whole leap year, 366 days', async () => {
    const body = await analyticsOf(ann.token, {
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      tz: 'Europe/Paris',
    });
    expect(body.dailyActivity).toHaveLength(366);
    expect(body.monthlyProgress).toHaveLength(12);
  });

  it('refuses with a 400 a zone name the runtime knows but the database does not', async () => {
    // US/Pacific-New was dropped from the time zone database in 2020; Node's ICU still accepts it.
    const res = await request(ann.token, { ...RANGE, tz: 'US/Pacific-New' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: ANALYTICS_MESSAGES.invalidTimeZone });
  });
});
