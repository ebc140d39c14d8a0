import { expect, type Page, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
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
      'Learning **hooks**, see [the docs](https://react.dev) and [this](javascript:alert(1)).\n\n' +
        '```ts\nconst answer: number = 42;\n```',
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
  await expect(code.locator('span[style*="--shiki-light"]').first()).toBeAttached();
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

test('an @mention in a post links to the person it names', async ({ page, request }) => {
  const word = `Zorbel${Date.now().toString(36)}`;
  const bob = await createAccount(request, `${word} Mentioned`);
  const ann = await createAccount(request, 'Ann Mentioner');
  const me = await request.get('/api/auth/me', { headers: authHeaders(bob) });
  const { handle } = (await me.json()) as { handle: string };
  const title = `Thanks ${word}`;
  const post = JSON.stringify({
    title,
    content: `Pairing with @${handle} on \`@not_a_mention\`.`,
    category: 'OTHER',
  });
  const res = await request.post('/api/posts', {
    headers: authHeaders(ann),
    multipart: { post: { name: 'blob', mimeType: 'application/json', buffer: Buffer.from(post) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await signInAs(page, ann, `/post/${id}`);
  const article = page.getByRole('article', { name: title });
  await expect(article.getByRole('link', { name: '@not_a_mention' })).toHaveCount(0);
  await article.getByRole('link', { name: `@${handle}` }).click();

  await expect(page).toHaveURL(`/@${handle}`);
  await expect(page.getByRole('heading', { level: 1, name: bob.name })).toBeVisible();
});
