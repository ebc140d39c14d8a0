import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { responseConfirmation } from './support/confirm';
import { createPlan } from './support/content';

const pdf = path.join(import.meta.dirname, '..', 'fixtures', 'doc.pdf');

const topic = (page: Page, number: number) =>
  page.getByRole('group', { name: `Topic ${number}`, exact: true });
const resource = (scope: Locator, number: number) => scope.getByRole('group', { name: `Resource ${number}` });
const topicSection = (page: Page, title: string) =>
  page.getByRole('region', { name: new RegExp(`^\\d+\\. ${title}$`) });
const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

/** Creates the plan through the form: a topic with a link resource and one with an uploaded PDF. */
async function createPlanInForm(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Ownership first, then everything else.');
  await page.getByLabel('Category').selectOption('PROGRAMMING');

  const first = topic(page, 1);
  await first.getByLabel('Topic title').fill('Ownership');
  await first.getByRole('button', { name: 'Add Resource to topic 1' }).click();
  const book = resource(first, 1);
  await book.getByLabel('Resource title').fill('The Book');
  await book.getByLabel('Resource URL').fill('https://doc.rust-lang.org/book/');
  await book.getByLabel('Resource type').selectOption('BOOK');
  await book.getByLabel('Estimated minutes').fill('45');

  await page.getByRole('button', { name: 'Add Topic' }).click();
  const second = topic(page, 2);
  await second.getByLabel('Topic title').fill('Borrowing');
  await second.getByRole('button', { name: 'Add Resource to topic 2' }).click();
  const slides = resource(second, 1);
  await slides.getByLabel('Resource title').fill('Borrowing slides');
  await slides.getByRole('radio', { name: 'PDF file' }).check();
  await slides.getByLabel('Choose a PDF').setInputFiles(pdf);

  await page.getByRole('button', { name: 'Create Learning Plan' }).click();
  await expect(page).toHaveURL(/\/learning-plan\/\d+$/);
  return Number(page.url().split('/').pop());
}

async function expectProgress(scope: Page | Locator, done: number, total: number, percent: string) {
  await expect(scope.getByText(`Progress (${done}/${total} topics)`)).toBeVisible();
  await expect(scope.getByText(percent, { exact: true })).toBeVisible();
}

