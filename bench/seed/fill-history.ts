import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';

async function count(db: Database, rows: SQL) {
  const result = (await db.execute(sql`select count(*)::int as n from (${rows}) candidate`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

/**
 * Inserts a random sample of about `wanted` of `rows` (all of them when there are fewer): history and
 * notifications describe likes, comments, follows and plans that exist. Answers how many it inserted.
 */
async function insertSample(db: Database, into: SQL, rows: SQL, wanted: number) {
  const available = await count(db, rows);
  const limit = Math.max(0, Math.min(available, Math.round(wanted)));
  // A little more than the share needed, cut by the limit: the sample comes out at the size wanted.
  const share = Math.min(1, (limit * 1.1) / Math.max(available, 1));
  await db.execute(
    sql`${into} select * from (${rows}) candidate where random() < ${sql.raw(String(share))}
      limit ${sql.raw(String(limit))}`,
  );
  return limit;
}

/**
 * Social activities (likes, comments, follows) after the learning history, up to `total` activities.
 * Every like, comment and follow would have one on a live site; a sample keeps the preset's size.
 */
export async function fillSocialHistory(db: Database, total: number) {
  const remaining = total - (await count(db, sql`select 1 from activities`));
  const likes = await insertSample(
    db,
    sql`insert into activities (user_id, type, occurred_at, post_id)`,
    sql`select user_id, 'POST_LIKE', created_at, post_id from post_likes`,
    remaining * 0.6,
  );
  const comments = await insertSample(
    db,
    sql`insert into activities (user_id, type, occurred_at, post_id, comment_id)`,
    sql`select author_id, 'POST_COMMENT', created_at, post_id, id from comments`,
    remaining * 0.25,
  );
  await insertSample(
    db,
    sql`insert into activities (user_id, type, occurred_at, followed_user_id)`,
    sql`select follower_id, 'FOLLOW_USER', created_at, followed_id from follows`,
    remaining - likes - comments,
  );
}

const NOTIFICATION_COLUMNS = sql`insert into notifications (recipient_id, actor_id, type, message,
  entity_type, entity_id, post_id, comment_id, plan_id, created_at, is_read)`;
/** Older notifications have been read; of the last two weeks', most are still unread. */
const readState = (createdAt: string) =>
  sql.raw(`${createdAt} < now() - interval '14 days' or random() < 0.3`);

/**
 * Notifications as the server writes them (same messages, links and references), never for acting
 * on one's own things: likes, comments, follows, shared plans and mentions, about `total` in all.
 */
export async function fillNotifications(db: Database, total: number) {
  const likes = await insertSample(
    db,
    NOTIFICATION_COLUMNS,
    sql`select p.author_id, l.user_id, 'LIKE', a.name || ' liked your post', 'post', p.id, p.id, null::int,
      null::int, l.created_at, ${readState('l.created_at')}
      from post_likes l join posts p on p.id = l.post_id join users a on a.id = l.user_id
      where l.user_id <> p.author_id`,
    total * 0.55,
  );
  const comments = await insertSample(
    db,
    NOTIFICATION_COLUMNS,
    sql`select p.author_id, c.author_id, 'COMMENT', a.name || ' commented on your post', 'post', p.id, p.id,
      c.id, null::int, c.created_at, ${readState('c.created_at')}
      from comments c join posts p on p.id = c.post_id join users a on a.id = c.author_id
      where c.author_id <> p.author_id`,
    total * 0.25,
  );
  const follows = await insertSample(
    db,
    NOTIFICATION_COLUMNS,
    sql`select f.followed_id, f.follower_id, 'FOLLOW', a.name || ' started following you', 'user',
      f.follower_id, null::int, null::int, null::int, f.created_at, ${readState('f.created_at')}
      from follows f join users a on a.id = f.follower_id`,
    total * 0.12,
  );
  const mentions = await insertSample(
    db,
    NOTIFICATION_COLUMNS,
    sql`select m.id, p.author_id, 'MENTION', a.name || ' mentioned you in a post', 'post', p.id, p.id,
      null::int, null::int, p.created_at, ${readState('p.created_at')}
      from posts p join users m on m.handle = substring(p.content from '@([a-z0-9_]+)$')
      join users a on a.id = p.author_id
      where p.content like '%@%' and m.id <> p.author_id`,
    total * 0.02,
  );
  await insertSample(
    db,
    NOTIFICATION_COLUMNS,
    sql`select f.follower_id, pl.creator_id, 'LEARNING_PLAN_SHARE',
      a.name || ' shared a new learning plan: ' || pl.title, 'learning-plan', pl.id, null::int, null::int,
      pl.id, pl.created_at, ${readState('pl.created_at')}
      from learning_plans pl join follows f on f.followed_id = pl.creator_id
        join users a on a.id = pl.creator_id
      where pl.is_public`,
    total - likes - comments - follows - mentions,
  );
}
