import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairCounters } from '../src/modules/counters/counters.queries.js';
import { foldNotificationCounts } from '../src/modules/notifications/notifications.queries.js';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { serverUrl } from './helpers/database.js';
import { createPost } from './helpers/posts.js';
import { addComment, callAs, follow, toggleLike, unfollow } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let people: TestAccount[];

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann' });
  people = await Promise.all(Array.from({ length: 8 }, () => signUp(t)));
});
afterAll(() => t.close());

/** Every post and user whose denormalised counts differ from the rows they count (none when exact). */
async function wrongCounts() {
  const result = (await t.db.execute(sql`
    select 'post ' || p.id as row from posts p
    where p.likes_count <> (select count(*) from post_likes l where l.post_id = p.id)
       or p.comments_count <> (select count(*) from comments c
         where c.post_id = p.id and c.deleted_at is null)
    union all
    select 'user ' || u.id from users u
    where u.followers_count <> (select count(*) from follows f where f.followed_id = u.id)
       or u.following_count <> (select count(*) from follows f where f.follower_id = u.id)
       or u.posts_count <> (select count(*) from posts p where p.author_id = u.id)
       or coalesce((select c.total from notification_counts c where c.recipient_id = u.id), 0)
         + coalesce((select sum(d.total) from notification_count_changes d where d.recipient_id = u.id), 0)
         <> (select count(*) from notifications n where n.recipient_id = u.id)
       or coalesce((select c.unread from notification_counts c where c.recipient_id = u.id), 0)
         + coalesce((select sum(d.unread) from notification_count_changes d where d.recipient_id = u.id), 0)
         <> (select count(*) from notifications n
           where n.recipient_id = u.id and not n.is_read)`)) as unknown as {
    rows: { row: string }[];
  };
  return result.rows.map(({ row }) => row);
}

const NOTHING_WRONG = { posts: 0, users: 0, plans: 0, rowCounts: 0, notificationCounts: 0 };

