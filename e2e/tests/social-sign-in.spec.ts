import { expect, type Page, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';

const FAILED_AUTHENTICATION_HINT =
  'This may happen if you denied access or there was a problem with the authentication server.';

/**
 * Clicks 'Continue with Google' and plays the person at the local OpenID Provider standing in for
 * Google (serve.mjs): signs in as `email` (its development sign-in page takes any password; the
 * address counts as verified), then approves or cancels at the consent page.
 */
async function continueWithGoogle(page: Page, email: string, { consent = true } = {}) {
  const button = page.getByRole('button', { name: 'Continue with Google' });
  await button.click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  if (consent) await page.getByRole('button', { name: 'Continue' }).click();
  else await page.getByRole('link', { name: '[ Cancel ]' }).click();
}

/**
 * Keeps every text the page's status line shows, in order: a status shown only for the spec's
 * short delay may be gone before an assertion polls for it on a busy machine.
 */
async function recordStatusTexts(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownStatusTexts: shown });
    new MutationObserver(() => {
      for (const status of Array.from(document.querySelectorAll('[role="status"]'))) {
        const text = status.textContent?.trim();
        if (text && shown.at(-1) !== text) shown.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { shownStatusTexts: string[] }).shownStatusTexts);
}

const signedInUserId = (page: Page) =>
  page.evaluate(async () => {
    const me = await fetch('/api/auth/me', {
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return (await me.json()).id as number;
  });

test('the first Google sign-in creates the account; the next one finds it again @phone', async ({ page }) => {
  const email = uniqueEmail('gia');
  const name = email.split('@')[0]!;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const statusTexts = await recordStatusTexts(page);
  await page.goto('/login');
  await expect(page.getByText('Or continue with')).toBeVisible();

  await continueWithGoogle(page, email);

  // Back from the provider: the token is taken from the address bar at once.
  await expect(page.getByRole('heading', { name: `Welcome to Pathwise, ${name}` })).toBeVisible();
  await expect(page).toHaveURL('/');
  const shown = await statusTexts();
  const processing = shown.indexOf('Processing authentication...');
  expect(processing).toBeGreaterThanOrEqual(0);
  expect(shown.indexOf('Authentication successful! Loading your profile...')).toBeGreaterThan(processing);
  const firstId = await signedInUserId(page);
  // The token came in the URL's fragment, which the browser sends to no server (nor its logs).
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  expect(requested.filter((url) => url.includes(token!))).toEqual([]);

  // A new visit, signed out: the same Google person is the same Pathwise account.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page.goto('/login');
  await continueWithGoogle(page, email);
  await expect(page.getByRole('heading', { name: `Welcome to Pathwise, ${name}` })).toBeVisible();
  expect(await signedInUserId(page)).toBe(firstId);
});

test('a visitor sent to the login page comes back to the page they asked for', async ({ page }) => {
  await page.goto('/profile/edit');
  await expect(page).toHaveURL('/login');

  const email = uniqueEmail('remy');
  await continueWithGoogle(page, email);

  await expect(page).toHaveURL('/profile/edit');
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  expect(await page.evaluate(() => sessionStorage.getItem('oauth_redirect_from'))).toBeNull();
});

test('Google sign-in with the address of a password account signs in to that account', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Linda Link');
  await page.goto('/login');

  await continueWithGoogle(page, account.email);

  await expect(page.getByRole('heading', { name: 'Welcome back, Linda Link' })).toBeVisible();
  expect(await signedInUserId(page)).toBe(account.id);
});

test('denying consent at Google ends on the login page with the reason and the hint', async ({ page }) => {
  await page.goto('/login');

  await continueWithGoogle(page, uniqueEmail('dana'), { consent: false });

  await expect(page.getByText('Authentication failed!')).toBeVisible();
  await expect(page).toHaveURL('/login');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Google authentication failed: access was denied.');
  await expect(alert).toContainText(FAILED_AUTHENTICATION_HINT);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('a callback whose state was tampered with is refused', async ({ page }) => {
  // The state is changed on its way to the provider, which therefore sends another one back.
  // (Routes do not see the requests that redirects lead to, so the callback itself cannot be changed.)
  await page.route('**/api/auth/oauth2/authorize/google', async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = new URL(String(response.headers().location));
    location.searchParams.set('state', 'forged-state');
    await route.fulfill({ response, headers: { ...response.headers(), location: location.href } });
  });
  await page.goto('/login');

  await continueWithGoogle(page, uniqueEmail('mallory'));

  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toContainText(
    'Sign-in with Google could not be completed: the request expired or was not started in this ' +
      'browser. Please try again.',
  );
  await expect(page.getByRole('alert')).not.toContainText(FAILED_AUTHENTICATION_HINT);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('an unknown provider ends on the login page with a clear message', async ({ page }) => {
  await page.goto('/api/auth/oauth2/authorize/facebook');

  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toContainText(
    'Sign-in with "facebook" is not available on Pathwise.',
  );
});
