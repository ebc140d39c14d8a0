import { expect, type Page, test } from '@playwright/test';
import { signedLinkToken } from '../../apps/server/src/lib/link-tokens';
import { E2E_JWT_SECRET } from '../settings.mjs';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { publishPost } from './support/content';

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
const section = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const likesSwitch = (page: Page) =>
  section(page).getByRole('switch', { name: 'Likes on your posts in the app' });

test('likes turned off in the app never reach the bell; turned on again, they do', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Quiet');
  const bob = await createAccount(request, 'Bob Liker');
  const post = await publishPost(request, ann, 'A post to like');
  const asBob = { headers: authHeaders(bob) };
  const like = async () => expect((await request.post(`/api/posts/${post.id}/like`, asBob)).ok()).toBe(true);

  // From the notifications page's link to the settings' section.
  await signInAs(page, ann, '/notifications');
  await page.getByRole('link', { name: 'Choose which notifications you get' }).click();
  await expect(page).toHaveURL('/settings#settings-notifications');
  await expect(likesSwitch(page)).toBeChecked();
  await likesSwitch(page).click();
  await expect(section(page).getByRole('status').last()).toHaveText('Notification preferences saved.');
  await expect(likesSwitch(page)).not.toBeChecked();

  await like();
  // A comment still comes, and live: once it has, the like would have come before it.
  expect(
    (await request.post(`/api/posts/${post.id}/comments`, { ...asBob, data: { content: 'Nice' } })).ok(),
  ).toBe(true);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  await likesSwitch(page).click();
  await expect(likesSwitch(page)).toBeChecked();
  await expect(section(page).getByRole('status').last()).toHaveText('Notification preferences saved.');
  await like(); // Bob's like is taken back…
  await like(); // …and given again.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await bell(page).click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText('Bob Liker liked your post');
});

test('the section is usable from the keyboard, on a phone and in the dark theme, and passes axe', async ({
  page,
  request,
}) => {
  const cat = await createAccount(request, 'Cat Keys');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, cat, '/settings');
  await expect(likesSwitch(page)).toBeChecked();

  await likesSwitch(page).focus();
  await page.keyboard.press('Space');
  await expect(likesSwitch(page)).not.toBeChecked();
  await expect(section(page).getByRole('status').last()).toHaveText('Notification preferences saved.');
  const mute = section(page).getByRole('radio', { name: 'Mute' });
  await section(page).getByRole('radio', { name: 'Allow' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(mute).toBeChecked();
  await expect(mute).toBeFocused();

  // Nothing spills sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, 'settings, dark, 390 px');

  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(likesSwitch(page)).not.toBeChecked();
  await expect(mute).toBeChecked();
  await expectNoSeriousViolations(page, 'settings, light, 390 px');
});

test("a digest's unsubscribe link, opened on a phone in the dark, asks first, then turns the digest off", async ({
  page,
  request,
}) => {
  const dan = await createAccount(request, 'Dan Digest');
  // The link a digest to Dan carries: his id signed with the server's secret, as the server signs it.
  const token = signedLinkToken('digest-unsubscribe', dan.id, E2E_JWT_SECRET);
  const link = `/api/notifications/digest/unsubscribe?token=${token}`;
  const digestOf = async () =>
    (await (await request.get('/api/notifications/preferences', { headers: authHeaders(dan) })).json())
      .digest;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });

  // Opened from a mail client, where nobody is signed in: a page that asks, and changes nothing yet.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from the Pathwise digest?' })).toBeVisible();
  expect(await digestOf()).toBe('WEEKLY');
  await expectNoSeriousViolations(page, 'unsubscribe page, dark, 390 px');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Unsubscribe' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('You are unsubscribed: no more digest e-mails will be sent to you.'),
  ).toBeVisible();
  expect(await digestOf()).toBe('OFF');

  // Settings say so, and turn it on again.
  await signInAs(page, dan, '/settings');
  const digest = section(page).getByRole('group', { name: 'E-mail digest' });
  await expect(digest.getByRole('radio', { name: 'Off' })).toBeChecked();
  await digest.getByRole('radio', { name: 'Daily' }).click();
  await expect(section(page).getByRole('status').last()).toHaveText('Notification preferences saved.');
  expect(await digestOf()).toBe('DAILY');
});
