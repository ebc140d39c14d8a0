import { expect, type Page, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { publishPost } from './support/content';

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a shared post opened while signed out is where signing in with a password lands', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Sharer');
  const post = await publishPost(request, ann, 'Worth a read');
  const bob = await createAccount(request, 'Bob Reader');

  await page.goto(`/post/${post.id}`);
  await expect(page).toHaveURL('/login');
  await signInWithPassword(page, bob.email, bob.password);

  await expect(page).toHaveURL(`/post/${post.id}`);
  await expect(page.getByRole('heading', { name: 'Worth a read' })).toBeVisible();
});

test('signing up from a shared link also lands on the page asked for, query string kept', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Finder');
  await page.goto(`/profile/${ann.id}?tab=plans`);
  await expect(page).toHaveURL('/login');

  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Name').fill('Cy Newcomer');
  await page.getByLabel('Email address').fill(uniqueEmail('cy'));
  await page.getByLabel('Password').fill('new password');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(`/profile/${ann.id}?tab=plans`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ann Finder' })).toBeVisible();
});

test('a path that would leave the site is not followed after signing in', async ({
  page,
  request,
  baseURL,
}) => {
  const dee = await createAccount(request, 'Dee Careful');
  // `//evil.example/steal` is a path of this site here, but another site's address once navigated to.
  await page.goto(`${baseURL}//evil.example/steal`);
  await expect(page).toHaveURL('/login');
  await signInWithPassword(page, dee.email, dee.password);

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Dee Careful' })).toBeVisible();
});
