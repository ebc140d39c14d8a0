import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { responseConfirmation } from './support/confirm';

const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
const commentBy = (page: Page, name: string) => page.getByRole('article', { name: `Comment by ${name}` });

/** Publishes a post through the API, the way the web app sends it (part `post` as a JSON blob). */
async function publishThroughApi(
  request: Parameters<typeof createAccount>[0],
  author: Account,
  title: string,
) {
  const res = await request.post('/api/posts', {
    headers: authHeaders(author),
    multipart: {
      post: {
        name: 'blob',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({ title, content: 'Written through the API.', category: 'MUSIC' }),
        ),
      },
      files: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(fixture('photo.jpg')) },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

test('a post from creation to deletion: media, feed thumbnail, likes, comments, edit without the image', async ({
  page,
  request,
}) => {
  // One user's whole journey through four pages: more than one ordinary test's time.
  test.slow();
  const ann = await createAccount(request, 'Ann Poster');
  const title = `Rust ownership ${Date.now()}`;
  await signInAs(page, ann, '/create-post');

  // Create with an image and a short video; the browser reads the video's length before publishing.
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('Moves and borrows finally clicked.');
  await page.getByLabel('Category').selectOption('PROGRAMMING');
  await page.getByLabel('Share how far I got').check();
  await page.getByRole('slider', { name: 'Learning progress percent' }).fill('60');
  await page.getByLabel('Add photos or videos').setInputFiles([fixture('photo.jpg'), fixture('short.mp4')]);
  await expect(page.getByRole('img', { name: 'Preview of photo.jpg' })).toBeVisible();
  const publish = page.getByRole('button', { name: 'Publish Post' });
  await expect(publish).toBeEnabled();
  // The image has no description yet: a reminder, and the chance to write one.
  await publish.click();
  await expect(page.getByRole('alert')).toContainText('Some images have no description.');
  await page.getByRole('button', { name: 'Add descriptions' }).click();
  await expect(page.getByLabel('Describe photo.jpg')).toBeFocused();
  await page.keyboard.type('A notebook open on a desk');
  await publish.click();

  await expect(page).toHaveURL(/\/post\/\d+$/);
  const postId = Number(page.url().split('/').pop());
  const post = page.getByRole('article', { name: title });
  await expect(post.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(post.getByRole('img', { name: 'A notebook open on a desk' })).toHaveJSProperty(
    'naturalWidth',
    800,
  );
  const video = post.getByLabel(`${title}, video 2 of 2`);
  await expect(video).toHaveAttribute('controls', '');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(2, 0);
  await expect(post.getByRole('progressbar', { name: 'Learning progress' })).toHaveAttribute(
    'aria-valuenow',
    '60',
  );

  // The feed shows it first, with the grid thumbnail (a WebP of at most 640 px) instead of the original.
  await page.goto('/');
  const first = page.getByRole('article').first();
  await expect(first.getByRole('heading', { name: title })).toBeVisible();
  const thumbnail = first.getByRole('img', { name: 'A notebook open on a desk' });
  await expect(thumbnail).toHaveAttribute('src', /\/api\/media\/posts\/[0-9a-f-]+\.webp$/);
  await expect(thumbnail).toHaveJSProperty('naturalWidth', 640);
  await expect(first).toContainText('Progress: 60%');

  // Detail: like and unlike.
  await first.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(`/post/${postId}`);
  await post.getByRole('button', { name: 'Like, 0 likes' }).click();
  await expect(post.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true');
  await post.getByRole('button', { name: 'Like, 1 like' }).click();
  await expect(post.getByRole('button', { name: 'Like, 0 likes' })).toHaveAttribute('aria-pressed', 'false');

  // Comment, edit it, delete it.
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Lifetimes are next.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const comment = commentBy(page, 'Ann Poster');
  await expect(comment).toContainText('Lifetimes are next.');
  await expect(post).toContainText('1 comment');
  await comment.getByRole('button', { name: 'Edit' }).click();
  await comment.getByRole('textbox', { name: 'Edit comment' }).fill('Lifetimes come after traits.');
  await comment.getByRole('button', { name: 'Save' }).click();
  await expect(comment).toContainText('Lifetimes come after traits.');
  await page.reload();
  await expect(commentBy(page, 'Ann Poster')).toContainText('Lifetimes come after traits.');
  await commentBy(page, 'Ann Poster').getByRole('button', { name: 'Delete' }).click();
  await responseConfirmation(page, 'Are you sure you want to delete this comment?', 'Delete');
  await expect(commentBy(page, 'Ann Poster')).toHaveCount(0);
  await expect(post).toContainText('0 comments');

  // Edit from the feed card: drop the image, keep the video.
  await page.goto('/');
  await card(page, title).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/edit-post/${postId}`);
  await page.getByRole('button', { name: 'Remove existing image 1' }).click();
  await page.getByLabel('Title').fill(`${title} (video only)`);
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page).toHaveURL(`/post/${postId}`);
  const edited = page.getByRole('article', { name: `${title} (video only)` });
  await expect(edited.getByLabel(`${title} (video only), video 1 of 1`)).toBeVisible();
  await expect(edited.getByRole('img', { name: 'A notebook open on a desk' })).toHaveCount(0);

  // Delete from the feed: asked first, then gone, also for the API.
  await page.goto('/');
  await card(page, `${title} (video only)`).getByRole('button', { name: 'Delete' }).click();
  await responseConfirmation(
    page,
    'Are you sure you want to delete this post? This action cannot be undone.',
    'Delete',
  );
  await expect(page.getByText('Post deleted successfully!')).toBeVisible();
  await expect(card(page, `${title} (video only)`)).toHaveCount(0);
  expect((await request.get(`/api/posts/${postId}`, { headers: authHeaders(ann) })).status()).toBe(404);
});

test("another user sees no Edit or Delete and gets the permission page for someone else's post", async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Author');
  const bob = await createAccount(request, 'Bob Reader');
  const title = `Cello scales ${Date.now()}`;
  const { id } = await publishThroughApi(request, ann, title);

  await signInAs(page, bob, '/');
  const annsPost = card(page, title);
  await expect(annsPost.getByRole('link', { name: 'Ann Author' })).toBeVisible();
  await expect(annsPost.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(annsPost.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.goto(`/edit-post/${id}`);
  await expect(page.getByRole('alert')).toHaveText('You do not have permission to edit this post');
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/');
});

test("a post's own page offers its author Edit and Delete, and nobody else", async ({ page, request }) => {
  const ann = await createAccount(request, 'Ann Owner');
  const bob = await createAccount(request, 'Bob Visitor');
  const title = `Viola bowing ${Date.now()}`;
  const { id } = await publishThroughApi(request, ann, title);

  await signInAs(page, bob, `/post/${id}`);
  const post = page.getByRole('article', { name: title });
  await expect(post.getByRole('button', { name: /Report/ })).toBeVisible();
  await expect(post.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(post.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.evaluate((token) => localStorage.setItem('authToken', token), ann.token);
  await page.evaluate(() => localStorage.removeItem('pathwise_remembered_user'));
  await page.reload();
  await expect(post.getByRole('heading', { name: title })).toBeVisible();
  await post.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/edit-post/${id}`);
  await expect(page.getByLabel('Title')).toHaveValue(title);

  await page.goto(`/post/${id}`);
  await post.getByRole('button', { name: 'Delete' }).click();
  await responseConfirmation(
    page,
    'Are you sure you want to delete this post? This action cannot be undone.',
    'Delete',
  );
  await expect(page).toHaveURL(`/profile/${ann.id}`);
  expect((await request.get(`/api/posts/${id}`, { headers: authHeaders(ann) })).status()).toBe(404);
});

test('the feed and a post fit a 375 px wide screen @phone', async ({ page, request }) => {
  const ann = await createAccount(request, 'Ann Narrow');
  const title = `Narrow screens ${Date.now()}`;
  const { id } = await publishThroughApi(request, ann, title);
  await signInAs(page, ann, '/');
  await page.setViewportSize({ width: 375, height: 800 });

  await expect(card(page, title)).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.goto(`/post/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
