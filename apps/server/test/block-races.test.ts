import { POST_MESSAGES, USER_MESSAGES } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { serverUrl } from './helpers/database.js';
import { createPost } from './helpers/posts.js';
import { callAs, follow, toggleLike } from './helpers/social.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const block = (blocker: TestAccount, blocked: TestAccount) =>
  callAs(t, blocker, { method: 'PUT', url: `/api/users/${blocked.user.id}/block` });
const comment = (account: TestAccount, postId: number) =>
  callAs(t, account, { method: 'POST', url: `/api/posts/${postId}/comments`, payload: { content: 'Hi' } });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The likes and comments of `actor` on `author`'s posts that `author` was never told of. Notifications
 * are written in the transaction of their cause, after it and each in a fresh snapshot, and none is
 * written across a block: one missing means its like or comment committed after the block.
 */
const untold = (actor: TestAccount, author: TestAccount) =>
  rows<{ kind: string; postId: number }>(sql`
    select 'LIKE' as kind, l.post_id as "postId" from post_likes l join posts p on p.id = l.post_id
    where l.user_id = ${actor.user.id} and p.author_id = ${author.user.id} and not exists (
      select 1 from notifications n where n.type = 'LIKE' and n.actor_id = l.user_id
        and n.recipient_id = p.author_id and n.post_id = l.post_id)
    union all
    select 'COMMENT', c.post_id from comments c join posts p on p.id = c.post_id
    where c.author_id = ${actor.user.id} and p.author_id = ${author.user.id} and not exists (
      select 1 from notifications n where n.type = 'COMMENT' and n.actor_id = c.author_id
        and n.recipient_id = p.author_id and n.comment_id = c.id)`);

const followsBetween = async (a: TestAccount, b: TestAccount) =>
  (
    await rows<{ n: number }>(sql`select count(*)::int as n from follows
      where (follower_id = ${a.user.id} and followed_id = ${b.user.id})
         or (follower_id = ${b.user.id} and followed_id = ${a.user.id})`)
  )[0]!.n;

describe('a block racing likes, comments and follows between the two people', () => {
  it('leaves no follow either way, and no like or comment that landed after it', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const posts = await Promise.all(Array.from({ length: 12 }, () => createPost(t, ann.token)));
    expect((await follow(t, ann, bob)).statusCode).toBe(200);

    const writes = posts.flatMap((post, i) => [
      toggleLike(t, bob, post.id),
      comment(bob, post.id),
      follow(t, bob, ann),
      follow(t, ann, bob),
      ...(i === 4 ? [block(ann, bob)] : []),
    ]);
    const responses = await Promise.all(writes);

    // Each write either went in before the block or was refused like any write across one.
    for (const res of responses) {
      expect([200, 201, 403, 404], res.body).toContain(res.statusCode);
      if (res.statusCode === 404) expect(res.json().message).toBe(POST_MESSAGES.postNotFound);
      if (res.statusCode === 403) expect(res.json().message).toBe(USER_MESSAGES.cannotFollowBlocked);
    }
    expect(await followsBetween(ann, bob)).toBe(0);
    expect(await untold(bob, ann)).toEqual([]);
    const [profile] = await rows<{ followers: number; following: number }>(sql`
      select followers_count as followers, following_count as following
      from users where id = ${bob.user.id}`);
    expect(profile).toEqual({ followers: 0, following: 0 });
  });

  // A PostgreSQL server runs the two at once; PGlite runs one transaction at a time.
  it.runIf(serverUrl)(
    'makes a like or comment already under way commit before the block, or refuses it',
    async () => {
      for (const write of [
        toggleLike,
        (_: TestApp, account: TestAccount, id: number) => comment(account, id),
      ]) {
        const ann = await signUp(t);
        const bob = await signUp(t);
        const post = await createPost(t, ann.token);
        const waiting = async () =>
          (
            await rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`)
          )[0]!.n;
        const until = async (done: () => Promise<boolean>) => {
          for (let i = 0; i < 500 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
        };

        // Another transaction holds the post's row: the write stops there, its block check already made.
        let release!: () => void;
        let held!: () => void;
        const holding = new Promise<void>((resolve) => {
          held = resolve;
        });
        const holder = t.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from posts where id = ${post.id} for update`);
          held();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        });
        await holding;
        const written = write(t, bob, post.id);
        await until(async () => (await waiting()) === 1);
        let blockResponded = false;
        const blocked = block(ann, bob).then((res) => {
          blockResponded = true;
          return res;
        });
        // The block either waits behind the write, or (were the check not held) lands at once.
        await until(async () => blockResponded || (await waiting()) === 2);
        release();
        await holder;
        const [writeResponse, blockResponse] = await Promise.all([written, blocked]);

        expect(blockResponse.statusCode).toBe(200);
        expect([200, 201, 404]).toContain(writeResponse.statusCode);
        expect(await untold(bob, ann)).toEqual([]);
      }
    },
  );
});
