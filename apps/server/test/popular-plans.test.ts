import type { LearningPlan, Page } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPlan } from './helpers/plans.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
let cy: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, cy] = [await signUp(t), await signUp(t), await signUp(t)];
});
afterAll(() => t.close());

const popular = async (viewer: TestAccount, query = '') => {
  const res = await t.app.inject({
    url: `/api/learning-plans/popular${query}`,
    headers: bearer(viewer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<LearningPlan>;
};
const titles = (page: Page<LearningPlan>) => page.content.map((plan) => plan.title);
const useAsTemplate = async (viewer: TestAccount, planId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/learning-plans/${planId}/copies`,
    headers: bearer(viewer.token),
  });
  expect(res.statusCode, res.body).toBe(201);
};

describe('GET /api/learning-plans/popular', () => {
  it('lists public plans most used as a template first, the newest among equals, never a private one', async () => {
    const rust = await createPlan(t, ann.token, { title: 'Rust, used twice' });
    const go = await createPlan(t, bob.token, { title: 'Go, used once' });
    await createPlan(t, ann.token, { title: 'Zig, unused' });
    const secret = await createPlan(t, bob.token, { title: 'Private, used', isPublic: false });
    await useAsTemplate(bob, rust.id);
    await useAsTemplate(cy, rust.id);
    await useAsTemplate(cy, go.id);
    await useAsTemplate(bob, secret.id);

    const page = await popular(cy, '?size=3');
    expect(titles(page)).toEqual(['Rust, used twice', 'Go, used once', 'Zig, unused']);
    expect(page.content[0]!.templateUseCount).toBe(2);
    const all = titles(await popular(cy, '?size=50'));
    expect(all).not.toContain('Private, used');
    // The copies are private: they are nobody's suggestion.
    expect(all.filter((title) => title.startsWith('Rust'))).toEqual(['Rust, used twice']);
  });

  it('leaves out plans of people the viewer blocked, and counts as /public does', async () => {
    const dee = await signUp(t);
    await createPlan(t, dee.token, { title: 'Dee’s plan' });
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${dee.user.id}/block`,
      headers: bearer(cy.token),
    });
    expect(block.statusCode, block.body).toBe(200);

    const page = await popular(cy, '?size=50');
    expect(titles(page)).not.toContain('Dee’s plan');
    const everyPublic = await t.app.inject({
      url: '/api/learning-plans/public?size=50',
      headers: bearer(cy.token),
    });
    expect(page.totalElements).toBe(everyPublic.json().totalElements);
    expect(titles(await popular(ann, '?size=50'))).toContain('Dee’s plan');
  });

  it('costs the same number of statements for a page of two plans or of twenty', async () => {
    const reader = await signUp(t);
    const few = await t.queries.count(() =>
      t.app.inject({ url: '/api/learning-plans/popular?size=2', headers: bearer(reader.token) }),
    );
    for (let i = 0; i < 20; i++) await createPlan(t, bob.token, { title: `Plan ${i}` });
    const many = await t.queries.count(() =>
      t.app.inject({ url: '/api/learning-plans/popular?size=20', headers: bearer(reader.token) }),
    );
    expect(many.result.json().content).toHaveLength(20);
    expect(many.statements).toBe(few.statements);
  });
});
