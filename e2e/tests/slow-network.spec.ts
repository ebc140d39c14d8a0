import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { createAccount, signInAs } from './support/accounts';
import { publishPost } from './support/content';

const LATENCY_MS = 1500;

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
  let userAnswerWaited: string | undefined;
  await page.route('**/api/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/api/posts') markFeedAsked();
    if (path === '/api/auth/me') {
      userAnswerWaited = await Promise.race([feedAsked, sleep(10_000, 'in vain')]);
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
  expect(userAnswerWaited).toBe('feed asked');
});
