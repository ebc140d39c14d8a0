import { expect, test } from '@playwright/test';
import { createAccount, signInAs } from './support/accounts';
import { latestMailTo } from './support/mailbox';

test('a user who forgot the password gets a link by e-mail, chooses a new one and signs in @phone', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Rosalind Franklin');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account uses that address' })).toBeVisible();

  const mail = await latestMailTo(account.email);
  expect(mail.subject).toBe('Reset your Pathwise password');
  const link = /http\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('double helix');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('double helix');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Rosalind Franklin' })).toBeVisible();

  // The link works once: opened again, it says so before any password is typed, and offers a new one.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link!);
  await expect(page.getByRole('alert')).toContainText('This reset link has already been used.');
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await page.getByRole('link', { name: 'Send a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});

test('sign out everywhere ends the session of another browser, and keeps this one', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request, 'Barbara Liskov');
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const onLaptop = await laptop.newPage();
  const onPhone = await phone.newPage();
  await signInAs(onLaptop, account, '/settings');
  await signInAs(onPhone, account, '/');
  await expect(onPhone.getByRole('heading', { name: 'Welcome back, Barbara Liskov' })).toBeVisible();

  await expect(onLaptop.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await onLaptop.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(
    onLaptop.getByRole('status').filter({ hasText: 'You have been signed out on every other device.' }),
  ).toBeVisible();

  await onPhone.reload();
  await expect(onPhone).toHaveURL(/\/login/);
  await expect(onPhone.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

  await onLaptop.reload();
  await expect(onLaptop.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await laptop.close();
  await phone.close();
});
