import { expect } from '@playwright/test';
import { authHeaders, createAccount, moderatorAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { publishPost } from './support/content';
import { test } from './support/people';

test('a moderator suspends a reported user: signed out, refused at sign-in, their post gone for others', async ({
  anotherPerson,
  request,
}) => {
  // Four people's pages and a production build on a shared machine: more than the default 30 s.
  test.slow();
  const troll = await createAccount(request, `Troll ${Date.now()}`);
  const bob = await createAccount(request, 'Bob Witness');
  const title = `Rude rant ${Date.now()}`;
  const { id: postId } = await publishPost(request, troll, title);
  const reported = await request.post('/api/reports', {
    headers: authHeaders(bob),
    data: { targetType: 'USER', targetId: troll.id, reason: 'HARASSMENT' },
  });
  expect(reported.ok()).toBe(true);

  const trollPage = await anotherPerson();
  await signInAs(trollPage, troll, `/post/${postId}`);
  await expect(trollPage.getByRole('heading', { name: title })).toBeVisible();

  const moderator = await moderatorAccount(request);
  const modPage = await anotherPerson();
  await signInAs(modPage, moderator, '/moderation');
  const card = modPage.getByRole('article', { name: new RegExp(troll.name) });
  await card.getByRole('button', { name: 'Suspend account' }).click();
  const dialog = modPage.getByRole('dialog', { name: `Suspend ${troll.name}?` });
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please say why the account is suspended.');
  await expectNoSeriousViolations(modPage, 'suspend dialog with its error');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Harassed several learners');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  // Suspending resolved the report about the account.
  await expect(card).toHaveCount(0);
  await modPage.getByRole('tab', { name: 'Moderation log' }).click();
  await expect(modPage.getByRole('listitem').filter({ hasText: 'suspended user' }).first()).toContainText(
    'Harassed several learners',
  );

  // The troll's open session ends at its next request, and signing in again is refused with the reason.
  await trollPage.reload();
  await expect(trollPage).toHaveURL(/\/login/);
  await trollPage.getByLabel('Email address').fill(troll.email);
  await trollPage.getByLabel('Password').fill(troll.password);
  await trollPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(trollPage.getByText('This account has been suspended.')).toBeVisible();

  const bobPage = await anotherPerson();
  await signInAs(bobPage, bob, `/post/${postId}`);
  await expect(bobPage.getByRole('alert')).toHaveText('Post not found');
  await bobPage.goto(`/profile/${troll.id}`);
  await expect(bobPage.getByText('This account has been suspended.')).toBeVisible();
  await expect(bobPage.getByText(title)).toHaveCount(0);

  // The moderator lifts it from the profile; the post is back for everyone.
  await modPage.goto(`/profile/${troll.id}`);
  await expect(modPage.getByText('This account has been suspended.')).toBeVisible();
  await modPage.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousViolations(modPage, 'suspended profile, as a moderator');
  await modPage.getByRole('button', { name: 'Unsuspend' }).click();
  await expect(modPage.getByText(`${troll.name} is no longer suspended`)).toBeVisible();
  await expect(modPage.getByRole('button', { name: 'Suspend account' })).toBeVisible();
  await bobPage.goto(`/post/${postId}`);
  await expect(bobPage.getByRole('heading', { name: title })).toBeVisible();
});
