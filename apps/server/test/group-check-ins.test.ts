import type { Group, LearningPlan } from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendCheckIns } from '../src/modules/notifications/check-ins.jobs.js';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import type { TestApp } from './helpers/app.js';
import { createPlan, planBody } from './helpers/plans.js';
import { callAs } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

const call = (account: TestAccount | null, request: InjectOptions) => callAs(t, account, request);

const topics = ['Ownership', 'Traits', 'Closures'].map((title, orderIndex) => ({
  title,
  orderIndex,
  resources: [],
}));

async function startGroup(account: TestAccount, plan: LearningPlan, fields: object): Promise<Group> {
  const res = await call(account, {
    method: 'POST',
    url: '/api/groups',
    payload: { planId: plan.id, name: 'Rust evenings', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function checkInsOf(account: TestAccount, group: { id: number }): Promise<string[]> {
  const res = await call(account, { url: '/api/notifications?size=50' });
  return res
    .json()
    .content.filter(
      (n: { type: string; entityId: number }) => n.type === 'GROUP_CHECK_IN' && n.entityId === group.id,
    )
    .map((n: { message: string }) => n.message);
}

describe('weekly study group check-ins', () => {
  it('reminds each member once a week of the topics the pace expects, however many workers run', async () => {
    const plan = await createPlan(t, ann.token, { topics: planBody({ topics }).topics });
    const group = await startGroup(ann, plan, { startDate: '2025-03-03', topicsPerWeek: 2 });
    await call(bob, { method: 'POST', url: `/api/groups/${group.id}/members`, payload: {} });

    const first = await Promise.all([
      sendCheckIns(t.db, null, { today: '2025-03-05' }),
      sendCheckIns(t.db, null, { today: '2025-03-06' }),
    ]);
    expect(first[0] + first[1]).toBe(2);
    expect(await sendCheckIns(t.db, null, { today: '2025-03-09' })).toBe(0);
    expect(await checkInsOf(bob, group)).toEqual(['Week 1 of "Rust evenings": Ownership, Traits']);

    expect(await sendCheckIns(t.db, null, { today: '2025-03-10' })).toBe(2);
    expect(await checkInsOf(ann, group)).toEqual([
      'Week 2 of "Rust evenings": Closures',
      'Week 1 of "Rust evenings": Ownership, Traits',
    ]);
    // Past the last topic, and before the start, the pace expects nothing.
    expect(await sendCheckIns(t.db, null, { today: '2025-03-17' })).toBe(0);

    const grouped = (await call(bob, { url: '/api/notifications/groups' })).json();
    const checkIns = grouped.content.filter((g: { type: string }) => g.type === 'GROUP_CHECK_IN');
    expect(checkIns).toHaveLength(1);
    expect(checkIns[0]).toMatchObject({ count: 2, entityType: 'group', entityId: group.id });
  });

  it('skips groups without a start date or pace, and members who turned the kind off', async () => {
    const plan = await createPlan(t, ann.token);
    const noPace = await startGroup(ann, plan, { startDate: '2025-03-03' });
    const paced = await startGroup(ann, plan, { startDate: '2025-03-03', topicsPerWeek: 1 });
    const off = await signUp(t, { name: 'Off Switch' });
    await call(off, { method: 'POST', url: `/api/groups/${paced.id}/members`, payload: {} });
    const changed = await call(off, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { types: { GROUP_CHECK_IN: { inApp: false } } },
    });
    expect(changed.statusCode).toBe(200);

    await sendCheckIns(t.db, null, { today: '2025-03-04' });
    expect(await checkInsOf(ann, noPace)).toEqual([]);
    expect(await checkInsOf(ann, paced)).toEqual(['Week 1 of "Rust evenings": Ownership']);
    expect(await checkInsOf(off, paced)).toEqual([]);
  });

  it('claims and writes a batch in the same statements whatever its size', async () => {
    const plan = await createPlan(t, ann.token);
    const small = await startGroup(ann, plan, { startDate: '2025-05-26', topicsPerWeek: 1 });
    const one = await t.queries.count(() => sendCheckIns(t.db, null, { today: '2025-06-02' }));
    expect(one.result).toBeGreaterThanOrEqual(1);

    const big = await startGroup(ann, plan, { startDate: '2025-06-09', topicsPerWeek: 1 });
    for (let i = 0; i < 6; i++) {
      const member = await signUp(t, { name: `Member ${i}` });
      await call(member, { method: 'POST', url: `/api/groups/${big.id}/members`, payload: {} });
    }
    const many = await t.queries.count(() => sendCheckIns(t.db, null, { today: '2025-06-09' }));
    expect(many.result).toBe(7);
    expect(many.statements).toBe(one.statements);
    expect(await checkInsOf(ann, small)).toHaveLength(1);
  });
});