test('a plan from creation to deletion: PDF upload, progress, edits that keep it, a visitor with their own', async ({
  page,
  browser,
  request,
}) => {
  // A whole journey of two users through five pages: more than one ordinary test's time.
  test.slow();
  const ann = await createAccount(request, 'Ann Planner');
  const bob = await createAccount(request, 'Bob Visitor');
  await signInAs(page, ann, '/create-learning-plan');

  // Create: two topics, a link and an uploaded PDF.
  const planId = await createPlanInForm(page, 'Learn Rust properly');
  await expect(page.getByRole('heading', { level: 1, name: 'Learn Rust properly' })).toBeVisible();
  const pdfLink = topicSection(page, 'Borrowing').getByRole('link', { name: /Open PDF/ });
  const pdfUrl = await pdfLink.getAttribute('href');
  expect(pdfUrl).toMatch(/\/api\/media\/plans\/[0-9a-f-]{36}\.pdf$/);
  const served = await request.get(pdfUrl!);
  expect(served.headers()['content-type']).toBe('application/pdf');
  await expect(topicSection(page, 'Ownership').getByRole('link', { name: /Open resource/ })).toHaveAttribute(
    'href',
    'https://doc.rust-lang.org/book/',
  );

  // Progress: ticking the only resource of a topic completes it; the other topic is set by hand.
  await topicSection(page, 'Ownership').getByRole('checkbox', { name: 'The Book' }).check();
  await expect(page.getByRole('combobox', { name: 'Status of Ownership' })).toHaveValue('COMPLETED');
  await page.getByRole('combobox', { name: 'Status of Borrowing' }).selectOption('IN_PROGRESS');
  await expect(page.getByRole('combobox', { name: 'Status of Borrowing' })).toBeEnabled();
  await expectProgress(page, 1, 2, '50.0%');

  await page.goto('/?tab=plans');
  const annsCard = card(page, 'Learn Rust properly');
  await expectProgress(annsCard, 1, 2, '50.0%');
  await expect(annsCard).toContainText('In Progress');
  await expect(annsCard).toContainText('2 topics: Ownership, Borrowing');

  // Edit: rename the completed topic, add one, remove the other; the kept topic's progress survives.
  await annsCard.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/learning-plan/${planId}/edit`);
  await expect(topic(page, 1).getByLabel('Topic title')).toHaveValue('Ownership');
  await topic(page, 1).getByLabel('Topic title').fill('Ownership and moves');
  await page.getByRole('button', { name: 'Add Topic' }).click();
  await topic(page, 3).getByLabel('Topic title').fill('Traits');
  await topic(page, 2).getByRole('button', { name: 'Remove topic 2' }).click();
  await page.getByRole('button', { name: 'Update Learning Plan' }).click();

  await expect(page).toHaveURL(`/learning-plan/${planId}`);
  await expect(page.getByRole('combobox', { name: 'Status of Ownership and moves' })).toHaveValue(
    'COMPLETED',
  );
  await expect(page.getByRole('checkbox', { name: 'The Book' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Status of Traits' })).toHaveValue('NOT_STARTED');
  await expect(page.getByRole('combobox', { name: 'Status of Borrowing' })).toHaveCount(0);
  await expectProgress(page, 1, 2, '50.0%');
  // The removed topic's PDF went with it.
  expect((await request.get(pdfUrl!)).status()).toBe(404);

  // Another user sees it on Home, tracks their own progress, and cannot edit it.
  const visitor = await browser.newPage();
  await signInAs(visitor, bob, '/?tab=plans');
  const bobsCard = card(visitor, 'Learn Rust properly');
  await expectProgress(bobsCard, 0, 2, '0.0%');
  await expect(bobsCard.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(bobsCard.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await bobsCard.getByRole('link', { name: 'View Learning Plan' }).click();
  await expect(visitor.getByRole('checkbox', { name: 'The Book' })).not.toBeChecked();
  await visitor.getByRole('combobox', { name: 'Status of Traits' }).selectOption('COMPLETED');
  await expect(visitor.getByRole('combobox', { name: 'Status of Traits' })).toBeEnabled();
  await expectProgress(visitor, 1, 2, '50.0%');
  await expect(visitor.getByRole('combobox', { name: 'Status of Ownership and moves' })).toHaveValue(
    'NOT_STARTED',
  );
  await visitor.goto(`/learning-plan/${planId}/edit`);
  await expect(visitor.getByRole('alert')).toHaveText("You don't have permission to edit this learning plan");
  await visitor.close();

  // Ann's own progress is untouched by Bob's.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status of Traits' })).toHaveValue('NOT_STARTED');

  // The creator deletes it from her profile.
  await page.goto(`/profile/${ann.id}`);
  await page.getByRole('tab', { name: 'Learning Plans' }).click();
  await card(page, 'Learn Rust properly').getByRole('button', { name: 'Delete' }).click();
  await responseConfirmation(
    page,
    'Are you sure you want to delete this learning plan? This action cannot be undone.',
    'Delete',
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Learning plan deleted successfully' }),
  ).toBeVisible();
  await expect(card(page, 'Learn Rust properly')).toHaveCount(0);
  expect((await request.get(`/api/learning-plans/${planId}`, { headers: authHeaders(ann) })).status()).toBe(
    404,
  );
});

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const fitsTheScreen = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  test('the plan form, the plan page and the cards fit without sideways scrolling', async ({
    page,
    request,
  }) => {
    const ann: Account = await createAccount(request, 'Ann Phone');
    await signInAs(page, ann, '/create-learning-plan');
    await topic(page, 1).getByRole('button', { name: 'Add Resource to topic 1' }).click();
    await expect(resource(topic(page, 1), 1)).toBeVisible();
    expect(await fitsTheScreen(page)).toBe(true);
    await topic(page, 1).getByRole('button', { name: 'Remove resource 1' }).click();

    await createPlanInForm(page, 'Rust on the small screen');
    await expect(page.getByRole('heading', { level: 1, name: 'Rust on the small screen' })).toBeVisible();
    expect(await fitsTheScreen(page)).toBe(true);

    await page.goto('/?tab=plans');
    await expect(card(page, 'Rust on the small screen')).toBeVisible();
    expect(await fitsTheScreen(page)).toBe(true);
  });
});

test('arrow keys on a topic status choose it, and the choice is saved once', async ({ page, request }) => {
  const ann = await createAccount(request, 'Ann Arrows');
  const { id } = await createPlan(request, ann, 'Rust by keyboard');
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/user-progress'))
      saves.push(new URL(sent.url()).searchParams.get('status') ?? '');
  });
  await signInAs(page, ann, `/learning-plan/${id}`);
  const status = page.getByRole('combobox', { name: 'Status of Basics' });
  await status.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('COMPLETED');
  // Stepping past "In Progress" saved nothing on the way; leaving the control saves the choice.
  expect(saves).toEqual([]);
  await page.keyboard.press('Tab');
  await expect.poll(() => saves).toEqual(['COMPLETED']);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status of Basics' })).toHaveValue('COMPLETED');
  expect(saves).toEqual(['COMPLETED']);
});
