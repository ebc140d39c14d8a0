import { and, eq, sql } from 'drizzle-orm';
import { shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { learningPlans, posts, savedLearningPlans, savedPosts } from '../../db/schema/index.js';
import { forgetPartsAfterCommit } from '../../db/shared-pages.js';
import { planVisibleTo, visiblePost } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

type Window = { limit: number; offset: number };

/**
 * Whether the post exists and `viewerId` may see it: its author and they did not block one another, and no
 * moderator hid it from them.
 */
export async function postVisible(db: Database, postId: number, viewerId: number) {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(eq(posts.id, postId), shownTo(viewerId, posts.authorId, { muted: false }), visiblePost(viewerId)),
    );
  return rows.length > 0;
}

/** Whether the plan exists and `viewerId` may see it (`planVisibleTo`). */
export async function planVisible(db: Database, planId: number, viewerId: number) {
  const rows = await db
    .select({ id: learningPlans.id })
    .from(learningPlans)
    .where(and(eq(learningPlans.id, planId), planVisibleTo(viewerId)));
  return rows.length > 0;
}

/** Saves or unsaves; the kept pages' processes forget the saver's part once it is done. */
export async function savePost(db: Database, userId: number, postId: number, saved: boolean) {
  if (saved) await db.insert(savedPosts).values({ userId, postId }).onConflictDoNothing();
  else await db.delete(savedPosts).where(and(eq(savedPosts.userId, userId), eq(savedPosts.postId, postId)));
  await forgetPartsAfterCommit(db, { users: [userId] });
}

export async function savePlan(db: Database, userId: number, planId: number, saved: boolean) {
  if (saved) await db.insert(savedLearningPlans).values({ userId, planId }).onConflictDoNothing();
  else
    await db
      .delete(savedLearningPlans)
      .where(and(eq(savedLearningPlans.userId, userId), eq(savedLearningPlans.planId, planId)));
  await forgetPartsAfterCommit(db, { users: [userId] });
}

export type SavedRef = { type: 'POST' | 'LEARNING_PLAN'; id: number; savedAt: string };

/**
 * One page of what `userId` saved, newest first, and how many in all: one statement. Plans the user
 * may no longer see (made private since) are left out, and come back if they are made public again;
 * so are posts and plans of someone the user blocked or was blocked by, until the block ends, and
 * someone else's a moderator hid, until it is unhidden.
 */
export async function selectSavedPage(db: Database, userId: number, window: Window) {
  const result = (await db.execute(sql`with saved as (
      select 'POST' as type, ${savedPosts.postId} as id, ${savedPosts.createdAt} as created_at
        from ${savedPosts} join ${posts} on ${posts.id} = ${savedPosts.postId}
        where ${savedPosts.userId} = ${userId} and ${shownTo(userId, posts.authorId, { muted: false })}
          and ${visiblePost(userId)}
      union all
      select 'LEARNING_PLAN', ${savedLearningPlans.planId}, ${savedLearningPlans.createdAt}
        from ${savedLearningPlans} join ${learningPlans} on ${learningPlans.id} = ${savedLearningPlans.planId}
        where ${savedLearningPlans.userId} = ${userId}
          and ${planVisibleTo(userId)})
    select (select count(*) from saved)::int as total,
      coalesce((select json_agg(json_build_object('type', type, 'id', id, 'savedAt', created_at)
          order by created_at desc, type, id desc)
        from (select * from saved order by created_at desc, type, id desc
          limit ${literalLimit(window.limit)}
          offset ${window.offset}) page), '[]') as items`)) as unknown as {
    rows: { total: number; items: SavedRef[] }[];
  };
  return result.rows[0]!;
}
