import { expect, type Page, test } from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { publishPost } from './support/content';
import { notificationStreamOpen } from './support/network';

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
const notificationList = (page: Page) => page.getByRole('list', { name: 'Notifications' });
const activityList = (page: Page) => page.getByRole('list', { name: 'Activity' });

async function openActivityTab(page: Page, account: Account) {
  await page.goto(`/profile/${account.id}`);
  await page.getByRole('tab', { name: 'Activity' }).click();
}

test('likes, comments and follows reach the author live; notifications lead to their pages and can all be read', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Author');
  const bob = await createAccount(request, 'Bob Reader');
  const post = await publishPost(request, ann, 'Notes on ownership');
  await signInAs(page, ann, '/');
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // Bob acts elsewhere; Ann's page is not reloaded, and the 60-second poll is far away.
  const asBob = { headers: authHeaders(bob) };
  expect((await request.post(`/api/posts/${post.id}/like`, asBob)).ok()).toBe(true);
  expect(
    (
      await request.post(`/api/posts/${post.id}/comments`, { ...asBob, data: { content: 'Clear, thanks!' } })
    ).ok(),
  ).toBe(true);
  expect((await request.post(`/api/users/${ann.id}/follow`, asBob)).ok()).toBe(true);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
  await expect(bell(page)).toHaveText('3');

  await bell(page).click();
  await expect(page).toHaveURL('/notifications');
  const list = notificationList(page);
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('link', { name: /Bob Reader liked your post/ })).toHaveAttribute(
    'href',
    `/post/${post.id}`,
  );
  await expect(list.getByRole('link', { name: /Bob Reader commented on your post/ })).toHaveAttribute(
    'href',
    `/post/${post.id}`,
  );

  // Following a notification's link reads it and leads to the follower, whom Ann follows back.
  await list.getByRole('link', { name: /Bob Reader started following you/ }).click();
  await expect(page).toHaveURL(`/profile/${bob.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bob Reader' })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeEnabled();

  await bell(page).click();
  await page.getByRole('button', { name: 'Mark All as Read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(notificationList(page).getByText('Unread')).toHaveCount(0);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(notificationList(page).getByRole('listitem')).toHaveCount(3);

  await list.getByRole('link', { name: /Bob Reader liked your post/ }).click();
  await expect(page).toHaveURL(`/post/${post.id}`);
  await expect(page.getByRole('heading', { name: 'Notes on ownership' })).toBeVisible();

  // Each profile's Activity tab tells what its owner did.
  await openActivityTab(page, ann);
  await expect(activityList(page).getByRole('listitem')).toHaveCount(1);
  await expect(activityList(page)).toContainText('You started following Bob Reader');

  await openActivityTab(page, bob);
  const bobs = activityList(page);
  await expect(bobs.getByRole('listitem')).toHaveCount(3);
  await expect(bobs.getByRole('listitem').nth(0)).toContainText('Bob Reader started following you');
  await expect(bobs.getByRole('listitem').nth(1)).toContainText(
    'Bob Reader commented on your post Notes on ownership',
  );
  await expect(bobs.getByRole('listitem').nth(1)).toContainText('Clear, thanks!');
  await expect(bobs.getByRole('listitem').nth(2)).toContainText(
    'Bob Reader liked your post Notes on ownership',
  );
  await page.getByRole('tab', { name: 'Learning Progress' }).click();
  await expect(page.getByText('No activity yet')).toBeVisible();
});

test('the bell and the notifications page work on a 375 px wide phone screen @phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const ann = await createAccount(request, 'Ann Pocket');
  const bob = await createAccount(request, 'Bob Pocket');
  expect((await request.post(`/api/users/${ann.id}/follow`, { headers: authHeaders(bob) })).ok()).toBe(true);
  await signInAs(page, ann, '/');

  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(page).click();
  await expect(notificationList(page).getByRole('listitem')).toHaveCount(1);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Show All' }).click();
  await expect(page.getByRole('button', { name: 'Showing Unread' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Mark All as Read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByText("You don't have any unread notifications")).toBeVisible();
});

test('likes of one post come as one line that regroups live, and opening it reads them all', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, 'Olga Owner');
  const fans = [];
  for (const name of ['Ann Lee', 'Bob Ray', 'Cat Moss', 'Dan Wu'])
    fans.push(await createAccount(request, name));
  const post = await publishPost(request, owner, 'Grouped likes');
  const like = async (fan: Account) =>
    expect((await request.post(`/api/posts/${post.id}/like`, { headers: authHeaders(fan) })).ok()).toBe(true);
  for (const fan of fans.slice(0, 3)) await like(fan);

  await signInAs(page, owner, '/notifications');
  const list = notificationList(page);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('link', { name: /^Cat Moss and 2 others liked your post/ })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');

  // A like arriving while the page is open joins the line, without a reload.
  await like(fans[3]!);
  await expect(list.getByRole('link', { name: /^Dan Wu and 3 others liked your post/ })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 4 unread');

  await list.getByRole('link', { name: /Dan Wu and 3 others liked your post/ }).click();
  await expect(page).toHaveURL(`/post/${post.id}`);
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // Read, they are listed one by one again, as they came.
  await bell(page).click();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByText('Unread')).toHaveCount(0);
  await expect(list.getByRole('listitem').first()).toContainText('Dan Wu liked your post');
});

test('the live toast shows at the corner of the screen, over no control of the top bar, and can be dismissed', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Toast');
  const streamOpen = notificationStreamOpen(page);
  await signInAs(page, ann, '/');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await streamOpen;

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const follower = await createAccount(request, `Follower ${width}`);
    await request.post(`/api/users/${ann.id}/follow`, { headers: authHeaders(follower) });
    // Announced: a polite live region, which stays in the page between toasts.
    const toast = page
      .locator('[aria-live="polite"]')
      .filter({ hasText: `Follower ${width} started following you` });
    await expect(toast).toBeVisible();

    // Outside the top bar, at the bottom corner of the screen, over none of the bar's controls.
    const box = await toast.locator('> div').boundingBox();
    const banner = await page.getByRole('banner').boundingBox();
    if (!box || !banner) throw new Error(`${width} px: the toast or the top bar is not drawn`);
    expect(box.y, `${width} px: below the top bar`).toBeGreaterThanOrEqual(banner.y + banner.height);
    expect(box.y + box.height, `${width} px: at the bottom`).toBeGreaterThan(800 - 40);
    expect(box.x + box.width, `${width} px: at the right`).toBeGreaterThan(width - 40);
    const controls = {
      '+ Post': page.getByRole('link', { name: '+ Post' }),
      bell: bell(page),
      menu: page.getByRole('button', { name: width < 768 ? 'Main menu' : 'Open user menu' }),
    };
    for (const [name, control] of Object.entries(controls)) {
      const other = await control.boundingBox();
      if (!other) throw new Error(`${width} px: ${name} is not drawn`);
      expect(overlaps(box, other), `${width} px: the toast covers ${name}`).toBe(false);
    }

    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toast).toBeHidden();
  }
});

type Box = { x: number; y: number; width: number; height: number };
function overlaps(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
