import { expect, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { createPlan } from './support/content';

test('a plan used as a template: the private copy says what it is based on, the author is told', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Author');
  const bob = await createAccount(request, 'Bob Learner');
  const original = await createPlan(request, ann, 'Rust in thirty days');

  await signInAs(page, bob, `/learning-plan/${original.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rust in thirty days' })).toBeVisible();
  await page.getByRole('button', { name: 'Use as template' }).click();

  await expect(page).not.toHaveURL(new RegExp(`/learning-plan/${original.id}$`));
  await expect(page).toHaveURL(/\/learning-plan\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rust in thirty days' })).toBeVisible();
  const origin = page.getByText(/^Based on/);
  await expect(origin).toHaveText('Based on Rust in thirty days by Ann Author');
  await expect(page.getByText('Private', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: '1. Basics' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();

  await origin.getByRole('link', { name: 'Rust in thirty days' }).click();
  await expect(page).toHaveURL(new RegExp(`/learning-plan/${original.id}$`));
  await expect(page.getByText('Used as a template once')).toBeVisible();

  const notifications = await request.get('/api/notifications', { headers: authHeaders(ann) });
  expect((await notifications.json()).content[0]).toMatchObject({
    type: 'LEARNING_PLAN_COPY',
    message: 'Bob Learner used your learning plan "Rust in thirty days" as a template',
  });
});
