import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { E2E_PORT } from '../settings.mjs';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolationsInBothThemes } from './support/axe';
import { startBuiltServer } from './support/reading-server';

/**
 * Following someone elsewhere in the browser: two more built servers with FEDERATION on, beside the
 * run's own (which keeps it off). "Here" (127.0.0.1) is the one the browser uses; Ann is on "there"
 * (localhost, another host to it). Searching her profile's address finds her (her @name@host needs
 * WebFinger over https, which loopback lacks), Follow sends the Follow, "there" accepts, her new post
 * reaches the Following tab with View original, and Unfollow takes it back.
 */
const HERE_PORT = E2E_PORT + 13;
const THERE_PORT = E2E_PORT + 14;
const HERE = `http://127.0.0.1:${HERE_PORT}`;
const THERE = `http://localhost:${THERE_PORT}`;
const federated = (origin: string) => ({
  FEDERATION: 'true',
  PUBLIC_URL: origin,
  FEDERATION_ALLOW_PRIVATE: 'true',
});

let servers: { stop: () => Promise<void> }[] = [];
let here: APIRequestContext;
let there: APIRequestContext;
let bob: Account;
let ann: Account;
let annHandle: string;

test.use({ baseURL: HERE });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  servers = await Promise.all([
    startBuiltServer(HERE_PORT, federated(HERE)),
    startBuiltServer(THERE_PORT, federated(THERE)),
  ]);
  here = await playwrightRequest.newContext({ baseURL: HERE });
  there = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${THERE_PORT}` });
  [bob, ann] = await Promise.all([createAccount(here, 'Bob Here'), createAccount(there, 'Ann There')]);
  const shown = await there.put('/api/users/me/privacy', {
    headers: authHeaders(ann),
    data: { showProfileToVisitors: true },
  });
  expect(shown.status(), await shown.text()).toBe(200);
  annHandle = (await (await there.get('/api/auth/me', { headers: authHeaders(ann) })).json()).handle;
});

test.afterAll(async () => {
  await Promise.all([here?.dispose(), there?.dispose()]);
  await Promise.all(servers.map((server) => server.stop()));
});

async function publishThere(title: string) {
  const post = JSON.stringify({ title, content: 'Learning **Rust** in public.', category: 'PROGRAMMING' });
  const res = await there.post('/api/posts', {
    headers: authHeaders(ann),
    multipart: { post: { name: 'blob', mimeType: 'application/json', buffer: Buffer.from(post) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

test('follows someone on another server, reads their post in Following, and unfollows', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAs(page, bob, '/settings');

  // Other servers see Bob once his profile is shown to visitors: then Settings gives his address.
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await privacy.getByRole('checkbox', { name: 'Show my profile to visitors' }).check();
  const bobHandle = (await (await here.get('/api/auth/me', { headers: authHeaders(bob) })).json()).handle;
  await expect(privacy.getByText(`@${bobHandle}@127.0.0.1:${HERE_PORT}`)).toBeVisible();
  await expect(privacy.getByRole('button', { name: 'Copy address' })).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, 'settings with the address elsewhere');

  await page.goto(`/search?q=${encodeURIComponent(`${THERE}/@${annHandle}`)}`);
  const card = page.getByRole('article', { name: 'Ann There' });
  // The lookup has 5 s; on a loaded machine the first may run out, so search again until it answers.
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await expect(card.getByText(`@${annHandle}@localhost:${THERE_PORT}`)).toBeVisible();
  await expect(card.getByRole('link', { name: /^View profile on localhost/ })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );
  await expectNoSeriousViolationsInBothThemes(page, 'search with someone elsewhere');

  await card.getByRole('button', { name: /^Follow @/ }).click();
  await expect(card.getByRole('button', { name: /^Requested/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Unfollow @/ })).toBeVisible({ timeout: 60_000 });

  const post = await publishThere('Rust from elsewhere');
  await page.goto('/?tab=following');
  const remotePost = page.getByRole('article', { name: 'Rust from elsewhere' });
  await expect(async () => {
    await page.reload();
    await expect(remotePost).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  await expect(remotePost.getByText(`On localhost:${THERE_PORT}`)).toBeVisible();
  await expect(remotePost.getByRole('link', { name: /^View original/ })).toHaveAttribute(
    'href',
    `${THERE}/post/${post.id}`,
  );
  await expect(remotePost.getByRole('button', { name: 'Like, 0 likes' })).toBeVisible();
  await expect(remotePost.getByRole('button', { name: /save/i })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolationsInBothThemes(page, 'Following with a post from elsewhere');

  await page.goto(`/search?q=${encodeURIComponent(`${THERE}/@${annHandle}`)}`);
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await card.getByRole('button', { name: /^Unfollow @/ }).click();
  await expect(card.getByRole('button', { name: /^Follow @/ })).toBeVisible();
  const followed = await here.get('/api/feed/following?remote=true', { headers: authHeaders(bob) });
  expect((await followed.json()).totalElements).toBe(0);
});
