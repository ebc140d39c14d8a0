import { expect, test } from '@playwright/test';
import { createAccount, signInAs } from './support/accounts';

const html = (page: import('@playwright/test').Page) => page.locator('html');

test('the theme follows the system until chosen, and the choice survives a reload', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, await createAccount(request, 'Ann Theme'));
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  // Applied before the app's code runs: no light flash on the way.
  await page.reload({ waitUntil: 'commit' });
  await page.waitForSelector('body', { state: 'attached' });
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dark theme' })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
});

test('with less motion asked of the system, a loading page stands still, and moves again once allowed', async ({
  page,
  request,
}) => {
  // The feed answers only when the test lets it, so its skeletons and spinner stay on the page.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/posts?*', async (route) => {
    await answered;
    await route.continue();
  });
  const running = () =>
    page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, await createAccount(request, 'Sam Still'));
  await expect(page.getByRole('status').filter({ hasText: 'Loading' }).first()).toBeVisible();
  await expect.poll(running).toBe(0);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(running).toBeGreaterThan(0);
  answer();
});
