import { expect, type Page, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { createPlan, publishPost } from './support/content';

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
const sideColumn = (page: Page) =>
  page.getByRole('complementary', { name: 'Your plans and people to follow' });

test('follow someone: their post and plan appear under Following, newest first; a newcomer sees people to follow', async ({
  page,
  request,
}) => {
  const bob = await createAccount(request, 'Bob Followed');
  await publishPost(request, bob, 'Bob shares a post');
  await createPlan(request, bob, 'Bob plans a path');
  const ann = await createAccount(request, 'Ann Newcomer');

  await signInAs(page, ann, '/?tab=following');
  await expect(page.getByRole('tab', { name: 'Following', selected: true })).toBeVisible();
  await expect(page.getByRole('tab').nth(2)).toHaveText('Following');
  await expect(page.getByRole('heading', { name: 'Nothing from the people you follow yet' })).toBeVisible();
  const suggestions = page.getByRole('region', { name: 'People to follow' });
  const firstFollow = suggestions.getByRole('button', { name: /^Follow / }).first();
  await expect(firstFollow).toBeVisible();
  const suggested = (await firstFollow.getAttribute('aria-label'))!.replace(/^Follow /, '');
  expect(suggested).not.toBe('Ann Newcomer');
  await firstFollow.click();
  await expect(suggestions.getByRole('button', { name: `Unfollow ${suggested}` })).toBeFocused();

  // On a fresh database Bob may well have been that first suggestion.
  await page.goto(`/profile/${bob.id}`);
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  const unfollow = page.getByRole('button', { name: 'Unfollow', exact: true });
  await expect(follow.or(unfollow)).toBeVisible();
  if (await follow.isVisible()) await follow.click();
  await expect(unfollow).toBeVisible();

  await page.goto('/?tab=following');
  const plan = card(page, 'Bob plans a path');
  const post = card(page, 'Bob shares a post');
  await expect(plan).toBeVisible();
  await expect(post).toBeVisible();
  // Newest first: the plan was made after the post.
  const planBox = (await plan.boundingBox())!;
  const postBox = (await post.boundingBox())!;
  expect(planBox.y).toBeLessThan(postBox.y);

  // Leaving the tab and coming back keeps it, by its address.
  await page.getByRole('tab', { name: 'Latest Posts' }).click();
  await expect(page).toHaveURL(/tab=posts/);
  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page).toHaveURL(/tab=following/);
  await expect(card(page, 'Bob shares a post')).toBeVisible();
});

test('the side column shows plans in progress and people to follow at 1280 px, and is gone at 390 px', async ({
  page,
  request,
}) => {
  const cleo = await createAccount(request, 'Cleo Sider');
  await createPlan(request, cleo, 'Cleo learns Go');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, cleo);
  const side = sideColumn(page);
  await expect(side).toBeVisible();
  const plans = side.getByRole('region', { name: 'Plans in progress' });
  await expect(plans.getByRole('link', { name: /Cleo learns Go/ })).toBeVisible();
  await expect(plans.getByRole('progressbar', { name: 'Progress on Cleo learns Go' })).toBeVisible();
  await expect(
    side.getByRole('region', { name: 'People to follow' }).getByRole('button').first(),
  ).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(side).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Following' })).toBeVisible();
  // Nothing wider than the phone's screen.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
});

test('visitors get no Following feed: the API responses 401', async ({ request }) => {
  for (const path of ['/api/feed/following', '/api/feed/suggestions', '/api/feed/plans-in-progress']) {
    expect((await request.get(path)).status(), path).toBe(401);
  }
  const dan = await createAccount(request, 'Dan Signed');
  expect((await request.get('/api/feed/following', { headers: authHeaders(dan) })).status()).toBe(200);
});
