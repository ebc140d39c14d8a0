import { LEARNING_CALENDAR_MESSAGES, type LearningCalendar } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPlan } from './helpers/plans.js';

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
const calendarUrl = (account: TestAccount, timeZone?: string) =>
  `/api/users/${account.user.id}/learning-calendar${timeZone ? `?timeZone=${timeZone}` : ''}`;
const showCalendar = (account: TestAccount, showLearningCalendar: boolean) =>
  as(account, { method: 'PUT', url: '/api/users/me/privacy', payload: { showLearningCalendar } });
const completeTopic = (account: TestAccount, planId: number, topicId: number) =>
  as(account, {
    method: 'PATCH',
    url: `/api/learning-plans/${planId}/topics/${topicId}/user-progress?status=COMPLETED`,
  });

/** The local day `daysAgo` days before today in `timeZone`, as the server reads it. */
async function localDay(timeZone: string, daysAgo = 0): Promise<string> {
  const { rows } = (await t.db.execute(
    sql`select to_char((now() at time zone ${timeZone})::date - ${daysAgo}::int, 'YYYY-MM-DD') as day`,
  )) as unknown as { rows: { day: string }[] };
  return rows[0]!.day;
}

describe('the learning calendar', () => {
  it('counts learning activities per local day of the time zone, and nothing social', async () => {
    const dora = await signUp(t, { name: 'Dora' });
    const plan = await createPlan(t, dora.token);
    // 23:30 UTC three days ago is the next day in Paris (UTC+1 or +2).
    const midnight = sql`date_trunc('day', now())`;
    await t.db.execute(sql`insert into activities (user_id, type, plan_id, occurred_at) values
      (${dora.user.id}, 'TOPIC_COMPLETED', ${plan.id}, ${midnight} - interval '3 days 30 minutes'),
      (${dora.user.id}, 'RESOURCE_COMPLETED', ${plan.id}, ${midnight} - interval '3 days 20 minutes'),
      (${dora.user.id}, 'LEARNING_PROGRESS', ${plan.id}, date_trunc('day', now()) - interval '10 days'),
      (${dora.user.id}, 'TOPIC_COMPLETED', ${plan.id}, now() - interval '400 days'),
      (${dora.user.id}, 'FOLLOW_USER', null, now() - interval '5 days')`);

    const utc = (await as(dora, { url: calendarUrl(dora) })).json() as LearningCalendar;
    expect(utc).toEqual({
      days: [
        { date: await localDay('UTC', 10), count: 1 },
        { date: await localDay('UTC', 4), count: 2 },
      ],
      total: 3,
      from: await localDay('UTC', 364),
      to: await localDay('UTC'),
    });
    const paris = await as(dora, { url: calendarUrl(dora, 'Europe/Paris') });
    expect(paris.statusCode).toBe(200);
    expect(paris.headers['cache-control']).toBe('no-store');
    const days = (paris.json() as LearningCalendar).days;
    expect(days.find((day) => day.count === 2)?.date).toBe(await localDay('UTC', 3));
    expect(paris.json().to).toBe(await localDay('Europe/Paris'));
  });

  it('shows the owner their own, and others only once the owner turns it on', async () => {
    const plan = await createPlan(t, ann.token);
    await completeTopic(ann, plan.id, plan.topics[0]!.id);
    const own = await as(ann, { url: calendarUrl(ann) });
    expect(own.statusCode).toBe(200);
    // A completed topic records two learning activities: the topic and the plan's progress.
    expect(own.json().total).toBe(2);

    const hidden = await as(bob, { url: calendarUrl(ann) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(LEARNING_CALENDAR_MESSAGES.notFound);
    expect((await as(bob, { url: '/api/users/999999/learning-calendar' })).json()).toEqual(hidden.json());

    await showCalendar(ann, true);
    const shown = await as(bob, { url: calendarUrl(ann) });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(own.json());
    await showCalendar(ann, false);
    expect((await as(bob, { url: calendarUrl(ann) })).statusCode).toBe(404);
  });

  it('counts a private plan for its owner alone', async () => {
    const eve = await signUp(t, { name: 'Eve' });
    const secret = await createPlan(t, eve.token, { isPublic: false });
    await completeTopic(eve, secret.id, secret.topics[0]!.id);
    await showCalendar(eve, true);
    expect((await as(eve, { url: calendarUrl(eve) })).json().total).toBe(2);
    expect((await as(bob, { url: calendarUrl(eve) })).json()).toMatchObject({ days: [], total: 0 });
  });

  it('is not found across a block, either way, nor for a suspended account', async () => {
    const carl = await signUp(t, { name: 'Carl' });
    const fay = await signUp(t, { name: 'Fay' });
    await showCalendar(carl, true);
    await showCalendar(fay, true);
    await as(carl, { method: 'PUT', url: `/api/users/${bob.user.id}/block` });
    expect((await as(bob, { url: calendarUrl(carl) })).statusCode).toBe(404);
    await as(bob, { method: 'PUT', url: `/api/users/${fay.user.id}/block` });
    expect((await as(bob, { url: calendarUrl(fay) })).statusCode).toBe(404);
    expect((await as(ann, { url: calendarUrl(fay) })).statusCode).toBe(200);

    await t.db.execute(sql`update users set suspended_at = now() where id = ${fay.user.id}`);
    expect((await as(ann, { url: calendarUrl(fay) })).statusCode).toBe(404);
  });

  it('refuses a time zone that is not an IANA name', async () => {
    for (const timeZone of ['Mars/Olympus', '%2B05:00', 'not a zone']) {
      const response = await as(ann, { url: calendarUrl(ann, encodeURI(timeZone)) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(LEARNING_CALENDAR_MESSAGES.invalidTimeZone);
    }
  });

  it('answers visitors 401 unless the instance lets them read', async () => {
    await showCalendar(ann, true);
    expect((await as(null, { url: calendarUrl(ann) })).statusCode).toBe(401);
  });

  it('reads the calendar in one statement however long the history', async () => {
    const gus = await signUp(t, { name: 'Gus' });
    const plan = await createPlan(t, gus.token);
    await showCalendar(gus, true);
    const counts: number[] = [];
    for (const days of [1, 200]) {
      await t.db.execute(sql`insert into activities (user_id, type, plan_id, occurred_at)
        select ${gus.user.id}, 'TOPIC_COMPLETED', ${plan.id}, now() - make_interval(days => d)
        from generate_series(1, ${days}::int) d`);
      const { result, statements } = await t.queries.count(() => as(bob, { url: calendarUrl(gus) }));
      expect(result.statusCode).toBe(200);
      counts.push(statements);
    }
    expect(counts).toEqual([1, 1]);
  });
});

describe('visitors on an instance with public reading', () => {
  let open: TestApp;
  afterAll(() => open?.close());

  it('see a calendar only when its owner shows both it and their profile to visitors', async () => {
    open = await createTestApp({ config: { publicReading: true, pageCache: false } });
    const hal = await signUp(open, { name: 'Hal' });
    const url = `/api/users/${hal.user.id}/learning-calendar`;
    const put = (payload: object) =>
      open.app.inject({ method: 'PUT', url: '/api/users/me/privacy', payload, headers: bearer(hal.token) });
    await put({ showLearningCalendar: true });
    expect((await open.app.inject({ url })).statusCode).toBe(404);
    await put({ showProfileToVisitors: true });
    expect((await open.app.inject({ url })).statusCode).toBe(200);
    await put({ showLearningCalendar: false });
    expect((await open.app.inject({ url })).statusCode).toBe(404);
  });
});

describe('the privacy setting', () => {
  it('is off by default and round-trips through GET and PUT, leaving the others as they are', async () => {
    const ida = await signUp(t, { name: 'Ida' });
    const read = () => as(ida, { url: '/api/users/me/privacy' });
    expect((await read()).json()).toEqual({
      showEmail: false,
      showProfileToVisitors: false,
      showLearningCalendar: false,
    });
    const saved = await showCalendar(ida, true);
    expect(saved.json()).toEqual({
      showEmail: false,
      showProfileToVisitors: false,
      showLearningCalendar: true,
    });
    expect((await read()).json().showLearningCalendar).toBe(true);
    const bad = await as(ida, {
      method: 'PUT',
      url: '/api/users/me/privacy',
      payload: { showLearningCalendar: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('showLearningCalendar must be true or false');
  });
});
