import { expect, type Page, test } from '@playwright/test';
import { moderatorAccount, signInAs } from './support/accounts';

/** The addresses the links `selector` finds lead to. */
const hrefsOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

test('on a 390 px phone the menu reaches every page the desktop menus do, moderation included', async ({
  page,
  request,
}) => {
  const moderator = await moderatorAccount(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, moderator, '/');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();

  // Desktop: the top bar's links (main menu, "+ Post", the bell) and the user menu's.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  const desktop = new Set([
    ...(await hrefsOf(page, 'header a:visible')),
    ...(await hrefsOf(page, '[role="menu"] a:visible')),
  ]);
  expect(desktop).toContain('/moderation');
  expect(desktop).toContain('/saved');
  expect(desktop).toContain('/notes');
  await page.keyboard.press('Escape');

  // A short phone screen, so the open menu is taller than it.
  await page.setViewportSize({ width: 390, height: 640 });
  await page.getByRole('button', { name: 'Main menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  const phone = new Set(await hrefsOf(page, 'header a:visible'));
  expect([...desktop].filter((href) => !phone.has(href))).toEqual([]);

  // Each of the menu's links can be brought into view, down to the last one.
  const links = menu.getByRole('link');
  for (let index = 0; index < (await links.count()); index++) {
    const link = links.nth(index);
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
  }
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await menu.getByRole('button', { name: 'Sign out' }).scrollIntoViewIfNeeded();
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  await menu.getByRole('link', { name: 'Moderation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
});
