import { type APIRequestContext, expect } from '@playwright/test';
import { type Account, authHeaders } from './accounts';

/** Publishes a text post through the API the way the web app sends it (part `post` as a JSON blob). */
export async function publishPost(
  request: APIRequestContext,
  author: Account,
  title: string,
  { tags = [] }: { tags?: string[] } = {},
): Promise<{ id: number }> {
  const post = JSON.stringify({ title, content: 'Notes from this week.', category: 'PROGRAMMING', tags });
  const res = await request.post('/api/posts', {
    headers: authHeaders(author),
    multipart: { post: { name: 'blob', mimeType: 'application/json', buffer: Buffer.from(post) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Creates a public plan of one topic through the API. */
export async function createPlan(
  request: APIRequestContext,
  account: Account,
  title: string,
  description = 'A topic a week.',
): Promise<{ id: number }> {
  const res = await request.post('/api/learning-plans', {
    headers: authHeaders(account),
    data: {
      title,
      description,
      category: 'PROGRAMMING',
      isPublic: true,
      estimatedDays: 30,
      topics: [{ title: 'Basics', orderIndex: 0, resources: [] }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}
