import { expect, type Page, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { createPlan } from './support/content';

const draftStatus = (page: Page) => page.getByRole('status').filter({ hasText: /Draft saved|Saving draft/ });

/** The id the first save put in the address (`/create-post?draft=<id>`). */
async function draftIdIn(page: Page): Promise<number> {
  await expect(page).toHaveURL(/[?&]draft=\d+/);
  return Number(new URL(page.url()).searchParams.get('draft'));
}

test('a post draft is saved as it is typed, restored after a reload, listed, and published into the feed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const ann = await createAccount(request, 'Ann Drafter');
  const bob = await createAccount(request, 'Bob Reader');
  const title = `Half-written thoughts ${Date.now()}`;
  await signInAs(page, ann, '/create-post');

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('What I learned about lifetimes today');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  const draftId = await draftIdIn(page);

  // A reload (or a crash) brings the text back from the server.
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Content')).toHaveValue('What I learned about lifetimes today');

  // A change not saved yet: a link inside the app asks first, and staying keeps the text.
  await page.getByLabel('Content').fill('What I learned about lifetimes and borrows');
  await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
  const question = page.getByRole('alertdialog', { name: 'Leave this page?' });
  await expect(question).toContainText('Your latest changes are not saved yet');
  await expectNoSeriousViolations(page, 'the leave warning');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/create-post/);
  await expect(page.getByLabel('Content')).toHaveValue('What I learned about lifetimes and borrows');
  await expect(draftStatus(page)).toHaveText('Draft saved');

  // Nobody else can read it, nor does it show anywhere but the writer's Drafts page.
  const asBob = await request.get(`/api/drafts/${draftId}`, { headers: authHeaders(bob) });
  expect(asBob.status()).toBe(404);
  const feed = await request.get('/api/posts', { headers: authHeaders(bob) });
  expect(JSON.stringify(await feed.json())).not.toContain(title);

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Drafts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Your drafts' }).getByRole('article');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText('What I learned about lifetimes and borrows');
  await expectNoSeriousViolations(page, 'the Drafts page');
  await listed.first().getByRole('link', { name: title }).click();

  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByLabel('Category').selectOption('PROGRAMMING');
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // Published: gone from the drafts, in everyone's feed.
  expect((await request.get(`/api/drafts/${draftId}`, { headers: authHeaders(ann) })).status()).toBe(404);
  await page.goto('/drafts');
  await expect(page.getByText('Nothing here yet.')).toBeVisible();
  const after = await request.get('/api/posts', { headers: authHeaders(bob) });
  expect(JSON.stringify(await after.json())).toContain(title);
});

test('leaving the editor by a reload with a change not saved yet asks the browser’s question', async ({
  page,
  request,
}) => {
  const cy = await createAccount(request, 'Cy Drafter');
  await signInAs(page, cy, '/create-post');
  await page.getByLabel('Title').fill('Not saved yet');

  const asked = page.waitForEvent('dialog');
  const reload = page.reload();
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
  await reload;
  // Once saved, nothing is asked: the reload restores the draft.
  await page.getByLabel('Title').fill('Saved this time');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  let askedAgain = false;
  page.on('dialog', (again) => {
    askedAgain = true;
    void again.accept();
  });
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('Saved this time');
  expect(askedAgain).toBe(false);
});

test('on a 390 px phone the Drafts page is in the menu, lists a draft and deletes it', async ({
  page,
  request,
}) => {
  const dee = await createAccount(request, 'Dee Phone');
  const made = await request.post('/api/drafts', {
    headers: authHeaders(dee),
    data: { kind: 'POST', fields: { title: 'Pocket draft', content: 'Typed on the bus' } },
  });
  expect(made.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAs(page, dee, '/');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();

  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Drafts' }).click();
  const draft = page.getByRole('article').filter({ hasText: 'Pocket draft' });
  await expect(draft).toContainText('Typed on the bus');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  await draft.getByRole('button', { name: 'Delete draft Pocket draft' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Nothing here yet.')).toBeVisible();
});

test('changes to an existing plan are kept as they are typed, back after a reload, and gone once saved', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // On a phone, in the dark, by keyboard: the editor's status, notice and buttons must hold up there too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const eve = await createAccount(request, 'Eve Editor');
  const bob = await createAccount(request, 'Bob Onlooker');
  const plan = await createPlan(request, eve, 'Go in a month');
  await signInAs(page, eve, `/learning-plan/${plan.id}/edit`);

  const title = page.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('Go in a month');
  await title.fill('Go in a month, with generics');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  // The address stays the plan's: the draft is found by the plan.
  expect(new URL(page.url()).pathname).toBe(`/learning-plan/${plan.id}/edit`);

  // A reload brings the edit back, saying so; the plan itself is unchanged for everyone.
  await page.reload();
  await expect(title).toHaveValue('Go in a month, with generics');
  await expect(page.getByText('Your changes not saved yet are back.')).toBeVisible();
  await expectNoSeriousViolations(page, 'the plan editor with restored changes, dark, 390 px');
  const asBob = await request.get(`/api/learning-plans/${plan.id}`, { headers: authHeaders(bob) });
  expect((await asBob.json()).title).toBe('Go in a month');
  expect((await request.get(`/api/drafts/plans/${plan.id}`, { headers: authHeaders(bob) })).status()).toBe(
    404,
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  // Listed on the Drafts page as changes to that plan, opening its editor.
  await page.goto('/drafts');
  const listed = page.getByRole('list', { name: 'Your drafts' }).getByRole('article');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText('Changes to a learning plan');
  await listed.first().getByRole('link', { name: 'Go in a month, with generics' }).click();
  await expect(page).toHaveURL(new RegExp(`/learning-plan/${plan.id}/edit$`));
  await expect(title).toHaveValue('Go in a month, with generics');

  // Saved by keyboard: the plan has the change and the draft is gone.
  await page.getByRole('button', { name: 'Update Learning Plan' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/learning-plan/${plan.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Go in a month, with generics' })).toBeVisible();
  await expect
    .poll(async () =>
      (await request.get(`/api/drafts/plans/${plan.id}`, { headers: authHeaders(eve) })).status(),
    )
    .toBe(404);
  await page.goto(`/learning-plan/${plan.id}/edit`);
  await expect(title).toHaveValue('Go in a month, with generics');
  await expect(page.getByText('Your changes not saved yet are back.')).toHaveCount(0);
});
