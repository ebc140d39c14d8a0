import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { learningPlans, postMedia, posts, users } from '../../db/schema/index.js';
import { NOBODY, planVisibleTo, postVisibleTo } from '../../db/visibility.js';

/**
 * A post's title and text with the key of its cover (the image its author chose, else its first image),
 * if any, when anyone may see it (not a post a moderator hid, nor one of a suspended author): one
 * primary-key read. Previews are fetched without an account, so no block applies.
 */
export async function findPostPreview(db: Database, postId: number) {
  const cover = sql<string | null>`(${db
    .select({ key: postMedia.fileKey })
    .from(postMedia)
    .where(and(eq(postMedia.postId, posts.id), eq(postMedia.type, 'IMAGE')))
    .orderBy(sql`${postMedia.id} is distinct from ${posts.coverMediaId}`, asc(postMedia.position))
    .limit(1)})`;
  const [row] = await db
    .select({ title: posts.title, text: posts.content, imageKey: cover })
    .from(posts)
    .where(and(eq(posts.id, postId), postVisibleTo(NOBODY)));
  return row ?? null;
}

/**
 * A plan's title and description when anyone may see it; null for a private, hidden or missing plan, or a
 * suspended creator's: one primary-key read.
 */
export async function findPublicPlanPreview(db: Database, planId: number) {
  const [row] = await db
    .select({ title: learningPlans.title, text: learningPlans.description })
    .from(learningPlans)
    .where(and(eq(learningPlans.id, planId), planVisibleTo(NOBODY)));
  return row ?? null;
}

/**
 * A person's name, handle, bio and picture when their profile may be shown to visitors (they turned
 * "Show my profile to visitors" on and are not suspended); null otherwise. One unique-index read.
 */
export async function findVisibleProfilePreview(db: Database, by: { id: number } | { handle: string }) {
  const [row] = await db
    .select({ name: users.name, handle: users.handle, bio: users.bio, picture: users.profilePicture })
    .from(users)
    .where(
      and(
        'id' in by ? eq(users.id, by.id) : eq(users.handle, by.handle.toLowerCase()),
        eq(users.showProfileToVisitors, true),
        sql`${users.suspendedAt} is null`,
      ),
    );
  return row ?? null;
}
