import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { learningPlans, resourceCompletions, topicProgress, users } from '../../db/schema/index.js';

/** What the first steps are read from: the account's own row and whether it has any plan or progress. */
export type FirstStepsRow = {
  bio: string | null;
  profilePicture: string | null;
  followingCount: number;
  postsCount: number;
  /** Made a plan (from scratch or as a copy) or recorded progress on anyone's plan. */
  hasPlan: boolean;
  dismissed: boolean;
  /** Signed up less than `newcomerDays` ago, by the database's clock. */
  recent: boolean;
};

/**
 * One statement: the counts kept on the account's row and three look-ups that stop at the first row
 * of the person's own index, so it costs the same for someone with thousands of posts and plans.
 */
export async function selectFirstSteps(db: Database, userId: number, newcomerDays: number) {
  const [row] = await db
    .select({
      bio: users.bio,
      profilePicture: users.profilePicture,
      followingCount: users.followingCount,
      postsCount: users.postsCount,
      hasPlan: sql<boolean>`(
        exists (select 1 from ${learningPlans} where ${learningPlans.creatorId} = ${userId})
        or exists (select 1 from ${topicProgress} where ${topicProgress.userId} = ${userId})
        or exists (select 1 from ${resourceCompletions} where ${resourceCompletions.userId} = ${userId}))`,
      dismissed: sql<boolean>`${users.firstStepsDismissedAt} is not null`,
      recent: sql<boolean>`${users.createdAt} > now() - make_interval(days => ${newcomerDays}::int)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return (row as FirstStepsRow | undefined) ?? null;
}

/**
 * Hides the first steps (keeping when they were first hidden) or shows them again; false when the account
 * is gone.
 */
export async function updateFirstStepsDismissed(db: Database, userId: number, dismissed: boolean) {
  const rows = await db
    .update(users)
    .set({ firstStepsDismissedAt: dismissed ? sql`coalesce(${users.firstStepsDismissedAt}, now())` : null })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
