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
  t = await createTestApp();
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
  it('keep room for the new version of a post its likes or comments count on, even when written in a row', async () => {
    // Written one after another, posts fill pages four at a time, which full pages would leave no room
    // on: each like or comment would then move the post to another page and index it afresh. Each page
    // here gets one new row version: a second one fits only once the first's old version is pruned,
    // which whatever else the server is doing at that moment may put off.
    const posts = [];
    for (let i = 0; i < 8; i++) posts.push(await createPost(t, ann.token, { content: longContent(i) }));
    const pages = await Promise.all(posts.map((post) => pageOf(post.id)));
    const [liked] = posts;
    const commented = posts.find((_, i) => i > 0 && pages[i] !== pages[0] && pages[i] === pages[i - 1]);
    expect(pages[1]).toBe(pages[0]);
    expect(commented).toBeDefined();

    expect((await toggleLike(t, bob, liked!.id)).statusCode).toBe(200);
    await addComment(t, bob, commented!.id, 'a comment');
    expect(await pageOf(liked!.id)).toBe(pages[0]);
    expect(await pageOf(commented!.id)).toBe(pages[posts.indexOf(commented!)]);
  });
});
