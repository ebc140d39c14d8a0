import {
  type Comment,
  type CommentInput,
  type CommentVersion,
  type Page,
  type PageQuery,
  POST_MESSAGES,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { moderationOf } from '../../lib/content-moderation.js';
import type { EventBus } from '../../lib/events.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { MediaUrl, Viewer } from '../../lib/viewer.js';
import {
  type CommentRow,
  countCommentsOfPost,
  deleteComment,
  findComment,
  findPostAuthor,
  insertComment,
  lockCommentWithPostAuthor,
  lockPostToComment,
  selectCommentsOfPost,
  selectCommentVersions,
  updateCommentContent,
} from './comments.queries.js';

const toComment = (row: CommentRow, mediaUrl: MediaUrl): Comment => ({
  id: row.id,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  postId: row.postId,
  user: { id: row.userId, name: row.userName, profilePicture: mediaUrl(row.userPicture) },
  editedAt: row.editedAt?.toISOString() ?? null,
  ...moderationOf(row),
});

/**
 * The comment locked for a change, or 404/403 (`may` decides who is allowed, with `refusal` as the
 * message). Someone not allowed who may not see the comment either is told it is not found, as a
 * read would tell them, rather than that it exists.
 */
async function lockChangeable(
  tx: Database,
  id: number,
  viewerId: number,
  may: (comment: { authorId: number; postAuthorId: number }) => boolean,
  refusal: string,
) {
  const comment = await lockCommentWithPostAuthor(tx, id, viewerId);
  if (!comment) throw notFound(POST_MESSAGES.commentNotFound);
  if (!may(comment)) throw comment.visible ? forbidden(refusal) : notFound(POST_MESSAGES.commentNotFound);
  return comment;
}

export function createCommentsService({ db, events }: { db: Database; events: EventBus }) {
  async function responseFor(viewer: Viewer, id: number): Promise<Comment> {
    const row = await findComment(db, id);
    if (!row) throw notFound(POST_MESSAGES.commentNotFound);
    return toComment(row, viewer.mediaUrl);
  }

  return {
    /** Newest first, in three statements whatever the page size. */
    async ofPost(viewer: Viewer, postId: number, query: PageQuery): Promise<Page<Comment>> {
      if (!(await findPostAuthor(db, postId, viewer.id))) throw notFound(POST_MESSAGES.postNotFound);
      const total = await countCommentsOfPost(db, postId, viewer.id);
      const rows = await selectCommentsOfPost(db, postId, viewer.id, pageWindow(query));
      return toPage(
        rows.map((row) => toComment(row, viewer.mediaUrl)),
        total,
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

    async create(viewer: Viewer, postId: number, { content }: CommentInput): Promise<Comment> {
      const id = await db.transaction(async (tx) => {
        const post = await lockPostToComment(tx, postId, viewer.id);
        if (!post) throw notFound(POST_MESSAGES.postNotFound);
        const commentId = await insertComment(tx, { postId, authorId: viewer.id, content });
        await events.publish(tx, {
          type: 'comment.created',
          actorId: viewer.id,
          postId,
          postAuthorId: post.authorId,
          commentId,
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

    /** The comment's author or the post's author may delete it. */
    async remove(viewer: Viewer, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockChangeable(
          tx,
          id,
          viewer.id,
          ({ authorId, postAuthorId }) => authorId === viewer.id || postAuthorId === viewer.id,
          POST_MESSAGES.cannotDeleteComment,
        );
        await deleteComment(tx, id);
      });
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
