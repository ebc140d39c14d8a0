import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

test.use({ serviceWorkers: 'allow' });

const OFFLINE_MESSAGE = 'You are offline. Showing what you have already seen.';
const UNREACHABLE_MESSAGE = "Can't reach Pathwise, retrying…";
const UPDATE_MESSAGE = 'A new version of Pathwise is available.';
/** The built service worker the E2E server serves (`npm run build` writes it). */
const SERVICE_WORKER_FILE = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', 'sw.js');
const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);

/** Width and height from a PNG's header (IHDR, right after the signature). */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

async function publishPhotoPost(
  request: Parameters<typeof createAccount>[0],
  author: Account,
  title: string,
) {
  const post = JSON.stringify({ title, content: 'Read on the train.', category: 'PROGRAMMING' });
  const res = await request.post('/api/posts', {
    headers: authHeaders(author),
    multipart: {
      post: { name: 'blob', mimeType: 'application/json', buffer: Buffer.from(post) },
      files: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(fixture('photo.jpg')) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Waits until the service worker is installed and answers this page's requests. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const apiCacheEntries = (page: Page) =>
  page.evaluate(async () =>
    (await caches.has('pathwise-api')) ? (await (await caches.open('pathwise-api')).keys()).length : 0,
  );

test('the app is installable: a linked web manifest with names, colours and icons', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href as string);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Pathwise',
    short_name: 'Pathwise',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body())).toBe(icon.sizes);
  }
  // Dark and light theme colours for the browser's own bars.
  await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveCount(1);
});

test('the feed and its images, once seen, are readable offline with a banner saying so @phone', async ({
  page,
  context,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Offline');
  const title = `Offline reading ${Date.now()}`;
  await publishPhotoPost(request, ann, title);

  await signInAs(page, ann);
  await controlledByServiceWorker(page);
  const post = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(post).toBeVisible();
  const photo = post.getByRole('listitem').locator('img').last();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText(OFFLINE_MESSAGE)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
  await expect(post).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_MESSAGE)).toHaveCount(0);
});

test('an offline reload keeps the person signed in and confirms the session once back online', async ({
  page,
  context,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Tunnel');
  await signInAs(page, ann);
  await controlledByServiceWorker(page);
  const greeting = page.getByRole('heading', { name: 'Welcome back, Ann Tunnel' });
  await expect(greeting).toBeVisible();
  const unreachable = page.getByRole('status').filter({ hasText: UNREACHABLE_MESSAGE });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
  await expect(unreachable).toBeVisible();
  await expect(greeting).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);

  // Offline long enough for the backoff to grow past 3 s (retries after 1, 2, 4, 8 s): back online, the
  // session is confirmed at once, on the browser's `online` event.
  await page.waitForTimeout(8_000);
  await context.setOffline(false);
  await expect(unreachable).toHaveCount(0, { timeout: 3_000 });
  await expect(greeting).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(ann.token);
});

test('signing out forgets the API responses kept for offline reading', async ({ page, request }) => {
  const ann = await createAccount(request, 'Ann Leaving');
  await signInAs(page, ann);
  await controlledByServiceWorker(page);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect.poll(() => apiCacheEntries(page)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: /Sign out|Logout|Log out/ }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => apiCacheEntries(page)).toBe(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`a new version of the app announces itself and reloads on request (${scheme})`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const ann = await createAccount(request, 'Ann Updating');
    await signInAs(page, ann);
    await controlledByServiceWorker(page);
    const hasWaitingWorker = () =>
      page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null);

    // A deployment: the server now hands out a different service worker (the one the build wrote,
    // changed by a byte, as any rebuild of the app changes it), until the end of the test.
    const original = readFileSync(SERVICE_WORKER_FILE, 'utf8');
    writeFileSync(SERVICE_WORKER_FILE, `${original}\n// the next version\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
      const prompt = page.locator('[aria-live="polite"]').filter({ hasText: UPDATE_MESSAGE });
      await expect(prompt).toBeVisible({ timeout: 15_000 });
      // The new version waits: the open page keeps the one it started with until the reader agrees.
      expect(await hasWaitingWorker()).toBe(true);
      await expectNoSeriousViolations(page, 'new version prompt');

      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      await expect(page.getByText(UPDATE_MESSAGE)).toHaveCount(0);
      expect(await hasWaitingWorker()).toBe(false);
    } finally {
      writeFileSync(SERVICE_WORKER_FILE, original);
    }
  });
}
