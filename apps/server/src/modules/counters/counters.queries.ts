import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { foldNotificationCounts } from '../notifications/index.js';

/** How many rows held a wrong count, per table, before the repair set them right. */
export type CountersRepair = {
  posts: number;
  users: number;
  plans: number;
  rowCounts: number;
  notificationCounts: number;
};

const changedRows = async (db: Database, statement: SQL) =>
  ((await db.execute(statement)) as unknown as { rows: unknown[] }).rows.length;

/**
 * Recomputes every denormalised count (migrations 0006, 0011, 0012, 0016, 0043: a post's comments count
 * replies, not comments deleted and kept for their replies, and 0047: likes and shares from other
 * servers, and 0068: notifications per recipient) from the rows it counts and corrects those that
 * differ. The counted tables are locked against writes meanwhile (reads go on), so no change can slip
 * between counting and correcting.
 */
export function repairCounters(db: Database): Promise<CountersRepair> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`lock table post_likes, remote_post_reactions, comments, follows, posts, learning_plans,
        notifications in share mode`,
    );
    // Likes from other servers count with those from here (migration 0047); shares are theirs alone.
    const posts = await changedRows(
      tx,
      sql`with actual as (
        select p.id,
          ((select count(*) from post_likes l where l.post_id = p.id)
            + (select count(*) from remote_post_reactions r where r.post_id = p.id and r.kind = 'LIKE'))::int
            as likes,
          (select count(*) from comments c
            where c.post_id = p.id and c.deleted_at is null)::int as comments,
          (select count(*) from remote_post_reactions r where r.post_id = p.id and r.kind = 'ANNOUNCE')::int
            as shares
        from posts p)
      update posts set likes_count = actual.likes, comments_count = actual.comments,
        shares_count = actual.shares
      from actual
      where posts.id = actual.id
        and (posts.likes_count, posts.comments_count, posts.shares_count)
          is distinct from (actual.likes, actual.comments, actual.shares)
      returning posts.id`,
    );
    const users = await changedRows(
      tx,
      sql`with actual as (
        select u.id,
          (select count(*) from follows f where f.followed_id = u.id)::int as followers,
          (select count(*) from follows f where f.follower_id = u.id)::int as following,
          (select count(*) from posts p where p.author_id = u.id and p.published_at is not null)::int as posts
        from users u)
      update users set followers_count = actual.followers, following_count = actual.following,
        posts_count = actual.posts
      from actual
      where users.id = actual.id
        and (users.followers_count, users.following_count, users.posts_count)
          is distinct from (actual.followers, actual.following, actual.posts)
      returning users.id`,
    );
    const plans = await changedRows(
      tx,
      sql`with actual as (
        select p.id, (select count(*) from learning_plans c where c.based_on_plan_id = p.id)::int as uses
        from learning_plans p)
      update learning_plans set template_use_count = actual.uses
      from actual
      where learning_plans.id = actual.id and learning_plans.template_use_count <> actual.uses
      returning learning_plans.id`,
    );
    const rowCounts = await changedRows(
      tx,
      sql`with actual (table_name, count) as (values
          ('posts', (select count(*) from posts where published_at is not null)),
          ('public_learning_plans', (select count(*) from learning_plans where is_public)))
      update row_counts set count = actual.count
      from actual
      where row_counts.table_name = actual.table_name and row_counts.count <> actual.count
      returning row_counts.table_name`,
    );
    // Folded first, so that changes not folded yet are not taken for wrong counts. A recipient without
    // notifications may have no row, or one at zero after their last was deleted.
    await foldNotificationCounts(tx);
    const notificationCounts = await changedRows(
      tx,
      sql`with actual as (
        select u.id as recipient_id, count(n.id)::int as total,
          (count(n.id) filter (where not n.is_read))::int as unread
        from users u left join notifications n on n.recipient_id = u.id
        group by u.id)
      insert into notification_counts as c (recipient_id, total, unread)
      select actual.recipient_id, actual.total, actual.unread from actual
      left join notification_counts kept on kept.recipient_id = actual.recipient_id
      where (kept.total, kept.unread) is distinct from (actual.total, actual.unread)
        and (kept.recipient_id is not null or actual.total > 0)
      on conflict (recipient_id) do update set total = excluded.total, unread = excluded.unread
      returning c.recipient_id`,
    );
    return { posts, users, plans, rowCounts, notificationCounts };
  });
}
