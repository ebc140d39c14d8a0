import { expect } from '@playwright/test';
import { authHeaders, createAccount, moderatorAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { publishPost } from './support/content';
import { test } from './support/people';

test('a moderator hides a reported post with a reason: others no longer see it, its author sees why', async ({
  anotherPerson,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Hidden');
  const bob = await createAccount(request, 'Bob Reporter');
  const title = `Miracle course ${Date.now()}`;
  const { id: postId } = await publishPost(request, ann, title);
  const shownTitle = `Honest notes ${Date.now()}`;
  await publishPost(request, ann, shownTitle);
  const filed = await request.post('/api/reports', {
    headers: authHeaders(bob),
    data: { targetType: 'POST', targetId: postId, reason: 'SPAM' },
  });
  expect(filed.status(), await filed.text()).toBe(201);

  const moderator = await moderatorAccount(request);
  const modPage = await anotherPerson();
  await signInAs(modPage, moderator, '/moderation');
  const card = modPage.getByRole('article', { name: new RegExp(title) });
  await card.getByRole('button', { name: 'Hide' }).click();
  const dialog = modPage.getByRole('dialog', { name: 'Hide this post' });
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please say why it is hidden: its author will read it.');
  await expectNoSeriousViolations(modPage, 'hide dialog with its error');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Advertising is not allowed here');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(dialog.getByText('Hidden. Only its author can see it now.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Hiding resolved the report: it left the open queue for the closed one, where it can be unhidden.
  await expect(card).toHaveCount(0);
  await modPage.getByRole('tab', { name: 'Closed' }).click();
  const closed = modPage.getByRole('article', { name: new RegExp(title) });
  await expect(closed).toContainText('Advertising is not allowed here');
  await expect(closed.getByRole('button', { name: 'Unhide' })).toBeVisible();

  const bobPage = await anotherPerson();
  await signInAs(bobPage, bob, `/post/${postId}`);
  await expect(bobPage.getByText('Post not found')).toBeVisible();
  await bobPage.goto('/?tab=posts');
  await expect(bobPage.getByRole('heading', { name: shownTitle })).toBeVisible();
  await expect(bobPage.getByText(title)).toHaveCount(0);

  const annPage = await anotherPerson();
  await signInAs(annPage, ann, `/post/${postId}`);
  await expect(annPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(annPage.getByText('Hidden by a moderator:')).toBeVisible();
  await expect(annPage.getByRole('article', { name: title })).toContainText(
    'Hidden by a moderator: Advertising is not allowed here Only you can see it.',
  );
  await expectNoSeriousViolations(annPage, 'hidden post seen by its author');
});
