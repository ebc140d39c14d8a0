import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { learningPlans, postMedia, posts } from '../../db/schema/index.js';

/** A post's title and text with the key of its first image, if any (none for a post a moderator hid): one primary-key read. */
export async function findPostPreview(db: Database, postId: number) {
  const firstImage = sql<string | null>`(${db
    .select({ key: postMedia.fileKey })
    .from(postMedia)
    .where(and(eq(postMedia.postId, posts.id), eq(postMedia.type, 'IMAGE')))
    .orderBy(asc(postMedia.position))
    .limit(1)})`;
  const [row] = await db
    .select({ title: posts.title, text: posts.content, imageKey: firstImage })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.hiddenAt)));
  return row ?? null;
}

/** A public plan's title and description; null for a private, hidden or missing plan: one primary-key read. */
export async function findPublicPlanPreview(db: Database, planId: number) {
  const [row] = await db
    .select({ title: learningPlans.title, text: learningPlans.description })
    .from(learningPlans)
    .where(
      and(eq(learningPlans.id, planId), eq(learningPlans.isPublic, true), isNull(learningPlans.hiddenAt)),
    );
  return row ?? null;
}
