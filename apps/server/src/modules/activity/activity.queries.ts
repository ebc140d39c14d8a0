import type { ActivityType } from '@pathwise/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { refersToVisibleContent } from '../../db/moderation-state.js';
import { activities, comments, learningPlans, posts, users } from '../../db/schema/index.js';
import { planVisibleTo } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

export type NewActivity = Omit<typeof activities.$inferInsert, 'id' | 'occurredAt' | 'type'> & {
  type: ActivityType;
};

export async function insertActivities(db: Database, rows: NewActivity[]): Promise<void> {
  await db.insert(activities).values(rows);
}

/**
 * Records the user's new percentage on a plan, once per transaction: completing a topic's last
 * resource completes the topic too, and that is one step of progress, not two. (`now()` is the
 * transaction's start time, which every activity recorded in it carries.)
 */
export async function insertProgressOnce(
  db: Database,
  progress: { userId: number; planId: number; percentage: number },
): Promise<void> {
  const type: ActivityType = 'LEARNING_PROGRESS';
  await db.execute(sql`
    insert into ${activities} (user_id, type, plan_id, progress_percentage)
    select ${progress.userId}::integer, ${type}::text,
      ${progress.planId}::integer, ${progress.percentage}::smallint
    where not exists (
      select 1 from ${activities}
      where ${activities.userId} = ${progress.userId} and ${activities.planId} = ${progress.planId}
        and ${activities.type} = ${type} and ${activities.occurredAt} = now())`);
}

/** Takes back what an undone action recorded (an unlike, an unfollow). */
export async function deleteActivities(
  db: Database,
  match: { userId: number; type: ActivityType; postId?: number; followedUserId?: number },
): Promise<void> {
  await db
    .delete(activities)
    .where(
      and(
        eq(activities.userId, match.userId),
        eq(activities.type, match.type),
        match.postId === undefined ? undefined : eq(activities.postId, match.postId),
        match.followedUserId === undefined ? undefined : eq(activities.followedUserId, match.followedUserId),
      ),
    );
}

export type FeedFilter = { userId: number; types: readonly ActivityType[]; viewerId: number };

/**
 * The user's activities of those types, except those on a plan the viewer may not see
 * (`planVisibleTo`) and those on a post, comment or plan a moderator hid from the viewer; none when
 * the user and the viewer blocked one another.
 */
const inFeed = ({ userId, types, viewerId }: FeedFilter) =>
  and(
    eq(activities.userId, userId),
    shownTo(viewerId, activities.userId, { muted: false }),
    inArray(activities.type, [...types]),
    sql`(${activities.planId} is null or ${planVisibleTo(viewerId)})`,
    refersToVisibleContent(viewerId, activities),
  );

/** How many activities the feed has; null when the user does not exist. */
export async function countFeed(db: Database, filter: FeedFilter): Promise<number | null> {
  const [row] = await db
    .select({
      total: count(),
      userExists: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${filter.userId})`,
    })
    .from(activities)
    .leftJoin(learningPlans, eq(learningPlans.id, activities.planId))
    .where(inFeed(filter));
  return row?.userExists ? row.total : null;
}

const actor = alias(users, 'actor');
const postAuthor = alias(users, 'post_author');
const followedUser = alias(users, 'followed_user');

/** One page of the feed, newest first, with everything an item shows, in one statement. */
export function listFeed(db: Database, filter: FeedFilter, window: { limit: number; offset: number }) {
  return db
    .select({
      id: activities.id,
      type: activities.type,
      occurredAt: activities.occurredAt,
      user: { id: actor.id, name: actor.name, profilePicture: actor.profilePicture },
      planId: learningPlans.id,
      planTitle: learningPlans.title,
      progressPercentage: activities.progressPercentage,
      topicTitle: activities.topicTitle,
      resourceTitle: activities.resourceTitle,
      postId: posts.id,
      postTitle: posts.title,
      postAuthorId: postAuthor.id,
      postAuthorName: postAuthor.name,
      postAuthorPicture: postAuthor.profilePicture,
      commentId: comments.id,
      commentContent: comments.content,
      followedId: followedUser.id,
      followedName: followedUser.name,
      followedPicture: followedUser.profilePicture,
    })
    .from(activities)
    .innerJoin(actor, eq(actor.id, activities.userId))
    .leftJoin(learningPlans, eq(learningPlans.id, activities.planId))
    .leftJoin(posts, eq(posts.id, activities.postId))
    .leftJoin(postAuthor, eq(postAuthor.id, posts.authorId))
    .leftJoin(comments, eq(comments.id, activities.commentId))
    .leftJoin(followedUser, eq(followedUser.id, activities.followedUserId))
    .where(inFeed(filter))
    .orderBy(desc(activities.occurredAt), desc(activities.id))
    .limit(literalLimit(window.limit))
    .offset(window.offset);
}
export type FeedRow = Awaited<ReturnType<ReturnType<typeof listFeed>['execute']>>[number];
