import { expect, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { publishPost } from './support/content';

test('an edited post shows "edited", which opens its versions; a long post shows its reading time', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Editor');
  const title = `Edit history ${Date.now()}`;
  const { id } = await publishPost(request, ann, title);
  await signInAs(page, ann, `/edit-post/${id}`);

  // Four paragraphs of 250 words: several minutes' reading, long enough for the reading time to show.
  const paragraph = Array.from({ length: 250 }, (_, i) => `word${i}`).join(' ');
  await page.getByLabel('Title').fill(`${title} (revised)`);
  await page.getByLabel('Content').fill(Array.from({ length: 4 }, () => paragraph).join('\n\n'));
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page).toHaveURL(`/post/${id}`);

  const post = page.getByRole('article', { name: `${title} (revised)` });
  const answer = await request.get(`/api/posts/${id}`, { headers: authHeaders(ann) });
  const { readingMinutes } = (await answer.json()) as { readingMinutes: number };
  expect(readingMinutes).toBeGreaterThan(1);
  await expect(post).toContainText(`${readingMinutes} min read`);
  const edited = post.getByRole('button', { name: /^edited.*show the edit history$/ });
  await expect(edited).toBeVisible();

  // By keyboard: the mark opens the dialog, the versions are listed newest first, Escape closes it.
  await edited.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit history' });
  const versions = dialog.getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText(`${title} (revised)`);
  await expect(versions.last()).toContainText(title);
  await expect(versions.last()).toContainText('Notes from this week.');
  await expect(versions.last()).toContainText('Original');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(edited).toBeFocused();

  // The home feed's card carries the mark and the reading time too.
  await page.goto('/');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `${title} (revised)` }) });
  await expect(card).toContainText(`${readingMinutes} min read`);
  await expect(card.getByRole('button', { name: /^edited/ })).toBeVisible();
});
