import { setTimeout as sleep } from 'node:timers/promises';
import { expect, type Page, test } from '@playwright/test';
import { createAccount, signInAs } from './support/accounts';
import { publishPost } from './support/content';

const LATENCY_MS = 1500;

/**
 * A weak mobile connection: 2 s before each response starts, then 50 kB/s shared by every download.
 * Emulated by Chromium itself (DevTools protocol), for every request of the page.
 */
async function weakNetwork(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 2000,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
}

/**
 * How soon the sign-in form must take an e-mail, a password and a click on that network. Its files
 * cannot arrive sooner than the page (one latency), then one more latency and their bytes at that rate
 * (docs/testing.md has the figures); the rest is a margin for a busy machine.
 */
const SIGN_IN_USABLE_WITHIN_MS = 10_000;

const THEMES = [
  { name: 'light, as the system', system: 'light', stored: null, dark: false },
  { name: 'dark, as the system', system: 'dark', stored: null, dark: true },
  { name: 'dark, as chosen on a light system', system: 'light', stored: 'dark', dark: true },
] as const;

for (const theme of THEMES) {
  test(`the frame is painted from index.html before any script or style arrives: ${theme.name}`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: theme.system });
    if (theme.stored)
      await page.addInitScript((choice) => localStorage.setItem('theme', choice), theme.stored);
    await weakNetwork(page);
    // The app's scripts and styles are held back until the frame has been seen.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: string[] = [];
    await page.route(/\/assets\/.+\.(js|css)$/, async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.fallback();
    });

    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('banner')).toContainText('Pathwise', { timeout: 15_000 });
    await expect(page.getByRole('status')).toHaveText('Loading...');
    const painted = () => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length);
    await expect.poll(painted).toBe(1);
    expect(held.some((path) => path.endsWith('.css'))).toBe(true);
    expect(held.some((path) => path.endsWith('.js'))).toBe(true);
    const frame = await page.evaluate(() => ({
      dark: document.documentElement.classList.contains('dark'),
      page: getComputedStyle(document.documentElement).backgroundColor,
    }));
    expect(frame.dark).toBe(theme.dark);

    release();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('banner')).toHaveCount(0);
    // The frame's page colour is the app's, so nothing flashes when it takes over.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(frame.page);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`on a 2 s, 50 kB/s network the sign-in form works within 10 s of opening it (${colorScheme})`, async ({
    page,
    request,
  }) => {
    const ann = await createAccount(request, 'Ann Weak Network');
    await page.emulateMedia({ colorScheme });
    await weakNetwork(page);

    const opened = Date.now();
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email address').fill(ann.email, { timeout: 20_000 });
    await page.getByLabel('Password', { exact: true }).fill(ann.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const usableAfterMs = Date.now() - opened;
    test.info().annotations.push({ type: 'sign-in form usable after', description: `${usableAfterMs} ms` });

    // Signed in: the session is stored and the app has moved on to the home page.
    await expect(page).toHaveURL('/', { timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    expect(usableAfterMs).toBeLessThanOrEqual(SIGN_IN_USABLE_WITHIN_MS);
  });
}

test('on a slow network the frame shows at once and the feed comes after one round trip', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Slow');
  await publishPost(request, ann, 'Read on a slow train');
  await signInAs(page, ann);
  await expect(page.getByRole('heading', { name: 'Read on a slow train' })).toBeVisible();

  // Every API call now takes LATENCY_MS; the user's call also waits until the feed has been asked
  // for, so a page that asks for the feed only once it knows the user never shows it.
  let markFeedAsked: () => void = () => {};
  const feedAsked = new Promise<'feed asked'>((resolve) => {
    markFeedAsked = () => resolve('feed asked');
  });
  let userResponseWaited: string | undefined;
  await page.route('**/api/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/api/posts') markFeedAsked();
    if (path === '/api/auth/me') {
      userResponseWaited = await Promise.race([feedAsked, sleep(10_000, 'in vain')]);
    }
    await sleep(LATENCY_MS);
    await route.fallback();
  });

  await page.reload();
  // Before any answer: the frame, the greeting and placeholders in the shape of posts.
  await expect(page.getByRole('banner')).toContainText('Pathwise');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ann Slow' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading content...' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Read on a slow train' })).toBeVisible();
  expect(userResponseWaited).toBe('feed asked');
});
