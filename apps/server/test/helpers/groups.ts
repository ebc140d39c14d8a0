import type { Group, LearningPlan } from '@pathwise/contract';
import { expect } from 'vitest';
import type { TestAccount } from './accounts.js';
import type { TestApp } from './app.js';
import { callAs } from './social.js';

/** `account` starts a study group on `plan`: named Rustaceans unless `fields` says otherwise. */
export async function startGroup(
  t: Pick<TestApp, 'app'>,
  account: TestAccount,
  plan: Pick<LearningPlan, 'id'>,
  fields: object = {},
): Promise<Group> {
  const res = await callAs(t, account, {
    method: 'POST',
    url: '/api/groups',
    payload: { planId: plan.id, name: 'Rustaceans', description: 'Weekly', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
