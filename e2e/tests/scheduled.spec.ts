import { expect, type Page, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

/** A `datetime-local` value `seconds` from now on the browser's own clock, in its time zone. */
const localTimeIn = (page: Page, seconds: number) =>
  page.evaluate((ahead) => {
    const date = new Date(Date.now() + ahead * 1000);
    const pad = (value: number) => String(value).padStart(2, '0');
    const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, seconds);

test('a post scheduled a few seconds ahead is nobody’s until its time, then appears in the feed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const ann = await createAccount(request, 'Ann Scheduler');
  const bob = await createAccount(request, 'Bob Waiter');
  const title = `Posted later ${Date.now()}`;
  await signInAs(page, ann, '/create-post');

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('Written now, read in a moment');
  await page.getByLabel('Category').selectOption('PROGRAMMING');
  await page.getByLabel('Schedule for later').check();
  // A time already past is refused with the contract's message.
  await page.getByLabel(/Publish at/).fill(await localTimeIn(page, -60));
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByText('The publication time must be in the future.')).toBeVisible();

  await page.getByLabel(/Publish at/).fill(await localTimeIn(page, 8));
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page).toHaveURL(/\/scheduled$/);
  const listed = page.getByRole('list', { name: 'Your scheduled posts' }).getByRole('article');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText(title);
  await expect(listed.first()).toContainText('Publishes');
  await expectNoSeriousViolations(page, 'the Scheduled page');

  const scheduled = await (await request.get('/api/posts/scheduled', { headers: authHeaders(ann) })).json();
  const postId: number = scheduled.content[0].id;
  expect((await request.get(`/api/posts/${postId}`, { headers: authHeaders(bob) })).status()).toBe(404);
  const before = await request.get('/api/posts', { headers: authHeaders(bob) });
  expect(JSON.stringify(await before.json())).not.toContain(title);

  // At its time the job publishes it: it leaves the Scheduled page and opens as any post.
  await expect
    .poll(async () => (await request.get(`/api/posts/${postId}`, { headers: authHeaders(bob) })).status(), {
      timeout: 30_000,
    })
    .toBe(200);
  await page.reload();
  await expect(page.getByText('No scheduled posts.')).toBeVisible();
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const after = await request.get('/api/posts', { headers: authHeaders(bob) });
  expect(JSON.stringify(await after.json())).toContain(title);
});

test('a scheduled post’s time can be changed and the post cancelled from the Scheduled page', async ({
  page,
  request,
}) => {
  const cy = await createAccount(request, 'Cy Planner');
  await signInAs(page, cy, '/create-post');
  await page.getByLabel('Title').fill('Maybe tomorrow');
  await page.getByLabel('Content').fill('Or maybe not');
  await page.getByLabel('Category').selectOption('PROGRAMMING');
  await page.getByLabel('Schedule for later').check();
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page).toHaveURL(/\/scheduled$/);

  const item = page.getByRole('list', { name: 'Your scheduled posts' }).getByRole('article');
  await item.getByRole('button', { name: 'Change' }).click();
  await page.getByLabel(/Publish at/).fill(await localTimeIn(page, 2 * 3600));
  await page.getByLabel('Title').fill('Surely tomorrow');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(item.getByRole('heading', { name: 'Surely tomorrow' })).toBeVisible();

  await item.getByRole('button', { name: 'Cancel post Surely tomorrow' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel post' }).click();
  await expect(page.getByText('No scheduled posts.')).toBeVisible();
  const left = await (await request.get('/api/posts/scheduled', { headers: authHeaders(cy) })).json();
  expect(left.totalElements).toBe(0);
});

test('a new plan is saved as a draft as it is typed and survives a reload', async ({ page, request }) => {
  test.setTimeout(60_000);
  const dee = await createAccount(request, 'Dee Planner');
  const title = `Learn Elixir ${Date.now()}`;
  await signInAs(page, dee, '/create-learning-plan');

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Processes, supervisors and OTP');
  await page.getByLabel('Topic title').fill('Pattern matching');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]draft=\d+/);
  const draftId = Number(new URL(page.url()).searchParams.get('draft'));

  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Processes, supervisors and OTP');
  await expect(page.getByLabel('Topic title')).toHaveValue('Pattern matching');

  // Another device reads the same draft from the server.
  const stored = await (await request.get(`/api/drafts/${draftId}`, { headers: authHeaders(dee) })).json();
  expect(stored).toMatchObject({ kind: 'PLAN', fields: { title } });

  // A change not saved yet: a link inside the app asks first.
  await page.getByLabel('Description', { exact: true }).fill('Processes, supervisors, OTP and Phoenix');
  await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
  const question = page.getByRole('alertdialog', { name: 'Leave this page?' });
  await expect(question).toContainText('Your latest changes are not saved yet');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();

  await page.goto('/drafts');
  const listed = page.getByRole('list', { name: 'Your drafts' }).getByRole('article');
  await expect(listed.first()).toContainText('Learning plan');
  await listed.first().getByRole('link', { name: title }).click();
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue(
    'Processes, supervisors, OTP and Phoenix',
  );
});
