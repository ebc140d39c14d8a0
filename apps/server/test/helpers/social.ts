import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { bearer, type TestAccount } from './accounts.js';
import type { TestApp } from './app.js';

/** Sends `request` as `account` (its bearer token added), or as a visitor for null. */
export const callAs = (t: Pick<TestApp, 'app'>, account: TestAccount | null, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...request.headers, ...(account && bearer(account.token)) } });

/** Toggles `account`'s like of a post. */
export const toggleLike = (t: Pick<TestApp, 'app'>, account: TestAccount, postId: number) =>
  callAs(t, account, { method: 'POST', url: `/api/posts/${postId}/like` });

export const follow = (t: Pick<TestApp, 'app'>, account: TestAccount, target: TestAccount) =>
  callAs(t, account, { method: 'POST', url: `/api/users/${target.user.id}/follow` });

export const unfollow = (t: Pick<TestApp, 'app'>, account: TestAccount, target: TestAccount) =>
  callAs(t, account, { method: 'DELETE', url: `/api/users/${target.user.id}/follow` });

/** Comments on a post as `account` through the API; returns the new comment's id. */
export async function addComment(
  t: Pick<TestApp, 'app'>,
  account: TestAccount,
  postId: number,
  content: string,
): Promise<{ id: number }> {
  const res = await callAs(t, account, {
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    payload: { content },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}
