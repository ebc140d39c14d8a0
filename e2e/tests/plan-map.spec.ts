import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

/** A public plan of `ann`'s with these topics (prerequisites named by position), as the API stores it. */
async function createPublicPlan(
  request: APIRequestContext,
  ann: Account,
  title: string,
  topics: { title: string; resources: never[]; prerequisiteTopicIndexes?: number[] }[],
) {
  const res = await request.post('/api/learning-plans', {
    headers: authHeaders(ann),
    data: {
      title,
      description: 'One topic a week.',
      category: 'PROGRAMMING',
      isPublic: true,
      estimatedDays: 30,
      topics,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

test('the plan map by keyboard: move, set Done with D, and Skip changing the percentage', async ({
  page,
  request,
}) => {
  test.slow();
  const ann = await createAccount(request, 'Ann Mapper');
  const title = `Rust map ${Date.now()}`;
  // Basics ← Ownership ← Traits, and Async needing Ownership: prerequisites named by position.
  const plan = await createPublicPlan(request, ann, title, [
    { title: 'Basics', resources: [] },
    { title: 'Ownership', resources: [], prerequisiteTopicIndexes: [0] },
    { title: 'Traits', resources: [], prerequisiteTopicIndexes: [1] },
    { title: 'Async', resources: [], prerequisiteTopicIndexes: [1] },
  ]);

  await signInAs(page, ann, `/learning-plan/${plan.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: '2. Ownership' })).toContainText('Needs: Basics');
  await page.getByRole('button', { name: 'Map', pressed: false }).click();
  await expect(page).toHaveURL(/\?view=map$/);
  const map = page.getByRole('region', { name: /^Map of the topics of/ });
  const node = (name: string) => map.getByRole('button', { name });
  await expect(node('Basics Not Started')).toBeVisible();
  await expect(node('Ownership Not Started')).toHaveAccessibleDescription('Needs: Basics');
  await expectNoSeriousViolations(page, 'the plan map');

  // Tab reaches the map's one tab stop, the first topic; arrows move down the prerequisites.
  await node('Basics Not Started').focus();
  await page.keyboard.press('d');
  await expect(node('Basics Completed')).toBeFocused();
  // Saved and the plan reloaded: the map takes keys again.
  await expect(node('Basics Completed')).not.toHaveAttribute('aria-disabled');
  await expect(node('Ownership Not Started')).not.toHaveAccessibleDescription('Needs: Basics');
  await expect(page.getByRole('progressbar', { name: 'Progress (1/4 topics)' })).toBeVisible();
  await expect(page.getByText('25.0%')).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expect(node('Ownership Not Started')).toBeFocused();
  await page.keyboard.press('p');
  await expect(node('Ownership In Progress')).toBeFocused();
  await expect(node('Ownership In Progress')).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('ArrowDown');
  const below = map.getByRole('button', { name: /^(Traits|Async) Not Started$/ });
  await expect(below.and(page.locator(':focus'))).toHaveCount(1);
  await page.keyboard.press('s');
  // 1 done of the 3 not skipped.
  await expect(page.getByRole('progressbar', { name: 'Progress (1/4 topics, 1 skipped)' })).toBeVisible();
  await expect(page.getByText('33.3%')).toBeVisible();

  // The statuses were stored: a reload shows them, and Enter opens a topic in the list.
  await page.reload();
  await expect(node('Basics Completed')).toBeVisible();
  await expect(node('Ownership In Progress')).toBeVisible();
  await expect(map.getByRole('button', { name: / Skipped$/ })).toHaveCount(1);
  await node('Ownership In Progress').focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/view=map/);
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('region', { name: '2. Ownership' }) }),
  ).toBeFocused();
});

test('the plan map at 390 px in dark mode: readable statuses, scrolled sideways, no serious violations', async ({
  page,
  request,
}) => {
  test.slow();
  const ann = await createAccount(request, 'Ann Narrow');
  const title = `Wide map ${Date.now()}`;
  // Four topics side by side under one: wider than a phone.
  const plan = await createPublicPlan(request, ann, title, [
    { title: 'Basics', resources: [] },
    ...['Ownership', 'Traits', 'Async', 'Macros'].map((name) => ({
      title: name,
      resources: [],
      prerequisiteTopicIndexes: [0],
    })),
  ]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, ann, `/learning-plan/${plan.id}?view=map`);
  const map = page.getByRole('region', { name: /^Map of the topics of/ });
  await expect(map.getByRole('button')).toHaveCount(5);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await map.getByRole('button', { name: 'Basics Not Started' }).focus();
  await page.keyboard.press('d');
  await expect(map.getByRole('button', { name: 'Basics Completed' })).not.toHaveAttribute('aria-disabled');
  // The page itself does not scroll sideways; the map's frame does.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  const frame = map.locator('xpath=..');
  expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expectNoSeriousViolations(page, 'the plan map at 390 px in dark mode');
});
