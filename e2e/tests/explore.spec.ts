import { expect, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolationsInBothThemes } from './support/axe';
import { createPlan, publishPost } from './support/content';

test('a post liked this week shows under Trending posts, reached from the top bar', async ({
  page,
  request,
}) => {
  const author = await createAccount(request, 'Tara Trend');
  const fan = await createAccount(request, 'Finn Fan');
  // A tag of its own on two posts, so it ranks among the popular tags whatever other tests tagged.
  const tag = `explore${Date.now().toString(36)}`;
  const post = await publishPost(request, author, 'Trending on Explore', { tags: [tag] });
  await publishPost(request, fan, 'Also tagged on Explore', { tags: [tag] });
  const liked = await request.post(`/api/posts/${post.id}/like`, { headers: authHeaders(fan) });
  expect(liked.ok(), await liked.text()).toBe(true);
  const plan = await createPlan(request, author, 'Copied on Explore');
  const copied = await request.post(`/api/learning-plans/${plan.id}/copies`, { headers: authHeaders(fan) });
  expect(copied.ok(), await copied.text()).toBe(true);

  const reader = await createAccount(request, 'Rae Reader');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, reader, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL('/explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();

  const trending = page.getByRole('region', { name: 'Trending posts' });
  const card = trending.getByRole('article').filter({ hasText: 'Trending on Explore' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Like, 1 like' })).toBeVisible();
  const templates = page.getByRole('region', { name: 'Most used as templates' });
  await expect(templates.getByText('Copied on Explore')).toBeVisible();
  await expect(
    templates.getByText('Used as a template by 1 person in the last 30 days').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Most learned this month' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'People to follow' })).toBeVisible();

  // Liking from Explore is the card's own Like.
  await card.getByRole('button', { name: 'Like, 1 like' }).click();
  await expect(card.getByRole('button', { name: 'Like, 2 likes' })).toHaveAttribute('aria-pressed', 'true');

  // A popular tag, with how many posts carry it, leads to its tag page.
  const tags = page.getByRole('region', { name: 'Popular tags' });
  await tags.getByRole('link', { name: `#${tag} 2 posts and plans` }).click();
  await expect(page).toHaveURL(`/tags/${tag}`);
  await expect(page.getByText('Trending on Explore')).toBeVisible();
});

test('Explore on a 390 px phone, in both themes, by keyboard, with no serious axe violations @phone', async ({
  page,
  request,
}) => {
  const author = await createAccount(request, 'Pia Phone');
  const fan = await createAccount(request, 'Lee Liker');
  // The phone project runs this test again on the same server: a title of its own each time.
  const title = `Trending on a phone ${Date.now()}`;
  const post = await publishPost(request, author, title);
  // By now the server holds every earlier test's liked posts: likes, comments and saves of three people
  // put this one at the top of Trending.
  for (const person of [
    fan,
    await createAccount(request, 'Mo More'),
    await createAccount(request, 'Ida Also'),
  ]) {
    const headers = authHeaders(person);
    const liked = await request.post(`/api/posts/${post.id}/like`, { headers });
    expect(liked.ok(), await liked.text()).toBe(true);
    const commented = await request.post(`/api/posts/${post.id}/comments`, {
      headers,
      data: { content: 'Worth reading' },
    });
    expect(commented.ok(), await commented.text()).toBe(true);
    const saved = await request.put(`/api/saved/posts/${post.id}`, { headers });
    expect(saved.ok(), await saved.text()).toBe(true);
  }

  const reader = await createAccount(request, 'Kit Keys');
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAs(page, reader, '/');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  // The phone's menu leads to Explore, by keyboard alone.
  await page.getByRole('button', { name: 'Main menu' }).focus();
  await page.keyboard.press('Enter');
  const menuLink = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Explore' });
  await menuLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  const card = page
    .getByRole('region', { name: 'Trending posts' })
    .getByRole('article')
    .filter({ hasText: title });
  await expect(card).toBeVisible();

  // Nothing is wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await expect(card).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, 'Explore at 390 px');
});

test('a visitor on the default instance is led to sign in', async ({ page }) => {
  await page.goto('/explore');
  await expect(page).toHaveURL('/login');
});
