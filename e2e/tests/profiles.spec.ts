import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';

const photo = path.join(import.meta.dirname, '..', '..', 'apps', 'server', 'test', 'fixtures', 'photo.jpg');

const profileHeader = (page: Page, name: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 1, name }) });

test('the followers dialog names people by @handle, never by their e-mail address', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Private');
  const bob = await createAccount(request, 'Bob Popular');
  const followed = await request.post(`/api/users/${bob.id}/follow`, { headers: authHeaders(ann) });
  expect(followed.ok(), await followed.text()).toBe(true);
  const { handle } = await (await request.get(`/api/users/${ann.id}`, { headers: authHeaders(bob) })).json();

  await signInAs(page, bob, `/profile/${bob.id}`);
  await profileHeader(page, 'Bob Popular').getByRole('button', { name: '1 Followers' }).click();
  const annInList = page
    .getByRole('dialog', { name: 'Followers' })
    .getByRole('link', { name: /Ann Private/ });
  await expect(annInList).toContainText(`@${handle}`);
  await expect(annInList).not.toContainText(ann.email);
  await expect(annInList).not.toContainText('@example.com');
});

test('following someone from their profile counts, lists and can be undone', async ({ page, request }) => {
  const ann = await createAccount(request, 'Ann Follower');
  const bob = await createAccount(request, 'Bob Followed');
  await signInAs(page, ann, `/profile/${bob.id}`);
  const header = profileHeader(page, 'Bob Followed');

  await expect(header.getByRole('button', { name: '0 Followers' })).toBeVisible();
  await header.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(header.getByRole('button', { name: 'Unfollow' })).toBeEnabled();
  await expect(header.getByRole('button', { name: '1 Followers' })).toBeVisible();

  // The server kept it: a fresh load shows the same.
  await page.reload();
  await expect(header.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await header.getByRole('button', { name: '1 Followers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Followers' });
  const annInList = dialog.getByRole('link', { name: /Ann Follower/ });
  await expect(annInList).toHaveAttribute('href', `/profile/${ann.id}`);
  await expect(annInList).toContainText(/@annfollower\d*/);
  await expect(annInList).not.toContainText(ann.email);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await header.getByRole('button', { name: 'Unfollow' }).click();
  await expect(header.getByRole('button', { name: 'Follow', exact: true })).toBeEnabled();
  await expect(header.getByRole('button', { name: '0 Followers' })).toBeVisible();
  const status = await request.get(`/api/users/${bob.id}/follow/status`, { headers: authHeaders(ann) });
  expect(await status.json()).toEqual({ isFollowing: false });
});

test('editing the profile with a new picture shows it in the top bar and on the profile', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Before');
  await signInAs(page, ann, '/');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await profileHeader(page, 'Ann Before').getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL('/profile/edit');

  await page.getByLabel('Name').fill('Ann After');
  await page.getByLabel('Bio').fill('Learning watercolour.');
  await page.getByLabel('Location').fill('Lisbon');
  await page.getByLabel('Choose image').setInputFiles(photo);
  await expect(page.getByRole('img', { name: 'Profile picture preview' })).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(`/profile/${ann.id}`);
  const header = profileHeader(page, 'Ann After');
  await expect(header).toContainText('Learning watercolour.');
  await expect(header).toContainText('Lisbon');
  const picture = header.getByRole('img', { name: 'Ann After' });
  await expect(picture).toHaveAttribute('src', /\/api\/media\/avatars\/[0-9a-f-]+\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  const pictureUrl = await picture.getAttribute('src');

  const topBarAvatar = page.getByRole('button', { name: 'Open user menu' }).locator('img');
  await expect(topBarAvatar).toHaveAttribute('src', pictureUrl!);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Ann After');
});

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 780 } });

  test('/profile/undefined lands on your own profile, which fits the screen', async ({ page, request }) => {
    const ann = await createAccount(request, 'Ann Narrow');
    await signInAs(page, ann, '/profile/undefined');

    await expect(page).toHaveURL(`/profile/${ann.id}`);
    const header = profileHeader(page, 'Ann Narrow');
    await expect(header.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
    await expect(header).toContainText(
      `Member since ${new Date().toLocaleString('en-US', { month: 'long', year: 'numeric' })}`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
