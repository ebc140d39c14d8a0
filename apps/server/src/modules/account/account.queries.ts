import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  blocks,
  comments,
  follows,
  learningPlans,
  mutes,
  notes,
  notifications,
  planResources,
  planTopics,
  postLikes,
  postMedia,
  posts,
  reports,
  resourceCompletions,
  savedLearningPlans,
  savedPosts,
  topicProgress,
  users,
} from '../../db/schema/index.js';

/**
 * Everything a person made or chose on Pathwise, one statement per table whatever its size; read in one
 * snapshot, so the parts agree with each other.
 */
export function selectAccountData(db: Database, userId: number) {
  return db.transaction(
    async (tx) => {
      const [profile] = await tx
        .select({
          id: users.id,
          name: users.name,
          handle: users.handle,
          email: users.email,
          bio: users.bio,
          location: users.location,
          profilePicture: users.profilePicture,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
          followersCount: users.followersCount,
          followingCount: users.followingCount,
          postsCount: users.postsCount,
        })
        .from(users)
        .where(eq(users.id, userId));
      const ownPosts = await tx
        .select({
          id: posts.id,
          title: posts.title,
          content: posts.content,
          category: posts.category,
          learningProgressPercent: posts.learningProgressPercent,
          createdAt: posts.createdAt,
          updatedAt: posts.updatedAt,
          likesCount: posts.likesCount,
          commentsCount: posts.commentsCount,
        })
        .from(posts)
        .where(eq(posts.authorId, userId))
        .orderBy(asc(posts.id));
      const media = await tx
        .select({
          postId: postMedia.postId,
          type: postMedia.type,
          fileKey: postMedia.fileKey,
          thumbnailKey: postMedia.thumbnailKey,
          mimeType: postMedia.mimeType,
          sizeBytes: postMedia.sizeBytes,
          width: postMedia.width,
          height: postMedia.height,
          durationSeconds: postMedia.durationSeconds,
        })
        .from(postMedia)
        .innerJoin(posts, eq(posts.id, postMedia.postId))
        .where(eq(posts.authorId, userId))
        .orderBy(asc(postMedia.postId), asc(postMedia.position));
      const ownComments = await tx
        .select({
          id: comments.id,
          postId: comments.postId,
          postTitle: posts.title,
          content: comments.content,
          createdAt: comments.createdAt,
          updatedAt: comments.updatedAt,
        })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .where(eq(comments.authorId, userId))
        .orderBy(asc(comments.id));
      const plans = await tx
        .select({
          id: learningPlans.id,
          title: learningPlans.title,
          description: learningPlans.description,
          category: learningPlans.category,
          isPublic: learningPlans.isPublic,
          estimatedDays: learningPlans.estimatedDays,
          startDate: learningPlans.startDate,
          targetCompletionDate: learningPlans.targetCompletionDate,
          createdAt: learningPlans.createdAt,
          updatedAt: learningPlans.updatedAt,
        })
        .from(learningPlans)
        .where(eq(learningPlans.creatorId, userId))
        .orderBy(asc(learningPlans.id));
      const topics = await tx
        .select({
          id: planTopics.id,
          planId: planTopics.planId,
          title: planTopics.title,
          description: planTopics.description,
        })
        .from(planTopics)
        .innerJoin(learningPlans, eq(learningPlans.id, planTopics.planId))
        .where(eq(learningPlans.creatorId, userId))
        .orderBy(asc(planTopics.planId), asc(planTopics.orderIndex));
      const resources = await tx
        .select({
          id: planResources.id,
          topicId: planResources.topicId,
          title: planResources.title,
          url: planResources.url,
          type: planResources.type,
          description: planResources.description,
          fileKey: planResources.fileKey,
          durationMinutes: planResources.durationMinutes,
        })
        .from(planResources)
        .innerJoin(planTopics, eq(planTopics.id, planResources.topicId))
        .innerJoin(learningPlans, eq(learningPlans.id, planTopics.planId))
        .where(eq(learningPlans.creatorId, userId))
        .orderBy(asc(planResources.topicId), asc(planResources.orderIndex));
      const topicStatuses = await tx
        .select({
          planId: planTopics.planId,
          topicId: topicProgress.topicId,
          topicTitle: planTopics.title,
          status: topicProgress.status,
          updatedAt: topicProgress.updatedAt,
        })
        .from(topicProgress)
        .innerJoin(planTopics, eq(planTopics.id, topicProgress.topicId))
        .where(eq(topicProgress.userId, userId))
        .orderBy(asc(topicProgress.topicId));
      const completedResources = await tx
        .select({
          resourceId: resourceCompletions.resourceId,
          resourceTitle: planResources.title,
          completedAt: resourceCompletions.completedAt,
        })
        .from(resourceCompletions)
        .innerJoin(planResources, eq(planResources.id, resourceCompletions.resourceId))
        .where(eq(resourceCompletions.userId, userId))
        .orderBy(asc(resourceCompletions.resourceId));
      const following = await tx
        .select({ id: users.id, name: users.name, handle: users.handle, since: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followedId))
        .where(eq(follows.followerId, userId))
        .orderBy(asc(follows.createdAt));
      const followers = await tx
        .select({ id: users.id, name: users.name, handle: users.handle, since: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followerId))
        .where(eq(follows.followedId, userId))
        .orderBy(asc(follows.createdAt));
      const likes = await tx
        .select({ postId: postLikes.postId, postTitle: posts.title, likedAt: postLikes.createdAt })
        .from(postLikes)
        .innerJoin(posts, eq(posts.id, postLikes.postId))
        .where(eq(postLikes.userId, userId))
        .orderBy(asc(postLikes.createdAt));
      const savedPostRows = await tx
        .select({ postId: savedPosts.postId, title: posts.title, savedAt: savedPosts.createdAt })
        .from(savedPosts)
        .innerJoin(posts, eq(posts.id, savedPosts.postId))
        .where(eq(savedPosts.userId, userId))
        .orderBy(asc(savedPosts.createdAt));
      const savedPlanRows = await tx
        .select({
          planId: savedLearningPlans.planId,
          title: learningPlans.title,
          savedAt: savedLearningPlans.createdAt,
        })
        .from(savedLearningPlans)
        .innerJoin(learningPlans, eq(learningPlans.id, savedLearningPlans.planId))
        .where(eq(savedLearningPlans.userId, userId))
        .orderBy(asc(savedLearningPlans.createdAt));
      const received = await tx
        .select({
          id: notifications.id,
          type: notifications.type,
          message: notifications.message,
          entityType: notifications.entityType,
          entityId: notifications.entityId,
          isRead: notifications.isRead,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.recipientId, userId))
        .orderBy(asc(notifications.id));
      const ownNotes = await tx
        .select({
          id: notes.id,
          planId: notes.planId,
          planTitle: learningPlans.title,
          topicId: notes.topicId,
          topicTitle: planTopics.title,
          resourceId: notes.resourceId,
          resourceTitle: planResources.title,
          content: notes.content,
          createdAt: notes.createdAt,
          updatedAt: notes.updatedAt,
        })
        .from(notes)
        .innerJoin(learningPlans, eq(learningPlans.id, notes.planId))
        .innerJoin(planTopics, eq(planTopics.id, notes.topicId))
        .leftJoin(planResources, eq(planResources.id, notes.resourceId))
        .where(eq(notes.userId, userId))
        .orderBy(asc(notes.id));
      const blocked = await tx
        .select({ id: users.id, name: users.name, handle: users.handle, since: blocks.createdAt })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(eq(blocks.blockerId, userId))
        .orderBy(asc(blocks.createdAt));
      const muted = await tx
        .select({ id: users.id, name: users.name, handle: users.handle, since: mutes.createdAt })
        .from(mutes)
        .innerJoin(users, eq(users.id, mutes.mutedId))
        .where(eq(mutes.muterId, userId))
        .orderBy(asc(mutes.createdAt));
      // What the person reported and what became of it; the moderators' notes and names stay theirs.
      const filedReports = await tx
        .select({
          id: reports.id,
          targetType: reports.targetType,
          postId: reports.postId,
          commentId: reports.commentId,
          planId: reports.planId,
          reportedUserId: reports.reportedUserId,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          createdAt: reports.createdAt,
          closedAt: reports.closedAt,
        })
        .from(reports)
        .where(eq(reports.reporterId, userId))
        .orderBy(asc(reports.id));
      return {
        profile: profile ?? null,
        posts: ownPosts,
        media,
        comments: ownComments,
        plans,
        topics,
        resources,
        progress: { topics: topicStatuses, resources: completedResources },
        follows: { following, followers },
        likes,
        saved: { posts: savedPostRows, learningPlans: savedPlanRows },
        notifications: received,
        notes: ownNotes,
        restrictions: { blocked, muted },
        reports: filedReports,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
export type AccountData = NonNullable<Awaited<ReturnType<typeof selectAccountData>>>;

/** The stored files of the user's own things (picture, post media, plan files), which go with the account. */
export async function selectOwnedFileKeys(db: Database, userId: number): Promise<(string | null)[]> {
  const result = (await db.execute(sql`
    select profile_picture as key from users where id = ${userId}
    union all
    select unnest(array[m.file_key, m.thumbnail_key]) from post_media m
      join posts p on p.id = m.post_id where p.author_id = ${userId}
    union all
    select r.file_key from plan_resources r
      join plan_topics t on t.id = r.topic_id
      join learning_plans l on l.id = t.plan_id where l.creator_id = ${userId}`)) as unknown as {
    rows: { key: string | null }[];
  };
  return result.rows.map((row) => row.key);
}

/** Locks the user's row until the transaction ends: rows that would reference it wait for it. */
export async function lockUser(db: Database, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Deletes the account; its rows in every other table go with it (foreign keys cascade), and the
 * counters' triggers take what leaves off the counts kept on others' posts and profiles.
 */
export async function deleteUser(db: Database, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}
