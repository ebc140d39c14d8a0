import type { FirstSteps } from '@pathwise/contract';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { multipart } from './helpers/multipart.js';
import { createPlan, setTopicStatus } from './helpers/plans.js';
import { createPost, fixture } from './helpers/posts.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/users/me/first-steps';
const call = (account: TestAccount, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...request.headers, ...bearer(account.token) } });

async function firstSteps(account: TestAccount): Promise<FirstSteps> {
  const res = await call(account, { url: URL });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function setDismissed(account: TestAccount, dismissed: boolean): Promise<FirstSteps> {
  const res = await call(account, { method: 'PUT', url: URL, payload: { dismissed } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function follow(follower: TestAccount, followed: TestAccount) {
  const res = await call(follower, { method: 'POST', url: `/api/users/${followed.user.id}/follow` });
  expect(res.statusCode, res.body).toBe(200);
}

async function setBio(account: TestAccount, bio: string) {
  const { name, email } = account.user;
  const res = await call(account, {
    method: 'PUT',
    url: `/api/users/${account.user.id}`,
    payload: { name, email, bio },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const NOTHING_DONE = { profile: false, follow: false, plan: false, post: false };

describe('GET /api/users/me/first-steps', () => {
  it('shows a new account nothing done and greets it as new', async () => {
    const ann = await signUp(t);
    expect(await firstSteps(ann)).toEqual({
      steps: NOTHING_DONE,
      followingCount: 0,
      dismissed: false,
      newcomer: true,
    });
  });

  it('ticks each step off as its data appears, and stops greeting as new once all are done', async () => {
    const ann = await signUp(t);
    const others = [await signUp(t), await signUp(t), await signUp(t)];

    await setBio(ann, '   ');
    expect((await firstSteps(ann)).steps.profile).toBe(false);
    await setBio(ann, 'Learning Rust on the train');
    expect((await firstSteps(ann)).steps).toEqual({ ...NOTHING_DONE, profile: true });

    await follow(ann, others[0]!);
    await follow(ann, others[1]!);
    expect(await firstSteps(ann)).toMatchObject({ steps: { follow: false }, followingCount: 2 });
    await follow(ann, others[2]!);
    expect(await firstSteps(ann)).toMatchObject({ steps: { follow: true }, followingCount: 3 });

    await createPlan(t, ann.token, { title: 'My plan' });
    expect((await firstSteps(ann)).steps.plan).toBe(true);
    expect((await firstSteps(ann)).newcomer).toBe(true);

    await createPost(t, ann.token, { title: 'My first post' });
    expect(await firstSteps(ann)).toEqual({
      steps: { profile: true, follow: true, plan: true, post: true },
      followingCount: 3,
      dismissed: false,
      newcomer: false,
    });
  });

  it('counts a profile picture as a complete profile', async () => {
    const ann = await signUp(t);
    const { payload, headers } = multipart([
      { name: 'file', filename: 'small.png', contentType: 'image/png', data: fixture('small.png') },
    ]);
    const upload = await call(ann, { method: 'POST', url: '/api/users/profile-picture', payload, headers });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await firstSteps(ann)).steps).toEqual({ ...NOTHING_DONE, profile: true });
  });

  it('counts progress on someone else’s plan as starting a plan', async () => {
    const ann = await signUp(t);
    const teacher = await signUp(t);
    const plan = await createPlan(t, teacher.token, { title: 'Shared plan' });
    const res = await setTopicStatus(t, ann.token, plan, plan.topics[0]!.id, 'IN_PROGRESS');
    expect(res.statusCode, res.body).toBe(200);
    expect((await firstSteps(ann)).steps).toEqual({ ...NOTHING_DONE, plan: true });
  });

  it('does not count what other people did', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    await setBio(bob, 'Bob’s bio');
    for (const person of [await signUp(t), await signUp(t), await signUp(t)]) await follow(bob, person);
    await follow(bob, ann);
    await createPlan(t, bob.token);
    await createPost(t, bob.token);
    expect(await firstSteps(ann)).toEqual({
      steps: NOTHING_DONE,
      followingCount: 0,
      dismissed: false,
      newcomer: true,
    });
    expect((await firstSteps(bob)).steps).toEqual({ profile: true, follow: true, plan: true, post: true });
  });

  it('greets an account made more than two weeks ago as returning, with the steps still read', async () => {
    const ann = await signUp(t);
    await t.db
      .update(users)
      .set({ createdAt: sql`now() - interval '15 days'` })
      .where(eq(users.id, ann.user.id));
    expect(await firstSteps(ann)).toEqual({
      steps: NOTHING_DONE,
      followingCount: 0,
      dismissed: false,
      newcomer: false,
    });
  });

  it('costs one statement, however much the person made', async () => {
    const fresh = await signUp(t);
    const busy = await signUp(t);
    for (let i = 0; i < 4; i++) {
      await createPost(t, busy.token, { title: `Post ${i}` });
      await createPlan(t, busy.token, { title: `Plan ${i}` });
      await follow(busy, await signUp(t));
    }
    const few = await t.queries.count(() => call(fresh, { url: URL }));
    const many = await t.queries.count(() => call(busy, { url: URL }));
    expect(few.result.statusCode).toBe(200);
    expect(many.result.json().steps).toMatchObject({ follow: true, plan: true, post: true });
    expect(few.statements).toBe(1);
    expect(many.statements).toBe(few.statements);
  });

  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ url: URL });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/users/me/first-steps', () => {
  it('hides the steps for good, on every device, and shows them again on request', async () => {
    const ann = await signUp(t);
    expect(await setDismissed(ann, true)).toEqual({
      steps: NOTHING_DONE,
      followingCount: 0,
      dismissed: true,
      newcomer: false,
    });
    // Another sign-in (another device) reads the same choice.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ann.user.email, password: ann.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const elsewhere = { ...ann, token: login.json().accessToken as string };
    expect(await firstSteps(elsewhere)).toMatchObject({ dismissed: true, newcomer: false });

    expect(await setDismissed(ann, false)).toMatchObject({ dismissed: false, newcomer: true });
  });

  it('hides only the caller’s steps', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    await setDismissed(ann, true);
    expect(await firstSteps(bob)).toMatchObject({ dismissed: false, newcomer: true });
  });

  it('refuses a body without a true or false, saying what is wrong', async () => {
    const ann = await signUp(t);
    for (const payload of [{}, { dismissed: 'yes' }]) {
      const res = await call(ann, { method: 'PUT', url: URL, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/dismissed/);
    }
    expect((await firstSteps(ann)).dismissed).toBe(false);
  });
});
