import { expect, test } from '@playwright/test';
import { createAccount, expiredToken, signInAs, uniqueEmail } from './support/accounts';

test('a new user signs up, is greeted by name, signs out and signs back in @phone', async ({
  page,
  isMobile,
}) => {
  const email = uniqueEmail('ada');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();

  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('analytical');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Pathwise, Ada Lovelace' })).toBeVisible();

  if (isMobile) {
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

  await page.getByLabel('Email address').fill(email.toUpperCase());
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  await page.getByLabel('Password').fill('analytical');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Pathwise, Ada Lovelace' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Pathwise, Ada Lovelace' })).toBeVisible();
});

test('an expired session ends on the login page with the session-expired message', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Grace Hopper');
  await signInAs(page, { ...account, token: await expiredToken(account.id) });
  await expect(page).toHaveURL('/login?expired=true');
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('visitors are sent to the login page and signed-in users get the 404 page for unknown routes', async ({
  page,
  request,
}) => {
  await page.goto('/somewhere/that/does-not-exist');
  await expect(page).toHaveURL('/login');

  const account = await createAccount(request, 'Alan Turing');
  await signInAs(page, account, '/somewhere/that/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(
    page.getByText(
      "Sorry, we couldn't find the page you're looking for. The link might be broken or the page may " +
        'have been removed.',
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Alan Turing' })).toBeVisible();
});

test('a signed-in user visiting /login is sent home', async ({ page, request }) => {
  const account = await createAccount(request, 'Katherine Johnson');
  await signInAs(page, account, '/login');
  await expect(page).toHaveURL('/');
});
