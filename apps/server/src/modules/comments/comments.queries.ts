import { POST_LIMITS } from '@pathwise/contract';
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { noBlockBetween, remoteAuthorShownTo, shownTo, type UserRef } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { notHiddenFrom, visibleComment } from '../../db/moderation-state.js';
import {
  activities,
  commentLikes,
  comments,
  commentVersions,
  notifications,
  posts,
  remoteActors,
  users,
} from '../../db/schema/index.js';
import { commentVisibleTo, visiblePost } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

const replies = alias(comments, 'reply');
/** The alias in hand-written SQL: a table alias there renders as its name alone. */
const fromReplies = sql`${comments} as reply`;

/** A reply the viewer sees: its author neither blocked either way nor suspended, not hidden from them. */
const replyShownTo = (viewerId: UserRef) =>
  and(
    shownTo(viewerId, replies.authorId, { muted: false }),
    remoteAuthorShownTo(viewerId, replies.remoteActorId),
    notHiddenFrom(viewerId, { hiddenAt: replies.hiddenAt, author: replies.authorId }),
  )!;

/**
 * A comment with its author (a person here, or one of another server), its likes and whether the
 * viewer is one of them: no follow-up queries.
 */
const commentColumns = (viewerId: UserRef) => ({
  id: comments.id,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  postId: comments.postId,
  parentCommentId: comments.parentCommentId,
  deletedAt: comments.deletedAt,
  userId: users.id,
  userName: users.name,
  userPicture: users.profilePicture,
  remoteActorId: comments.remoteActorId,
  remoteHandle: remoteActors.handle,
  remoteName: remoteActors.name,
  remoteIcon: remoteActors.iconUrl,
  remoteProfileUrl: remoteActors.profileUrl,
  hiddenAt: comments.hiddenAt,
  hiddenReason: comments.hiddenReason,
  editedAt: comments.editedAt,
  likesCount: sql<number>`(select count(*) from ${commentLikes}
    where ${commentLikes.commentId} = ${comments.id})`.mapWith(Number),
  likedByMe: sql<boolean>`exists (select 1 from ${commentLikes}
    where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`,
});
export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>;

const selectComments = (db: Database, viewerId: UserRef) =>
  db
    .select(commentColumns(viewerId))
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .leftJoin(remoteActors, eq(remoteActors.id, comments.remoteActorId));

/** Comments of users blocked either way by the viewer, and others' a moderator hid, are not shown. */
const shownComment = (viewerId: UserRef) =>
  and(
    shownTo(viewerId, comments.authorId, { muted: false }),
    remoteAuthorShownTo(viewerId, comments.remoteActorId),
    visibleComment(viewerId),
  )!;

/**
 * A page of the post's threads (comments that are not replies) with their authors, newest first, but
 * those of users blocked either way by the viewer and others' a moderator hid (their replies go unseen
 * with them), each with the number of its replies the viewer sees, in one statement.
 */
