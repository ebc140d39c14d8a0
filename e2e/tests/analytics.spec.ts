import { expect, type Page, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';

/** Opens the table of the chart `caption` with its "Show as table" button. */
const showTable = (page: Page, caption: string) =>
  page.getByRole('button', { name: `Show as table (${caption})` }).click();
/** The row of a chart's open table whose first cell is `first`, as text cells. */
const tableRow = (page: Page, caption: string, first: string) =>
  page
    .getByRole('table', { name: caption })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: first, exact: true }) });
const statistic = (page: Page, term: string) =>
  page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
/** Today as the tables write it (Chromium's locale is en-US), in `timeZone` (the machine's by default). */
const today = (timeZone?: string) =>
  new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });

test('resources completed on a plan show on the dashboard; another date range shows other figures', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Analytics');
  const created = await request.post('/api/learning-plans', {
    headers: authHeaders(ann),
    data: {
      title: 'Learn Rust',
      description: 'Ownership first.',
      category: 'PROGRAMMING',
      estimatedDays: 21,
      topics: [
        {
          title: 'Ownership',
          resources: [
            {
              title: 'Ownership video',
              url: 'https://example.com/video',
              type: 'VIDEO',
              durationMinutes: 30,
            },
            // No duration: an article counts 15 estimated minutes.
            { title: 'Borrowing article', url: 'https://example.com/article', type: 'ARTICLE' },
          ],
        },
        {
          title: 'Traits',
          resources: [
            { title: 'Traits chapter', url: 'https://example.com/book', type: 'BOOK', durationMinutes: 50 },
          ],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const plan = await created.json();

  // Ann completes both resources of the first topic on the plan's page.
  await signInAs(page, ann, `/learning-plan/${plan.id}`);
  for (const title of ['Ownership video', 'Borrowing article']) {
    // The box turns checked once the server has stored it and the plan has reloaded.
    await page.getByRole('checkbox', { name: title }).click();
    await expect(page.getByRole('checkbox', { name: title })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: title })).toBeEnabled();
  }
  await expect(page.getByRole('combobox', { name: 'Status of Ownership' })).toHaveValue('COMPLETED');

  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Learning Analytics Dashboard' })).toBeVisible();

  const item = page.getByRole('region', { name: 'Learning Plans Progress' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link', { name: 'Learn Rust' })).toHaveAttribute(
    'href',
    `/learning-plan/${plan.id}`,
  );
  await expect(item).toContainText('50.0% Complete');
  await expect(item).toContainText('1/2 topics completed');
  await expect(item).toContainText('Estimated: 21 days');
  await expect(statistic(page, 'Resources')).toHaveText('2/3');
  await expect(statistic(page, 'Completion Rate')).toHaveText('50.0%');
  // Today: two resources, 30 + 15 estimated minutes.
  await showTable(page, 'Learning Activity Timeline');
  await expect(tableRow(page, 'Learning Activity Timeline', today()).getByRole('cell')).toHaveText([
    '2',
    '45m',
  ]);
  // One category only: its figure, not a chart of one solid disc.
  const timeByCategory = page.getByRole('region', { name: 'Time Distribution by Category' });
  await expect(timeByCategory.getByText('45m', { exact: true })).toBeVisible();
  await expect(timeByCategory.getByText('All in Programming')).toBeVisible();
  await expect(statistic(page, 'Learning Days')).toHaveText('1 day');
  await expect(statistic(page, 'Longest Streak')).toHaveText('1 day');

  // January 2024, long before Ann's first step: no activity, though the plans stay where they are.
  await page.getByLabel('Start Date').fill('2024-01-01');
  await page.getByLabel('End Date').fill('2024-01-31');
  // On the way, 2024-01-01 to today was too long a range: the dashboard, its open table with it, went.
  await showTable(page, 'Learning Activity Timeline');
  await expect(page.getByRole('table', { name: 'Learning Activity Timeline' }).getByRole('row')).toHaveCount(
    32,
  );
  await expect(tableRow(page, 'Learning Activity Timeline', 'Jan 31, 2024').getByRole('cell')).toHaveText([
    '0',
    '0m',
  ]);
  await expect(statistic(page, 'Learning Days')).toHaveText('0 days');
  await expect(
    page.getByRole('region', { name: 'Time Distribution by Category' }).getByText('Nothing to show yet.'),
  ).toBeVisible();
  await expect(item).toContainText('50.0% Complete');

  // An end before the start is explained, not sent.
  await page.getByLabel('End Date').fill('2023-12-01');
  await expect(page.getByRole('alert')).toHaveText('End date must be on or after the start date');
});

test('a first-time user sees the whole dashboard at zero and how to start', async ({ page, request }) => {
  const ann = await createAccount(request, 'Ann First');
  await signInAs(page, ann, '/analytics');

  await expect(statistic(page, 'Learning Plans')).toHaveText('0/0');
  await expect(page.getByRole('heading', { name: 'Completion Rate by Category' })).toBeVisible();
  await expect(statistic(page, 'Average Completion Time')).toHaveText('N/A');
  await page.getByRole('link', { name: 'Create your first learning plan' }).click();
  await expect(page).toHaveURL(/\/create-learning-plan$/);
});

test('the dashboard fits a 375 px wide screen, its summary cards two by two', async ({ page, request }) => {
  const ann = await createAccount(request, 'Ann Phone');
  const created = await request.post('/api/learning-plans', {
    headers: authHeaders(ann),
    data: {
      title: 'Learn Go',
      description: 'Small steps.',
      estimatedDays: 7,
      category: 'PROGRAMMING',
      topics: [
        { title: 'Basics', resources: [{ title: 'Tour', url: 'https://go.dev/tour', type: 'COURSE' }] },
      ],
    },
  });
  expect(created.status()).toBe(201);
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAs(page, ann, '/analytics');

  await expect(statistic(page, 'Learning Plans')).toHaveText('0/1');
  const top = async (term: string) => (await page.locator('dt', { hasText: term }).boundingBox())?.y;
  expect(await top('Topics')).toBe(await top('Learning Plans'));
  expect(await top('Completion Rate')).toBe(await top('Resources'));
  expect(await top('Resources')).toBeGreaterThan((await top('Learning Plans')) ?? Number.POSITIVE_INFINITY);
  await expect(
    page.getByRole('region', { name: 'Learning Activity Timeline' }).locator('canvas'),
  ).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/**
 * A zone whose date differs from UTC's now, an hour or more from either midnight: Pago Pago (UTC-11)
 * is still on yesterday before 10:00 UTC, Kiritimati (UTC+14) already on tomorrow from then on.
 */
const ZONE = new Date().getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';

test.describe(`in a browser set to ${ZONE}`, () => {
  test.use({ timezoneId: ZONE });

  test('a resource completed now counts on today as the viewer lives it, not UTC’s', async ({
    page,
    request,
  }) => {
    const ann = await createAccount(request, 'Ann Zone');
    const created = await request.post('/api/learning-plans', {
      headers: authHeaders(ann),
      data: {
        title: 'Learn Zig',
        description: 'Comptime.',
        category: 'PROGRAMMING',
        estimatedDays: 7,
        topics: [
          {
            title: 'Basics',
            resources: [
              { title: 'Tour', url: 'https://example.com/zig', type: 'VIDEO', durationMinutes: 40 },
            ],
          },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const plan = await created.json();
    const [topic] = plan.topics;
    const completed = await request.patch(
      `/api/learning-plans/${plan.id}/topics/${topic.id}` +
        `/resources/${topic.resources[0].id}/user-progress?isCompleted=true`,
      { headers: authHeaders(ann) },
    );
    expect(completed.status()).toBe(200);

    await signInAs(page, ann, '/analytics');
    await showTable(page, 'Learning Activity Timeline');
    await expect(tableRow(page, 'Learning Activity Timeline', today(ZONE)).getByRole('cell')).toHaveText([
      '1',
      '40m',
    ]);
    // UTC's today is another day: in the range (Kiritimati) it shows nothing, else it is past the range.
    const utcDay = tableRow(page, 'Learning Activity Timeline', today('UTC'));
    if (ZONE === 'Pacific/Kiritimati') await expect(utcDay.getByRole('cell')).toHaveText(['0', '0m']);
    else await expect(utcDay).toHaveCount(0);
  });
});
