import { expect, type Page, test } from '@playwright/test';
import { createAccount, signInAs } from './support/accounts';

const UNREACHABLE = "Can't reach Pathwise, retrying…";
/** The web app's time limit for one request (REQUEST_TIMEOUT_MS). */
const CLIENT_TIMEOUT_MS = 10_000;

const banner = (page: Page) => page.getByRole('status').filter({ hasText: UNREACHABLE });
const greeting = (page: Page, name: string) => page.getByRole('heading', { name: `Welcome back, ${name}` });

/** `/api/auth/me` fails with `fail` until the returned function is called; then it answers again. */
async function failUserCheck(page: Page, fail: (call: number) => Promise<void> | void) {
  let failing = true;
  let calls = 0;
  await page.route('**/api/auth/me', async (route) => {
    if (!failing) return route.fallback();
    await fail(calls++);
    // A hung request is given up by the app; answering it afterwards may find it gone.
    await route.fulfill({ status: 503, json: { message: 'Down for maintenance' } }).catch(() => {});
  });
  return () => {
    failing = false;
  };
}

test('a 5xx from /api/auth/me keeps the person signed in, says so and recovers', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Weak');
  await signInAs(page, ann);
  await expect(greeting(page, 'Ann Weak')).toBeVisible();

  const recover = await failUserCheck(page, () => {});
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(greeting(page, 'Ann Weak')).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(ann.token);

  recover();
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(greeting(page, 'Ann Weak')).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('a /api/auth/me that never answers keeps the person signed in until it does', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const ben = await createAccount(request, 'Ben Hang');
  await signInAs(page, ben, `/profile/${ben.id}`);
  await expect(page.getByRole('heading', { name: 'Ben Hang', level: 1 })).toBeVisible();

  // The first check hangs past the app's time limit; the retries get a 503 until the server is back.
  const recover = await failUserCheck(page, (call) =>
    call === 0 ? new Promise((resolve) => setTimeout(resolve, CLIENT_TIMEOUT_MS + 2_000)) : undefined,
  );
  await page.reload();
  await expect(banner(page)).toBeVisible({ timeout: CLIENT_TIMEOUT_MS + 5_000 });
  await expect(page).toHaveURL(`/profile/${ben.id}`);
  await expect(page.getByRole('heading', { name: 'Ben Hang', level: 1 })).toBeVisible();

  recover();
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(page).toHaveURL(`/profile/${ben.id}`);
});

test('a refused token (401) ends the session on the sign-in page', async ({ page, request }) => {
  const cy = await createAccount(request, 'Cy Refused');
  await signInAs(page, cy);
  await expect(greeting(page, 'Cy Refused')).toBeVisible();

  await page.route('**/api/auth/me', (route) =>
    route.fulfill({
      status: 401,
      json: { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' },
    }),
  );
  await page.reload();
  await expect(page).toHaveURL('/login?expired=true');
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});
