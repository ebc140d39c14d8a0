import { type LearningPlan, PLAN_MESSAGES } from '@pathwise/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  learningPlans,
  notifications,
  planTopics,
  topicProgress,
} from '../src/db/schema/index.js';
import { createEventBus, type DomainEvent } from '../src/lib/events.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPlan, getPlan, planBody, setResourceCompleted, setTopicStatus } from './helpers/plans.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
const published: DomainEvent[] = [];

beforeAll(async () => {
  const events = createEventBus();
  events.subscribe('plan.published', async (_tx, event) => {
    published.push(event);
  });
  t = await createTestApp({ events });
  ann = await signUp(t, { name: 'Ann' });
  bob = await signUp(t, { name: 'Bob' });
});
afterAll(() => t.close());

const send = (
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  token: string | null,
  payload?: object,
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
const planCount = async () => (await t.db.select({ n: count() }).from(learningPlans))[0]!.n;
const titles = (page: { content: LearningPlan[] }) => page.content.map((plan) => plan.title);

describe('POST /api/learning-plans', () => {
  it('creates the plan with its topics and resources in orderIndex order (201)', async () => {
    const { topics: _default, ...fields } = planBody();
    const res = await send('POST', '/api/learning-plans', ann.token, {
      ...fields,
      topics: [
        { title: 'Second', orderIndex: 5, resources: [] },
        {
          title: 'First',
          description: '  ',
          orderIndex: 2,
          resources: [
            { title: 'B', url: 'https://b.example.com', type: 'VIDEO', orderIndex: 1 },
            {
              title: 'A',
              url: ' https://a.example.com ',
              type: 'ARTICLE',
              orderIndex: 0,
              durationMinutes: 15,
            },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(201);
    const plan = res.json();
    expect(plan).toEqual({
      id: expect.any(Number),
      ...fields,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      completionPercentage: 0,
      completedTopics: 0,
      skippedTopics: 0,
      creator: { id: ann.user.id, name: 'Ann', profilePicture: null },
      tags: [],
      isSaved: false,
      basedOn: null,
      templateUseCount: 0,
      topics: [
        {
          id: expect.any(Number),
          title: 'First',
          description: '',
          orderIndex: 0,
          completionStatus: 'NOT_STARTED',
          prerequisiteTopicIds: [],
          resources: [
            {
              id: expect.any(Number),
              title: 'A',
              url: 'https://a.example.com',
              type: 'ARTICLE',
              description: '',
              orderIndex: 0,
              isCompleted: false,
              durationMinutes: 15,
            },
            {
              id: expect.any(Number),
              title: 'B',
              url: 'https://b.example.com',
              type: 'VIDEO',
              description: '',
              orderIndex: 1,
              isCompleted: false,
              durationMinutes: null,
            },
          ],
        },
        {
          id: expect.any(Number),
          title: 'Second',
          description: '',
          orderIndex: 1,
          completionStatus: 'NOT_STARTED',
          prerequisiteTopicIds: [],
          resources: [],
        },
      ],
    });
    expect(await getPlan(t, ann.token, plan.id)).toEqual(plan);
  });

  it('defaults isPublic to true, accepts empty dates and a PDF resource awaiting its file, ignores sent ids', async () => {
    const { isPublic: _omitted, ...body } = planBody({
      startDate: '',
      targetCompletionDate: null,
      topics: [{ id: 999_999, title: 'Only', resources: [{ id: 999_998, title: 'Slides', type: 'PDF' }] }],
    });
    const res = await send('POST', '/api/learning-plans', ann.token, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      isPublic: true,
      startDate: null,
      targetCompletionDate: null,
      topics: [{ title: 'Only', resources: [{ title: 'Slides', type: 'PDF', url: '' }] }],
    });
    expect(res.json().topics[0].id).not.toBe(999_999);
  });

  const topicWith = (resource: object) => [{ title: 'T', resources: [resource] }];
  it.each([
    ['a missing title', { title: undefined }, 'title', PLAN_MESSAGES.titleRequired],
    ['a blank title', { title: '   ' }, 'title', 'Title is required'],
    ['a short title', { title: 'ab' }, 'title', 'Title must be at least 3 characters'],
    ['a long title', { title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
    ['no description', { description: '' }, 'description', 'Description is required'],
    ['no category', { category: undefined }, 'category', 'Please select a category'],
    ['an unknown category', { category: 'COOKING' }, 'category', 'Please select a category'],
    ['no estimated days', { estimatedDays: undefined }, 'estimatedDays', 'Estimated days is required'],
    ['zero days', { estimatedDays: 0 }, 'estimatedDays', 'Days must be positive'],
    ['fractional days', { estimatedDays: 2.5 }, 'estimatedDays', 'Days must be a whole number'],
    ['days as text', { estimatedDays: 'ten' }, 'estimatedDays', 'Estimated days is required'],
    ['an impossible date', { startDate: '2025-02-30' }, 'startDate', 'Enter a valid date'],
    // Year 0000 has no day in PostgreSQL: refused by the contract, not by a failing cast (a 500).
    ['a start in year 0', { startDate: '0000-01-01' }, 'startDate', PLAN_MESSAGES.dateOutOfRange],
    [
      'a target before 1900',
      { targetCompletionDate: '1899-12-31' },
      'targetCompletionDate',
      PLAN_MESSAGES.dateOutOfRange,
    ],
    [
      'a target before the start',
      { startDate: '2025-03-01', targetCompletionDate: '2025-02-01' },
      'targetCompletionDate',
      'Target completion date must be after start date',
    ],
    [
      'a target on the start day',
      { startDate: '2025-03-01', targetCompletionDate: '2025-03-01' },
      'targetCompletionDate',
      'Target completion date must be after start date',
    ],
    ['no topics', { topics: [] }, 'topics', 'At least one topic is required'],
    ['a missing topic list', { topics: undefined }, 'topics', 'At least one topic is required'],
    [
      'a topic without title',
      { topics: [{ title: ' ', resources: [] }] },
      'topics.0.title',
      'Topic title is required',
    ],
    [
      'a resource without title',
      { topics: topicWith({ title: '', url: 'https://x.io', type: 'BOOK' }) },
      'topics.0.resources.0.title',
      'Resource title is required',
    ],
    [
      'a resource without type',
      { topics: topicWith({ title: 'R', url: 'https://x.io' }) },
      'topics.0.resources.0.type',
      'Resource type is required',
    ],
    [
      'a link resource without URL',
      { topics: topicWith({ title: 'R', url: '', type: 'ARTICLE' }) },
      'topics.0.resources.0.url',
      'Resource URL is required',
    ],
    [
      'an invalid URL',
      { topics: topicWith({ title: 'R', url: 'not a url', type: 'ARTICLE' }) },
      'topics.0.resources.0.url',
      'Must be a valid URL',
    ],
    [
      'a javascript: URL',
      { topics: topicWith({ title: 'R', url: 'javascript:alert(1)', type: 'ARTICLE' }) },
      'topics.0.resources.0.url',
      'Must be a valid URL',
    ],
    [
      'negative minutes',
      { topics: topicWith({ title: 'R', url: 'https://x.io', type: 'ARTICLE', durationMinutes: -5 }) },
      'topics.0.resources.0.durationMinutes',
      PLAN_MESSAGES.durationInvalid,
    ],
  ])('refuses %s with a clear 400 and stores nothing', async (_label, fields, field, message) => {
    const before = await planCount();
    const res = await send('POST', '/api/learning-plans', ann.token, planBody(fields as object));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await planCount()).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/learning-plans',
      headers: { ...bearer(ann.token), 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });
});

describe('signed-out requests', () => {
  it.each([
    ['GET', '/api/learning-plans/public'],
    ['GET', '/api/learning-plans/user/1'],
    ['GET', '/api/learning-plans/1'],
    ['POST', '/api/learning-plans'],
    ['PUT', '/api/learning-plans/1'],
    ['DELETE', '/api/learning-plans/1'],
    ['POST', '/api/learning-plans/1/topics/1/resources'],
    ['POST', '/api/learning-plans/1/topics/1/resources/upload'],
    ['PATCH', '/api/learning-plans/1/topics/1/user-progress?status=COMPLETED'],
    ['PATCH', '/api/learning-plans/1/topics/1/resources/1/user-progress?isCompleted=true'],
  ] as const)('%s %s answers 401 before reading the request', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : { bad: true } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });
});

describe('GET /api/learning-plans/{id}', () => {
  it('shows a private plan only to its creator: 404 to everyone else', async () => {
    const plan = await createPlan(t, ann.token, { isPublic: false, title: 'Secret plan' });
    expect((await getPlan(t, ann.token, plan.id)).title).toBe('Secret plan');
    const res = await send('GET', `/api/learning-plans/${plan.id}`, bob.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Learning plan not found');
  });

  it('answers 404 for a missing plan and 400 for an id that is not a number', async () => {
    const missing = await send('GET', '/api/learning-plans/987654', ann.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Learning plan not found');
    const bad = await send('GET', '/api/learning-plans/abc', ann.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid learning plan ID');
  });
});

describe('lists', () => {
  let cara: TestAccount;
  let dan: TestAccount;
  beforeAll(async () => {
    cara = await signUp(t, { name: 'Cara' });
    dan = await signUp(t, { name: 'Dan' });
    await createPlan(t, cara.token, { title: 'Cara public one' });
    await createPlan(t, cara.token, { title: 'Cara private', isPublic: false });
    await createPlan(t, cara.token, { title: 'Cara public two' });
  });

  it('public: every public plan newest first, never a private one, paged with the spec page shape', async () => {
    const res = await send('GET', '/api/learning-plans/public?page=0&size=2&_=7', cara.token);
    expect(res.statusCode).toBe(200);
    const first = res.json();
    expect(titles(first)).toEqual(['Cara public two', 'Cara public one']);
    expect(first).toMatchObject({ number: 0, size: 2, first: true, last: false });
    const all = (await send('GET', '/api/learning-plans/public?size=50', cara.token)).json();
    expect(titles(all)).not.toContain('Cara private');
    expect(titles(all)).not.toContain('Secret plan');
    expect(all.totalElements).toBe(all.content.length);
    expect(all.content.every((plan: LearningPlan) => plan.isPublic)).toBe(true);
    expect(all.size).toBe(50);
    expect((await send('GET', '/api/learning-plans/public', cara.token)).json().size).toBe(10);
  });

  it('answers every field of a plan, its items and the viewer’s progress exactly, on the public page and past its end', async () => {
    const plan = await createPlan(t, cara.token, {
      title: 'Exact answer',
      startDate: null,
      targetCompletionDate: null,
      topics: [
        {
          title: 'With items',
          description: 'About it',
          resources: [
            { title: 'Read', url: 'https://read.example.com', type: 'ARTICLE', durationMinutes: 12 },
            { title: 'Watch', url: 'https://watch.example.com', type: 'VIDEO', description: 'Short' },
          ],
        },
        { title: 'Empty', resources: [] },
      ],
    });
    const [withItems, empty] = plan.topics as [LearningPlan['topics'][0], LearningPlan['topics'][0]];
    const read = withItems.resources[0]!;
    await setResourceCompleted(t, dan.token, plan, { topicId: withItems.id, resourceId: read.id }, true);
    await setTopicStatus(t, dan.token, plan, empty.id, 'COMPLETED');

    const res = await send('GET', '/api/learning-plans/public?page=0&size=1', dan.token);
    const total = (await send('GET', '/api/learning-plans/public?size=50', dan.token)).json().totalElements;
    expect(res.json()).toEqual({
      content: [
        {
          id: plan.id,
          title: 'Exact answer',
          description: 'From ownership to async.',
          category: 'PROGRAMMING',
          isPublic: true,
          estimatedDays: 30,
          startDate: null,
          targetCompletionDate: null,
          createdAt: plan.createdAt,
          updatedAt: plan.updatedAt,
          completionPercentage: 50,
          completedTopics: 1,
          skippedTopics: 0,
          tags: [],
          isSaved: false,
          basedOn: null,
          templateUseCount: 0,
          creator: { id: cara.user.id, name: 'Cara', profilePicture: null },
          topics: [
            {
              id: withItems.id,
              title: 'With items',
              description: 'About it',
              orderIndex: 0,
              completionStatus: 'IN_PROGRESS',
              prerequisiteTopicIds: [],
              resources: [
                {
                  id: read.id,
                  title: 'Read',
                  url: 'https://read.example.com',
                  type: 'ARTICLE',
                  description: '',
                  orderIndex: 0,
                  isCompleted: true,
                  durationMinutes: 12,
                },
                {
                  id: withItems.resources[1]!.id,
                  title: 'Watch',
                  url: 'https://watch.example.com',
                  type: 'VIDEO',
                  description: 'Short',
                  orderIndex: 1,
                  isCompleted: false,
                  durationMinutes: null,
                },
              ],
            },
            {
              id: empty.id,
              title: 'Empty',
              description: '',
              orderIndex: 1,
              completionStatus: 'COMPLETED',
              prerequisiteTopicIds: [],
              resources: [],
            },
          ],
        },
      ],
      number: 0,
      size: 1,
      totalElements: total,
      totalPages: total,
      first: true,
      last: false,
    });
    const pastTheEnd = (
      await send('GET', `/api/learning-plans/public?page=${total}&size=1`, dan.token)
    ).json();
    expect(pastTheEnd).toEqual({
      content: [],
      number: total,
      size: 1,
      totalElements: total,
      totalPages: total,
      first: false,
      last: true,
    });
    await send('DELETE', `/api/learning-plans/${plan.id}`, cara.token);
  });

  it('keeps the public total exact as plans are made, switched between public and private, and deleted', async () => {
    const publicTotal = async () =>
      (await send('GET', '/api/learning-plans/public?size=1', dan.token)).json().totalElements;
    const counted = async () =>
      (await t.db.select({ n: count() }).from(learningPlans).where(eq(learningPlans.isPublic, true)))[0]!.n;
    const start = await publicTotal();
    expect(start).toBe(await counted());
    const opened = await createPlan(t, dan.token, { title: 'Opened later', isPublic: false });
    const shown = await createPlan(t, dan.token, { title: 'Shown' });
    expect(await publicTotal()).toBe(start + 1);
    const edit = async (plan: LearningPlan, isPublic: boolean) =>
      (await send('PUT', `/api/learning-plans/${plan.id}`, dan.token, planBody({ isPublic }))).statusCode;
    expect([await edit(opened, true), await edit(shown, false), await edit(shown, false)]).toEqual([
      200, 200, 200,
    ]);
    expect(await publicTotal()).toBe(start + 1);
    const deleted = [
      await send('DELETE', `/api/learning-plans/${opened.id}`, dan.token),
      await send('DELETE', `/api/learning-plans/${shown.id}`, dan.token),
    ];
    expect(deleted.map((res) => res.statusCode)).toEqual([204, 204]);
    expect(await publicTotal()).toBe(start);
    expect(await publicTotal()).toBe(await counted());
  });

  it("a user's list: all of their own plans to them, only the public ones to others", async () => {
    const own = (await send('GET', `/api/learning-plans/user/${cara.user.id}`, cara.token)).json();
    expect(titles(own)).toEqual(['Cara public two', 'Cara private', 'Cara public one']);
    const seen = (await send('GET', `/api/learning-plans/user/${cara.user.id}`, dan.token)).json();
    expect(titles(seen)).toEqual(['Cara public two', 'Cara public one']);
    expect(seen).toMatchObject({ totalElements: 2, totalPages: 1, last: true });
    const empty = (await send('GET', `/api/learning-plans/user/${dan.user.id}`, dan.token)).json();
    expect(empty).toMatchObject({ content: [], totalElements: 0, last: true });
  });

  it('answers 404 for an unknown user and 400 for bad ids and paging', async () => {
    const missing = await send('GET', '/api/learning-plans/user/987654', cara.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
    expect((await send('GET', '/api/learning-plans/user/me', cara.token)).json().message).toBe(
      'Invalid user ID',
    );
    const badPage = await send('GET', '/api/learning-plans/public?page=-1', cara.token);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe('page must be 0 or more');
  });

  it("every list carries the viewer's own progress", async () => {
    const plan = await createPlan(t, cara.token, { title: 'Progress in lists' });
    await setTopicStatus(t, dan.token, plan, plan.topics[0]!.id, 'COMPLETED');
    const inPublic = (await send('GET', '/api/learning-plans/public', dan.token)).json().content[0];
    expect(inPublic).toMatchObject({
      title: 'Progress in lists',
      completedTopics: 1,
      completionPercentage: 50,
    });
    expect(inPublic.topics[0].completionStatus).toBe('COMPLETED');
    const inUserList = (await send('GET', `/api/learning-plans/user/${cara.user.id}`, dan.token)).json()
      .content[0];
    expect(inUserList).toMatchObject({ completedTopics: 1, completionPercentage: 50 });
    const forCreator = (await send('GET', `/api/learning-plans/user/${cara.user.id}`, cara.token)).json()
      .content[0];
    expect(forCreator).toMatchObject({ completedTopics: 0, completionPercentage: 0 });
  });

  it('costs the same number of SQL statements for 1 plan as for 10 (with topics, resources, progress)', async () => {
    const eve = await signUp(t, { name: 'Eve' });
    const [first] = [await createPlan(t, eve.token, { title: 'Eve 0' })];
    await setResourceCompleted(
      t,
      dan.token,
      first!,
      { topicId: first!.topics[0]!.id, resourceId: first!.topics[0]!.resources[0]!.id },
      true,
    );
    const listOfOne = await t.queries.count(() =>
      send('GET', `/api/learning-plans/user/${eve.user.id}`, dan.token),
    );
    const publicOfOne = await t.queries.count(() =>
      send('GET', '/api/learning-plans/public?size=1', dan.token),
    );
    for (let i = 1; i < 10; i++) await createPlan(t, eve.token, { title: `Eve ${i}` });
    const listOfTen = await t.queries.count(() =>
      send('GET', `/api/learning-plans/user/${eve.user.id}`, dan.token),
    );
    const publicOfTen = await t.queries.count(() => send('GET', '/api/learning-plans/public', dan.token));
    expect(listOfOne.result.json().content).toHaveLength(1);
    expect(listOfTen.result.json().content).toHaveLength(10);
    expect(publicOfTen.result.json().content).toHaveLength(10);
    expect(listOfTen.statements).toBe(listOfOne.statements);
    expect(publicOfTen.statements).toBe(publicOfOne.statements);
    expect(publicOfTen.statements).toBeLessThanOrEqual(4);
  });

  it('reads a plan of 30 topics × 30 resources with progress in as many SQL statements as one of 2 topics', async () => {
    const fay = await signUp(t, { name: 'Fay' });
    const big = await createPlan(t, fay.token, {
      topics: Array.from({ length: 30 }, (_, i) => ({
        title: `T${i}`,
        resources: Array.from({ length: 30 }, (_, r) => ({
          title: `R${i}.${r}`,
          url: `https://r.example.com/${i}/${r}`,
          type: 'ARTICLE' as const,
        })),
      })),
    });
    const small = await createPlan(t, fay.token);
    const last = big.topics[29]!;
    await setResourceCompleted(
      t,
      dan.token,
      big,
      { topicId: last.id, resourceId: last.resources[29]!.id },
      true,
    );

    const smallRead = await t.queries.count(() => send('GET', `/api/learning-plans/${small.id}`, dan.token));
    const bigRead = await t.queries.count(() => send('GET', `/api/learning-plans/${big.id}`, dan.token));
    const seen = bigRead.result.json() as LearningPlan;
    expect(seen.topics.map((topic) => topic.title)).toEqual(big.topics.map((topic) => topic.title));
    expect(seen.topics[29]!.resources.map((r) => r.isCompleted)).toEqual([...Array(29).fill(false), true]);
    expect(seen.topics[29]!.completionStatus).toBe('IN_PROGRESS');
    expect(bigRead.statements).toBe(smallRead.statements);
    // The plan with its creator, then its topics and resources with the viewer's progress.
    expect(bigRead.statements).toBeLessThanOrEqual(2);
  });
});

describe('PUT /api/learning-plans/{id}', () => {
  it('applies the body as a diff: kept ids and everyone’s progress on them survive, removed items go', async () => {
    const plan = await createPlan(t, ann.token, {
      topics: [
        {
          title: 'Basics',
          resources: [
            { title: 'Intro', url: 'https://a.io/intro', type: 'ARTICLE' },
            { title: 'Old video', url: 'https://a.io/old', type: 'VIDEO' },
          ],
        },
        { title: 'Dropped', resources: [{ title: 'Gone', url: 'https://a.io/gone', type: 'BOOK' }] },
        { title: 'Later', resources: [] },
      ],
    });
    const [basics, dropped, later] = plan.topics as [
      LearningPlan['topics'][0],
      LearningPlan['topics'][0],
      LearningPlan['topics'][0],
    ];
    const intro = basics.resources[0]!;
    await setResourceCompleted(t, bob.token, plan, { topicId: basics.id, resourceId: intro.id }, true);
    await setTopicStatus(t, bob.token, plan, dropped.id, 'COMPLETED');
    await setTopicStatus(t, bob.token, plan, later.id, 'COMPLETED');
    expect((await getPlan(t, bob.token, plan.id)).completedTopics).toBe(2);

    const res = await send('PUT', `/api/learning-plans/${plan.id}`, ann.token, {
      ...planBody({ title: 'Learn Rust well', isPublic: true }),
      topics: [
        { id: later.id, title: 'Later, renamed', orderIndex: 0, resources: [] },
        {
          id: basics.id,
          title: 'Basics',
          orderIndex: 1,
          resources: [
            { title: 'New one', url: 'https://a.io/new', type: 'COURSE', orderIndex: 0 },
            {
              id: intro.id,
              title: 'Intro (updated)',
              url: 'https://a.io/intro2',
              type: 'ARTICLE',
              orderIndex: 1,
            },
          ],
        },
        { title: 'Brand new', orderIndex: 2, resources: [] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Learn Rust well');
    const seenByBob = await getPlan(t, bob.token, plan.id);
    expect(
      seenByBob.topics.map((topic) => [topic.id === later.id, topic.title, topic.completionStatus]),
    ).toEqual([
      [true, 'Later, renamed', 'COMPLETED'],
      [false, 'Basics', 'IN_PROGRESS'],
      [false, 'Brand new', 'NOT_STARTED'],
    ]);
    expect(seenByBob.topics[1]!.id).toBe(basics.id);
    expect(seenByBob.topics[1]!.resources.map((r) => [r.title, r.isCompleted, r.orderIndex])).toEqual([
      ['New one', false, 0],
      ['Intro (updated)', true, 1],
    ]);
    expect(seenByBob.topics[1]!.resources[1]!).toMatchObject({ id: intro.id, url: 'https://a.io/intro2' });
    expect(seenByBob).toMatchObject({ completedTopics: 1, completionPercentage: 33.3 });
    // The removed topic's progress went with it.
    const leftovers = await t.db.select().from(topicProgress).where(eq(topicProgress.topicId, dropped.id));
    expect(leftovers).toEqual([]);
  });

  it('refuses ids of another plan or topic, and repeated ids, changing nothing', async () => {
    const mine = await createPlan(t, ann.token);
    const other = await createPlan(t, ann.token, { title: 'Other plan' });
    const before = await getPlan(t, ann.token, mine.id);
    const mineTopic = mine.topics[0]!;
    const cases = [
      [
        [{ id: other.topics[0]!.id, title: 'X', resources: [] }],
        PLAN_MESSAGES.foreignTopic(other.topics[0]!.id),
      ],
      [
        [
          {
            id: mine.topics[1]!.id,
            title: 'X',
            resources: [{ ...mineTopic.resources[0]!, id: mineTopic.resources[0]!.id }],
          },
        ],
        PLAN_MESSAGES.foreignResource(mineTopic.resources[0]!.id),
      ],
      [
        [
          {
            title: 'New',
            resources: [{ id: mineTopic.resources[0]!.id, title: 'R', url: 'https://x.io', type: 'BOOK' }],
          },
        ],
        PLAN_MESSAGES.foreignResource(mineTopic.resources[0]!.id),
      ],
      [
        [
          { id: mineTopic.id, title: 'A', resources: [] },
          { id: mineTopic.id, title: 'B', resources: [] },
        ],
        PLAN_MESSAGES.duplicateId(mineTopic.id),
      ],
    ] as const;
    for (const [topics, message] of cases) {
      const res = await send('PUT', `/api/learning-plans/${mine.id}`, ann.token, {
        ...planBody({ title: 'Changed' }),
        topics,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await getPlan(t, ann.token, mine.id)).toEqual(before);
  });

  it('keeps the stored link of a resource re-sent with its id and an empty url; new ones still need one', async () => {
    const plan = await createPlan(t, ann.token, {
      topics: [
        {
          title: 'Ownership',
          resources: [
            { title: 'Book', url: 'https://doc.rust-lang.org/book/', type: 'BOOK' },
            { title: 'Slides', type: 'PDF' },
          ],
        },
      ],
    });
    const book = plan.topics[0]!.resources[0]!;
    const slides = plan.topics[0]!.resources[1]!;
    const edit = (resources: object[]) =>
      send('PUT', `/api/learning-plans/${plan.id}`, ann.token, {
        ...planBody(),
        topics: [{ id: plan.topics[0]!.id, title: 'Ownership', resources }],
      });

    const kept = await edit([{ ...book, title: 'The Book', url: '' }, slides]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().topics[0].resources).toMatchObject([
      { id: book.id, title: 'The Book', url: 'https://doc.rust-lang.org/book/', type: 'BOOK' },
      { id: slides.id, url: '', type: 'PDF' },
    ]);

    const refusals = [
      [
        { ...book, url: '' },
        { title: 'New link', url: '', type: 'ARTICLE' },
      ],
      [book, { ...slides, type: 'ARTICLE', url: '' }],
    ];
    for (const resources of refusals) {
      const res = await edit(resources);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Resource URL is required',
        errors: [{ field: 'topics.0.resources.1.url', message: 'Resource URL is required' }],
      });
    }
    const created = await send('POST', '/api/learning-plans', ann.token, {
      ...planBody(),
      topics: [{ title: 'T', resources: [{ id: book.id, title: 'Copied', url: '', type: 'BOOK' }] }],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe('Resource URL is required');
    expect(await getPlan(t, ann.token, plan.id)).toEqual(kept.json());
  });

  it('saves 30 topics × 30 resources in as many SQL statements as 2 × 2, keeping ids and progress', async () => {
    const resources = (topic: number, n: number) =>
      Array.from({ length: n }, (_, r) => ({
        title: `R${topic}.${r}`,
        url: `https://r.example.com/${topic}/${r}`,
        type: 'ARTICLE' as const,
      }));
    const planOf = (n: number) =>
      createPlan(t, ann.token, {
        topics: Array.from({ length: n }, (_, i) => ({ title: `T${i}`, resources: resources(i, n) })),
      });
    // Every kept item renamed and its list reversed; the last topic and each topic's last resource dropped,
    // one of each added.
    const edit = (plan: LearningPlan) =>
      send('PUT', `/api/learning-plans/${plan.id}`, ann.token, {
        ...planBody(),
        topics: [
          ...plan.topics
            .slice(0, -1)
            .map((topic) => ({
              id: topic.id,
              title: `${topic.title}'`,
              resources: [
                ...topic.resources
                  .slice(0, -1)
                  .reverse()
                  .map((r) => ({ id: r.id, title: `${r.title}'`, url: r.url, type: r.type })),
                { title: 'Added', url: 'https://added.example.com', type: 'VIDEO' },
              ],
            }))
            .reverse(),
          {
            title: 'Added topic',
            resources: [{ title: 'New', url: 'https://new.example.com', type: 'BOOK' }],
          },
        ],
      });
    const big = await planOf(30);
    const small = await planOf(2);
    const [first, second] = big.topics as [LearningPlan['topics'][0], LearningPlan['topics'][0]];
    const done = first.resources[1]!;
    await setResourceCompleted(t, bob.token, big, { topicId: first.id, resourceId: done.id }, true);
    await setTopicStatus(t, bob.token, big, second.id, 'COMPLETED');

    const smallSave = await t.queries.count(() => edit(small));
    const bigSave = await t.queries.count(() => edit(big));
    expect(smallSave.result.statusCode).toBe(200);
    expect(bigSave.result.statusCode).toBe(200);
    expect(bigSave.statements).toBe(smallSave.statements);
    // Two more since topics have prerequisites (written, and read for kept topics that leave them out).
    expect(bigSave.statements).toBeLessThanOrEqual(15);

    const seenByBob = await getPlan(t, bob.token, big.id);
    expect(seenByBob.topics).toHaveLength(30);
    expect(seenByBob.topics.slice(0, 29).map((topic) => topic.id)).toEqual(
      big.topics
        .slice(0, 29)
        .map((topic) => topic.id)
        .reverse(),
    );
    expect(seenByBob.topics.at(-1)).toMatchObject({ title: 'Added topic', orderIndex: 29 });
    const movedFirst = seenByBob.topics[28]!;
    expect(movedFirst).toMatchObject({ id: first.id, title: "T0'", orderIndex: 28 });
    expect(movedFirst.resources.map((r) => r.id).slice(0, 29)).toEqual(
      first.resources
        .slice(0, 29)
        .map((r) => r.id)
        .reverse(),
    );
    expect(movedFirst.resources[27]).toMatchObject({
      id: done.id,
      title: "R0.1'",
      orderIndex: 27,
      isCompleted: true,
    });
    expect(movedFirst.resources[29]).toMatchObject({ title: 'Added', orderIndex: 29, isCompleted: false });
    expect(seenByBob.topics[27]).toMatchObject({ id: second.id, completionStatus: 'COMPLETED' });
    expect(
      seenByBob.topics.every((topic) => topic.resources.length === (topic.title === 'Added topic' ? 1 : 30)),
    ).toBe(true);
  });

  it('is for the creator only: 403 for others, 404 when they cannot see it, 400 for bad input', async () => {
    const open = await createPlan(t, ann.token);
    const hidden = await createPlan(t, ann.token, { isPublic: false });
    const forbidden = await send(
      'PUT',
      `/api/learning-plans/${open.id}`,
      bob.token,
      planBody({ title: 'Mine now' }),
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe("You don't have permission to edit this learning plan");
    expect((await send('PUT', `/api/learning-plans/${hidden.id}`, bob.token, planBody())).statusCode).toBe(
      404,
    );
    expect((await send('PUT', '/api/learning-plans/987654', ann.token, planBody())).statusCode).toBe(404);
    const invalid = await send('PUT', `/api/learning-plans/${open.id}`, ann.token, planBody({ topics: [] }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('At least one topic is required');
    const yearZero = planBody({ startDate: '0000-01-01' });
    const outOfRange = await send('PUT', `/api/learning-plans/${open.id}`, ann.token, yearZero);
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().message).toBe(PLAN_MESSAGES.dateOutOfRange);
    expect((await getPlan(t, ann.token, open.id)).title).toBe('Learn Rust');
  });
});

describe('plan.published', () => {
  it('is published when a plan is created public or switched from private to public, not otherwise', async () => {
    published.length = 0;
    const open = await createPlan(t, ann.token, { title: 'Open from the start' });
    const hidden = await createPlan(t, ann.token, { title: 'Hidden at first', isPublic: false });
    await send('PUT', `/api/learning-plans/${open.id}`, ann.token, planBody({ title: 'Open, edited' }));
    await send(
      'PUT',
      `/api/learning-plans/${hidden.id}`,
      ann.token,
      planBody({ title: 'Now shared', isPublic: true }),
    );
    expect(published).toEqual([
      { type: 'plan.published', actorId: ann.user.id, planId: open.id, title: 'Open from the start' },
      { type: 'plan.published', actorId: ann.user.id, planId: hidden.id, title: 'Now shared' },
    ]);
  });
});

describe('DELETE /api/learning-plans/{id}', () => {
  it('removes the plan, its items, everyone’s progress and what points at it (204)', async () => {
    const plan = await createPlan(t, ann.token);
    const topic = plan.topics[0]!;
    await setResourceCompleted(
      t,
      bob.token,
      plan,
      { topicId: topic.id, resourceId: topic.resources[0]!.id },
      true,
    );
    await setTopicStatus(t, ann.token, plan, topic.id, 'COMPLETED');
    await t.db
      .insert(activities)
      .values({ userId: bob.user.id, type: 'LEARNING_PROGRESS', planId: plan.id, topicId: topic.id });
    await t.db.insert(notifications).values({
      recipientId: bob.user.id,
      actorId: ann.user.id,
      type: 'LEARNING_PLAN_SHARE',
      message: 'Ann shared a learning plan',
      entityType: 'learning-plan',
      entityId: plan.id,
      planId: plan.id,
    });

    const res = await send('DELETE', `/api/learning-plans/${plan.id}`, ann.token);
    expect(res.statusCode).toBe(204);
    expect((await send('GET', `/api/learning-plans/${plan.id}`, ann.token)).statusCode).toBe(404);
    expect(await t.db.select().from(planTopics).where(eq(planTopics.planId, plan.id))).toEqual([]);
    expect(await t.db.select().from(topicProgress).where(eq(topicProgress.topicId, topic.id))).toEqual([]);
    expect(await t.db.select().from(activities).where(eq(activities.planId, plan.id))).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.planId, plan.id))).toEqual([]);
  });

  it('is for the creator only (403, 404 for a hidden or missing plan) and keeps the plan on refusal', async () => {
    const plan = await createPlan(t, ann.token);
    const hidden = await createPlan(t, ann.token, { isPublic: false });
    const res = await send('DELETE', `/api/learning-plans/${plan.id}`, bob.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You don't have permission to delete this learning plan");
    expect((await send('DELETE', `/api/learning-plans/${hidden.id}`, bob.token)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/learning-plans/987654', ann.token)).statusCode).toBe(404);
    expect((await getPlan(t, ann.token, plan.id)).id).toBe(plan.id);
  });
});

describe('POST …/topics/{topicId}/resources', () => {
  it('adds a resource after the last one and answers it (201)', async () => {
    const plan = await createPlan(t, ann.token);
    const topic = plan.topics[0]!;
    const res = await send('POST', `/api/learning-plans/${plan.id}/topics/${topic.id}/resources`, ann.token, {
      title: 'Extra reading',
      url: 'https://extra.example.com',
      type: 'ARTICLE',
      description: 'Optional',
      orderIndex: 0,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      title: 'Extra reading',
      url: 'https://extra.example.com',
      type: 'ARTICLE',
      description: 'Optional',
      orderIndex: 2,
      isCompleted: false,
      durationMinutes: null,
    });
    const saved = (await getPlan(t, ann.token, plan.id)).topics[0]!.resources;
    expect(saved.map((r) => r.id)).toEqual([...topic.resources.map((r) => r.id), res.json().id]);
  });

  it('refuses others (403), foreign or missing topics (404) and bad resources (400)', async () => {
    const plan = await createPlan(t, ann.token);
    const other = await createPlan(t, ann.token);
    const resource = { title: 'R', url: 'https://x.io', type: 'BOOK' };
    const url = (topicId: number) => `/api/learning-plans/${plan.id}/topics/${topicId}/resources`;
    const forbidden = await send('POST', url(plan.topics[0]!.id), bob.token, resource);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe("You don't have permission to edit this learning plan");
    const foreign = await send('POST', url(other.topics[0]!.id), ann.token, resource);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Topic not found in this learning plan');
    const invalid = await send('POST', url(plan.topics[0]!.id), ann.token, { ...resource, url: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Must be a valid URL');
    expect((await getPlan(t, ann.token, plan.id)).topics[0]!.resources).toHaveLength(2);
  });
});