export function selectThreadsOfPost(
  db: Database,
  postId: number,
  viewerId: number,
  window: { limit: number; offset: number },
) {
  return db
    .select({
      ...commentColumns(viewerId),
      replyCount: sql<number>`(select count(*) from ${fromReplies}
        where ${replies.parentCommentId} = ${comments.id} and ${replyShownTo(viewerId)})`.mapWith(Number),
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .leftJoin(remoteActors, eq(remoteActors.id, comments.remoteActorId))
    .where(and(eq(comments.postId, postId), isNull(comments.parentCommentId), shownComment(viewerId)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(literalLimit(window.limit))
    .offset(window.offset);
}

/**
 * The first `POST_LIMITS.repliesShown` replies the viewer sees of each of `threadIds`, oldest first,
 * in one statement whatever the number of threads.
 */
export function selectFirstReplies(db: Database, threadIds: number[], viewerId: number) {
  const ranked = db
    .select({
      id: comments.id,
      rank: sql<number>`row_number() over (
        partition by ${comments.parentCommentId} order by ${comments.createdAt}, ${comments.id})`.as('rank'),
    })
    .from(comments)
    .where(
      and(sql`${comments.parentCommentId} = any(${sql.param(threadIds)}::int[])`, shownComment(viewerId)),
    )
    .as('ranked');
  return selectComments(db, viewerId)
    .innerJoin(ranked, eq(ranked.id, comments.id))
    .where(lte(ranked.rank, POST_LIMITS.repliesShown))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** A page of a thread's replies the viewer sees, oldest first, in one statement. */
export function selectRepliesOf(
  db: Database,
  threadId: number,
  viewerId: number,
  window: { limit: number; offset: number },
) {
  return selectComments(db, viewerId)
    .where(and(eq(comments.parentCommentId, threadId), shownComment(viewerId)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(literalLimit(window.limit))
    .offset(window.offset);
}

/**
 * A thread (a comment that is not a reply) the viewer may see, with the number of its replies they
 * see; null when it is missing, a reply, or hidden from them with its post or by itself.
 */
export async function findVisibleThread(db: Database, id: number, viewerId: number) {
  const [row] = await db
    .select({
      id: comments.id,
      replyCount: sql<number>`(select count(*) from ${fromReplies}
        where ${replies.parentCommentId} = ${comments.id} and ${replyShownTo(viewerId)})`.mapWith(Number),
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.id, id), isNull(comments.parentCommentId), commentVisibleTo(viewerId)));
  return row ?? null;
}

/**
 * The number of the post's threads the viewer sees (what its list pages through), counted through the
 * post's comment index. The post's own count (`posts.comments_count`) counts replies too.
 */
export async function countThreadsOfPost(db: Database, postId: number, viewerId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(comments)
    .where(and(eq(comments.postId, postId), isNull(comments.parentCommentId), shownComment(viewerId)));
  return row?.count ?? 0;
}

export async function findComment(db: Database, id: number, viewerId: UserRef) {
  const [row] = await selectComments(db, viewerId).where(eq(comments.id, id));
  return row ?? null;
}

/**
 * The post's author, null when the post is missing or hidden from the viewer (blocked either way, its
 * author suspended, or hidden by a moderator).
 */
export async function findPostAuthor(db: Database, postId: number, viewerId: number) {
  const [row] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(
      and(eq(posts.id, postId), shownTo(viewerId, posts.authorId, { muted: false }), visiblePost(viewerId)),
    );
  return row ?? null;
}

/**
 * The author of the post the viewer is about to comment on, null when it is missing, hidden from the
 * viewer or a block stands between them. Both holds last until the transaction ends: the post row, so
 * a concurrent delete of the post waits for the new comment instead of failing it, and the pair's
 * lock, so a concurrent block waits for the comment or refuses it (`noBlockBetween`). The post is
 * locked as the count's trigger will lock it anyway, before the comment replied to: a deletion of
 * that comment locks the post first too, so neither can wait for the other while holding what it needs.
 */
export async function lockPostToComment(db: Database, postId: number, viewerId: number) {
  const [row] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(
      and(
        eq(posts.id, postId),
        noBlockBetween(viewerId, posts.authorId),
        shownTo(viewerId, posts.authorId, { muted: false }),
        visiblePost(viewerId),
      ),
    )
    .for('no key update');
  return row ?? null;
}

/** The comment of a reply's thread (`thread` in the statement) as the viewer may see it. */
const threadShownTo = (viewerId: UserRef) =>
  and(
    shownTo(viewerId, sql.raw('thread.author_id'), { muted: false }),
    notHiddenFrom(viewerId, { hiddenAt: sql.raw('thread.hidden_at'), author: sql.raw('thread.author_id') }),
  )!;

/**
 * The comment the viewer replies to, as its thread: the comment itself, or the comment a reply is
 * under. Null when it or its thread's comment is missing or hidden from the viewer, or when a block
 * stands between the viewer and its author (asked under the pair's lock, as for the post); `postId`
 * says where it is. Its row is held (key share) so that it cannot go while the reply is added.
 */
export async function lockCommentToReply(db: Database, id: number, viewerId: number) {
  const result = (await db.execute(sql`select ${comments.id} as "id", ${comments.postId} as "postId",
      coalesce(${comments.parentCommentId}, ${comments.id}) as "threadId",
      ${comments.authorId} as "authorId", ${comments.deletedAt} is not null as "deleted"
    from ${comments}
    where ${comments.id} = ${id}
      and ${shownComment(viewerId)}
      and (${comments.deletedAt} is not null or ${noBlockBetween(viewerId, comments.authorId)})
      and not exists (select 1 from ${comments} as thread
        where thread.id = ${comments.parentCommentId} and not (${threadShownTo(viewerId)}))
    for key share of ${comments}`)) as unknown as {
    rows: { id: number; postId: number; threadId: number; authorId: number | null; deleted: boolean }[];
  };
  return result.rows[0] ?? null;
}

/**
 * Who may change the comment (its author and the author of its post), whether `viewerId` may see it
 * and its post (`commentVisibleTo`), where it is in its thread and whether it has replies. The post's
 * row is locked before the comment's (locks are taken in the order the FOR clauses name them): deleting
 * the comment updates the post's denormalised count, and a concurrent delete of the post locks the post
 * and then its comments, so taking them the other way round would deadlock. A deleted comment kept for
 * its thread is not found: nothing of it is left to change.
 */
export async function lockCommentWithPostAuthor(db: Database, id: number, viewerId: number) {
  const result = (await db.execute(sql`select ${comments.postId} as "postId",
      ${comments.authorId} as "authorId", ${posts.authorId} as "postAuthorId",
      ${comments.parentCommentId} as "parentCommentId",
      exists (select 1 from ${fromReplies} where ${replies.parentCommentId} = ${comments.id}) as "hasReplies",
      ${commentVisibleTo(viewerId)} as "visible"
    from ${posts} join ${comments} on ${comments.postId} = ${posts.id}
    where ${comments.id} = ${id} and ${comments.deletedAt} is null
    for no key update of ${posts} for update of ${comments}`)) as unknown as {
    rows: {
      postId: number;
      /** Null for a reply from another server, which no one here edits. */
      authorId: number | null;
      postAuthorId: number;
      parentCommentId: number | null;
      hasReplies: boolean;
      visible: boolean;
    }[];
  };
  return result.rows[0] ?? null;
}

/** `parentCommentId` is the thread; `inReplyToId` the comment answered (the thread's or a reply in it). */
export async function insertComment(
  db: Database,
  values: {
    postId: number;
    authorId: number;
    content: string;
    parentCommentId: number | null;
    inReplyToId: number | null;
  },
) {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

/**
 * Sets the comment's text; when it differs from the text it had, keeps both versions first (the
 * original, as of the comment's creation, only on its first edit) and marks it edited: one statement.
 * The comment's row is locked by the caller.
 */
export async function updateCommentContent(db: Database, id: number, content: string) {
  await db.execute(sql`with current as (
      select ${comments.id} as id, ${comments.content} as content, ${comments.createdAt} as created_at,
        ${comments.editedAt} as edited_at
      from ${comments} where ${comments.id} = ${id} and ${comments.content} <> ${content}),
    original as (
      insert into ${commentVersions} (comment_id, content, created_at)
      select id, content, created_at from current where edited_at is null),
    next as (insert into ${commentVersions} (comment_id, content) select id, ${content} from current)
    update ${comments} set content = ${content}, updated_at = now(),
      edited_at = case when exists (select from current) then now() else ${comments.editedAt} end
    where ${comments.id} = ${id}`);
}

export type CommentVersionRow = { content: string; createdAt: string };

/**
 * A page of the comment's versions, newest first, with how many it has and whether `viewerId` may
 * see the comment and its post (`commentVisibleTo`), in one statement; null when there is no such
 * comment. A comment never edited has no stored version: its own row is its one version.
 */
export async function selectCommentVersions(
  db: Database,
  id: number,
  viewerId: number,
  window: { limit: number; offset: number },
) {
  const result = (await db.execute(sql`select ${commentVisibleTo(viewerId)} as visible,
      ${comments.content} as content, ${comments.createdAt} as "createdAt",
      (select count(*) from ${commentVersions} where ${commentVersions.commentId} = ${comments.id})::int
        as total,
      coalesce((select json_agg(json_build_object('content', v.content, 'createdAt', v.created_at)
          order by v.created_at desc, v.id desc)
        from (select * from ${commentVersions} where ${commentVersions.commentId} = ${comments.id}
          order by ${commentVersions.createdAt} desc, ${commentVersions.id} desc
          limit ${literalLimit(window.limit)} offset ${window.offset}) v), '[]') as versions
    from ${posts} join ${comments} on ${comments.postId} = ${posts.id}
    where ${comments.id} = ${id}`)) as unknown as {
    rows: {
      visible: boolean;
      content: string;
      createdAt: Date | string;
      total: number;
      versions: CommentVersionRow[];
    }[];
  };
  return result.rows[0] ?? null;
}

/** Deletes the comment; its replies, likes, notifications and activities go with it (ON DELETE CASCADE). */
export async function deleteComment(db: Database, id: number) {
  await db.delete(comments).where(eq(comments.id, id));
}

/**
 * Deletes a thread's comment that was deleted while it had replies, once none is left: nothing
 * would show it any more.
 */
export async function deleteEmptiedThread(db: Database, threadId: number) {
  await db
    .delete(comments)
    .where(
      and(
        eq(comments.id, threadId),
        sql`${comments.deletedAt} is not null`,
        sql`not exists (select 1 from ${fromReplies} where ${replies.parentCommentId} = ${comments.id})`,
      ),
    );
}

/**
 * Keeps a comment with replies for its thread without anything of its author's: its text goes, and
 * with it its likes, the notifications and the activity it made. The post's count drops by one
 * (trigger of migration 0038).
 */
export async function markCommentDeleted(db: Database, id: number) {
  await db.execute(sql`with gone_likes as (
      delete from ${commentLikes} where ${commentLikes.commentId} = ${id}),
    gone_notifications as (
      delete from ${notifications} where ${notifications.commentId} = ${id}),
    gone_activities as (
      delete from ${activities} where ${activities.commentId} = ${id})
    update ${comments} set deleted_at = now(), content = '', hidden_at = null, hidden_reason = null
    where ${comments.id} = ${id}`);
}

export type CommentLikeToggle = {
  /** Null for a reply from another server. */
  authorId: number | null;
  postId: number;
  added: boolean;
  removed: boolean;
  likesCount: number;
};

/**
 * Removes the user's like of the comment, or adds it when there was none, in one statement; null when
 * the comment is missing, deleted, hidden from the user, or a block stands between them and its author
 * (under the pair's lock, `noBlockBetween`). The comment's row is locked, so toggles of one comment
 * follow each other and it cannot go meanwhile; when a toggle of the same user committed while this one
 * waited, neither is set (the service runs it again, as for post likes). The count is read as the
 * statement began, with this change applied.
 */
export async function toggleCommentLike(
  db: Database,
  commentId: number,
  userId: number,
): Promise<CommentLikeToggle | null> {
  const result = (await db.execute(sql`with target as (
      select ${comments.id} as id, ${comments.authorId} as author_id, ${comments.postId} as post_id
      from ${comments} join ${posts} on ${posts.id} = ${comments.postId}
      where ${comments.id} = ${commentId} and ${comments.deletedAt} is null
        and ${commentVisibleTo(userId)} and ${noBlockBetween(userId, comments.authorId)}
      for no key update of ${comments}),
    removed as (
      delete from ${commentLikes}
      where ${commentLikes.commentId} = (select id from target) and ${commentLikes.userId} = ${userId}
      returning 1),
    added as (
      insert into ${commentLikes} (comment_id, user_id)
      select id, ${userId} from target where not exists (select 1 from removed)
      on conflict do nothing
      returning 1)
    select author_id as "authorId", post_id as "postId",
      exists (select 1 from added) as added, exists (select 1 from removed) as removed,
      ((select count(*) from ${commentLikes} where ${commentLikes.commentId} = target.id)
        + (select count(*) from added) - (select count(*) from removed))::int as "likesCount"
    from target`)) as unknown as { rows: CommentLikeToggle[] };
  return result.rows[0] ?? null;
}
