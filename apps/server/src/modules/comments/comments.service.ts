import {
  type Comment,
  type CommentInput,
  type CommentThread,
  type CommentVersion,
  DELETED_COMMENT_USER,
  type LikeResponse,
  type NewCommentInput,
  type Page,
  type PageQuery,
  POST_MESSAGES,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { forgetPartsAfterCommit } from '../../db/shared-pages.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { moderationOf } from '../../lib/content-moderation.js';
import { whenReferenceGone } from '../../lib/db-errors.js';
import type { EventBus } from '../../lib/events.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { MediaUrl, Viewer } from '../../lib/viewer.js';
import {
  type CommentRow,
  countThreadsOfPost,
  deleteComment,
  deleteEmptiedThread,
  findComment,
  findPostAuthor,
  findVisibleThread,
  insertComment,
  lockCommentToReply,
  lockCommentWithPostAuthor,
  lockPostToComment,
  markCommentDeleted,
  selectCommentVersions,
  selectFirstReplies,
  selectRepliesOf,
  selectThreadsOfPost,
  toggleCommentLike,
  updateCommentContent,
} from './comments.queries.js';

/**
 * Who wrote it: a person here, or someone of another server, whom old clients still get as a whole
 * `user` (id 0, their name or else their handle, their picture's address on their server).
 */
const authorOf = (row: CommentRow, mediaUrl: MediaUrl): Comment['user'] =>
  row.userId !== null
    ? { id: row.userId, name: row.userName!, profilePicture: mediaUrl(row.userPicture) }
    : { id: 0, name: row.remoteName || row.remoteHandle!, profilePicture: row.remoteIcon };

/** A deleted comment kept for its thread says nothing of its author: a placeholder, no text, no likes. */
const toComment = (row: CommentRow, mediaUrl: MediaUrl): Comment => {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    content: deleted ? '' : row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    postId: row.postId,
    parentCommentId: row.parentCommentId,
    user: deleted ? { ...DELETED_COMMENT_USER } : authorOf(row, mediaUrl),
    ...(row.remoteHandle !== null && !deleted
      ? {
          remote: {
            handle: row.remoteHandle,
            profileUrl: row.remoteProfileUrl!,
            accountId: row.remoteActorId!,
          },
        }
      : {}),
    editedAt: row.editedAt?.toISOString() ?? null,
    deleted,
    likesCount: deleted ? 0 : row.likesCount,
    likedByMe: !deleted && row.likedByMe,
    ...(deleted ? {} : moderationOf(row)),
  };
};

/**
 * The comment locked for a change, or 404/403 (`may` decides who is allowed, with `refusal` as the
 * message). Someone not allowed who may not see the comment either is told it is not found, as a
 * read would tell them, rather than that it exists.
 */
async function lockChangeable(
  tx: Database,
  id: number,
  viewerId: number,
  may: (comment: { authorId: number | null; postAuthorId: number }) => boolean,
  refusal: string,
) {
  const comment = await lockCommentWithPostAuthor(tx, id, viewerId);
  if (!comment) throw notFound(POST_MESSAGES.commentNotFound);
  if (!may(comment)) throw comment.visible ? forbidden(refusal) : notFound(POST_MESSAGES.commentNotFound);
  return comment;
}

