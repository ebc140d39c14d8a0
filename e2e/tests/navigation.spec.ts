import { expect, type Page, test } from '@playwright/test';
import { authHeaders, createAccount, moderatorAccount, signInAs } from './support/accounts';
import { createPlan } from './support/content';

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
  expect(desktop).toContain('/drafts');
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

/** Moves to `path` inside the app, as following a link does (no page load). */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** After a move inside the app: the page's one h1 has focus, its title is its own and was announced. */
async function expectPageNamed(page: Page, heading: string | RegExp, seen: Set<string>) {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await expect(h1).toBeFocused();
  await expect(page.locator('h1')).toHaveCount(1);
  const title = await page.title();
  expect(title, `${page.url()}`).toMatch(/^.+ · Pathwise$/);
  expect(seen, `${page.url()} has a title of its own`).not.toContain(title);
  seen.add(title);
  await expect(page.locator('#route-announcer')).toHaveText(title);
}

test('every page has its own title and one h1, which takes focus and is announced after a move', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = await createAccount(request, 'Ann Walker');
  const bob = await createAccount(request, 'Bob Walker');
  const plan = await createPlan(request, ann, 'Walk in Rust');
  // A heading in what Ann wrote stays below the page's own.
  const written = { title: 'Walking notes', content: '# Day one\n\nSteps.', category: 'PROGRAMMING' };
  const created = await request.post('/api/posts', {
    headers: authHeaders(ann),
    multipart: {
      post: { name: 'blob', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(written)) },
    },
  });
  expect(created.status()).toBe(201);
  const post: { id: number } = await created.json();

  await signInAs(page, ann, '/');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  const seen = new Set([await page.title()]);
  const signedIn: [string, string | RegExp][] = [
    [`/profile/${bob.id}`, 'Bob Walker'],
    [`/post/${post.id}`, 'Walking notes'],
    [`/learning-plan/${plan.id}`, 'Walk in Rust'],
    ['/create-post', 'Create a post'],
    [`/edit-post/${post.id}`, 'Edit post'],
    ['/create-learning-plan', 'Create Learning Plan'],
    [`/learning-plan/${plan.id}/edit`, 'Edit Learning Plan'],
    ['/profile/edit', 'Edit Profile'],
    ['/saved', 'Saved'],
    ['/notes', 'My notes'],
    ['/analytics', 'Learning Analytics Dashboard'],
    ['/notifications', 'Notifications'],
    ['/settings', 'Settings'],
    ['/search?q=walk', 'Search'],
    ['/no-such-page', 'Page not found'],
    [`/profile/${ann.id}`, 'Ann Walker'],
  ];
  for (const [path, heading] of signedIn) {
    await goInApp(page, path);
    await expectPageNamed(page, heading, seen);
  }

  // Following a real link does the same.
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Notifications/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeFocused();
  await expect(page.locator('#route-announcer')).toHaveText('Notifications · Pathwise');

  // Signed out.
  await page.evaluate(() => localStorage.removeItem('authToken'));
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  // index.html shows that form before the app runs: the moves below are the app's, so it must be there.
  await expect(page.locator('#early-sign-in')).toHaveCount(0);
  const signedOut: [string, string | RegExp][] = [
    ['/signup', /./],
    ['/forgot-password', 'Reset your password'],
    ['/reset-password?token=never-sent', 'Choose a new password'],
    ['/confirm-email?token=never-sent', 'Confirm your new e-mail address'],
  ];
  seen.clear();
  seen.add(await page.title());
  for (const [path, heading] of signedOut) {
    await goInApp(page, path);
    await expectPageNamed(page, heading, seen);
  }
});
