import { and, count, countDistinct, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { comments, posts, users } from '../../db/schema/index.js';
import { commentVisibleTo, NOBODY, postVisibleTo } from '../../db/visibility.js';

/** People other servers can see: they show their profile to visitors and are not suspended. */
const federated = and(eq(users.showProfileToVisitors, true), isNull(users.suspendedAt));

/** Their posts anyone may read (as their outboxes list them), published in the last `days` if given. */
const publicPosts = (db: Database, what: typeof postCount, days?: number) =>
  db
    .select({ n: what })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        federated,
        postVisibleTo(NOBODY),
        days === undefined ? undefined : gt(posts.publishedAt, sql`now() - make_interval(days => ${days})`),
      ),
    );
const postCount = count();
const authorCount = countDistinct(posts.authorId);

/**
 * NodeInfo's usage, of public things only: the people who federate, those of them who published a
 * public post in the last month and half-year, their public posts and comments. Five statements.
 */
export async function countUsage(db: Database) {
  const [[people], [month], [halfyear], [published], [commented]] = await Promise.all([
    db.select({ n: count() }).from(users).where(federated),
    publicPosts(db, authorCount, 30),
    publicPosts(db, authorCount, 180),
    publicPosts(db, postCount),
    db
      .select({ n: count() })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .innerJoin(users, eq(users.id, comments.authorId))
      .where(and(federated, commentVisibleTo(NOBODY))),
  ]);
  return {
    users: { total: people?.n ?? 0, activeMonth: month?.n ?? 0, activeHalfyear: halfyear?.n ?? 0 },
    localPosts: published?.n ?? 0,
    localComments: commented?.n ?? 0,
  };
}
