import { expect, test } from '@playwright/test';
import { createAccount, signInAs } from './support/accounts';
import { responseConfirmation } from './support/confirm';
import { publishPost } from './support/content';

const COMMENT_QUESTION = 'Are you sure you want to delete this comment?';

test('Like, Follow and Post Comment keep focus; Ctrl+Enter sends; deleting asks in a dialog', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Keys');
  const bob = await createAccount(request, 'Bob Keys');
  const { id: postId } = await publishPost(request, bob, 'Keyboard notes');

  await signInAs(page, ann, `/post/${postId}`);
  const like = page.getByRole('button', { name: 'Like, 0 likes' });
  await like.focus();
  await page.keyboard.press('Enter');
  const liked = page.getByRole('button', { name: 'Like, 1 like' });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  await expect(liked).toBeFocused();

  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Sent with the keyboard');
  await page.getByRole('button', { name: 'Post Comment' }).focus();
  await page.keyboard.press('Enter');
  const comments = page.getByRole('article', { name: 'Comment by Ann Keys' });
  await expect(comments).toHaveCount(1);
  await expect(box).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Post Comment' })).toBeFocused();

  await box.focus();
  await page.keyboard.type('First line');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second line');
  await expect(comments).toHaveCount(1);
  await page.keyboard.press('Control+Enter');
  await expect(comments).toHaveCount(2);
  await expect(comments.first()).toContainText('First line');
  await expect(box).toBeFocused();

  // Deleting: the in-app dialog starts on Cancel; Escape cancels and gives focus back.
  const newest = comments.first();
  await newest.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete comment?' });
  await expect(dialog).toHaveAccessibleDescription(COMMENT_QUESTION);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(newest.getByRole('button', { name: 'Delete' })).toBeFocused();
  await expect(comments).toHaveCount(2);

  await page.keyboard.press('Enter');
  await responseConfirmation(page, COMMENT_QUESTION, 'Delete');
  await expect(comments).toHaveCount(1);

  // Follow from the profile: the button keeps focus through the request.
  await page.goto(`/profile/${bob.id}`);
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await follow.focus();
  await page.keyboard.press('Enter');
  const unfollow = page.getByRole('button', { name: 'Unfollow' });
  await expect(unfollow).toBeEnabled();
  await expect(unfollow).toBeFocused();
});

test('the mobile menu takes focus, closes on Escape and when focus leaves it @phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, await createAccount(request, 'Ann Phone'));
  const menuButton = page.getByRole('button', { name: 'Main menu' });
  const menu = page.getByRole('navigation', { name: 'Mobile' });

  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  // Shift+Tab from the menu's first stop goes back to its button: still open; once more leaves it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(menuButton).toBeFocused();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(menu).toHaveCount(0);
});