export function createCommentsService({ db, events }: { db: Database; events: EventBus }) {
  async function responseFor(viewer: Viewer, id: number): Promise<Comment> {
    const row = await findComment(db, id, viewer.id);
    if (!row) throw notFound(POST_MESSAGES.commentNotFound);
    return toComment(row, viewer.mediaUrl);
  }

  /**
   * Where a new comment goes: under `parentCommentId`'s thread (a reply to a reply joins the thread it
   * is in), or at the top without one. Whose comment it answers, when someone is to be told.
   */
  async function placeOf(tx: Database, viewer: Viewer, postId: number, parentCommentId: number | null) {
    if (parentCommentId === null) return { threadId: null, repliedToId: null };
    const parent = await lockCommentToReply(tx, parentCommentId, viewer.id);
    if (!parent) throw notFound(POST_MESSAGES.commentNotFound);
    if (parent.postId !== postId) {
      throw badRequest(POST_MESSAGES.parentCommentNotOnPost, [
        { field: 'parentCommentId', message: POST_MESSAGES.parentCommentNotOnPost },
      ]);
    }
    return { threadId: parent.threadId, repliedToId: parent.deleted ? null : parent.authorId };
  }

  return {
    /**
     * The post's threads, newest first, each with its first replies, in four statements whatever the
     * page size and however many replies.
     */
    async ofPost(viewer: Viewer, postId: number, query: PageQuery): Promise<Page<CommentThread>> {
      if (!(await findPostAuthor(db, postId, viewer.id))) throw notFound(POST_MESSAGES.postNotFound);
      const total = await countThreadsOfPost(db, postId, viewer.id);
      const rows = await selectThreadsOfPost(db, postId, viewer.id, pageWindow(query));
      const replies =
        rows.length === 0
          ? []
          : await selectFirstReplies(
              db,
              rows.map((row) => row.id),
              viewer.id,
            );
      const threads = rows.map(
        (row): CommentThread => ({
          ...toComment(row, viewer.mediaUrl),
          replies: replies
            .filter((reply) => reply.parentCommentId === row.id)
            .map((reply) => toComment(reply, viewer.mediaUrl)),
          replyCount: row.replyCount,
        }),
      );
      return toPage(threads, total, query);
    },

    /** A thread's replies the viewer may see, oldest first: 404 when they may not see the thread. */
    async repliesOf(viewer: Viewer, threadId: number, query: PageQuery): Promise<Page<Comment>> {
      const thread = await findVisibleThread(db, threadId, viewer.id);
      if (!thread) throw notFound(POST_MESSAGES.commentNotFound);
      const rows = await selectRepliesOf(db, threadId, viewer.id, pageWindow(query));
      return toPage(
        rows.map((row) => toComment(row, viewer.mediaUrl)),
        thread.replyCount,
        query,
      );
    },

    /** The comment's versions, newest first, to whoever may see it and its post: one statement. */
    async history(viewer: Viewer, id: number, query: PageQuery): Promise<Page<CommentVersion>> {
      const found = await selectCommentVersions(db, id, viewer.id, pageWindow(query));
      if (!found?.visible) throw notFound(POST_MESSAGES.commentNotFound);
      if (found.total === 0) {
        // Never edited: its one version is the comment as written.
        const original = { content: found.content, createdAt: new Date(found.createdAt).toISOString() };
        return toPage(query.page === 0 ? [original] : [], 1, query);
      }
      const versions = found.versions.map((version) => ({
        ...version,
        createdAt: new Date(version.createdAt).toISOString(),
      }));
      return toPage(versions, found.total, query);
    },

    async create(
      viewer: Viewer,
      postId: number,
      { content, parentCommentId = null }: NewCommentInput,
    ): Promise<Comment> {
      const id = await db.transaction(async (tx) => {
        const post = await lockPostToComment(tx, postId, viewer.id);
        if (!post) throw notFound(POST_MESSAGES.postNotFound);
        const { threadId, repliedToId } = await placeOf(tx, viewer, postId, parentCommentId);
        const commentId = await insertComment(tx, {
          postId,
          authorId: viewer.id,
          content,
          parentCommentId: threadId,
          inReplyToId: parentCommentId,
        }).catch(whenReferenceGone(notFound(POST_MESSAGES.commentNotFound)));
        await forgetPartsAfterCommit(tx, { posts: [postId] });
        await events.publish(tx, {
          type: 'comment.created',
          actorId: viewer.id,
          postId,
          postAuthorId: post.authorId,
          commentId,
          repliedToAuthorId: repliedToId,
          content,
        });
        return commentId;
      });
      return responseFor(viewer, id);
    },

    /** Only the comment's author edits it. */
    async update(viewer: Viewer, id: number, { content }: CommentInput): Promise<Comment> {
      await db.transaction(async (tx) => {
        const comment = await lockChangeable(
          tx,
          id,
          viewer.id,
          ({ authorId }) => authorId === viewer.id,
          POST_MESSAGES.cannotEditComment,
        );
        await updateCommentContent(tx, id, content);
        await events.publish(tx, {
          type: 'comment.updated',
          actorId: viewer.id,
          postId: comment.postId,
          commentId: id,
          content,
        });
      });
      return responseFor(viewer, id);
    },

    /**
     * The comment's author or the post's author may delete it. A comment with replies stays for its
     * thread, emptied (`markCommentDeleted`); a reply that was the last of a deleted comment's takes
     * that comment with it.
     */
    async remove(viewer: Viewer, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const comment = await lockChangeable(
          tx,
          id,
          viewer.id,
          ({ authorId, postAuthorId }) => authorId === viewer.id || postAuthorId === viewer.id,
          POST_MESSAGES.cannotDeleteComment,
        );
        await forgetPartsAfterCommit(tx, { posts: [comment.postId] });
        await events.publish(tx, {
          type: 'comment.deleted',
          actorId: viewer.id,
          postId: comment.postId,
          commentId: id,
        });
        if (comment.hasReplies) {
          await markCommentDeleted(tx, id);
          return;
        }
        await deleteComment(tx, id);
        if (comment.parentCommentId !== null) await deleteEmptiedThread(tx, comment.parentCommentId);
      });
    },

    /**
     * Likes or unlikes the comment in one statement, then writes what follows from it (the
     * notification) in the same transaction; the primary key keeps one like per person.
     */
    async toggleLike(viewer: Viewer, id: number): Promise<LikeResponse> {
      return db.transaction(async (tx) => {
        const toggle = () =>
          toggleCommentLike(tx, id, viewer.id).catch(
            whenReferenceGone(notFound(POST_MESSAGES.commentNotFound)),
          );
        let toggled = await toggle();
        // As for post likes: having waited behind this person's own toggle, run again to see it.
        if (toggled && !toggled.added && !toggled.removed) toggled = await toggle();
        if (!toggled) throw notFound(POST_MESSAGES.commentNotFound);
        // Someone of another server is not told here (their server would be: not sent yet).
        if (toggled.added && toggled.authorId !== null) {
          await events.publish(tx, {
            type: 'comment.liked',
            actorId: viewer.id,
            postId: toggled.postId,
            commentId: id,
            commentAuthorId: toggled.authorId,
          });
        }
        return { liked: !toggled.removed, likesCount: toggled.likesCount };
      });
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
