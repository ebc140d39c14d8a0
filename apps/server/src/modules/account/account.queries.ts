import { asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/client.js';
import {
  blocks,
  commentLikes,
  comments,
  drafts,
  follows,
  learningPlans,
  mutes,
  notes,
  notificationPreferences,
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
  studyGroupPostMedia,
  studyGroupPosts,
  studyGroups,
  topicProgress,
  users,
} from '../../db/schema/index.js';
import { forgetSessionAfterCommit } from '../../db/session-cache.js';
import { forgetPagesAfterCommit } from '../../db/shared-pages.js';

/** One part of the export: one statement selecting `fields` of the rows whose `owner` is the person. */
type Part<T extends SelectedFields> = {
  fields: T;
  from: PgTable;
  joins?: { table: PgTable; on: SQL; left?: true }[];
  owner: PgColumn;
  orderBy: (PgColumn | SQL)[];
};
const part = <T extends SelectedFields>(definition: Part<T>) => definition;

/** The named columns of `table`, as fields to select under their own names. */
function columnsOf<T extends PgTable, K extends keyof T['_']['columns'] & string>(table: T, ...names: K[]) {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T['_']['columns'], K>;
}

function readPart<T extends SelectedFields>(
  db: Database,
  definition: Part<T>,
  userId: number,
): Promise<SelectResultFields<T>[]> {
  const { fields, from, joins = [], owner, orderBy } = definition as Part<SelectedFields>;
  let query = db.select(fields).from(from).$dynamic();
  // A join changes the selection's nullability, which the fields' own types already say.
  for (const { table, on, left } of joins)
    query = (left ? query.leftJoin(table, on) : query.innerJoin(table, on)) as unknown as typeof query;
  return query.where(eq(owner, userId)).orderBy(...orderBy) as unknown as Promise<SelectResultFields<T>[]>;
}

/** What the export says of an uploaded image or video, of a post or of a group post. */
const MEDIA_COLUMNS = [
  'type',
  'fileKey',
  'thumbnailKey',
  'mimeType',
  'sizeBytes',
  'width',
  'height',
  'durationSeconds',
  'altText',
] as const;

const joinPost = (postId: PgColumn) => ({ table: posts, on: eq(posts.id, postId) });
const joinPlan = (planId: PgColumn) => ({ table: learningPlans, on: eq(learningPlans.id, planId) });
const joinTopic = (topicId: PgColumn) => ({ table: planTopics, on: eq(planTopics.id, topicId) });

/** People the person follows, is followed by, blocked or muted: `other` is them, `since` when it began. */
const people = ({
  from,
  owner,
  other,
  since,
}: {
  from: PgTable;
  owner: PgColumn;
  other: PgColumn;
  since: PgColumn;
}) =>
  part({
    fields: { id: users.id, name: users.name, handle: users.handle, since },
    from,
    joins: [{ table: users, on: eq(users.id, other) }],
    owner,
    orderBy: [asc(since)],
  });

/** Everything a person made or chose on Pathwise, each part read by one statement whatever its size. */
const accountParts = {
  profile: part({
    fields: columnsOf(
      users,
      'id',
      'name',
      'handle',
      'email',
      'bio',
      'location',
      'profilePicture',
      'createdAt',
      'updatedAt',
      'followersCount',
      'followingCount',
      'postsCount',
    ),
    from: users,
    owner: users.id,
    orderBy: [],
  }),
  posts: part({
    fields: columnsOf(
      posts,
      'id',
      'title',
      'content',
      'category',
      'learningProgressPercent',
      'createdAt',
      'updatedAt',
      'likesCount',
      'commentsCount',
    ),
    from: posts,
    owner: posts.authorId,
    orderBy: [asc(posts.id)],
  }),
  media: part({
    fields: columnsOf(postMedia, 'postId', ...MEDIA_COLUMNS),
    from: postMedia,
    joins: [joinPost(postMedia.postId)],
    owner: posts.authorId,
    orderBy: [asc(postMedia.postId), asc(postMedia.position)],
  }),
  groupPosts: part({
    fields: {
      ...columnsOf(studyGroupPosts, 'id', 'groupId'),
      groupName: studyGroups.name,
      replyToId: studyGroupPosts.parentId,
      ...columnsOf(studyGroupPosts, 'content', 'createdAt'),
    },
    from: studyGroupPosts,
    joins: [{ table: studyGroups, on: eq(studyGroups.id, studyGroupPosts.groupId) }],
    owner: studyGroupPosts.authorId,
    orderBy: [asc(studyGroupPosts.id)],
  }),
  groupPostMedia: part({
    fields: columnsOf(studyGroupPostMedia, 'postId', ...MEDIA_COLUMNS),
    from: studyGroupPostMedia,
    joins: [{ table: studyGroupPosts, on: eq(studyGroupPosts.id, studyGroupPostMedia.postId) }],
    owner: studyGroupPosts.authorId,
    orderBy: [asc(studyGroupPostMedia.postId), asc(studyGroupPostMedia.position)],
  }),
  comments: part({
    fields: {
      ...columnsOf(comments, 'id', 'postId', 'parentCommentId'),
      postTitle: posts.title,
      ...columnsOf(comments, 'content', 'createdAt', 'updatedAt'),
    },
    from: comments,
    joins: [joinPost(comments.postId)],
    owner: comments.authorId,
    orderBy: [asc(comments.id)],
  }),
  plans: part({
    fields: columnsOf(
      learningPlans,
      'id',
      'title',
      'description',
      'category',
      'isPublic',
      'estimatedDays',
      'startDate',
      'targetCompletionDate',
      'createdAt',
      'updatedAt',
    ),
    from: learningPlans,
    owner: learningPlans.creatorId,
    orderBy: [asc(learningPlans.id)],
  }),
  topics: part({
    fields: columnsOf(planTopics, 'id', 'planId', 'title', 'description'),
    from: planTopics,
    joins: [joinPlan(planTopics.planId)],
    owner: learningPlans.creatorId,
    orderBy: [asc(planTopics.planId), asc(planTopics.orderIndex)],
  }),
  resources: part({
    fields: columnsOf(
      planResources,
      'id',
      'topicId',
      'title',
      'url',
      'type',
      'description',
      'fileKey',
      'durationMinutes',
    ),
    from: planResources,
    joins: [joinTopic(planResources.topicId), joinPlan(planTopics.planId)],
    owner: learningPlans.creatorId,
    orderBy: [asc(planResources.topicId), asc(planResources.orderIndex)],
  }),
  topicStatuses: part({
    fields: {
      planId: planTopics.planId,
      topicId: topicProgress.topicId,
      topicTitle: planTopics.title,
      ...columnsOf(topicProgress, 'status', 'updatedAt'),
    },
    from: topicProgress,
    joins: [joinTopic(topicProgress.topicId)],
    owner: topicProgress.userId,
    orderBy: [asc(topicProgress.topicId)],
  }),
  completedResources: part({
    fields: {
      resourceId: resourceCompletions.resourceId,
      resourceTitle: planResources.title,
      completedAt: resourceCompletions.completedAt,
    },
    from: resourceCompletions,
    joins: [{ table: planResources, on: eq(planResources.id, resourceCompletions.resourceId) }],
    owner: resourceCompletions.userId,
    orderBy: [asc(resourceCompletions.resourceId)],
  }),
  following: people({
    from: follows,
    owner: follows.followerId,
    other: follows.followedId,
    since: follows.createdAt,
  }),
  followers: people({
    from: follows,
    owner: follows.followedId,
    other: follows.followerId,
    since: follows.createdAt,
  }),
  likes: part({
    fields: { postId: postLikes.postId, postTitle: posts.title, likedAt: postLikes.createdAt },
    from: postLikes,
    joins: [joinPost(postLikes.postId)],
    owner: postLikes.userId,
    orderBy: [asc(postLikes.createdAt)],
  }),
  commentLikes: part({
    fields: {
      commentId: commentLikes.commentId,
      postId: comments.postId,
      postTitle: posts.title,
      likedAt: commentLikes.createdAt,
    },
    from: commentLikes,
    joins: [{ table: comments, on: eq(comments.id, commentLikes.commentId) }, joinPost(comments.postId)],
    owner: commentLikes.userId,
    orderBy: [asc(commentLikes.createdAt)],
  }),
  savedPosts: part({
    fields: { postId: savedPosts.postId, title: posts.title, savedAt: savedPosts.createdAt },
    from: savedPosts,
    joins: [joinPost(savedPosts.postId)],
    owner: savedPosts.userId,
    orderBy: [asc(savedPosts.createdAt)],
  }),
  savedPlans: part({
    fields: {
      planId: savedLearningPlans.planId,
      title: learningPlans.title,
      savedAt: savedLearningPlans.createdAt,
    },
    from: savedLearningPlans,
    joins: [joinPlan(savedLearningPlans.planId)],
    owner: savedLearningPlans.userId,
    orderBy: [asc(savedLearningPlans.createdAt)],
  }),
  notifications: part({
    fields: columnsOf(
      notifications,
      'id',
      'type',
      'message',
      'entityType',
      'entityId',
      'isRead',
      'createdAt',
    ),
    from: notifications,
    owner: notifications.recipientId,
    orderBy: [asc(notifications.id)],
  }),
  // Only what the person chose; the export fills in the defaults.
  notificationPreferences: part({
    fields: columnsOf(notificationPreferences, 'types', 'digest', 'fromPeopleYouDontFollow', 'quietHours'),
    from: notificationPreferences,
    owner: notificationPreferences.userId,
    orderBy: [asc(notificationPreferences.userId)],
  }),
  notes: part({
    fields: {
      ...columnsOf(notes, 'id', 'planId'),
      planTitle: learningPlans.title,
      topicId: notes.topicId,
      topicTitle: planTopics.title,
      resourceId: notes.resourceId,
      resourceTitle: sql<string | null>`${planResources.title}`,
      ...columnsOf(notes, 'content', 'createdAt', 'updatedAt'),
    },
    from: notes,
    joins: [
      joinPlan(notes.planId),
      joinTopic(notes.topicId),
      { table: planResources, on: eq(planResources.id, notes.resourceId), left: true },
    ],
    owner: notes.userId,
    orderBy: [asc(notes.id)],
  }),
  // Drafts are the person's own alone; their fields as the editor saved them.
  drafts: part({
    fields: columnsOf(drafts, 'id', 'kind', 'planId', 'fields', 'createdAt', 'updatedAt'),
    from: drafts,
    owner: drafts.userId,
    orderBy: [asc(drafts.id)],
  }),
  blocked: people({
    from: blocks,
    owner: blocks.blockerId,
    other: blocks.blockedId,
    since: blocks.createdAt,
  }),
  muted: people({ from: mutes, owner: mutes.muterId, other: mutes.mutedId, since: mutes.createdAt }),
  // What the person reported and what became of it; the moderators' notes and names stay theirs.
  reports: part({
    fields: columnsOf(
      reports,
      'id',
      'targetType',
      'postId',
      'commentId',
      'planId',
      'reportedUserId',
      'groupId',
      'groupPostId',
      'reason',
      'details',
      'status',
      'createdAt',
      'closedAt',
    ),
    from: reports,
    owner: reports.reporterId,
    orderBy: [asc(reports.id)],
  }),
};
type AccountRows = {
  [K in keyof typeof accountParts]: Awaited<ReturnType<typeof readPart<(typeof accountParts)[K]['fields']>>>;
};

/**
 * Everything a person made or chose on Pathwise, read in one snapshot, so the parts agree with each other.
 */
export function selectAccountData(db: Database, userId: number) {
  return db.transaction(
    async (tx) => {
      const rows: Record<string, unknown[]> = {};
      for (const [name, definition] of Object.entries(accountParts))
        rows[name] = await readPart(tx, definition as Part<SelectedFields>, userId);
      const {
        profile,
        topicStatuses,
        completedResources,
        following,
        followers,
        savedPosts,
        savedPlans,
        blocked,
        muted,
        notificationPreferences: preferences,
        ...own
      } = rows as AccountRows;
      return {
        ...own,
        profile: profile[0] ?? null,
        notificationPreferences: preferences[0] ?? null,
        progress: { topics: topicStatuses, resources: completedResources },
        follows: { following, followers },
        saved: { posts: savedPosts, learningPlans: savedPlans },
        restrictions: { blocked, muted },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
export type AccountData = NonNullable<Awaited<ReturnType<typeof selectAccountData>>>;

/**
 * The stored files of the user's own things (picture, media of posts and group posts, plan files), which go
 * with the account.
 */
export async function selectOwnedFileKeys(db: Database, userId: number): Promise<(string | null)[]> {
  const result = (await db.execute(sql`
    select profile_picture as key from users where id = ${userId}
    union all
    select unnest(array[m.file_key, m.thumbnail_key]) from post_media m
      join posts p on p.id = m.post_id where p.author_id = ${userId}
    union all
    select unnest(array[m.file_key, m.thumbnail_key]) from study_group_post_media m
      join study_group_posts p on p.id = m.post_id where p.author_id = ${userId}
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
  await forgetSessionAfterCommit(db, userId);
  await forgetPagesAfterCommit(db);
}
