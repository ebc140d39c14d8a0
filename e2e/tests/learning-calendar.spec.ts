import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { test } from './support/people';

/** A day as the calendar names it (Chromium's locale is en-US), in the machine's time zone. */
const dayName = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const today = () => dayName(new Date());
const daysAgo = (days: number) => dayName(new Date(Date.now() - days * 86_400_000));

/** A public plan of one topic with two resources. */
async function planWithResources(request: APIRequestContext, owner: Account) {
  const created = await request.post('/api/learning-plans', {
    headers: authHeaders(owner),
    data: {
      title: 'Learn Go',
      description: 'Goroutines first.',
      category: 'PROGRAMMING',
      isPublic: true,
      estimatedDays: 14,
      topics: [
        {
          title: 'Concurrency',
          resources: [
            { title: 'Goroutines video', url: 'https://example.com/video', type: 'VIDEO' },
            { title: 'Channels article', url: 'https://example.com/article', type: 'ARTICLE' },
          ],
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; topics: { id: number; resources: { id: number }[] }[] };
}

const calendarOf = (page: Page) => page.getByRole('region', { name: 'Learning activity' });

test('progress made on a plan shows on the profile, to others only while the owner allows it', async ({
  page,
  anotherPerson,
  request,
}) => {
  test.setTimeout(180_000);
  const ann = await createAccount(request, 'Ann Calendar');
  const bob = await createAccount(request, 'Bob Calendar');
  const plan = await planWithResources(request, ann);

  // Ann completes a resource on the plan's page, then finds the day on her profile.
  await signInAs(page, ann, `/learning-plan/${plan.id}`);
  await page.getByRole('checkbox', { name: 'Goroutines video' }).click();
  await expect(page.getByRole('checkbox', { name: 'Goroutines video' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Goroutines video' })).toBeEnabled();
  await page.goto(`/profile/${ann.id}`);
  const calendar = calendarOf(page);
  await expect(calendar.getByText(/^[1-9]\d* learning activit(y|ies) in the last year$/)).toBeVisible();
  await expect(
    calendar.getByRole('gridcell', { name: new RegExp(`^[1-9]\\d* learning activit(y|ies) on ${today()}$`) }),
  ).toBeVisible();
  await expect(
    calendar.getByRole('gridcell', { name: `0 learning activities on ${daysAgo(7)}` }),
  ).toBeVisible();

  // Off by default: Bob, signed in, sees Ann's profile without it.
  const bobPage = await anotherPerson();
  await signInAs(bobPage, bob, `/profile/${ann.id}`);
  await expect(bobPage.getByRole('heading', { level: 1, name: 'Ann Calendar' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(bobPage.getByRole('tab', { name: 'Posts' })).toBeVisible();
  await expect(bobPage.getByText('Loading learning activity...')).toHaveCount(0);
  await expect(calendarOf(bobPage)).toHaveCount(0);

  // Ann turns it on in Settings: Bob sees it; she turns it off again: he no longer does.
  const setShown = async (on: boolean) => {
    await page.goto('/settings');
    const box = page.getByRole('checkbox', { name: 'Show my learning calendar on my profile' });
    await expect(box).toBeChecked({ checked: !on });
    await box.click();
    await expect(box).toBeChecked({ checked: on });
    // Saved on the server, not only ticked: a reload shows the same.
    await page.reload();
    await expect(box).toBeChecked({ checked: on });
  };
  await setShown(true);
  await bobPage.reload();
  await expect(calendarOf(bobPage).getByRole('grid')).toBeVisible();
  await expect(
    calendarOf(bobPage).getByRole('gridcell', {
      name: new RegExp(`^[1-9]\\d* learning activit.* on ${today()}$`),
    }),
  ).toBeVisible();
  await setShown(false);
  await bobPage.reload();
  await expect(bobPage.getByRole('heading', { level: 1, name: 'Ann Calendar' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(bobPage.getByText('Loading learning activity...')).toHaveCount(0);
  await expect(calendarOf(bobPage)).toHaveCount(0);
});

test('the calendar is one tab stop moved by arrow keys, starts at the latest weeks at 390 px, and passes axe', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const ann = await createAccount(request, 'Ann Keys');
  const plan = await planWithResources(request, ann);
  const topic = plan.topics[0];
  const done = await request.patch(
    `/api/learning-plans/${plan.id}/topics/${topic?.id}/resources/${topic?.resources[0]?.id}` +
      '/user-progress?isCompleted=true',
    { headers: authHeaders(ann) },
  );
  expect(done.ok(), await done.text()).toBe(true);

  await page.setViewportSize({ width: 390, height: 900 });
  await signInAs(page, ann, `/profile/${ann.id}`);
  const calendar = calendarOf(page);
  const todayCell = calendar.getByRole('gridcell', { name: new RegExp(`on ${today()}$`) });
  // The box scrolls by itself to the most recent weeks: today is in view, the year's start is not.
  await expect(todayCell).toBeInViewport({ timeout: 30_000 });
  await expect(calendar.getByRole('gridcell').first()).not.toBeInViewport();
  const box = page.locator('div:has(> table[role="grid"])');
  expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // One tab stop: Tab from the heading's area reaches today, and the next Tab leaves the grid.
  await expect(calendar.locator('td[tabindex="0"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Show as table (Learning activity, days with learning)' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(todayCell).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(
    calendar.getByRole('gridcell', { name: `0 learning activities on ${daysAgo(7)}` }),
  ).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(
    calendar.getByRole('gridcell', { name: `0 learning activities on ${daysAgo(8)}` }),
  ).toBeFocused();
  await expect(calendar.getByText(`0 learning activities on ${daysAgo(8)}`, { exact: true })).toBeVisible();
  await page.keyboard.press('End');
  await expect(todayCell).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /Show as table/ })).toBeFocused();

  for (const width of [390, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      await expect(todayCell).toBeVisible();
      await expectNoSeriousViolations(page, `profile with its learning calendar at ${width} px, ${scheme}`);
    }
  }
});
