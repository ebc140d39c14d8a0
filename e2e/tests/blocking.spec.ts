import { expect, type Page } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { publishPost } from './support/content';
import { test } from './support/people';

const profileHeader = (page: Page, name: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 1, name }) });

/** Picks an item of the "⋯" menu on someone's profile and confirms it when asked. */
async function fromProfileMenu(page: Page, name: string, item: 'Block' | 'Mute') {
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('alertdialog', { name: `${item} ${name}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: item }).click();
  await expect(dialog).toHaveCount(0);
}

test("blocking from a profile hides each side's posts from the other; Settings unblocks", async ({
  page,
  anotherPerson,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Blocker');
  const bob = await createAccount(request, 'Bob Blocked');
  const annPost = await publishPost(request, ann, 'Ann writes about owls');
  await publishPost(request, bob, 'Bob writes about foxes');
  await request.post(`/api/users/${ann.id}/follow`, { headers: authHeaders(bob) });

  await signInAs(page, ann, `/profile/${bob.id}`);
  const header = profileHeader(page, 'Bob Blocked');
  await expect(page.getByText('Bob writes about foxes')).toBeVisible();
  await fromProfileMenu(page, 'Bob Blocked', 'Block');
  await expect(header).toContainText('You blocked Bob Blocked');
  await expect(header.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
  await expect(page.getByText('Bob writes about foxes')).toHaveCount(0);

  // Bob's view: Ann's post is gone from his feed, and its page is not found.
  const bobPage = await anotherPerson();
  await signInAs(bobPage, bob, '/');
  await expect(bobPage.getByText('Bob writes about foxes')).toBeVisible();
  await expect(bobPage.getByText('Ann writes about owls')).toHaveCount(0);
  await bobPage.goto(`/post/${annPost.id}`);
  await expect(bobPage.getByRole('alert')).toContainText('Post not found');

  // Ann's settings list Bob; unblocking brings his posts back.
  await page.goto('/settings');
  const blocked = page.getByRole('region', { name: 'Blocked people' });
  await expect(blocked.getByRole('link', { name: /Bob Blocked/ })).toBeVisible();
  await blocked.getByRole('button', { name: 'Unblock Bob Blocked' }).click();
  await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  await bobPage.goto('/');
  await expect(bobPage.getByText('Ann writes about owls')).toBeVisible();
});

test("muting from a profile hides that person's posts from the feed, for the muter only", async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Muter');
  const cat = await createAccount(request, 'Cat Muted');
  await publishPost(request, cat, 'Cat posts about knitting');

  await signInAs(page, ann, '/');
  await expect(page.getByText('Cat posts about knitting')).toBeVisible();
  await page.goto(`/profile/${cat.id}`);
  await fromProfileMenu(page, 'Cat Muted', 'Mute');
  await page.getByRole('button', { name: 'More actions for Cat Muted' }).click();
  await expect(page.getByRole('menuitem', { name: 'Unmute' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByText('Cat posts about knitting')).toHaveCount(0);
  await page.goto('/settings');
  await expect(
    page.getByRole('region', { name: 'Muted people' }).getByRole('link', { name: /Cat Muted/ }),
  ).toBeVisible();
});

test('an e-mail address is hidden from others until its owner turns "Show my e-mail address to others" on', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Private');
  const bob = await createAccount(request, 'Bob Curious');
  const emailSeenByBob = async () =>
    (await (await request.get(`/api/users/${ann.id}`, { headers: authHeaders(bob) })).json()).email;
  expect(await emailSeenByBob()).toBeNull();
  await signInAs(page, ann, '/settings');
  const option = page.getByRole('checkbox', { name: 'Show my e-mail address to others' });
  await expect(option).not.toBeChecked();
  await option.check();
  await expect(option).toBeChecked();
  await expect.poll(emailSeenByBob).toBe(ann.email);
  await page.reload();
  await expect(option).toBeChecked();
  await option.uncheck();
  await expect(option).not.toBeChecked();
  await expect.poll(emailSeenByBob).toBeNull();
});
