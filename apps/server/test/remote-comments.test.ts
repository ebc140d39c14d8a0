import type { CommentThread, Page } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPost } from './helpers/posts.js';
import { callAs } from './helpers/social.js';

// Comments from other servers (federation-replies.test.ts brings them in over ActivityPub) read with
// the comments from here: the same shape for old clients, and the same statements however many.

let t: TestApp;
let author: TestAccount;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  author = await signUp(t, { name: 'Post Author' });
  ann = await signUp(t, { name: 'Ann Lee' });
});
afterAll(() => t.close());

/** A comment by someone of another server, as the inbox stores one. */
async function remoteComment(postId: number, n: number, parentCommentId: number | null = null) {
  const result = (await t.db.execute(sql`with actor as (
      insert into remote_actors (uri, handle, name, icon_url, profile_url)
      values (${`https://elsewhere.example/users/p${n}`}, ${`@p${n}@elsewhere.example`},
        ${n % 2 ? null : `P ${n}`},
        ${`https://elsewhere.example/p${n}.png`}, ${`https://elsewhere.example/@p${n}`})
      returning id)
    insert into comments (post_id, remote_actor_id, remote_uri, content, parent_comment_id)
    select ${postId}, id, ${`https://elsewhere.example/statuses/${n}`}, ${`From elsewhere ${n}`},
      ${parentCommentId}
    from actor returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows[0]!.id;
}

const comment = async (postId: number, content: string, parentCommentId?: number) => {
  const res = await callAs(t, ann, {
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    payload: { content, parentCommentId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

describe('comments from other servers', () => {
  it('give old clients a whole user, and the remote author besides', async () => {
    const post = await createPost(t, author.token);
    await remoteComment(post.id, 1);
    await remoteComment(post.id, 2);
    const page = (await callAs(t, author, { url: `/api/posts/${post.id}/comments` })).json();
    expect((page as Page<CommentThread>).content).toMatchObject([
      {
        user: { id: 0, name: 'P 2', profilePicture: 'https://elsewhere.example/p2.png' },
        remote: { handle: '@p2@elsewhere.example', profileUrl: 'https://elsewhere.example/@p2' },
      },
      // No name: their handle stands for it.
      { user: { id: 0, name: '@p1@elsewhere.example' }, remote: { handle: '@p1@elsewhere.example' } },
    ]);
    expect((await callAs(t, author, { url: `/api/posts/${post.id}` })).json().commentsCount).toBe(2);
  });

  it('cost the same statements mixed with comments from here, for one thread and for ten', async () => {
    const post = await createPost(t, author.token);
    await remoteComment(post.id, 100);
    const url = `/api/posts/${post.id}/comments`;
    const one = await t.queries.count(() => callAs(t, author, { url }));
    for (let i = 0; i < 9; i++) {
      const top = i % 2 ? await remoteComment(post.id, 101 + i) : await comment(post.id, `Thread ${i}`);
      await comment(post.id, `Reply ${i}`, top);
      await remoteComment(post.id, 200 + i, top);
    }
    const ten = await t.queries.count(() => callAs(t, author, { url }));
    const threads = ten.result.json().content as CommentThread[];
    expect(threads).toHaveLength(10);
    expect(threads.flatMap((thread) => thread.replies).filter((reply) => reply.remote)).toHaveLength(9);
    expect(ten.statements).toBe(one.statements);
    expect(ten.statements).toBeLessThanOrEqual(4);
  });
});
