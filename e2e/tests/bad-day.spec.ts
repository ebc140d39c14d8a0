import {
  type APIRequestContext,
  type CDPSession,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { emulateNetwork, notificationStreamOpen } from './support/network';

/**
 * A person's bad day, all at once: a phone 390 px wide in dark mode, a network with two seconds of round
 * trip, the keyboard as the only way in, a server that fails to confirm the session, and no network at all.
 * Every step goes through the app as that person would: sign in from a shared link, read code, write a post
 * with code, hear of a like.
 */
test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

const ROUND_TRIP_MS = 2_000;
/** Waits that include several round trips on the slow network. */
const SLOW = { timeout: 30_000 };
const CODE_POST = "Borrowing, explained\n\n```rust\nfn longest<'a>(x: &'a str) -> &'a str {\n    x\n}\n```\n";

/** Two seconds of round trip, 1 Mbit/s down and half of it up, for every request of the page. */
const slowNetwork = (page: Page): Promise<CDPSession> =>
  emulateNetwork(page, { latency: ROUND_TRIP_MS, download: 125_000, upload: 62_500 });

/** Presses Tab until `target` has the focus, as someone without a mouse would; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function publishWithCode(request: APIRequestContext, author: Account, title: string) {
  const post = JSON.stringify({ title, content: CODE_POST, category: 'PROGRAMMING' });
  const res = await request.post('/api/posts', {
    headers: authHeaders(author),
    multipart: { post: { name: 'blob', mimeType: 'application/json', buffer: Buffer.from(post) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** The code block is coloured with the dark theme's token colours, and takes the focus to scroll. */
async function expectDarkCode(page: Page) {
  const code = page.getByRole('region', { name: 'Code: rust' });
  await expect(code.locator('span').first()).toBeAttached(SLOW);
  const colours = await code.locator('span[style]').evaluateAll((spans) =>
    spans.map((span) => ({
      shown: getComputedStyle(span).color,
      dark: (span as HTMLElement).style.getPropertyValue('--shiki-dark'),
    })),
  );
  expect(colours.length).toBeGreaterThan(2);
  const asRgb = (hex: string) =>
    `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
  for (const { shown, dark } of colours) expect(shown).toBe(asRgb(dark.toLowerCase()));
  await tabTo(page, code);
}

test('a shared post opened signed out: sign in by keyboard on a slow phone, land on it, read its code', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = await createAccount(request, 'Ann Shares');
  const bob = await createAccount(request, 'Bob Commutes');
  const post = await publishWithCode(request, ann, 'Lifetimes on the train');
  await slowNetwork(page);

  await page.goto(`/post/${post.id}`);
  await expect(page).toHaveURL('/login', SLOW);
  const email = page.getByLabel('Email address');
  await expect(email).toBeVisible(SLOW);
  await tabTo(page, email);
  await page.keyboard.type(bob.email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(bob.password);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`/post/${post.id}`, SLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'Lifetimes on the train' })).toBeVisible(SLOW);
  await expectDarkCode(page);
  await expectNoSeriousViolations(page, 'a post with code, dark, 390 px');
});

test('writing a post with code from the keyboard on a slow phone in dark mode', async ({ page, request }) => {
  test.setTimeout(120_000);
  const cy = await createAccount(request, 'Cy Writes');
  await signInAs(page, cy);
  await expect(page.getByRole('banner')).toBeVisible(SLOW);
  await slowNetwork(page);

  const newPost = page.getByRole('link', { name: '+ Post' });
  await tabTo(page, newPost);
  await page.keyboard.press('Enter');
  const title = page.getByLabel('Title');
  await expect(title).toBeVisible(SLOW);
  await tabTo(page, title);
  await page.keyboard.type('Lifetimes, first try');
  await tabTo(page, page.getByLabel('Content'));
  await page.keyboard.insertText(CODE_POST);
  const category = page.getByLabel('Category');
  await tabTo(page, category);
  // A closed <select> changes its value with the arrow keys.
  while ((await category.inputValue()) !== 'PROGRAMMING') await page.keyboard.press('ArrowDown');
  await tabTo(page, page.getByRole('button', { name: 'Publish Post' }));
  await page.keyboard.press('Enter');

  const published = page.getByRole('article').filter({ hasText: 'Lifetimes, first try' }).first();
  await expect(published).toBeVisible(SLOW);
  await expectDarkCode(page);
  await expectNoSeriousViolations(page, 'the feed after publishing, dark, 390 px');
});

test('a like arrives live on a slow phone, the bell is reached by keyboard and lists it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const dee = await createAccount(request, 'Dee Waits');
  const eve = await createAccount(request, 'Eve Likes');
  const post = await publishWithCode(request, dee, 'Patience with the borrow checker');
  const streamOpen = notificationStreamOpen(page);
  await signInAs(page, dee);
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications', SLOW);
  await streamOpen;
  await slowNetwork(page);

  expect((await request.post(`/api/posts/${post.id}/like`, { headers: authHeaders(eve) })).ok()).toBe(true);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', SLOW);
  await expect(page.getByText('Eve Likes liked your post')).toBeVisible();

  await tabTo(page, bell);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/notifications', SLOW);
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('link', { name: /Eve Likes liked your post/ })).toBeVisible(SLOW);
  await expectNoSeriousViolations(page, 'notifications, dark, 390 px');
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the session survives a failing server and an offline reload, and the post stays readable', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const fay = await createAccount(request, 'Fay Tunnel');
    const post = await publishWithCode(request, fay, 'Read underground');
    await signInAs(page, fay, `/post/${post.id}`);
    const heading = page.getByRole('heading', { level: 1, name: 'Read underground' });
    await expect(heading).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByRole('region', { name: 'Code: rust' }).locator('span').first()).toBeAttached();

    // The server fails to confirm the session: the person stays signed in, told it is retrying.
    const slow = await slowNetwork(page);
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 503, json: { message: 'Down for maintenance' } }),
    );
    await page.reload();
    const unreachable = page.getByRole('status').filter({ hasText: "Can't reach Pathwise, retrying…" });
    await expect(unreachable).toBeVisible(SLOW);
    await expect(heading).toBeVisible(SLOW);
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);

    // No network at all: what was read stays, still signed in, and says why nothing is new. (The slow
    // network's own emulation would hide the browser's offline state, so it ends first.)
    await slow.detach();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('You are offline. Showing what you have already seen.')).toBeVisible(SLOW);
    await expect(heading).toBeVisible(SLOW);
    await expectDarkCode(page);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(fay.token);

    await context.setOffline(false);
    await page.unroute('**/api/auth/me');
    await expect(unreachable).toHaveCount(0, SLOW);
    await expect(heading).toBeVisible();
  });
});
