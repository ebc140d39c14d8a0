import { and, asc, between, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { learningPlans, planTags, posts, postTags, tags, users } from '../../db/schema/index.js';
import { NOBODY, planVisibleTo, postVisibleTo } from '../../db/visibility.js';

/** A row of a sitemap page: the id its address is made of, and when it last changed. */
export type SitemapRow = { id: number; handle?: string; lastmod: Date };

/** The ids a sitemap page covers: `from` to `to`, both included. */
export type IdRange = { from: number; to: number };

export type PagedTable = typeof posts | typeof learningPlans | typeof users | typeof tags;

/** The highest id of the table (0 when empty): the primary key's last entry. */
export async function highestId(db: Database, table: PagedTable) {
  const [row] = await db.select({ id: max(table.id) }).from(table);
  return row?.id ?? 0;
}

/** The posts of `range` anyone may read (postVisibleTo for no one): one primary-key range read. */
export function visiblePostsIn(db: Database, { from, to }: IdRange) {
  return db
    .select({ id: posts.id, lastmod: posts.updatedAt })
    .from(posts)
    .where(and(between(posts.id, from, to), postVisibleTo(NOBODY)))
    .orderBy(asc(posts.id));
}

/** The public plans of `range` anyone may read: one primary-key range read. */
export function visiblePlansIn(db: Database, { from, to }: IdRange) {
  return db
    .select({ id: learningPlans.id, lastmod: learningPlans.updatedAt })
    .from(learningPlans)
    .where(and(between(learningPlans.id, from, to), planVisibleTo(NOBODY, { publicOnly: true })))
    .orderBy(asc(learningPlans.id));
}

/** The profiles of `range` shown to visitors (and not suspended): one primary-key range read. */
export function visibleProfilesIn(db: Database, { from, to }: IdRange) {
  return db
    .select({ id: users.id, handle: users.handle, lastmod: users.updatedAt })
    .from(users)
    .where(
      and(
        between(users.id, from, to),
        eq(users.showProfileToVisitors, true),
        sql`${users.suspendedAt} is null`,
      ),
    )
    .orderBy(asc(users.id));
}

/**
 * The tags of `range` on at least one post or public plan anyone may read, with the newest change of
 * those: one statement, each tag's items through the (tag, item) indexes.
 */
export function visibleTagsIn(db: Database, { from, to }: IdRange) {
  const newestPost = db
    .select({ at: max(posts.updatedAt) })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .where(and(eq(postTags.tagId, tags.id), postVisibleTo(NOBODY)));
  const newestPlan = db
    .select({ at: max(learningPlans.updatedAt) })
    .from(planTags)
    .innerJoin(learningPlans, eq(learningPlans.id, planTags.planId))
    .where(and(eq(planTags.tagId, tags.id), planVisibleTo(NOBODY, { publicOnly: true })));
  const lastmod = sql<Date | null>`greatest((${newestPost}), (${newestPlan}))`.mapWith(
    (value) => new Date(value),
  );
  return db
    .select({ id: tags.id, handle: tags.name, lastmod })
    .from(tags)
    .where(and(between(tags.id, from, to), sql`${lastmod} is not null`))
    .orderBy(asc(tags.id));
}
