import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPost } from './helpers/posts.js';
import { addComment, toggleLike } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  // No job workers: the like's old row version must be pruned for the comment's to fit on the page,
  // and a worker's polling transaction in this database, open at that moment, would keep it (it
  // failed so in a CI run with test files running side by side).
  t = await createTestApp({ config: { jobWorkers: false } });
  [ann, bob] = await Promise.all([signUp(t), signUp(t)]);
});
afterAll(() => t.close());

/** The heap page a post's current row version is on. */
async function pageOf(postId: number): Promise<number> {
  const result = (await t.db.execute(
    sql`select (ctid::text::point)[0]::int as page from posts where id = ${postId}`,
  )) as unknown as { rows: [{ page: number }] };
  return result.rows[0].page;
}

// Words that are all different, so the search vector is as long as the text (about 1.4 kB a row).
const longContent = (post: number) =>
  Array.from({ length: 90 }, (_, word) => `post${post}word${word}`).join(' ');

describe('posts pages', () => {
  it('keep room for the new version of a post its likes and comments count on, even when written in a row', async () => {
    // Written one after another, the first posts share a page, which full pages would leave no room on:
    // each like or comment would then move the post to another page and index it afresh.
    const posts = [];
    for (let i = 0; i < 8; i++) posts.push(await createPost(t, ann.token, { content: longContent(i) }));
    const [first] = posts;
    const page = await pageOf(first!.id);
    expect(await pageOf(posts[1]!.id)).toBe(page);

    expect((await toggleLike(t, bob, first!.id)).statusCode).toBe(200);
    await addComment(t, bob, first!.id, 'a comment');
    expect(await pageOf(first!.id)).toBe(page);
  });
});
