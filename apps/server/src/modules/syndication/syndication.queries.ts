import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { posts, postTags, tags, users } from '../../db/schema/index.js';
import { NOBODY, postVisibleTo } from '../../db/visibility.js';

/**
 * The person with `handle` when their profile may be shown to visitors (they turned "Show my profile to
 * visitors" on and are not suspended); null otherwise. One unique-index read.
 */
export async function findFeedOwner(db: Database, handle: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, handle: users.handle, bio: users.bio })
    .from(users)
    .where(
      and(
        eq(users.handle, handle.toLowerCase()),
        eq(users.showProfileToVisitors, true),
        sql`${users.suspendedAt} is null`,
      ),
    );
  return row ?? null;
}

/** What a feed entry shows of a post (atom.ts, `FeedPost`). */
const feedPostColumns = {
  id: posts.id,
  title: posts.title,
  content: posts.content,
  category: posts.category,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

/**
 * The author's newest posts anyone may read (none a moderator hid), newest first: one statement on the
 * author's newest-first index, whatever the count.
 */
export function findFeedPosts(db: Database, authorId: number, limit: number) {
  return db
    .select(feedPostColumns)
    .from(posts)
    .where(and(eq(posts.authorId, authorId), postVisibleTo(NOBODY)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

/**
 * The newest posts tagged `tag` anyone may read, with their authors, newest first: one statement, the
 * tag's rows through its (tag, post) index.
 */
export function findTagFeedPosts(db: Database, tag: string, limit: number) {
  return db
    .select({ ...feedPostColumns, author: { name: users.name, handle: users.handle } })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(tags.name, tag), postVisibleTo(NOBODY)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}
