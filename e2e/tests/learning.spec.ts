import { expect, type Page, test } from '@playwright/test';
import { createAccount, signInAs } from './support/accounts';
import { createPlan, publishPost } from './support/content';

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

test('a post written in Markdown: preview while writing, then formatted, safe links and coloured code', async ({
  page,
  request,
}) => {
  test.slow();
  const ann = await createAccount(request, 'Ann Markdown');
  const title = `Hooks notes ${Date.now()}`;
  await signInAs(page, ann, '/create-post');

  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Content')
    .fill(
      'Learning **hooks**, see [the docs](https://react.dev) and [this](javascript:alert(1)).\n\n```ts\nconst answer: number = 42;\n```',
    );
  await page.getByLabel('Category').selectOption('PROGRAMMING');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('tabpanel').locator('strong', { hasText: 'hooks' })).toBeVisible();
  await page.getByRole('tab', { name: 'Write' }).click();
  await page.getByRole('button', { name: 'Publish Post' }).click();

  await expect(page).toHaveURL(/\/post\/\d+$/);
  const post = page.getByRole('article', { name: title });
  await expect(post.locator('strong', { hasText: 'hooks' })).toBeVisible();
  const docs = post.getByRole('link', { name: 'the docs' });
  await expect(docs).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(post.locator('a[href^="javascript"]')).toHaveCount(0);
  const code = post.locator('pre[data-language="ts"]');
  await expect(code).toHaveText('const answer: number = 42;');
  // Coloured once Shiki and the TypeScript grammar have loaded.
  await expect(code.locator('span[style*="--code-light"]').first()).toBeAttached();
});

test('saving a post and a plan, finding them on the Saved page, and unsaving', async ({ page, request }) => {
  test.slow();
  const bob = await createAccount(request, 'Bob Writer');
  const ann = await createAccount(request, 'Ann Saver');
  const postTitle = `Saved post ${Date.now()}`;
  const planTitle = `Saved plan ${Date.now()}`;
  const post = await publishPost(request, bob, postTitle);
  const plan = await createPlan(request, bob, planTitle);

  await signInAs(page, ann, `/post/${post.id}`);
  const save = page.getByRole('article', { name: postTitle }).getByRole('button', { name: 'Save' });
  await save.click();
  await expect(page.getByRole('button', { name: 'Saved', pressed: true })).toBeVisible();

  await page.goto(`/learning-plan/${plan.id}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', pressed: true })).toBeVisible();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Saved' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(card(page, planTitle)).toBeVisible();
  await expect(card(page, postTitle)).toBeVisible();
  // Newest save first.
  await expect(page.getByRole('article').first()).toContainText(planTitle);

  // Unsaved here, the post leaves the list once it is loaded again; the plan stays.
  await card(page, postTitle).getByRole('button', { name: 'Saved' }).click();
  await expect(card(page, postTitle)).toHaveCount(0);
  await expect(card(page, planTitle)).toBeVisible();
  await page.reload();
  await expect(card(page, planTitle)).toBeVisible();
  await expect(card(page, postTitle)).toHaveCount(0);
});
