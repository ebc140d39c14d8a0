import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { responseConfirmation } from './support/confirm';
import { publishPost } from './support/content';

const commentBy = (page: Page, name: string) => page.getByRole('article', { name: `Comment by ${name}` });

async function commentThroughApi(
  request: APIRequestContext,
  account: Account,
  postId: number,
  content: string,
  parentCommentId?: number,
): Promise<{ id: number }> {
  const res = await request.post(`/api/posts/${postId}/comments`, {
    headers: authHeaders(account),
    data: { content, ...(parentCommentId !== undefined && { parentCommentId }) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('a reply thread: folded after three, a reply to a reply, a like, its comment deleted @phone', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Author');
  const bob = await createAccount(request, 'Bob Thread');
  const cat = await createAccount(request, 'Cat Reply');
  const post = await publishPost(request, ann, 'Threads worth following');
  const top = await commentThroughApi(request, bob, post.id, 'Where do I start?');
  for (const [i, who] of [ann, cat, ann, cat].entries())
    await commentThroughApi(request, who, post.id, `Answer number ${i + 1}`, top.id);

  await signInAs(page, bob, `/post/${post.id}`);
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments).toContainText('5 comments, replies included');
  const replies = comments.getByRole('list', { name: 'Replies to Bob Thread' });
  await expect(replies.getByRole('article')).toHaveCount(3);
  await expect(replies).toContainText('Answer number 3');
  await expect(replies).not.toContainText('Answer number 4');

  // The folded rest comes with one click.
  await comments.getByRole('button', { name: 'Show 1 more reply' }).click();
  await expect(replies.getByRole('article')).toHaveCount(4);
  await expect(replies).toContainText('Answer number 4');
  await expect(comments.getByRole('button', { name: 'Show 1 more reply' })).toHaveCount(0);

  // A reply to a reply lands in the same thread, and counts.
  const catsLast = replies.getByRole('article', { name: 'Comment by Cat Reply' }).last();
  await catsLast.getByRole('button', { name: 'Reply to Cat Reply' }).click();
  const box = comments.getByRole('textbox', { name: 'Reply to Cat Reply' });
  await expect(box).toBeFocused();
  await box.fill('Thanks, that helped.');
  await comments.getByRole('button', { name: 'Post Reply' }).click();
  await expect(replies.getByRole('article')).toHaveCount(5);
  await expect(replies.getByRole('article').last()).toContainText('Thanks, that helped.');
  await expect(comments).toContainText('6 comments, replies included');

  // Liking a reply: pressed, counted, and still so after a reload.
  const annsFirst = replies.getByRole('article', { name: 'Comment by Ann Author' }).first();
  await annsFirst.getByRole('button', { name: 'Like comment, 0 likes' }).click();
  const liked = annsFirst.getByRole('button', { name: 'Like comment, 1 like' });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousViolations(page, 'a reply thread, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(
    comments
      .getByRole('article', { name: 'Comment by Ann Author' })
      .first()
      .getByRole('button', { name: 'Like comment, 1 like' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousViolations(page, 'a reply thread, dark');

  // Deleting the thread's comment keeps the thread: the comment says it was deleted, its replies stay.
  await commentBy(page, 'Bob Thread').first().getByRole('button', { name: 'Delete' }).click();
  await responseConfirmation(page, 'Are you sure you want to delete this comment?', 'Delete');
  await expect(comments.getByRole('article', { name: 'Comment deleted' })).toBeVisible();
  await expect(comments.getByText('Where do I start?')).toHaveCount(0);
  await expect(comments).toContainText('5 comments, replies included');
  await page.reload();
  await expect(comments.getByRole('article', { name: 'Comment deleted' })).toBeVisible();
  const kept = comments.getByRole('list', { name: 'Replies to Comment deleted' });
  await expect(kept.getByRole('article')).toHaveCount(3);
  await expect(comments.getByRole('button', { name: 'Show 2 more replies' })).toBeVisible();
  await expect(comments).toContainText('5 comments, replies included');
});
