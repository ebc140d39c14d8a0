import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { publishPost } from './support/content';

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

test('tag a post with a suggestion by keyboard, open the tag page, follow it and see a stranger’s post under Following', async ({
  page,
  request,
}) => {
  test.slow();
  // A tag of this run only: the suggestions then hold exactly the stranger's.
  const tag = `generics-${randomBytes(3).toString('hex')}`;
  const stranger = await createAccount(request, 'Sam Stranger');
  await publishPost(request, stranger, 'Sam on generics', { tags: [tag] });
  const ann = await createAccount(request, 'Ann Tagger');

  await signInAs(page, ann, '/create-post');
  await page.getByLabel('Title').fill('Ann learns generics');
  await page.getByLabel('Content').fill('Type parameters, at last.');
  await page.getByLabel('Category').selectOption('PROGRAMMING');
  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.focus();
  await page.keyboard.type(`#${tag.slice(0, 10)}`);
  const suggestion = page.getByRole('option', { name: new RegExp(`#${tag}`) });
  await expect(suggestion).toContainText('1 use');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Remove #${tag}` })).toBeVisible();
  await expect(tags).toHaveValue('');
  await page.getByRole('button', { name: 'Publish Post' }).click();

  await expect(page).toHaveURL(/\/post\/\d+$/);
  await page.getByRole('link', { name: `#${tag}` }).click();
  await expect(page).toHaveURL(`/tags/${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
  await expect(page.getByText('2 posts · 0 public learning plans')).toBeVisible();
  await expect(card(page, 'Sam on generics')).toBeVisible();
  await expect(card(page, 'Ann learns generics')).toBeVisible();
  await page.getByRole('tab', { name: 'Learning Plans' }).click();
  await expect(page.getByRole('heading', { name: `No learning plans tagged #${tag} yet` })).toBeVisible();
  await expectNoSeriousViolations(page, 'the tag page');

  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await follow.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Following', pressed: true })).toBeVisible();

  await page.goto('/?tab=following');
  await expect(card(page, 'Sam on generics')).toBeVisible();
  await expect(card(page, 'Sam on generics').getByRole('link', { name: `#${tag}` })).toBeVisible();

  // On a phone: the tag page fits, and the button still says Following after a reload.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tags/${tag}`);
  await expect(page.getByRole('button', { name: 'Following', pressed: true })).toBeVisible();
  await expect(card(page, 'Sam on generics')).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'the tag page at 390 px');
});
