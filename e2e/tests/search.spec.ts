import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { publishPlan } from './support/content';

/**
 * A made-up word no other test writes, so the totals below are exactly what this test created. It
 * ends in 'qx', so swapping its last two letters always makes a typo.
 */
const madeUpWord = (start = 'zib') =>
  `${start}${Array.from({ length: 4 }, () => String.fromCharCode(97 + randomInt(26))).join('')}qx`;

async function createPost(request: APIRequestContext, account: Account, title: string) {
  const post = JSON.stringify({ title, content: 'Notes from this week.', category: 'PROGRAMMING' });
  const res = await request.post('/api/posts', {
    headers: authHeaders(account),
    multipart: { post: { name: 'blob', mimeType: 'application/json', buffer: Buffer.from(post) } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The top bar's box (the search page has a box of its own, named 'Search for'). */
const topBarSearch = (page: Page) => page.getByRole('searchbox', { name: 'Search', exact: true });

test('search from the top bar: counts, previews, View all, and what an empty search says', async ({
  page,
  request,
}) => {
  test.slow();
  const word = madeUpWord();
  const capitalised = word[0]!.toUpperCase() + word.slice(1);
  const viewer = await createAccount(request, 'Search Viewer');
  for (let i = 1; i <= 5; i++) await createAccount(request, `${capitalised} Person${i}`);
  const author = await createAccount(request, 'Search Author');
  for (let i = 1; i <= 4; i++) await createPost(request, author, `${capitalised} post number ${i}`);
  for (let i = 1; i <= 3; i++) await publishPlan(request, author, `${capitalised} plan ${i}`);

  await signInAs(page, viewer, '/');
  await topBarSearch(page).fill(`  ${word} `);
  await topBarSearch(page).press('Enter');

  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(topBarSearch(page)).toHaveValue('');
  await expect(page.getByRole('searchbox', { name: 'Search for' })).toHaveValue(word);
  await expect(page.getByRole('tab', { name: 'All Results', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users (5)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Posts (4)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Learning Plans (3)' })).toBeVisible();

  const users = page.getByRole('region', { name: 'Users' });
  await expect(users.getByRole('article')).toHaveCount(4);
  await expect(users.getByText('No bio available').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Learning Plans' }).getByRole('article')).toHaveCount(2);

  await page.getByRole('button', { name: 'View all 4 posts' }).click();
  await expect(page.getByRole('tab', { name: 'Posts (4)', selected: true })).toBeFocused();
  const postsPanel = page.getByRole('tabpanel');
  await expect(postsPanel.getByRole('article')).toHaveCount(4);
  await postsPanel.getByRole('heading', { name: `${capitalised} post number 1` }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/);
  await page.goBack();

  await page.getByRole('tab', { name: 'Users (5)' }).click();
  const person = page.getByRole('tabpanel').getByRole('article', { name: `${capitalised} Person3` });
  await person.getByRole('link', { name: 'View Profile' }).click();
  await expect(page.getByRole('heading', { name: `${capitalised} Person3`, level: 1 })).toBeVisible();

  // A typo still finds the people by name; posts and plans need the word as written.
  await topBarSearch(page).fill(`${word.slice(0, -2)}xq`);
  await topBarSearch(page).press('Enter');
  await expect(page.getByRole('tab', { name: 'Users (5)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Posts (0)' })).toBeVisible();

  // Searching anew from the page's own box, for a word nobody wrote and no name resembles.
  const nothing = madeUpWord('vog');
  await page.getByRole('searchbox', { name: 'Search for' }).fill(nothing);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${nothing}$`));
  await expect(page.getByRole('heading', { name: `No results found for "${nothing}"` })).toBeVisible();
  await expect(page.getByText('Try different keywords or check your spelling')).toBeVisible();
  await page.getByRole('tab', { name: 'Users (0)' }).click();
  await expect(page.getByText(`No users found matching "${nothing}"`)).toBeVisible();
  await page.getByRole('tab', { name: 'Posts (0)' }).click();
  await expect(page.getByText(`No posts found matching "${nothing}"`)).toBeVisible();
  await page.getByRole('tab', { name: 'Learning Plans (0)' }).click();
  await expect(page.getByText(`No learning plans found matching "${nothing}"`)).toBeVisible();
});

test('search works from the mobile menu on a 375 px screen @phone', async ({ page, request }) => {
  const word = madeUpWord();
  const viewer = await createAccount(request, 'Phone Viewer');
  await createPost(request, viewer, `Pocket ${word} notes`);
  await page.setViewportSize({ width: 375, height: 740 });

  await signInAs(page, viewer, '/');
  await page.getByRole('button', { name: 'Main menu' }).click();
  const menuSearch = page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('searchbox', { name: 'Search' });
  await menuSearch.fill(word);
  await menuSearch.press('Enter');

  await expect(page.getByRole('tab', { name: 'Posts (1)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article')).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
