import { expect } from '@playwright/test';
import { createAccount, moderatorAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { publishPost } from './support/content';
import { test } from './support/people';

test('a post is reported from its page, and a moderator resolves the report with a note', async ({
  anotherPerson,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Reported');
  const bob = await createAccount(request, 'Bob Reporter');
  const title = `Cheap followers ${Date.now()}`;
  const { id: postId } = await publishPost(request, ann, title);

  const bobPage = await anotherPerson();
  await signInAs(bobPage, bob, `/post/${postId}`);
  await bobPage.getByRole('button', { name: 'Report post' }).click();
  const dialog = bobPage.getByRole('dialog', { name: 'Report post' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a reason.');
  await expectNoSeriousViolations(bobPage, 'report dialog with its error');
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByRole('textbox', { name: /Anything moderators should know/ }).fill('Sells followers');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Thank you. Your report was received, and a moderator will look at it.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(bobPage.getByRole('button', { name: 'Report post' })).toBeFocused();
  // Nobody else sees the moderation page's entry.
  await bobPage
    .getByRole('button', { name: /user menu|Bob Reporter/i })
    .first()
    .click();
  await expect(bobPage.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0);

  const moderator = await moderatorAccount(request);
  const modPage = await anotherPerson();
  await signInAs(modPage, moderator, '/moderation');
  const card = modPage.getByRole('article', { name: new RegExp(title) });
  await expect(card).toContainText('Spam or advertising — Sells followers');
  await expect(card).toContainText('by Bob Reporter');
  await expectNoSeriousViolations(modPage, 'moderation queue');
  await card
    .getByRole('textbox', { name: /Note for the log/ })
    .fill('Post removed by its author after a warning');
  await card.getByRole('button', { name: 'Resolve' }).click();
  await expect(card).toHaveCount(0);

  await modPage.getByRole('tab', { name: 'Closed' }).click();
  await expect(modPage.getByRole('article', { name: new RegExp(title) })).toContainText(
    'Resolved by Mo Derator',
  );
  await modPage.getByRole('tab', { name: 'Moderation log' }).click();
  await expect(modPage.getByText('Post removed by its author after a warning')).toBeVisible();
});
