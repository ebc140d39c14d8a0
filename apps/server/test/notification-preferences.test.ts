import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_MESSAGES,
  NOTIFICATION_TYPES,
  type NotificationGroup,
  type NotificationPreferences,
  type Page,
} from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { planShareCount } from './helpers/followers.js';
import { createPlan } from './helpers/plans.js';
import { createPost } from './helpers/posts.js';
import { addComment, callAs, follow, toggleLike, unfollow } from './helpers/social.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/notifications/preferences';
const preferencesOf = (account: TestAccount) => callAs(t, account, { url: URL });
const change = (account: TestAccount, payload: unknown) =>
  callAs(t, account, {
    method: 'PUT',
    url: URL,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]!.n);
}
const storedRows = (account: TestAccount) =>
  count(sql`select count(*) as n from notification_preferences where user_id = ${account.user.id}`);
const notificationsOf = (account: TestAccount, type: string) =>
  count(sql`select count(*) as n from notifications
    where recipient_id = ${account.user.id} and type = ${type}`);

describe('GET /api/notifications/preferences', () => {
  it('answers the defaults to someone who never changed anything, storing nothing', async () => {
    const ann = await signUp(t);
    const res = await preferencesOf(ann);
    expect(res.statusCode).toBe(200);
    const preferences: NotificationPreferences = res.json();
    expect(Object.keys(preferences.types)).toEqual([...NOTIFICATION_TYPES]);
    for (const type of NOTIFICATION_TYPES) {
      expect(preferences.types[type]).toEqual({
        inApp: true,
        push: ['COMMENT', 'COMMENT_REPLY', 'MENTION', 'GROUP_REPLY'].includes(type),
        email: true,
      });
    }
    expect(preferences).toMatchObject({ digest: 'WEEKLY', fromPeopleYouDontFollow: 'ALLOW' });
    expect(preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(await storedRows(ann)).toBe(0);
  });
});

describe('PUT /api/notifications/preferences', () => {
  it('changes only what is sent, and keeps earlier changes', async () => {
    const bob = await signUp(t);
    const first = await change(bob, { types: { LIKE: { inApp: false } } });
    expect(first.statusCode).toBe(200);
    expect(first.json().types.LIKE).toEqual({ inApp: false, push: false, email: true });
    expect(first.json().types.COMMENT).toEqual({ inApp: true, push: true, email: true });

    const second = await change(bob, { types: { LIKE: { email: false }, MENTION: { push: false } } });
    expect(second.json().types.LIKE).toEqual({ inApp: false, push: false, email: false });
    expect(second.json().types.MENTION).toEqual({ inApp: true, push: false, email: true });

    const third = await change(bob, { digest: 'DAILY', fromPeopleYouDontFollow: 'MUTE' });
    expect(third.json()).toMatchObject({ digest: 'DAILY', fromPeopleYouDontFollow: 'MUTE' });
    expect(third.json().types.LIKE).toEqual({ inApp: false, push: false, email: false });

    expect((await preferencesOf(bob)).json()).toEqual(third.json());
    expect(await storedRows(bob)).toBe(1);
  });

  it('stores nothing for a change that changes nothing', async () => {
    const cy = await signUp(t);
    for (const payload of [{}, { types: {} }, { types: { LIKE: {} } }]) {
      const res = await change(cy, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    }
    expect(await storedRows(cy)).toBe(0);
  });

  it('refuses unknown keys and wrong values with a message saying what is wrong', async () => {
    const dee = await signUp(t);
    const cases: [unknown, string][] = [
      [{ digests: 'DAILY' }, NOTIFICATION_PREFERENCE_MESSAGES.unknownKey(['digests'])],
      [{ types: { SHARE: { inApp: false } } }, NOTIFICATION_PREFERENCE_MESSAGES.unknownKey(['SHARE'])],
      [{ types: { LIKE: { sms: true } } }, NOTIFICATION_PREFERENCE_MESSAGES.unknownKey(['sms'])],
      [{ types: { LIKE: { inApp: 'no' } } }, NOTIFICATION_PREFERENCE_MESSAGES.channel],
      [{ digest: 'MONTHLY' }, NOTIFICATION_PREFERENCE_MESSAGES.digest],
      [{ fromPeopleYouDontFollow: 'BLOCK' }, NOTIFICATION_PREFERENCE_MESSAGES.strangers],
      [[], NOTIFICATION_PREFERENCE_MESSAGES.body],
      ['LIKE', NOTIFICATION_PREFERENCE_MESSAGES.body],
    ];
    for (const [payload, message] of cases) {
      const res = await change(dee, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(NOTIFICATION_PREFERENCE_MESSAGES.unknownKey(['digests'])).toContain('digests');
    expect(await storedRows(dee)).toBe(0);
  });
});

describe('where notifications are made', () => {
  it('writes no row for a type turned off in the app, and does again once it is on', async () => {
    const [eve, fox] = [await signUp(t), await signUp(t)];
    const post = await createPost(t, eve.token);
    expect((await change(eve, { types: { LIKE: { inApp: false } } })).statusCode).toBe(200);

    expect((await toggleLike(t, fox, post.id)).statusCode).toBe(200);
    await addComment(t, fox, post.id, 'Still told about this');
    expect(await notificationsOf(eve, 'LIKE')).toBe(0);
    expect(await notificationsOf(eve, 'COMMENT')).toBe(1);

    expect((await change(eve, { types: { LIKE: { inApp: true } } })).statusCode).toBe(200);
    await toggleLike(t, fox, post.id);
    await toggleLike(t, fox, post.id);
    expect(await notificationsOf(eve, 'LIKE')).toBe(1);
  });

  it('costs the same statements with preferences stored as without', async () => {
    const [gil, hal, ivy] = [await signUp(t), await signUp(t), await signUp(t)];
    const gilsPost = await createPost(t, gil.token);
    const halsPost = await createPost(t, hal.token);
    await change(hal, { types: { COMMENT: { push: false } }, fromPeopleYouDontFollow: 'MUTE' });
    await follow(t, hal, ivy);
    const without = await t.queries.count(() => toggleLike(t, ivy, gilsPost.id));
    const withPreferences = await t.queries.count(() => toggleLike(t, ivy, halsPost.id));
    expect(withPreferences.statements).toBe(without.statements);
    expect(await notificationsOf(hal, 'LIKE')).toBe(1);
  });

  it('makes none from people the recipient does not follow when they mute them, until they follow', async () => {
    const [jan, kim] = [await signUp(t), await signUp(t)];
    const post = await createPost(t, jan.token);
    expect((await change(jan, { fromPeopleYouDontFollow: 'MUTE' })).statusCode).toBe(200);

    expect((await follow(t, kim, jan)).statusCode).toBe(200);
    await toggleLike(t, kim, post.id);
    await addComment(t, kim, post.id, 'Hello from a stranger');
    expect(await notificationsOf(jan, 'FOLLOW')).toBe(0);
    expect(await notificationsOf(jan, 'LIKE')).toBe(0);
    expect(await notificationsOf(jan, 'COMMENT')).toBe(0);

    expect((await follow(t, jan, kim)).statusCode).toBe(200);
    await toggleLike(t, kim, post.id);
    await toggleLike(t, kim, post.id);
    expect(await notificationsOf(jan, 'LIKE')).toBe(1);

    expect((await unfollow(t, jan, kim)).statusCode).toBe(200);
    await addComment(t, kim, post.id, 'Not followed any more');
    expect(await notificationsOf(jan, 'COMMENT')).toBe(0);
  });

  it('leaves grouping alone: the types still on group as before', async () => {
    const [lea, mo, ned] = [
      await signUp(t, { name: 'Lea Owner' }),
      await signUp(t, { name: 'Mo Ash' }),
      await signUp(t, { name: 'Ned Oak' }),
    ];
    const post = await createPost(t, lea.token);
    await change(lea, { types: { COMMENT: { inApp: false } } });
    await toggleLike(t, mo, post.id);
    await toggleLike(t, ned, post.id);
    await addComment(t, ned, post.id, 'Muted for Lea');

    const res = await callAs(t, lea, { url: '/api/notifications/groups?unreadOnly=true' });
    const groups: Page<NotificationGroup> = res.json();
    expect(groups.content).toHaveLength(1);
    expect(groups.content[0]).toMatchObject({
      key: `LIKE.post.${post.id}`,
      message: 'Ned Oak and Mo Ash liked your post',
      actorCount: 2,
      count: 2,
    });
  });

  it('applies to the fan-out of a published plan to followers', async () => {
    const [oli, pia, quy] = [await signUp(t), await signUp(t), await signUp(t)];
    await follow(t, pia, oli);
    await follow(t, quy, oli);
    await change(quy, { types: { LEARNING_PLAN_SHARE: { inApp: false } } });

    const plan = await createPlan(t, oli.token, { title: 'Muted for Quy', isPublic: true });
    await vi.waitFor(async () => expect(await planShareCount(t.db, plan.id)).toBe(1), {
      timeout: 30_000,
      interval: 100,
    });
    expect(await notificationsOf(pia, 'LEARNING_PLAN_SHARE')).toBe(1);
    expect(await notificationsOf(quy, 'LEARNING_PLAN_SHARE')).toBe(0);
  });
});