const getJson = async (account: TestAccount, url: string) => {
  const res = await callAs(t, account, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const deleteComment = (account: TestAccount, id: number) =>
  callAs(t, account, { method: 'DELETE', url: `/api/comments/${id}` });

describe('denormalised counts', () => {
  it('stay exact under bursts of concurrent likes, unlikes, comments, follows and deletes', async () => {
    const [kept, doomed] = [await createPost(t, ann.token), await createPost(t, ann.token)];
    // Each person toggles their like of `kept` three times (liked at the end) and of `doomed` twice,
    // comments twice on each, and follows Ann; all at once.
    const [responses, comments] = await Promise.all([
      Promise.all(
        people.flatMap((person) => [
          toggleLike(t, person, kept.id),
          toggleLike(t, person, kept.id),
          toggleLike(t, person, kept.id),
          toggleLike(t, person, doomed.id),
          toggleLike(t, person, doomed.id),
          follow(t, person, ann),
          follow(t, ann, person),
        ]),
      ),
      Promise.all(
        people.flatMap((person) => [
          addComment(t, person, kept.id, 'first'),
          addComment(t, person, kept.id, 'second'),
          addComment(t, person, doomed.id, 'on the doomed post'),
        ]),
      ),
    ]);
    expect(responses.filter((res) => res.statusCode >= 300).map((res) => res.body)).toEqual([]);
    expect(await wrongCounts()).toEqual([]);

    // Half unfollow and delete a comment, everyone toggles again, while Ann deletes `doomed`.
    const [unfollows, deleted] = await Promise.all([
      Promise.all(people.slice(0, 4).map((person) => unfollow(t, person, ann))),
      callAs(t, ann, { method: 'DELETE', url: `/api/posts/${doomed.id}` }),
      ...comments.slice(0, 6).map((comment, i) => deleteComment(people[Math.floor(i / 3)]!, comment.id)),
      ...people.map((person) => toggleLike(t, person, kept.id)),
      ...people.map((person) => toggleLike(t, person, doomed.id)),
    ]);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(unfollows.filter((res) => res.statusCode >= 300).map((res) => res.body)).toEqual([]);
    expect(await wrongCounts()).toEqual([]);

    const post = await getJson(ann, `/api/posts/${kept.id}`);
    expect(post.likesCount).toBe(0);
    const profile = await getJson(people[0]!, `/api/users/${ann.user.id}`);
    expect(profile).toMatchObject({ followersCount: 4, followingCount: 8, postsCount: 1 });
  });

  it('count replies, and stop counting a comment kept for its replies, under concurrent changes', async () => {
    const [kept, doomed] = [await createPost(t, ann.token), await createPost(t, ann.token)];
    const threads = [await addComment(t, ann, kept.id, 'thread'), await addComment(t, ann, doomed.id, 'x')];
    const reply = (person: TestAccount, postId: number, parentCommentId: number) =>
      callAs(t, person, {
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        payload: { content: 'a reply', parentCommentId },
      });
    const replies = await Promise.all(
      people.flatMap((person) => [
        reply(person, kept.id, threads[0]!.id),
        reply(person, doomed.id, threads[1]!.id),
      ]),
    );
    expect(replies.filter((res) => res.statusCode !== 201).map((res) => res.body)).toEqual([]);
    expect((await getJson(ann, `/api/posts/${kept.id}`)).commentsCount).toBe(1 + people.length);

    // The threads' comments go while their replies are deleted and written, and `doomed` goes as a whole.
    const changes = await Promise.all([
      deleteComment(ann, threads[0]!.id),
      callAs(t, ann, { method: 'DELETE', url: `/api/posts/${doomed.id}` }),
      ...replies
        .filter((_res, i) => i % 4 === 0)
        .map((res, i) => deleteComment(people[i * 2]!, res.json().id)),
      ...people.slice(0, 3).map((person) => reply(person, kept.id, threads[0]!.id)),
    ]);
    // A reply racing the deletion of its post is refused as not found; nothing fails on our side.
    expect(changes.filter((res) => res.statusCode >= 500).map((res) => res.body)).toEqual([]);
    expect(await wrongCounts()).toEqual([]);
    const { commentsCount } = await getJson(ann, `/api/posts/${kept.id}`);
    // The thread's comment counts no more: 8 replies, 4 deleted, 3 new.
    expect(commentsCount).toBe(people.length - 4 + 3);
    expect(await repairCounters(t.db)).toEqual(NOTHING_WRONG);
  });

  it('answers the like count with the toggle, as the post then shows it', async () => {
    const post = await createPost(t, ann.token);
    const first = (await toggleLike(t, people[0]!, post.id)).json();
    const second = (await toggleLike(t, people[1]!, post.id)).json();
    const undone = (await toggleLike(t, people[0]!, post.id)).json();
    expect([first, second, undone]).toEqual([
      { liked: true, likesCount: 1 },
      { liked: true, likesCount: 2 },
      { liked: false, likesCount: 1 },
    ]);
    expect((await getJson(ann, `/api/posts/${post.id}`)).likesCount).toBe(1);
  });
});

describe('notification counts', () => {
  it('answer the same total and unread count before and after their changes are folded in', async () => {
    const post = await createPost(t, ann.token);
    await Promise.all(people.slice(0, 5).map((person) => toggleLike(t, person, post.id)));
    await addComment(t, people[5]!, post.id, 'a comment');
    const counts = async () => ({
      total: (await getJson(ann, '/api/notifications')).totalElements,
      unread: await getJson(ann, '/api/notifications/unread/count'),
    });
    const pending = async () =>
      (
        (await t.db.execute(
          sql`select count(*)::int as n from notification_count_changes where recipient_id = ${ann.user.id}`,
        )) as unknown as { rows: [{ n: number }] }
      ).rows[0].n;
    const before = await counts();
    expect(before.unread).toBeGreaterThanOrEqual(6);
    expect(await pending()).toBeGreaterThan(0);

    await foldNotificationCounts(t.db);
    expect(await pending()).toBe(0);
    expect(await counts()).toEqual(before);
    expect(await wrongCounts()).toEqual([]);
    const read = await callAs(t, ann, { method: 'PATCH', url: '/api/notifications/read-all' });
    expect(read.statusCode, read.body).toBeLessThan(300);
    expect(await counts()).toEqual({ total: before.total, unread: 0 });
    await foldNotificationCounts(t.db);
    expect(await counts()).toEqual({ total: before.total, unread: 0 });
  });
});

describe.runIf(serverUrl)('notification counts on a PostgreSQL server', () => {
  // Two transactions each notifying the same two people, in opposite orders (a reply and a comment, a
  // fan-out batch): counting must not make either wait for the other, let alone deadlock.
  it('let transactions notifying the same people in turn go on side by side', async () => {
    const notifyOne = (tx: typeof t.db, recipientId: number) =>
      tx.execute(sql`insert into notifications (recipient_id, type, message, entity_type, entity_id)
        values (${recipientId}, 'FOLLOW', 'Someone followed you', 'user', ${recipientId})`);
    let arrived = 0;
    let bothStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      bothStarted = resolve;
    });
    const notifyBoth = (first: number, second: number) =>
      t.db.transaction(async (tx) => {
        await notifyOne(tx, first);
        if (++arrived === 2) bothStarted();
        await started;
        await notifyOne(tx, second);
      });
    const [a, b] = [ann.user.id, people[0]!.user.id];
    const before = await getJson(ann, '/api/notifications');
    await Promise.all([notifyBoth(a, b), notifyBoth(b, a)]);
    expect((await getJson(ann, '/api/notifications')).totalElements).toBe(before.totalElements + 2);
    expect(await wrongCounts()).toEqual([]);
  });
});

describe('repairCounters', () => {
  it('recomputes wrong counts from the rows they count, and finds nothing left to fix after', async () => {
    const post = await createPost(t, ann.token);
    await toggleLike(t, people[2]!, post.id);
    await addComment(t, people[3]!, post.id, 'a comment');
    await t.db.execute(sql`update posts set likes_count = 40, comments_count = 7 where id = ${post.id}`);
    await t.db.execute(sql`update users set followers_count = 0, posts_count = 99 where id = ${ann.user.id}`);
    await t.db.execute(sql`update row_counts set count = 12345`);
    await t.db.execute(
      sql`update notification_counts set total = 0, unread = 0 where recipient_id = ${ann.user.id}`,
    );
    expect(await wrongCounts()).toEqual([`post ${post.id}`, `user ${ann.user.id}`]);

    expect(await repairCounters(t.db)).toEqual({
      posts: 1,
      users: 1,
      plans: 0,
      rowCounts: 2,
      notificationCounts: 1,
    });
    expect(await wrongCounts()).toEqual([]);
    expect(await getJson(ann, `/api/posts/${post.id}`)).toMatchObject({ likesCount: 1, commentsCount: 1 });
    const feed = await getJson(ann, '/api/posts?page=0&size=1');
    const [{ posts }] = (
      (await t.db.execute(sql`select count(*)::int as posts from posts`)) as unknown as {
        rows: [{ posts: number }];
      }
    ).rows;
    expect(feed.totalElements).toBe(posts);
    expect((await getJson(ann, '/api/learning-plans/public')).totalElements).toBe(0);
    expect(await repairCounters(t.db)).toEqual(NOTHING_WRONG);
  });
});
