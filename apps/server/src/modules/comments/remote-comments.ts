import type { Database } from '../../db/client.js';
import { forgetPartsAfterCommit } from '../../db/shared-pages.js';
import type { EventBus } from '../../lib/events.js';
import {
  deleteComment,
  deleteEmptiedThread,
  markCommentDeleted,
  updateCommentContent,
} from './comments.queries.js';
import {
  findCommentPlace,
  findRemoteCommentPlace,
  insertRemoteComment,
  lockPostForRemoteReply,
  lockRemoteComment,
  selectRemoteCommentUris,
} from './remote-comments.queries.js';

/** A reply from another server, its author already recorded (`remoteActorId`), its text as Markdown. */
export type RemoteReply = {
  postId: number;
  /** The comment it answers, when it answers a comment (ours, or one that came from elsewhere too). */
  parent: { id: number; threadId: number; authorId: number | null; deleted: boolean } | null;
  remoteActorId: number;
  /** `@name@host`, as the notification names them. */
  handle: string;
  /** Their actor id, by which the people who blocked or muted them are told nothing. */
  actorUri: string;
  /** The Note's id, which their `Update` and `Delete` name. */
  remoteUri: string;
  content: string;
};

/**
 * Comments written on other servers (modules/federation hands them over): added, edited and deleted
 * under the rules of comments from here, in the caller's transaction, by their author alone.
 */
export function createRemoteComments({ events }: { events: EventBus }) {
  return {
    findPlace: findRemoteCommentPlace,
    findPlaceOf: findCommentPlace,
    selectUrisOf: selectRemoteCommentUris,

    /** Adds the reply (once per Note) and tells the post's author, or the comment's; false if not added. */
    async add(tx: Database, reply: RemoteReply): Promise<boolean> {
      const post = await lockPostForRemoteReply(tx, reply.postId);
      if (!post) return false;
      const commentId = await insertRemoteComment(tx, {
        postId: reply.postId,
        remoteActorId: reply.remoteActorId,
        remoteUri: reply.remoteUri,
        content: reply.content,
        parentCommentId: reply.parent?.threadId ?? null,
        inReplyToId: reply.parent?.id ?? null,
      });
      if (commentId === null) return false;
      await forgetPartsAfterCommit(tx, { posts: [reply.postId] });
      await events.publish(tx, {
        type: 'comment.created.remotely',
        postId: reply.postId,
        postAuthorId: post.authorId,
        commentId,
        repliedToAuthorId: reply.parent && !reply.parent.deleted ? reply.parent.authorId : null,
        handle: reply.handle,
        actorUri: reply.actorUri,
      });
      return true;
    },

    /** Their `Update` of the Note: a new version, as an edit of a comment from here keeps. */
    async edit(tx: Database, uri: string, actorUri: string, content: string): Promise<boolean> {
      const comment = await lockRemoteComment(tx, uri, actorUri);
      if (!comment) return false;
      await updateCommentContent(tx, comment.id, content);
      return true;
    },

    /** Their `Delete` of the Note: gone as a comment its author deletes here (kept if it has replies). */
    async remove(tx: Database, uri: string, actorUri: string): Promise<boolean> {
      const comment = await lockRemoteComment(tx, uri, actorUri);
      if (!comment) return false;
      await forgetPartsAfterCommit(tx, { posts: [comment.postId] });
      if (comment.hasReplies) {
        await markCommentDeleted(tx, comment.id);
        return true;
      }
      await deleteComment(tx, comment.id);
      if (comment.parentCommentId !== null) await deleteEmptiedThread(tx, comment.parentCommentId);
      return true;
    },
  };
}
export type RemoteComments = ReturnType<typeof createRemoteComments>;
